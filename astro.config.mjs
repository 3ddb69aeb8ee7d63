// @ts-check
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { MATH_FEATURE, mathPlugin } from './src/site/math.ts';
import { contentDates, lastmodOf } from './src/site/sitemap.ts';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

/** Content dates by page path, read from the built /data/content.json before the sitemap is written. */
let datesByPath = new Map();
const buildDate = new Date();

/**
 * Around @astrojs/sitemap: before it (integrations' build:done hooks run in order) the content dates
 * are read; after it, its index is renamed to /sitemap.xml, the address robots.txt, ai.txt and
 * llms.txt give, so there is one sitemap index and no stale sitemap-index.xml beside it.
 * @returns {import('astro').AstroIntegration[]}
 */
function sitemapWithContentDates() {
  return [
    {
      name: 'research-hub:sitemap-dates',
      hooks: {
        'astro:build:done': ({ dir }) => {
          const content = JSON.parse(readFileSync(new URL('data/content.json', dir), 'utf8'));
          datesByPath = contentDates(content.essays);
        },
      },
    },
    sitemap({
      // Plain sitemaps.org 0.9: none of the news/image/video/xhtml extensions is used.
      namespaces: { news: false, xhtml: false, image: false, video: false },
      serialize: (item) => ({ url: item.url, lastmod: lastmodOf(item.url, datesByPath, buildDate) }),
    }),
    {
      name: 'research-hub:sitemap-name',
      hooks: {
        'astro:build:done': ({ dir }) => {
          const client = fileURLToPath(dir);
          renameSync(path.join(client, 'sitemap-index.xml'), path.join(client, 'sitemap.xml'));
        },
      },
    },
  ];
}

export default defineConfig({
  site,
  output: 'static',
  // The adapter is here for on-demand pages should we ever need them; the production server is our
  // own (src/server), which serves dist/client and sends dynamic paths straight to the core.
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'never',
  build: { format: 'file' },
  // Stylesheets up to 2 KB (one page type's own) are inlined; the shared one (src/styles/site.css,
  // about 4 KB) stays a file every page shares from the cache. Vite's default of 4 KB would inline it
  // into every page.
  vite: { build: { assetsInlineLimit: 2048 } },
  // @astrojs/sitemap lists the pages the build emits (server-rendered answers such as /papers?q= are
  // not pages); see sitemapWithContentDates for the dates and the name.
  integrations: [sitemapWithContentDates()],
  devToolbar: { enabled: false },
  // Code blocks follow the reader's colour scheme (src/styles/highlighted-code.css) with themes whose every
  // token meets WCAG AA contrast; the default github-dark greys out comments below it.
  // Mathematics: `$$...$$` parsed by Sätteri (a single `$` stays currency), rendered to MathML by
  // src/site/math.ts at build time.
  markdown: {
    processor: satteri({ features: { math: MATH_FEATURE }, hastPlugins: [mathPlugin] }),
    shikiConfig: {
      themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
      defaultColor: false,
    },
  },
});
