// @ts-check
// Shared benchmark machinery: start the built server, a bare node:http baseline that sends the same
// bytes, and autocannon rounds that alternate between the two so noise hits both alike.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * @param {Record<string, string>} env
 * @returns {Promise<{url: string, pid: number, stop: () => void}>}
 */
export function startOurServer(env = {}) {
  const child = spawn(process.execPath, [path.join(root, 'dist/app/server.mjs')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let started = false;
    child.stdout.on('data', (chunk) => {
      const found = /serving on (http:\/\/\S+)/.exec(String(chunk));
      if (found && !started) {
        started = true;
        resolve({ url: found[1] ?? '', pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') });
      }
      // Keep draining stdout (request logs) so the server never blocks on a full pipe.
    });
    child.once('exit', (code) => {
      if (!started) reject(new Error(`server exited with ${code}`));
    });
  });
}

/**
 * A bare node:http server answering every request with one fixed response.
 * @param {{status: number, headers: Record<string, string>, body: Buffer}} response
 * @returns {Promise<{url: string, close: () => void}>}
 */
export function startBareServer(response) {
  const server = createServer((_req, res) => {
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/**
 * What our server answers, to be replayed byte for byte by the baseline.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
export async function capture(url, headers = {}) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  return { status: response.status, headers: { 'content-type': response.headers.get('content-type') ?? '' }, body };
}

/**
 * @param {{url: string, headers?: Record<string, string>, seconds: number, connections: number}} options
 * @returns {Promise<{rps: number, p50: number, p99: number, errors: number, non2xx: number}>}
 */
export async function load({ url, headers = {}, seconds, connections }) {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Runs `rounds` alternating rounds of ours vs. bare and prints medians and the ratio.
 * @param {{name: string, ours: string, bare: string, headers?: Record<string, string>, rounds: number, seconds: number, connections: number}} c
 */
export async function compare(c) {
  /** @type {Array<{rps: number, p50: number, p99: number, errors: number, non2xx: number}>} */
  const ours = [];
  /** @type {typeof ours} */
  const bare = [];
  for (let round = 0; round < c.rounds; round += 1) {
    const options = { headers: c.headers ?? {}, seconds: c.seconds, connections: c.connections };
    ours.push(await load({ ...options, url: c.ours }));
    bare.push(await load({ ...options, url: c.bare }));
  }
  const summary = (runs) => ({
    rps: Math.round(median(runs.map((run) => run.rps))),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  });
  const o = summary(ours);
  const b = summary(bare);
  const ratio = o.rps / b.rps;
  console.log(
    `${c.name.padEnd(34)} ours ${String(o.rps).padStart(6)} req/s p50 ${o.p50} ms p99 ${o.p99} ms | bare ${String(b.rps).padStart(6)} req/s p50 ${b.p50} ms p99 ${b.p99} ms | ratio ${ratio.toFixed(2)}${o.failures ? ` | ${o.failures} FAILED` : ''}`,
  );
  return { name: c.name, ours: o, bare: b, ratio };
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
