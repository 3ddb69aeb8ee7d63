// @ts-check
// Benchmarks import core modules written in TypeScript: bundle one entry with esbuild (the same
// tool the build uses) into a temporary ES module and import it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './lib.mjs';

/** @param {string} entry path relative to the project root */
export async function importTs(entry) {
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-ts-')), 'module.mjs');
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    absWorkingDir: root,
  });
  return import(pathToFileURL(outfile).href);
}
