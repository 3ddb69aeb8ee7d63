#!/usr/bin/env node
// @ts-check
// `npm run bench:redis`: the same server with its state in memory and in Redis (REDIS_URL), in one
// run, rounds alternating: a cache-hit search and the glossary route. Prints req/s, p50/p99, the ratio
// Redis / memory (target >= 0.60 for the cache-hit search, issue 30), CPU time of each server process
// per request (user + sys from /proc, much less disturbed than req/s by other load on the machine),
// Redis round trips per request one at a time (MONITOR) and under load (script calls in INFO
// commandstats), and commands executed per request (INFO commandstats, which counts the commands inside
// Lua scripts too).
// First, the cost of one fair-share add (the script behind every token, idempotency record and job)
// with 10 and 1,000 entries held by the adding client, as Redis times it (SLOWLOG) and as the caller
// waits for it (round trip included), admitted and refused.
// Options (env): BENCH_ROUNDS (5), BENCH_SECONDS (3), BENCH_CONNECTIONS (32), and BENCH_BASELINE: the
// path of another built checkout (an earlier commit, `npm ci && npm run build` there), whose servers,
// with memory and with the same Redis, take their turns in the same rounds: an A/B in one run, as
// two runs on a shared machine differ by more than the changes measured.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@redis/client';
import { build } from 'esbuild';
import { readJsonl, startOpenAlexStandIn } from '../test/support/openalex-stand-in.mjs';
import { ensureBuilt, load, loadOptions, median, root, startOurServer, summary } from './lib.mjs';

const { rounds, seconds, connections } = loadOptions();

