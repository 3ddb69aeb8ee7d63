// What the ask index searches: one document per glossary term and one per essay section
// (heading-sized, so a hit points at the right place with an anchor URL).
import { z } from 'zod';

export const AskDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(['essay', 'glossary']),
  slug: z.string(),
  /** Term name, or "Essay title: Section heading". */
  title: z.string(),
  /** Abbreviations and other names (glossary), or the essay title (sections). */
  aliases: z.array(z.string()),
  /** Plain text: the definition and explanation, or the section's prose. */
  text: z.string(),
  /** For glossary terms, the definition alone (the extractive answer to "what is X"). */
  definition: z.string().nullable(),
  url: z.string(),
  markdownUrl: z.string(),
});
export type AskDocument = z.infer<typeof AskDocumentSchema>;

export const ASK_INDEX_PATH = 'data/ask-index.json';

/**
 * Splits an essay body at its `##` headings. `anchors` are the slugs Astro gave those headings,
 * in order, so the section URLs match the rendered page.
 */
export function splitSections(
  body: string,
  anchors: readonly string[],
): Array<{ heading: string | null; anchor: string | null; markdown: string }> {
  const parts = body.split(/^##\s+(.+)$/m);
  const sections: Array<{ heading: string | null; anchor: string | null; markdown: string }> = [];
  const intro = parts[0]?.trim();
  if (intro) sections.push({ heading: null, anchor: null, markdown: intro });
  for (let index = 1; index < parts.length; index += 2) {
    sections.push({
      heading: (parts[index] ?? '').trim(),
      anchor: anchors[(index - 1) / 2] ?? null,
      markdown: (parts[index + 1] ?? '').trim(),
    });
  }
  return sections;
}
