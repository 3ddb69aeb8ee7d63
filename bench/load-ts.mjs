// @ts-check
// Benchmarks import core modules written in TypeScript: bundle one entry with esbuild (the same
// tool the build uses) into a temporary ES module and import it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

/**
 * Core modules of ask bundled together, so a trace or calibration that one of them exports and a
 * fitting script sets is the one the others read.
 * @param {string} name the entry's name, under node_modules/.cache
 * @param {string[]} modules file names under src/core/ask ('ask-index.ts', 'lead-rerank.ts', …)
 * @param {import('esbuild').Plugin[]} [plugins] esbuild plugins (a fitting script's stand-in modules)
 */
export async function importAskModules(name, modules, plugins = []) {
  const entry = `node_modules/.cache/${name}-entry.ts`;
  mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  writeFileSync(
    path.join(root, entry),
    modules.map((file) => `export * from '../../src/core/ask/${file}';\n`).join(''),
  );
  return importTs(entry, plugins);
}