if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error) {
  console.log('bench:redis: skipped: redis-server is not installed (apt-get install redis-server).');
  process.exit(0);
}
ensureBuilt();

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const redisPort = await freePort();
const redisDir = mkdtempSync(path.join(tmpdir(), 'bench-redis-'));
// deploy/redis.conf as shipped (eviction, persistence), on a loopback port of its own.
const redis = spawn(
  'redis-server',
  [path.join(root, 'deploy/redis.conf'), '--port', String(redisPort), '--bind', '127.0.0.1'],
  {
    cwd: redisDir,
    stdio: 'ignore',
  },
);
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const stats = createClient({ url: redisUrl });
for (let attempt = 0; ; attempt += 1) {
  try {
    await stats.connect();
    break;
  } catch (error) {
    if (attempt > 50) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The store's own code, bundled from TypeScript for this run (beside node_modules, so that its
 * imports resolve), driving Redis over the bench's client.
 */
async function fairShareMap() {
  const outfile = path.join(root, 'node_modules/.cache/bench-redis-fair-share.mjs');
  await build({
    entryPoints: [path.join(root, 'src/core/stores/redis/redis-fair-share.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return (await import(pathToFileURL(outfile).href)).RedisFairShareMap;
}

/**
 * Median µs of one add with `held` entries already held by its client: Redis's time for the script
 * (SLOWLOG, every command logged) and the caller's wait. Each admitted entry is deleted at once, so
 * what the client holds stays `held`; `refused` adds find the client at its cap.
 * @param {any} FairShare the RedisFairShareMap class
 * @param {number} held
 * @param {boolean} refused
 */
async function addCost(FairShare, held, refused, adds = 400) {
  const connection = { send: (/** @type {string[]} */ args) => stats.sendCommand(args) };
  const cap = { count: refused ? held : 1_000_000, bytes: 1e12 };
  const map = new FairShare(
    connection,
    `bench-${held}-${refused}`,
    { total: { count: 1e7, bytes: 1e13 }, perClient: cap },
    'bench entries',
    3_600_000,
  );
  const owner = `bench-owner-${held}-${refused}`;
  for (let index = 0; index < held; index += 1) await map.add(`held-${index}`, 'x', owner, 300, 3_600_000);
  await stats.sendCommand(['CONFIG', 'SET', 'slowlog-log-slower-than', '0']);
  await stats.sendCommand(['CONFIG', 'SET', 'slowlog-max-len', String(4 * adds)]);
  await stats.sendCommand(['SLOWLOG', 'RESET']);
  /** @type {number[]} */
  const waits = [];
  for (let index = 0; index < adds; index += 1) {
    const started = performance.now();
    const added = await map.add(`new-${index}`, 'x', owner, 300, 3_600_000).then(
      () => true,
      () => false,
    );
    waits.push((performance.now() - started) * 1000);
    if (added) await map.delete(`new-${index}`);
  }
  const log = /** @type {Array<[number, number, number, string[]]>} */ (
    await stats.sendCommand(['SLOWLOG', 'GET', String(4 * adds)])
  );
  await stats.sendCommand(['CONFIG', 'SET', 'slowlog-log-slower-than', '10000']);
  // The add script is the script call with the most arguments (its keys and bounds).
  const scripts = log.filter((entry) => /^EVAL/i.test(String(entry[3]?.[0])));
  const most = Math.max(...scripts.map((entry) => entry[3].length));
  const inRedis = scripts.filter((entry) => entry[3].length === most).map((entry) => Number(entry[2]));
  return { redis: median(inRedis), wait: median(waits) };
}

const FairShareMap = await fairShareMap();
for (const held of [10, 1_000]) {
  const admitted = await addCost(FairShareMap, held, false);
  const refused = await addCost(FairShareMap, held, true);
  console.log(
    `fair-share add, ${String(held).padStart(5)} held: admitted ${admitted.redis.toFixed(0)} µs in Redis, ${admitted.wait.toFixed(0)} µs waited | refused ${refused.redis.toFixed(0)} µs in Redis, ${refused.wait.toFixed(0)} µs waited`,
  );
}

const standIn = await startOpenAlexStandIn({
  works: ['works-ai.jsonl', 'works-web3.jsonl'].flatMap((file) =>
    readJsonl(path.join(root, 'test/fixtures/openalex', file)),
  ),
});
const memory = await startOurServer({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' });
const shared = await startOurServer({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false', REDIS_URL: redisUrl });
/** The baseline checkout's servers, started by its own bench library (its server command may differ). */
const baseline = process.env['BENCH_BASELINE'] ? await startBaseline(process.env['BENCH_BASELINE']) : undefined;

/** @param {string} checkout */
async function startBaseline(checkout) {
  const { startOurServer: startTheirs } = await import(pathToFileURL(path.join(checkout, 'bench/lib.mjs')).href);
  return {
    checkout,
    memory: await startTheirs({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
    shared: await startTheirs({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false', REDIS_URL: redisUrl }),
  };
}

/** Calls per command since Redis started, from INFO commandstats. */
async function commandCalls() {
  /** @type {Map<string, number>} */
  const calls = new Map();
  for (const match of String(await stats.info('commandstats')).matchAll(/^cmdstat_(\S+):calls=(\d+)/gm)) {
    calls.set(match[1] ?? '', Number(match[2]));
  }
  return calls;
}

/**
 * Round trips the server makes to Redis per request: MONITOR shows each command a client sends, and
 * the commands a Lua script runs marked `[n lua]`; only the first kind cross the network. A short
 * sequential pass of its own, as MONITOR slows Redis down.
 * @param {string} url
 */
async function roundTripsPerRequest(url, requests = 200) {
  const monitor = stats.duplicate();
  await monitor.connect();
  let sent = 0;
  await monitor.monitor((line) => {
    if (!/\[\d+ lua\]/.test(line)) sent += 1;
  });
  for (let index = 0; index < requests; index += 1) await (await fetch(url)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await monitor.close();
  return sent / requests;
}

/** Every request charges its two rate-limit buckets in Redis (two script calls, sent together). */
const cases = [
  { name: 'search, cache hit', path: '/api/v1/reports/search?q=neural&limit=20' },
  { name: 'dynamic JSON /api/v1/glossary', path: '/api/v1/glossary' },
];

console.log(
  `bench:redis: ${rounds} rounds x ${seconds} s, ${connections} connections, node ${process.version}; medians`,
);
/** Memory, then Redis, of this checkout and of the baseline: each a server the rounds take turns on. */
const servers = [
  { label: 'memory', server: memory },
  { label: 'redis', server: shared },
  ...(baseline
    ? [
        { label: 'baseline memory', server: baseline.memory },
        { label: 'baseline redis', server: baseline.shared },
      ]
    : []),
];
if (baseline) console.log(`baseline: ${baseline.checkout}, in the same rounds`);

for (const c of cases) {
  for (const { server } of servers) {
    const warm = await fetch(`${server.url}${c.path}`);
    if (warm.status !== 200) throw new Error(`${c.path} answered ${warm.status}`);
  }
  /** @type {Map<string, Array<Awaited<ReturnType<typeof load>>>>} */
  const runs = new Map(servers.map(({ label }) => [label, []]));
  let requests = 0;
  /** @type {Map<string, number>} */
  const perCommand = new Map();
  for (let round = 0; round < rounds; round += 1) {
    // The servers take turns going first: measured one after the other, the first of two identical
    // servers was up to 10 % ahead of the second here (issue 32's A-A runs).
    for (let turn = 0; turn < servers.length; turn += 1) {
      const { label, server } = /** @type {(typeof servers)[number]} */ (servers[(turn + round) % servers.length]);
      const before = label === 'redis' ? await commandCalls() : undefined;
      const run = await load({ url: `${server.url}${c.path}`, seconds, connections, pid: server.pid });
      runs.get(label)?.push(run);
      if (!before) continue;
      requests += run.requests;
      for (const [command, calls] of await commandCalls()) {
        // The INFO call of `before` is counted after: leave our own INFO out.
        const added = calls - (before.get(command) ?? 0) - (command === 'info' ? 1 : 0);
        if (added > 0) perCommand.set(command, (perCommand.get(command) ?? 0) + added);
      }
    }
  }
  report(c, runs, baseline ? ['', 'baseline '] : ['']);
  // Both cases send Redis nothing but the rate-limit scripts; the rest of commandstats runs inside them.
  const scriptCalls = (perCommand.get('evalsha') ?? 0) + (perCommand.get('eval') ?? 0);
  const commands = [...perCommand].reduce((sum, [, calls]) => sum + calls, 0);
  const breakdown = [...perCommand].map(([command, calls]) => `${command} ${(calls / requests).toFixed(2)}`).join(', ');
  console.log(
    `  Redis round trips per request ${(await roundTripsPerRequest(`${shared.url}${c.path}`)).toFixed(2)} one at a time, ${(scriptCalls / requests).toFixed(2)} under load (script calls); commands executed per request ${(commands / requests).toFixed(2)}, scripts included (${breakdown || 'none'})`,
  );
}

/**
 * One line per checkout: Redis against memory in req/s, latency and server CPU per request.
 * @param {{name: string}} c
 * @param {Map<string, Array<Awaited<ReturnType<typeof load>>>>} runs
 * @param {string[]} prefixes
 */
function report(c, runs, prefixes) {
  for (const prefix of prefixes) {
    const m = summary(runs.get(`${prefix}memory`) ?? []);
    const r = summary(runs.get(`${prefix}redis`) ?? []);
    const ratio = r.rps / m.rps;
    const failures = r.failures + m.failures;
    console.log(
      `${`${prefix}${c.name}`.padEnd(39)} redis ${String(r.rps).padStart(6)} req/s p50 ${r.p50} ms p99 ${r.p99} ms | memory ${String(m.rps).padStart(6)} req/s p50 ${m.p50} ms p99 ${m.p99} ms | ratio ${ratio.toFixed(2)}${ratio < 0.6 ? ' (below 0.60)' : ''}${failures ? ` | ${failures} FAILED` : ''}`,
    );
    console.log(
      `  server CPU per request: redis ${r.cpu.toFixed(1)} µs | memory ${m.cpu.toFixed(1)} µs | memory / redis ${(m.cpu / r.cpu).toFixed(2)}`,
    );
  }
}

for (const { server } of servers) server.stop();
await standIn.close();
await stats.close();
redis.kill('SIGTERM');
await new Promise((resolve) => redis.once('exit', resolve));
rmSync(redisDir, { recursive: true, force: true });
