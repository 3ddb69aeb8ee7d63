// One page of each type the site has, for the browser checks that go over all of them (accessibility,
// layout, legibility, targets): the content pages from content/, the search pages with results, and
// the not-found page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
export const slugs = (folder: string) =>
  readdirSync(path.join(root, 'content', folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -'.md'.length))
    .sort();
export const essays = slugs('essays');
const term = slugs('glossary')[0]!;
const category = /^category:\s*(\S+)/m.exec(
  readFileSync(path.join(root, 'content/glossary', `${term}.md`), 'utf8'),
)![1];

export interface PageType {
  name: string;
  path: string;
  status?: number;
  /** Brings the page into the state to check, such as results a script renders. */
  prepare?: (page: Page) => Promise<void>;
}

export const PAGE_TYPES: PageType[] = [
  { name: 'home', path: '/' },
  { name: 'essay list', path: '/essays' },
  { name: 'essay', path: `/essays/${essays[0]}` },
  { name: 'glossary', path: '/glossary' },
  { name: 'glossary term', path: `/glossary/${term}` },
  { name: 'glossary category', path: `/glossary/category/${category}` },
  { name: 'tag list', path: '/tags' },
  { name: 'tag', path: '/tags/ai' },
  { name: 'curriculum', path: '/curriculum' },
  {
    name: 'papers with results',
    path: '/papers',
    prepare: async (page) => {
      await page.fill('#q', 'learning');
      await page.click('#paper-search button[type="submit"]');
      await page.waitForFunction(() => document.querySelectorAll('#results li').length > 0);
    },
  },
  {
    name: 'papers rendered by the server',
    path: '/api/v1/reports/search?q=learning&corpus=ai&sort=citations&limit=20',
  },
  { name: 'ask with an answer', path: '/ask?q=what%20is%20a%20merkle%20tree' },
  { name: 'API docs', path: '/api-docs' },
  { name: 'authentication guide', path: '/auth' },
  { name: 'not found', path: '/no-such-page', status: 404 },
];
