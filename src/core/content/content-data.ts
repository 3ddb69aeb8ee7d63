// The content the API serves at run time. The build writes it as one JSON file (see
// src/pages/data/content.json.ts); the server loads and validates it once at start-up.
import { z } from 'zod';
import { GLOSSARY_CATEGORIES } from '../../content/schemas.ts';

export const EssayItemSchema = z
  .object({
    slug: z.string().describe('URL slug'),
    title: z.string(),
    description: z.string().describe('Summary snippet'),
    date: z.string().describe('Publication date, YYYY-MM-DD'),
    tags: z.array(z.string()),
    url: z.string().describe('Web URL of the essay'),
    markdownUrl: z.string().describe('URL of the Markdown twin'),
  })
  .meta({ id: 'EssayItem' });
export type EssayItem = z.infer<typeof EssayItemSchema>;

export const GlossaryTermItemSchema = z
  .object({
    slug: z.string(),
    term: z.string().describe('Concept name'),
    definition: z.string().describe('Plain-language definition'),
    category: z.enum(GLOSSARY_CATEGORIES),
    url: z.string().describe('Web URL of the term page'),
    markdownUrl: z.string().describe('URL of the Markdown twin'),
  })
  .meta({ id: 'GlossaryTerm' });
export type GlossaryTermItem = z.infer<typeof GlossaryTermItemSchema>;

export const EssayRecordSchema = EssayItemSchema.extend({ updated: z.string().nullable() });
export type EssayRecord = z.infer<typeof EssayRecordSchema>;

export const GlossaryRecordSchema = GlossaryTermItemSchema.extend({
  related: z.array(z.string()),
  aliases: z.array(z.string()),
});
export type GlossaryRecord = z.infer<typeof GlossaryRecordSchema>;

export const CurriculumTrackRecordSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number(),
  modules: z.array(
    z.object({
      title: z.string(),
      goal: z.string(),
      essays: z.array(z.string()),
      terms: z.array(z.string()),
      exercise: z.string(),
    }),
  ),
});
export type CurriculumTrackRecord = z.infer<typeof CurriculumTrackRecordSchema>;

export const ContentDataSchema = z.object({
  siteUrl: z.string(),
  essays: z.array(EssayRecordSchema),
  glossary: z.array(GlossaryRecordSchema),
  curriculum: z.array(CurriculumTrackRecordSchema).default([]),
});
export type ContentData = z.infer<typeof ContentDataSchema>;

export const CONTENT_DATA_PATH = 'data/content.json';

export function toEssayItem(record: EssayRecord): EssayItem {
  const { slug, title, description, date, tags, url, markdownUrl } = record;
  return { slug, title, description, date, tags, url, markdownUrl };
}

export function toGlossaryTermItem(record: GlossaryRecord): GlossaryTermItem {
  const { slug, term, definition, category, url, markdownUrl } = record;
  return { slug, term, definition, category, url, markdownUrl };
}
