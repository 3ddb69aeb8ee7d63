// @ts-check
// The ask index's documents read straight from content/ (front matter and Markdown), as the site
// hands them over (src/site/ask-documents.ts) but without heading anchors, which scoring does not
// need: for measuring ask quality in seconds rather than a site build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { root } from './lib.mjs';

/** @param {string} dir */
function entries(dir) {
  return readdirSync(path.join(root, 'content', dir))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(root, 'content', dir, name), 'utf8');
      const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
      return { slug: name.replace(/\.md$/, ''), data: parse(front), body };
    });
}

/** The documents the site hands the index (src/site/ask-documents.ts), without heading anchors. */
export function contentDocuments() {
  const glossary = entries('glossary').map(({ slug, data, body }) => ({
    type: 'glossary',
    slug,
    title: data.term,
    aliases: data.aliases ?? [],
    asked: data.asked ?? [],
    definition: data.definition,
    body,
    anchors: [],
    url: `/glossary/${slug}`,
    markdownUrl: `/glossary/${slug}.md`,
  }));
  const essays = entries('essays').map(({ slug, data, body }) => ({
    type: 'essay',
    slug,
    title: data.title,
    aliases: [],
    asked: [],
    definition: null,
    body,
    anchors: [],
    url: `/essays/${slug}`,
    markdownUrl: `/essays/${slug}.md`,
  }));
  return [...glossary, ...essays];
}
