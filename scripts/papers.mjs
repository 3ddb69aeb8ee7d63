#!/usr/bin/env node
// @ts-check
// `npm run papers -- <command>`: bundles the mirror CLI (src/cli/papers.ts) with esbuild, as the build
// bundles the server, and runs it in this process. Bundling takes a fraction of a second and needs no
// prior `npm run build`.
import { renameSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// Under node_modules so the bundle resolves its packages (zod) from the project's node_modules.
const outfile = path.join(root, 'node_modules/.cache/research-hub/papers.mjs');
// Written aside and renamed into place, so a second run starting meanwhile never reads half a file.
const partial = `${outfile}.${process.pid}`;
await build({
  entryPoints: [path.join(root, 'src/cli/papers.ts')],
  outfile: partial,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  packages: 'external',
  logLevel: 'warning',
});
renameSync(partial, outfile);
await import(pathToFileURL(outfile).href);
