#!/usr/bin/env node
// @ts-check
// Full production build: the static site (Astro), the server bundle (esbuild), then precompressed
// variants and the static manifest the server reads at start-up.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const siteUrl = (process.env['SITE_URL'] || 'http://localhost:4321').replace(/\/+$/, '');
const contentDir = process.env['CONTENT_DIR'] || 'content';
const started = performance.now();

await rm(dist, { recursive: true, force: true });
await buildSite();

/**
 * Astro prints a line per page (hundreds); a terminal gets one status line instead, rewritten in
 * place. Warnings and errors still show, and a failed build prints Astro's whole log.
 */
async function buildSite() {
  const status = process.stdout.isTTY ? statusLine() : undefined;
  const astro = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SITE_URL: siteUrl, CONTENT_DIR: contentDir },
  });
  const closed = once(astro, 'close');
  /** @type {string[]} */
  const log = [];
  let pages = 0;
  for await (const line of createInterface({ input: astro.stdout })) {
    log.push(line);
    const plain = stripVTControlCharacters(line);
    if (/\[WARN\]/.test(plain)) {
      status?.clear();
      console.log(line);
    } else if (/^\s*\S*\s+[├└]─ /.test(plain)) status?.show(`rendering pages (${(pages += 1)})`);
    else if (/\[[\w@/-]+\] \S/.test(plain)) status?.show(plain.replace(/^.*?\[[\w@/-]+\] /, '').toLowerCase());
  }
  const [code] = await closed;
  status?.clear();
  if (code !== 0) {
    console.log(log.join('\n'));
    process.exit(code ?? 1);
  }
}

/** One line on a terminal that each call rewrites. */
function statusLine() {
  const width = () => Math.max(20, (process.stdout.columns || 80) - 1);
  return {
    /** @param {string} text */
    show: (text) => process.stdout.write(`\r\x1b[K${`Building: ${text}`.slice(0, width())}`),
    clear: () => process.stdout.write('\r\x1b[K'),
  };
}

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
