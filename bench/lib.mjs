// @ts-check
// Shared benchmark machinery: start the built server, a bare node:http baseline that sends the same
// bytes, and autocannon rounds that alternate between the two so noise hits both alike.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';
import { SERVER_ENTRY, SERVER_ENV, serverArgs } from '../scripts/server-command.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** Builds the site and server first when there is no build to measure. */
export function ensureBuilt() {
  if (existsSync(SERVER_ENTRY)) return;
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

/** The load shape every HTTP benchmark shares, from BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS. */
export function loadOptions() {
  return {
    rounds: Number(process.env['BENCH_ROUNDS'] ?? 5),
    seconds: Number(process.env['BENCH_SECONDS'] ?? 3),
    connections: Number(process.env['BENCH_CONNECTIONS'] ?? 32),
  };
}

/** @returns {Promise<number>} a port that was free a moment ago */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built server. Its standard output (the request log) goes where `stdout` says: 'file' is
 * what `npm start > server.log` does, and what the main benchmark measures; 'ignore' is /dev/null.
 * @param {Record<string, string>} env
 * @param {{ stdout?: 'ignore' | 'inherit' | 'file' }} [options] where its standard output goes
 * @returns {Promise<{url: string, pid: number, logFile?: string, stop: () => void}>}
 */
export async function startOurServer(env = {}, { stdout = 'ignore' } = {}) {
  const port = await freePort();
  const logFile =
    stdout === 'file' ? path.join(mkdtempSync(path.join(tmpdir(), 'bench-log-')), 'server.log') : undefined;
  const output = logFile ? openSync(logFile, 'w') : /** @type {'ignore' | 'inherit'} */ (stdout);
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    // OpenAlex (the stand-in) unless a benchmark asks for the local mirror: a data/papers.db in the
    // working copy must not change what is measured.
    env: {
      ...SERVER_ENV,
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '100000000',
      PAPERS_SOURCE: 'openalex',
      ...env,
    },
    stdio: ['ignore', output, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok)
        return { url, pid: child.pid ?? 0, ...(logFile ? { logFile } : {}), stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy in 10 s');
}

/**
 * A bare node:http server, in a process of its own like ours, answering every request with one
 * fixed response read from a file.
 * @param {{status: number, headers: Record<string, string>, body: Buffer}} response
 * @returns {Promise<{url: string, pid: number, close: () => void}>}
 */
export async function startBareServer(response) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  writeFileSync(path.join(dir, 'body'), response.body);
  writeFileSync(path.join(dir, 'head.json'), JSON.stringify({ status: response.status, headers: response.headers }));
  const port = await freePort();
  const script = `
    const { createServer } = require('node:http');
    const { readFileSync } = require('node:fs');
    const head = JSON.parse(readFileSync(process.argv[1] + '/head.json', 'utf8'));
    const body = readFileSync(process.argv[1] + '/body');
    createServer((req, res) => { res.writeHead(head.status, head.headers); res.end(body); })
      .listen(Number(process.argv[2]), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script, dir, String(port)], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(url);
      return { url, pid: child.pid ?? 0, close: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('bare server did not start');
}

/** Headers node:http writes itself; everything else is replayed as our server sent it. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * What our server answers, status, headers and body, to be replayed byte for byte by the baseline.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {'GET' | 'POST'} method
 * @param {string | undefined} requestBody
 */
export async function capture(url, headers = {}, method = 'GET', requestBody = undefined) {
  const response = await request(url, { headers, method, body: requestBody ?? null });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${body.toString().slice(0, 200)}`);
  /** @type {Record<string, string>} */
  const replay = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!TRANSPORT_HEADERS.has(name) && value !== undefined)
      replay[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { status: response.statusCode, headers: replay, body };
}

/**
 * @param {{url: string, headers?: Record<string, string>, seconds: number, connections: number, method?: 'GET' | 'POST', body?: string, pid?: number}} options
 * @returns {Promise<{cpu: number, rps: number, requests: number, p50: number, p99: number, errors: number, non2xx: number}>} `cpu`: microseconds the process `pid` spent on the run (NaN without one)
 */
