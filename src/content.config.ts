import { existsSync } from 'node:fs';
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

// A content tree without figures.yaml (the build benchmark's) simply has no shared figures to check.
const figuresFile = `${contentDir}/figures.yaml`;
const figures = defineCollection({
  loader: existsSync(figuresFile) ? file(figuresFile) : { name: 'no-figures', load: async () => {} },
  schema: FigureSchema,
});

// SVG is not a format Astro loads, and a diagram's rules (title, desc, size, no fixed colours) are
// checked on its markup, so this small loader reads the files and parseDiagram checks them.
const diagrams = defineCollection({
  loader: {
    name: 'diagrams',
    load: async ({ store, parseData, watcher, logger }) => {
      const dir = path.resolve(contentDir, 'diagrams');
      const sync = async () => {
        const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        });
        store.clear();
        for (const fileName of files.filter((name) => name.endsWith('.svg')).sort()) {
          const diagram = parseDiagram(
            fileName.slice(0, -'.svg'.length),
            await readFile(path.join(dir, fileName), 'utf8'),
          );
          const data = await parseData({
            id: diagram.name,
            data: { title: diagram.title, description: diagram.description },
          });
          store.set({ id: diagram.name, data, body: diagram.svg });
        }
      };
      await sync();
      // `astro dev`: pick up edited, added and removed diagrams without a restart.
      watcher?.add(dir);
      watcher?.on('all', (_event, changed) => {
        if (path.dirname(path.resolve(changed)) === dir && changed.endsWith('.svg'))
          sync().catch((error: Error) => logger.error(error.message));
      });
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
