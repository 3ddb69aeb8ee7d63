import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { contentDir } from './site/content-dir.ts';
import { CurriculumTrackSchema, EssayFrontmatterSchema, GlossaryFrontmatterSchema } from './content/schemas.ts';

const essays = defineCollection({
  loader: glob({ pattern: '*.md', base: `${contentDir}/essays` }),
  schema: EssayFrontmatterSchema,
});

const glossary = defineCollection({
  loader: glob({ pattern: '*.md', base: `${contentDir}/glossary` }),
  schema: GlossaryFrontmatterSchema,
});

const curriculum = defineCollection({
  loader: glob({ pattern: '*.md', base: `${contentDir}/curriculum` }),
  schema: CurriculumTrackSchema,
});

export const collections = { essays, glossary, curriculum };
