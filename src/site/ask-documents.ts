// Builds the ask index's documents from the content: one per glossary term, one per essay section.
import type { AskDocument } from '../core/ask/ask-documents.ts';
import { splitSections } from '../core/ask/ask-documents.ts';
import { markdownToText } from '../core/ask/text.ts';
import type { EssayFrontmatter, GlossaryFrontmatter } from '../content/schemas.ts';
import type { Entry } from './site-content.ts';
import { absoluteUrl, essayPath, markdownPath, termPath } from './urls.ts';

export function glossaryDocument(siteUrl: string, term: Entry<GlossaryFrontmatter>): AskDocument {
  const path = termPath(term.id);
  return {
    id: `glossary:${term.id}`,
    type: 'glossary',
    slug: term.id,
    title: term.data.term,
    aliases: term.data.aliases,
    text: `${term.data.definition} ${markdownToText(term.body ?? '')}`.trim(),
    definition: term.data.definition,
    url: absoluteUrl(siteUrl, path),
    markdownUrl: absoluteUrl(siteUrl, markdownPath(path)),
  };
}

/** `anchors`: the ids Astro rendered for the essay's `##` headings, in order. */
export function essayDocuments(
  siteUrl: string,
  essay: Entry<EssayFrontmatter>,
  anchors: readonly string[],
): AskDocument[] {
  const path = essayPath(essay.id);
  return splitSections(essay.body ?? '', anchors).map((section, index) => ({
    id: `essay:${essay.id}:${index}`,
    type: 'essay',
    slug: essay.id,
    title: section.heading ? `${essay.data.title}: ${section.heading}` : essay.data.title,
    aliases: [essay.data.title, ...essay.data.tags],
    text: markdownToText(index === 0 ? `${essay.data.description} ${section.markdown}` : section.markdown),
    definition: null,
    url: absoluteUrl(siteUrl, section.anchor ? `${path}#${section.anchor}` : path),
    markdownUrl: absoluteUrl(siteUrl, markdownPath(path)),
  }));
}