export async function load({ url, headers = {}, seconds, connections, method = 'GET', body, pid }) {
  const cpuBefore = pid === undefined ? 0 : cpuMicroseconds(pid);
  const result = await autocannon({ url, headers, method, body, duration: seconds, connections, pipelining: 1 });
  return {
    cpu: pid === undefined ? Number.NaN : cpuMicroseconds(pid) - cpuBefore,
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU time (user + system) a process has used so far, in microseconds: fields 14 and 15 of
 * /proc/<pid>/stat, counted after the command name, which may itself hold spaces.
 * @param {number} pid
 */
function cpuMicroseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The value below which p % of the values fall (nearest rank, rounded down).
 * @param {number[]} values @param {number} p
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Medians of several load rounds, and their failures added up.
 * @param {Array<Awaited<ReturnType<typeof load>>>} runs
 */
export function summary(runs) {
  return {
    rps: Math.round(median(runs.map((run) => run.rps))),
    // Server CPU per request: on a machine the load generator shares, steadier than req/s.
    cpu: median(runs.map((run) => run.cpu / run.requests)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  };
}

/**
 * @typedef {{name: string, ours: string, bare: string, headers?: Record<string, string>, method?: 'GET' | 'POST', body?: string, connections: number, oursPid?: number, barePid?: number}} Case
 * @typedef {{name: string, ours: ReturnType<typeof summary>, bare: ReturnType<typeof summary>, ratio: number, oursRounds: number[], bareRounds: number[]}} Comparison
 */

/**
 * Runs `rounds` alternating rounds of ours vs. bare and prints medians and the ratio.
 * @param {Case & {rounds: number, seconds: number}} c
 * @returns {Promise<Comparison>}
 */
export async function compare(c) {
  const [result] = await compareInterleaved([c], c);
  return /** @type {Comparison} */ (result);
}

/** @param {Pick<Case, 'headers' | 'method' | 'body' | 'connections'>} c @param {number} seconds */
const loadOptionsOf = (c, seconds) => ({
  headers: c.headers ?? {},
  seconds,
  connections: c.connections,
  method: c.method ?? 'GET',
  body: c.body,
});

/**
 * Several cases measured in the same rounds (each round runs every case, ours then bare), so cases
 * compared with each other meet the same machine: a slow minute hits all of them alike.
 * @param {Case[]} cases
 * @param {{rounds: number, seconds: number}} shape
 * @returns {Promise<Comparison[]>}
 */
export async function compareInterleaved(cases, { rounds, seconds }) {
  /** @type {Array<{c: Case, ours: Array<Awaited<ReturnType<typeof load>>>, bare: Array<Awaited<ReturnType<typeof load>>>}>} */
  const runs = cases.map((c) => ({ c, ours: [], bare: [] }));
  for (let round = 0; round < rounds; round += 1) {
    for (const run of runs) {
      const { c } = run;
      run.ours.push(await load({ ...loadOptionsOf(c, seconds), url: c.ours, pid: c.oursPid }));
      run.bare.push(await load({ ...loadOptionsOf(c, seconds), url: c.bare, pid: c.barePid }));
    }
  }
  return runs.map((run) => {
    const { c } = run;
    const o = summary(run.ours);
    const b = summary(run.bare);
    const ratio = o.rps / b.rps;
    console.log(
      `${c.name.padEnd(34)} ours ${String(o.rps).padStart(6)} req/s p50 ${o.p50} ms p99 ${o.p99} ms | bare ${String(b.rps).padStart(6)} req/s p50 ${b.p50} ms p99 ${b.p99} ms | ratio ${ratio.toFixed(2)}${Number.isNaN(o.cpu) ? '' : ` | server CPU/request ours ${o.cpu.toFixed(1)} µs, bare ${b.cpu.toFixed(1)} µs`}${o.failures ? ` | ${o.failures} FAILED` : ''}`,
    );
    return {
      name: c.name,
      ours: o,
      bare: b,
      ratio,
      oursRounds: run.ours.map((r) => r.rps),
      bareRounds: run.bare.map((r) => r.rps),
    };
  });
}

/**
 * Two pairs of servers of ours that differ in one setting, all four under the same load at the same
 * time, round after round. Per round, the geometric mean of pair `a`'s req/s over pair `b`'s (and of
 * their server CPU per request): `difference`, the median of those rounds. And the same four
 * regrouped so each side holds one of each pair, a[0] with b[1] and a[1] with b[0]: `chance`, what
 * the comparison reads where there is no difference, with the same spread. Start the servers a[0],
 * b[0], b[1], a[1]: the two started first then sit on opposite sides in both groupings (of four
 * identical servers, the two started first read up to 4.5 % more CPU per request).
 * Why so: measured one after the other, two identical servers differed by up to 10 % on these
 * machines (the host's load changes from second to second; issue 32's A-A runs); side by side, all
 * meet the same moment. But one process stays up to 3 % faster than an identical one on a path for
 * its whole life (V8 compiles each differently), so one server per side measured its own luck as
 * the setting's cost; two per side average two processes' luck. All share the load generator, so
 * req/s understates a difference, and CPU per request overstates one: a 2 µs busy-wait per request
 * (about 1.3 % of its CPU) read +2 to +9 % by case, 0.95-0.99 of the req/s.
 * @param {Pick<Case, 'name' | 'headers' | 'method' | 'body' | 'connections'>} c
 * @param {[Server, Server]} a
 * @param {[Server, Server]} b
 * @param {{rounds: number, seconds: number}} shape
 * @returns {Promise<{difference: Ratios, chance: Ratios, failures: number}>} `a`'s over `b`'s
 * @typedef {{url: string, pid: number}} Server
 * @typedef {{rps: number, cpu: number}} Ratios
 */
export async function compareSideBySide(c, a, b, { rounds, seconds }) {
  const servers = [...a, ...b];
  /** @type {Array<{rps: number[], cpu: number[]}>} per counted round, in `servers`' order */
  const measuredRounds = [];
  let failures = 0;
  // The first round warms them up and is not counted: a server new to a path spends its first few
  // thousand requests compiling it (CPU per request up to 60 % higher in the first 2 s).
  for (let round = 0; round <= rounds; round += 1) {
    // The loads take turns starting first; each keeps its server's place in `loads`.
    /** @type {Array<ReturnType<typeof load>>} */
    const loads = [];
    for (let turn = 0; turn < servers.length; turn += 1) {
      const index = (round + turn) % servers.length;
      const server = /** @type {Server} */ (servers[index]);
      loads[index] = load({ ...loadOptionsOf(c, seconds), url: server.url, pid: server.pid });
    }
    const inOrder = await Promise.all(loads);
    failures += inOrder.reduce((sum, on) => sum + on.errors + on.non2xx, 0);
    if (round > 0)
      measuredRounds.push({ rps: inOrder.map((on) => on.rps), cpu: inOrder.map((on) => on.cpu / on.requests) });
  }
  /** @param {number[]} values @param {number[]} indexes into `servers` */
  const product = (values, indexes) => indexes.reduce((result, index) => result * (values[index] ?? Number.NaN), 1);
  /** Median over the rounds of the geometric mean of servers `top` over that of servers `bottom`. @param {number[]} top @param {number[]} bottom */
  const ratios = (top, bottom) => {
    /** @param {number[]} values */
    const ratio = (values) => Math.sqrt(product(values, top) / product(values, bottom));
    return {
      rps: median(measuredRounds.map((round) => ratio(round.rps))),
      cpu: median(measuredRounds.map((round) => ratio(round.cpu))),
    };
  };
  return { difference: ratios([0, 1], [2, 3]), chance: ratios([0, 3], [1, 2]), failures };
}

/** @param {number} pid */
export function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** @param {number} pid */
export function peakRssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
