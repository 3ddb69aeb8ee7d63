import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'zod';
import { authGuide } from './site/auth-guide.ts';
import { contentDir } from './site/content-dir.ts';
import { parseDiagram } from './site/diagrams.ts';
import {
  CurriculumTrackSchema,
  EssayFrontmatterSchema,
  FigureSchema,
  GlossaryFrontmatterSchema,
} from './content/schemas.ts';

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

const figures = defineCollection({
  loader: file(`${contentDir}/figures.yaml`),
  schema: FigureSchema,
});

// SVG is not a format Astro loads, and a diagram's rules (title, desc, size, no fixed colours) are
// checked on its markup, so this small loader reads the files and parseDiagram checks them.
const diagrams = defineCollection({
  loader: {
    name: 'diagrams',
    load: async ({ store, parseData, watcher }) => {
      const dir = path.join(contentDir, 'diagrams');
      const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.svg'));
      store.clear();
      for (const fileName of names.sort()) {
        const svg = await readFile(path.join(dir, fileName), 'utf8');
        const diagram = parseDiagram(fileName.slice(0, -'.svg'.length), svg);
        const data = await parseData({
          id: diagram.name,
          data: { title: diagram.title, description: diagram.description },
        });
        store.set({ id: diagram.name, data, body: diagram.svg });
      }
      watcher?.add(dir);
    },
  },
  schema: z.object({ title: z.string().min(1), description: z.string().min(1) }),
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

export const collections = { essays, glossary, curriculum, figures, diagrams, guides };
