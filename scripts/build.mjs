#!/usr/bin/env node
// @ts-check
// Full production build: the static site (Astro), the server bundle (esbuild), then precompressed
// variants and the static manifest the server reads at start-up.
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const siteUrl = (process.env['SITE_URL'] || 'http://localhost:4321').replace(/\/+$/, '');
const contentDir = process.env['CONTENT_DIR'] || 'content';
const started = performance.now();

await rm(dist, { recursive: true, force: true });
const astro = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SITE_URL: siteUrl, CONTENT_DIR: contentDir },
});
if (astro.status !== 0) process.exit(astro.status ?? 1);

const bundle = {
  bundle: true,
  platform: /** @type {const} */ ('node'),
  format: /** @type {const} */ ('esm'),
  target: 'node22.12',
  packages: /** @type {const} */ ('external'),
  sourcemap: true,
  logLevel: /** @type {const} */ ('warning'),
};
await esbuild({
  ...bundle,
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(dist, 'app/server.mjs'),
});
await esbuild({
  ...bundle,
  entryPoints: [path.join(root, 'src/server/static-build.ts')],
  outfile: path.join(dist, 'app/static-build.mjs'),
});

const { writeStaticManifest } = await import(pathToFileURL(path.join(dist, 'app/static-build.mjs')).href);
const manifest = await writeStaticManifest(dist, siteUrl, contentDir);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Built ${Object.keys(manifest.files).length} files for ${siteUrl} in ${seconds} s`);
