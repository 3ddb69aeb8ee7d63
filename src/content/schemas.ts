// Frontmatter schemas for everything in content/. Pure zod, shared by the Astro content config and
// by tests, so the rules live in one place. See docs/content-guide.md for the authoring side.
import { z } from 'zod';

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single hyphens, e.g. "proof-of-stake"');

export const GLOSSARY_CATEGORIES = [
  'ai-models',
  'ai-training',
  'ai-retrieval',
  'ai-agents',
  'ai-safety',
  'web3-foundations',
  'web3-scaling',
  'web3-finance',
  'web3-governance',
] as const;

export const GlossaryCategorySchema = z.enum(GLOSSARY_CATEGORIES, {
  error: `category must be one of: ${GLOSSARY_CATEGORIES.join(', ')}`,
});
export type GlossaryCategory = z.infer<typeof GlossaryCategorySchema>;

export const ReferenceSchema = z.object({
  title: z.string().min(1),
  authors: z.string().min(1),
  year: z.number().int().min(1900).max(2100),
  venue: z.string().min(1),
  url: z.url({ error: 'reference url must be an absolute URL (a DOI URL or a stable link)' }),
});
export type Reference = z.infer<typeof ReferenceSchema>;

/**
 * `updated` is required: it is the date a reader, the feed and the sitemap's lastmod go by, and the
 * date fast-moving figures are checked against (content/figures.yaml's asOf). It is the publication
 * date until the essay is first revised.
 */
export const EssayFrontmatterSchema = z
  .object({
    title: z.string().min(5),
    description: z.string().min(40, 'description should be one or two sentences (40+ characters)').max(300),
    date: z.coerce.date({ error: 'date must be YYYY-MM-DD' }),
    updated: z.coerce.date({
      error: 'updated must be YYYY-MM-DD: the date of the last revision (the publication date if none)',
    }),
    tags: z.array(slug).min(1, 'give the essay at least one tag').max(8),
    references: z.array(ReferenceSchema).default([]),
    /**
     * How readers ask for what a section answers, in their own words ("my loan got liquidated, why"):
     * keyed by the section's `##` or `###` heading exactly, or "(opening)" for the text before the
     * first heading (OPENING_SECTION in src/core/ask/ask-documents.ts). Not shown; indexed by ask
     * beside the passages under that heading. Keys are checked against the body's headings at build
     * time (content-links.ts).
     */
    asked: z
      .record(
        z.string().min(1),
        z
          .array(z.string().min(1))
          .min(2, 'give a section 2 to 5 "asked" phrasings')
          .max(5, 'give a section 2 to 5 "asked" phrasings'),
      )
      .default({}),
  })
  .refine((essay) => essay.updated >= essay.date, {
    error: 'updated cannot be before date (the publication date)',
    path: ['updated'],
  });
export type EssayFrontmatter = z.infer<typeof EssayFrontmatterSchema>;

export const GlossaryFrontmatterSchema = z.object({
  term: z.string().min(1),
  definition: z.string().min(20, 'definition should be two to five plain sentences'),
  category: GlossaryCategorySchema,
  related: z.array(slug).default([]),
  aliases: z.array(z.string().min(1)).default([]),
  /**
   * How readers ask for the term in their own words ("why do chatbots make things up"): not shown,
   * indexed by ask beside the definition so a question that never names the term still finds it.
   */
  asked: z.array(z.string().min(1)).optional(),
});
export type GlossaryFrontmatter = z.infer<typeof GlossaryFrontmatterSchema>;

export const CurriculumModuleSchema = z.object({
  title: z.string().min(1),
  goal: z.string().min(1),
  essays: z.array(slug).min(1, 'every module needs a reading: list at least one essay slug in "essays"'),
  terms: z.array(slug).default([]),
  exercise: z.string().min(1),
});

export const CurriculumTrackSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  order: z.number().int(),
  modules: z.array(CurriculumModuleSchema).min(1),
});
export type CurriculumTrackFrontmatter = z.infer<typeof CurriculumTrackSchema>;

/**
 * A figure stated in more than one place (content/figures.yaml). `pattern` is a regular expression
 * (case-insensitive) whose first matching group captures the figure wherever the content states it;
 * every capture must be `value` or one of `alsoWritten`. Fast-moving figures carry `asOf`, and each
 * sentence stating them must say "as of <asOf>".
 */
export const FigureSchema = z.object({
  quantity: z.string().min(5),
  value: z.string().min(1),
  alsoWritten: z.array(z.string().min(1)).default([]),
  asOf: z
    .string()
    .regex(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/, {
      error: 'asOf must be a month and year, e.g. "January 2026"',
    })
    .optional(),
  source: z.url({ error: 'source must be the absolute URL of the primary source' }),
  pattern: z.string().refine(
    (pattern) => {
      try {
        return new RegExp(`${pattern}|`).exec('')!.length > 1;
      } catch {
        return false;
      }
    },
    { error: 'pattern must be a valid regular expression with at least one capturing group' },
  ),
});
export type Figure = z.infer<typeof FigureSchema>;
