// The content tree read straight from disk, parsed with the same zod schemas the Astro collections use,
// so content tests can check a temp copy with a planted error without running a build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import {
  CurriculumTrackSchema,
  EssayFrontmatterSchema,
  FigureSchema,
  GlossaryFrontmatterSchema,
} from '../../src/content/schemas.ts';
import type { ContentSupport } from '../../src/site/content-links.ts';
import { parseDiagram } from '../../src/site/diagrams.ts';
import type { Entry, SiteContent } from '../../src/site/site-content.ts';

/** Front matter and body of one Markdown file. */
function splitFrontmatter(file: string, text: string): { data: unknown; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (match === null) throw new Error(`${file}: no front matter`);
  return { data: parse(match[1] ?? ''), body: match[2] ?? '' };
}

function readEntries<S extends z.ZodType>(root: string, folder: string, schema: S): Array<Entry<z.infer<S>>> {
  const dir = path.join(root, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = `content/${folder}/${name}`;
      const { data, body } = splitFrontmatter(file, readFileSync(path.join(dir, name), 'utf8'));
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
      return { id: name.slice(0, -'.md'.length), data: parsed.data, body };
    });
}

/** Everything under a content directory, as the build's cross-checks receive it. */
export function readContent(root: string): { content: SiteContent; support: ContentSupport } {
  const figures = (parse(readFileSync(path.join(root, 'figures.yaml'), 'utf8')) as Array<{ id: string }>).map(
    ({ id, ...data }) => ({ id, data: FigureSchema.parse(data) }),
  );
  const diagramDir = path.join(root, 'diagrams');
  const diagrams = readdirSync(diagramDir)
    .filter((name) => name.endsWith('.svg'))
    .map((name) => parseDiagram(name.slice(0, -'.svg'.length), readFileSync(path.join(diagramDir, name), 'utf8')));
  return {
    content: {
      siteUrl: 'http://localhost:4321',
      essays: readEntries(root, 'essays', EssayFrontmatterSchema),
      glossary: readEntries(root, 'glossary', GlossaryFrontmatterSchema),
      curriculum: readEntries(root, 'curriculum', CurriculumTrackSchema),
    },
    support: { diagrams, figures },
  };
}
