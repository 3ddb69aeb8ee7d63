#!/usr/bin/env node
// @ts-check
// `npm run bench`: our server vs. a bare node:http server sending the same bytes, in one run.
// Options (env): BENCH_ROUNDS (5), BENCH_SECONDS (3), BENCH_CONNECTIONS (32), BENCH_ONLY (substring).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { capture, compare, peakRssMegabytes, root, rssMegabytes, startBareServer, startOurServer } from './lib.mjs';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 3);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const only = process.env['BENCH_ONLY'];

if (!existsSync(path.join(root, 'dist/app/server.mjs'))) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const ours = await startOurServer();
const essays = await (await fetch(`${ours.url}/api/v1/essays?limit=1`)).json();
const essayPath = new URL(essays.essays[0].url).pathname;

/** @type {Array<{name: string, path: string, headers?: Record<string, string>}>} */
const cases = [
  { name: 'dynamic JSON /api/v1/glossary', path: '/api/v1/glossary' },
  { name: `static essay page`, path: essayPath },
  { name: `Markdown twin (Accept: text/markdown)`, path: essayPath, headers: { accept: 'text/markdown' } },
];

console.log(`bench: ${rounds} rounds x ${seconds} s, ${connections} connections, node ${process.version}; medians`);
const results = [];
for (const c of cases) {
  if (only && !c.name.includes(only)) continue;
  const response = await capture(`${ours.url}${c.path}`, c.headers);
  const bare = await startBareServer(response);
  results.push(
    await compare({
      name: c.name,
      ours: `${ours.url}${c.path}`,
      bare: bare.url,
      headers: c.headers ?? {},
      rounds,
      seconds,
      connections,
    }),
  );
  bare.close();
  console.log(`  server RSS ${rssMegabytes(ours.pid)} MB`);
}
console.log(`server RSS after load: ${rssMegabytes(ours.pid)} MB (peak ${peakRssMegabytes(ours.pid)} MB)`);
ours.stop();
