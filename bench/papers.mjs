#!/usr/bin/env node
// @ts-check
// `npm run bench:papers`: the local paper mirror at 250,000 synthetic works with abstracts (about 150
// words each). Generates the works, imports them with the CLI (`npm run papers -- import`), starts the
// built server on the mirror and measures search latency over HTTP for one-word, multi-word and
// phrase queries under each sort (and one-word queries within a year range), first and deep pages,
// then server memory, and the cached-search throughput against a bare node:http server sending the
// same bytes.
// Every measured search is a cache miss: each request is a query, corpus and page asked once.
// Options (env): BENCH_WORKS (250000), BENCH_QUERIES per kind and sort (300), BENCH_ROUNDS (5),
// BENCH_SECONDS (3), BENCH_CONNECTIONS (32).
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { SYNTHETIC_VOCABULARY, seededRandom, syntheticWorks } from '../test/support/synthetic-works.mjs';
import {
  capture,
  ensureBuilt,
  loadOptions,
  compare,
  median,
  peakRssMegabytes,
  root,
  rssMegabytes,
  startBareServer,
  startOurServer,
} from './lib.mjs';

const workCount = Number(process.env['BENCH_WORKS'] ?? 250_000);
const queriesPerKind = Number(process.env['BENCH_QUERIES'] ?? 300);
const { rounds, seconds, connections } = loadOptions();
const LIMIT = 50;
const SORTS = ['citations', 'relevance', 'date'];
/** Paging reaches the first 10,000 results: the deepest page at 50 per page is 200. */
const DEEPEST_PAGE = 10_000 / LIMIT;
// CPU time from /proc (Linux; NaN elsewhere): unlike latency, it hardly grows when other processes
// share the cores, so it is the figure to compare between runs on a busy machine. Linux counts it in
// ticks of 1/100 s on every common configuration.
const TICKS_PER_SECOND = 100;

ensureBuilt();

const dir = mkdtempSync(path.join(tmpdir(), 'bench-papers-'));
const worksFile = path.join(dir, 'synthetic-works.jsonl');
const database = path.join(dir, 'papers.db');
console.log(`bench:papers: ${workCount.toLocaleString('en-US')} synthetic works, node ${process.version}`);

