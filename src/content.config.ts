import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'zod';
import { authGuide } from './site/auth-guide.ts';
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

// Guides are written in code because they carry absolute URLs from SITE_URL; rendering them with the
// essays' Markdown pipeline lets the HTML page and its Markdown twin say exactly the same.
const guides = defineCollection({
  loader: {
    name: 'guides',
    load: async ({ store, config, parseData, renderMarkdown }) => {
      const siteUrl = (config.site ?? '').replace(/\/+$/, '');
      store.clear();
      for (const guide of [authGuide(siteUrl)]) {
        const data = await parseData({ id: guide.id, data: { title: guide.title, summary: guide.summary } });
        store.set({ id: guide.id, data, body: guide.body, rendered: await renderMarkdown(guide.body) });
      }
    },
  },
  schema: z.object({ title: z.string().min(1), summary: z.string().min(1) }),
});

export const collections = { essays, glossary, curriculum, guides };
