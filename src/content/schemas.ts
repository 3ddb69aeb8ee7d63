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

export const EssayFrontmatterSchema = z.object({
  title: z.string().min(5),
  description: z.string().min(40, 'description should be one or two sentences (40+ characters)').max(300),
  date: z.coerce.date({ error: 'date must be YYYY-MM-DD' }),
  updated: z.coerce.date().optional(),
  tags: z.array(slug).min(1, 'give the essay at least one tag').max(8),
  references: z.array(ReferenceSchema).default([]),
});
export type EssayFrontmatter = z.infer<typeof EssayFrontmatterSchema>;

export const GlossaryFrontmatterSchema = z.object({
  term: z.string().min(1),
  definition: z.string().min(20, 'definition should be two to five plain sentences'),
  category: GlossaryCategorySchema,
  related: z.array(slug).default([]),
  aliases: z.array(z.string().min(1)).default([]),
});
export type GlossaryFrontmatter = z.infer<typeof GlossaryFrontmatterSchema>;

export const CurriculumModuleSchema = z.object({
  title: z.string().min(1),
  goal: z.string().min(1),
  essays: z.array(slug).default([]),
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
