// @ts-check
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
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
  integrations: [sitemap()],
  devToolbar: { enabled: false },
});
