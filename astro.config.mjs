// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  // The adapter is here for on-demand pages should we ever need them; the production server is our
  // own (src/server), which serves dist/client and sends dynamic paths straight to the core.
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'never',
  build: { format: 'file' },
  // No @astrojs/sitemap integration: it writes sitemap-index.xml + sitemap-0.xml from the built routes
  // but knows no content dates. src/pages/sitemap.xml.ts writes the one sitemap, /sitemap.xml, from
  // the content collections with <lastmod>, so there is a single list of pages and no second copy.
  integrations: [],
  devToolbar: { enabled: false },
});
