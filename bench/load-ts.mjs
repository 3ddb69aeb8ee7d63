// @ts-check
// Benchmarks import core modules written in TypeScript: bundle one entry with esbuild (the same
// tool the build uses) into a temporary ES module and import it.
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './lib.mjs';

/**
 * The bundle's path.
 * @param {string} entry path relative to the project root
 * @param {import('esbuild').Plugin[]} [plugins] esbuild plugins (a fitting script's stand-in modules)
 */
export async function bundleTs(entry, plugins = []) {
  // Inside the project, so the bundle's bare imports (stemmer, zod) resolve from node_modules.
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outfile = path.join(mkdtempSync(path.join(cache, 'bench-ts-')), 'module.mjs');
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    absWorkingDir: root,
    plugins,
  });
  return outfile;
}

/**
 * @param {string} entry path relative to the project root
 * @param {import('esbuild').Plugin[]} [plugins] esbuild plugins (a fitting script's stand-in modules)
 */
export async function importTs(entry, plugins = []) {
  return import(pathToFileURL(await bundleTs(entry, plugins)).href);
}
