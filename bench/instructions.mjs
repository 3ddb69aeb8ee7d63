#!/usr/bin/env node
// @ts-check
// `npm run bench:instructions`: the server's user-space instructions per request on one path, counted
// by valgrind's callgrind rather than timed. Timed ratios on these shared machines moved by up to
// 30 % between runs of one build, more than most changes; the count repeats within about 1 %.
// Each build runs twice under callgrind, answering SMALL and then LARGE requests, and the cost per
// request is the slope between the two totals, so start-up and shutdown cancel out.
// Paper paths are answered from the server's cache after their first request, which the slope
// leaves out; that first request goes to the test suite's OpenAlex stand-in (test fixtures).
// Options (env): BENCH_PATH (/api/v1/glossary?limit=50), BENCH_BASELINE (built checkouts of other
// commits, comma-separated, each counted the same way beside ours), BENCH_SMALL (3000), BENCH_LARGE (20000), BENCH_CONNECTIONS (8; 1 repeats
// best on a busy machine, as no run then batches requests differently).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';
import { readJsonl, startOpenAlexStandIn } from '../test/support/openalex-stand-in.mjs';
import { ensureBuilt, root } from './lib.mjs';

const target = process.env['BENCH_PATH'] ?? '/api/v1/glossary?limit=50';
const small = Number(process.env['BENCH_SMALL'] ?? 3000);
const large = Number(process.env['BENCH_LARGE'] ?? 20000);
const baseline = process.env['BENCH_BASELINE'];
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 8);
// V8 times its heap growth and its background compiling and marking by the clock, which a busy
// machine slows unevenly: without these flags one build counted 228k and 244k per request an hour
// apart. With them every run makes the same choices, so two builds differ only by their code.
const v8Flags = (process.env['BENCH_V8_FLAGS'] ?? '--single-threaded --predictable-gc-schedule')
  .split(' ')
  .filter(Boolean);

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('bench:instructions skipped: valgrind is not installed (apt-get install valgrind)');
  process.exit(0);
}
ensureBuilt();
const standIn = await startOpenAlexStandIn({
  works: ['works-ai.jsonl', 'works-web3.jsonl'].flatMap((file) =>
    readJsonl(path.join(root, 'test/fixtures/openalex', file)),
  ),
});

let nextPort = 24000 + Math.floor(Math.random() * 4000);

/**
 * Instructions of one whole server run that answers `requests` requests of the target path.
 * @param {string} checkout @param {number} requests
 */
async function countRun(checkout, requests) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'bench-callgrind-')), 'callgrind.out');
  const port = nextPort++;
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      process.execPath,
      ...SERVER_NODE_FLAGS,
      ...v8Flags,
      path.join(checkout, 'dist/app/server.mjs'),
    ],
    {
      cwd: checkout,
      env: {
        ...process.env,
        ...SERVER_ENV,
        HOST: '127.0.0.1',
        PORT: String(port),
        RATE_LIMIT_PER_MINUTE: '100000000',
        PAPERS_SOURCE: 'openalex',
        OPENALEX_URL: standIn.url,
      },
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 600) throw new Error(`${checkout}: the server did not start under valgrind`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // A minute's timeout: under valgrind on a busy machine a request can wait far beyond the default 10 s.
  const result = await autocannon({ url: `${url}${target}`, connections, amount: requests, timeout: 60 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${checkout}: ${target} failed under load (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const total = /^summary: (\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!total) throw new Error(`${checkout}: callgrind wrote no summary`);
  return Number(total[1]);
}

/** One build's instructions per request: its two runs side by side, one per core. @param {string} checkout */
async function perRequest(checkout) {
  const [few, many] = await Promise.all([countRun(checkout, small), countRun(checkout, large)]);
  return (many - few) / (large - small);
}

console.log(`bench:instructions: ${target}, ${small} and ${large} requests per run, node ${process.version}`);
const ours = await perRequest(root);
console.log(`ours: ${Math.round(ours).toLocaleString('en')} instructions per request`);
for (const checkout of baseline ? baseline.split(',') : []) {
  const theirs = await perRequest(path.resolve(checkout));
  const change = ((ours / theirs - 1) * 100).toFixed(1);
  console.log(
    `${checkout}: ${Math.round(theirs).toLocaleString('en')} instructions per request; ours ${Number(change) >= 0 ? '+' : ''}${change} %`,
  );
}
await standIn.close();