let started = performance.now();
const out = createWriteStream(worksFile);
for (const work of syntheticWorks(workCount)) {
  if (!out.write(`${JSON.stringify(work)}\n`)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
const generateSeconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`generated ${(statSync(worksFile).size / 1e6).toFixed(0)} MB of JSON Lines in ${generateSeconds} s`);

started = performance.now();
const childCpuBefore = childrenCpuSeconds();
const imported = spawnSync(process.execPath, [path.join(root, 'scripts/papers.mjs'), 'import', worksFile], {
  env: { ...process.env, PAPERS_DB: database },
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (imported.status !== 0) throw new Error(`import failed with exit code ${imported.status}`);
const importSeconds = (performance.now() - started) / 1000;
const importCpu = childrenCpuSeconds() - childCpuBefore;
console.log(
  `import: ${importSeconds.toFixed(1)} s for ${workCount.toLocaleString('en-US')} works (target < 60 s; ` +
    `${importCpu.toFixed(1)} s of CPU, which others' load does not inflate), mirror ${(statSync(database).size / 1e6).toFixed(0)} MB`,
);

const server = await startOurServer({ PAPERS_SOURCE: 'local', PAPERS_DB: database, LOG_REQUESTS: 'false' });
console.log(`server RSS at start: ${rssMegabytes(server.pid)} MB`);

// The server is stopped and the files removed even when a measurement fails.
try {
  const kinds = queryMix();
  console.log(`\nsearch latency over HTTP, cache misses, ${LIMIT} per page, sequential; ms`);
  console.log(
    `${'kind'.padEnd(12)} ${'sort'.padEnd(10)} ${'page'.padEnd(6)} ${'n'.padStart(5)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'server CPU per search'.padStart(22)}`,
  );
  /** @type {number[]} */
  const everyFirst = [];
  /** @type {number[]} */
  const everyDeep = [];
  for (const sort of SORTS) {
    for (const [kind, queries] of Object.entries(kinds)) {
      /** @type {number[]} */
      const first = [];
      /** @type {number[]} */
      const deep = [];
      const cpuBefore = cpuSeconds(server.pid);
      for (const [index, entry] of queries.entries()) {
        const { q, years } = typeof entry === 'string' ? { q: entry, years: undefined } : entry;
        const corpus = index % 2 ? 'web3' : 'ai';
        const opening = await timedSearch({ q, corpus, sort, page: 1, years });
        first.push(opening.ms);
        const lastPage = Math.min(DEEPEST_PAGE, Math.ceil(opening.total / LIMIT));
        if (lastPage > 1) deep.push((await timedSearch({ q, corpus, sort, page: lastPage, years })).ms);
      }
      const cpuPerSearch = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / (first.length + deep.length);
      report(kind, sort, 'first', first, cpuPerSearch);
      report(kind, sort, 'deep', deep);
      everyFirst.push(...first);
      everyDeep.push(...deep);
    }
  }
  report('all', '', 'first', everyFirst);
  report('all', '', 'deep', everyDeep);
  console.log('targets: p50 < 5 ms, p99 < 25 ms; deep pages as fast as first pages');

  // The paper graph: a paper by id, and the first page of its citations and of its references, for
  // works drawn at random and for the most cited (the longest lists); each asked once (cache misses).
  console.log(`\npaper graph over HTTP, cache misses, ${LIMIT} per page, sequential; ms`);
  const drawn = Array.from({ length: queriesPerKind }, (_, index) => 1 + ((index * 7919) % workCount));
  const mostCited = Array.from({ length: Math.min(50, workCount) }, (_, index) => 1 + index);
  const workId = (/** @type {number} */ n) => `W8${String(n).padStart(9, '0')}`;
  /** @type {Array<[string, string]>} */
  const lists = [
    ['paper', ''],
    ['citations', `/citations?limit=${LIMIT}`],
    ['references', `/references?limit=${LIMIT}`],
  ];
  /** @type {Array<[string, number[]]>} */
  const samples = [
    ['random', drawn],
    ['oldest', mostCited],
  ];
  for (const [label, path] of lists) {
    for (const [which, numbers] of samples) {
      /** @type {number[]} */
      const times = [];
      const cpuBefore = cpuSeconds(server.pid);
      for (const n of numbers) {
        const start = performance.now();
        const answer = await request(`${server.url}/api/v1/papers/${workId(n)}${path}`);
        await answer.body.arrayBuffer();
        if (answer.statusCode !== 200) throw new Error(`${workId(n)}${path} answered ${answer.statusCode}`);
        times.push(performance.now() - start);
      }
      report(label, which, 'first', times, ((cpuSeconds(server.pid) - cpuBefore) * 1000) / times.length);
    }
  }
  console.log('target: p99 < 25 ms (issue 31)');
  console.log(`server RSS after the searches: ${rssMegabytes(server.pid)} MB (target < 300 MB)`);

  const cachedPath = `/api/v1/reports/search?q=${encodeURIComponent('deep learning')}&corpus=ai&limit=20`;
  const response = await capture(`${server.url}${cachedPath}`);
  const bare = await startBareServer(response);
  console.log(
    `\ncached search vs. bare node:http with the same bytes: ${rounds} rounds x ${seconds} s, ${connections} connections`,
  );
  await compare({
    name: 'mirror search, cache hit',
    ours: `${server.url}${cachedPath}`,
    bare: bare.url,
    rounds,
    seconds,
    connections,
  });
  bare.close();
  console.log(
    `server RSS after load: ${rssMegabytes(server.pid)} MB (peak ${peakRssMegabytes(server.pid)} MB, target < 300 MB)`,
  );
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Queries drawn from the synthetic titles' vocabulary, each kind `queriesPerKind` distinct strings:
 * common and rare single words, two or three words together, and quoted phrases (alone or with a word).
 */
function queryMix() {
  const next = seededRandom(250);
  /** @param {readonly string[]} list */
  const pick = (list) => /** @type {string} */ (list[Math.floor(next() * list.length)]);
  const { topics, methods, nouns, domains } = SYNTHETIC_VOCABULARY;
  const words = [
    ...new Set([...topics, ...methods, ...nouns, ...domains].flatMap((text) => text.split(/[\s-]+/))),
  ].filter((word) => word.length > 2);
  const phrases = [...topics, ...domains].filter((text) => text.includes(' '));
  /** @param {() => string} make */
  const distinct = (make) => {
    const found = new Set();
    for (let tries = 0; found.size < queriesPerKind && tries < queriesPerKind * 50; tries += 1) found.add(make());
    return [...found];
  };
  const oneWord = distinct(() => pick(words));
  const from = 1995 + Math.floor(next() * 25);
  return {
    'one word': oneWord,
    'multi-word': distinct(() => [pick(methods), pick(words), ...(next() < 0.5 ? [pick(words)] : [])].join(' ')),
    phrase: distinct(() => `"${pick(phrases)}"${next() < 0.5 ? ` ${pick([...methods, ...nouns, ...domains])}` : ''}`),
    years: oneWord.map((q, index) => ({ q, years: { from: from + (index % 5), to: from + (index % 5) + 4 } })),
  };
}

/**
 * @param {{ q: string, corpus: string, sort: string, page: number, years?: { from: number, to: number } }} search
 */
async function timedSearch({ q, corpus, sort, page, years }) {
  const params = new URLSearchParams({ q, corpus, sort, limit: String(LIMIT), page: String(page) });
  if (years) {
    params.set('year_from', String(years.from));
    params.set('year_to', String(years.to));
  }
  const url = `${server.url}/api/v1/reports/search?${params}`;
  const begin = performance.now();
  const answer = await request(url);
  const body = await answer.body.json();
  const ms = performance.now() - begin;
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${JSON.stringify(body)}`);
  const cache = answer.headers['cache-status'];
  if (typeof cache !== 'string' || !cache.includes('fwd=miss'))
    throw new Error(`${url} was not a cache miss (${cache})`);
  return { ms, total: /** @type {{total: number}} */ (body).total };
}

/**
 * @param {string} kind
 * @param {string} sort
 * @param {string} page
 * @param {number[]} values
 * @param {number} [cpuMs] server CPU per search over this kind and sort, first and deep pages together
 */
function report(kind, sort, page, values, cpuMs) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ share) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(2);
  const cpu = cpuMs === undefined ? '' : `${cpuMs.toFixed(2)} ms`.padStart(22);
  console.log(
    `${kind.padEnd(12)} ${sort.padEnd(10)} ${page.padEnd(6)} ${String(sorted.length).padStart(5)} ${median(sorted).toFixed(2).padStart(7)} ${at(0.99).padStart(7)} ${(sorted.at(-1) ?? 0).toFixed(2).padStart(7)} ${cpu}`,
  );
}

/** @param {string} file @param {number[]} fields 1-based fields of a /proc stat line, summed */
function statSeconds(file, fields) {
  try {
    const stat = readFileSync(file, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at field 3.
    return fields.reduce((sum, field) => sum + Number(after[field - 3]), 0) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** User and system CPU seconds of a process. @param {number} pid */
function cpuSeconds(pid) {
  return statSeconds(`/proc/${pid}/stat`, [14, 15]);
}

/** CPU seconds of this process's finished children (the import). */
function childrenCpuSeconds() {
  return statSeconds('/proc/self/stat', [16, 17]);
}
