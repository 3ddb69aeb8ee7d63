// A stop a supervisor can trust (issue 45, finding 3): SIGTERM (or SIGINT) to the `npm start` process
// reaches the server, and `npm` stays alive until the server process has exited, then exits with its
// code; job polls during the drain get an answer (the job's state, or 503 with Retry-After), never a
// refused connection, for as long as the server process is still there. On the launcher path (the
// machine's Node 20, which runs Node 24 from .cache/node) and with Node 24 first on PATH.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** Every process below `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Alive and not a zombie waiting for its parent to read its status. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** PATH with Node 24 from .cache/node first, or without it so `node` and `npm` are the machine's Node 20. */
function pathFor(node: 'machine' | '24'): string {
  const entries = (process.env['PATH'] ?? '').split(path.delimiter).filter((entry) => !entry.includes('.cache/node'));
  return node === '24'
    ? [path.dirname(process.execPath), ...entries].join(path.delimiter)
    : entries.join(path.delimiter);
}

let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works: fixtureWorks.ai });
});
afterAll(() => standIn.close());

interface NpmStart {
  npmPid: number;
  serverPid: number;
  url: string;
  /** npm's exit, and whether the server process was still running at that moment. */
  exited: Promise<{ code: number | null; signal: string | null; serverRunning: boolean }>;
  output: string[];
}

async function npmStart(node: 'machine' | '24'): Promise<NpmStart> {
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PATH: pathFor(node),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_REQUESTS: 'false',
      PAPERS_SOURCE: 'openalex',
      OPENALEX_URL: standIn.url,
      SHUTDOWN_GRACE_MS: '6000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  // Read at npm's exit, not compared with when a poll later saw the server gone (a poll every 10 ms
  // sees it up to 10 ms late, and a clean stop then read as npm exiting first by a millisecond).
  const server: { pid?: number } = {};
  const exited = new Promise<{ code: number | null; signal: string | null; serverRunning: boolean }>((resolve) =>
    npm.once('exit', (code, signal) =>
      resolve({ code, signal, serverRunning: server.pid !== undefined && running(server.pid) }),
    ),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not serve:\n${output.join('\n')}`)), 60_000);
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        output.push(line);
        const found = /serving on (http:\/\/\S+)/.exec(line);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      }
    };
    npm.stdout.on('data', collect);
    npm.stderr.on('data', collect);
  });
  const serverPid = descendants(npm.pid!).find((pid) => commandLine(pid).includes('dist/app/server.mjs'));
  expect(serverPid, descendants(npm.pid!).map(commandLine).join('\n')).toBeGreaterThan(0);
  server.pid = serverPid;
  return { npmPid: npm.pid!, serverPid: serverPid!, url, exited, output };
}

/** Polls `url` until the server process is gone: every answer's status and when it came, and when connections failed. */
async function pollWhileAlive(url: string, serverPid: number) {
  const statuses: number[] = [];
  const answeredAt: number[] = [];
  const failedAt: number[] = [];
  while (running(serverPid)) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      statuses.push(response.status);
      answeredAt.push(Date.now());
      if (response.status === 503) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    } catch {
      failedAt.push(Date.now());
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { statuses, answeredAt, failedAt };
}

/**
 * The listener closes only after the drain: after the last in-flight request is answered and the
 * jobs have ended, and before the stores close. So every poll that fails comes after every answered
 * one, and none before the held searches were answered (less the moment a client takes to read an
 * answer). Not measured from the process's end: closing the stores after the listener took more than
 * 500 ms with Redis on a loaded machine (load 7 on 2 cores), and a poll then failed in that window.
 */
const READ_MOMENT_MS = 200;

async function serverGone(serverPid: number): Promise<number> {
  while (running(serverPid)) await new Promise((resolve) => setTimeout(resolve, 10));
  return Date.now();
}

describe('a stop a supervisor can trust', () => {
  for (const node of ['machine', '24'] as const) {
    const where = node === 'machine' ? 'through the launcher (machine Node 20)' : 'on Node 24';
    it(
      `SIGTERM to npm under load, ${where}: npm outlives the server, exits with its code`,
      { timeout: 90_000 },
      async () => {
        const started = await npmStart(node);
        try {
          // Load: searches held 2 s by a slow upstream, and a batch job that waits on one.
          standIn.setFault({ kind: 'slow', delayMs: 2_000 });
          const searches = Array.from({ length: 4 }, (_, index) =>
            fetch(`${started.url}/api/v1/reports/search?q=neural${index}`).then((response) => response.status),
          );
          const job = await fetch(`${started.url}/api/v1/batch`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', prefer: 'respond-async' },
            body: JSON.stringify({ requests: [{ path: '/api/v1/reports/search?q=attention' }] }),
          });
          expect(job.status).toBe(202);
          const location = new URL(job.headers.get('location')!, started.url).href;
          await new Promise((resolve) => setTimeout(resolve, 300));
          process.kill(started.npmPid, 'SIGTERM');
          let searchedAt = Infinity;
          const [polls, , exit, searched] = await Promise.all([
            pollWhileAlive(location, started.serverPid),
            serverGone(started.serverPid),
            started.exited,
            Promise.all(searches).then((statuses) => ((searchedAt = Date.now()), statuses)),
          ]);
          expect(searched).toEqual([200, 200, 200, 200]);
          const firstFailure = Math.min(...polls.failedAt);
          expect(polls.answeredAt.filter((at) => at > firstFailure)).toEqual([]);
          expect(polls.failedAt.filter((at) => at < searchedAt - READ_MOMENT_MS)).toEqual([]);
          // The batch job was still running when the stop came: polls saw it, and how it ended.
          expect(polls.statuses.length).toBeGreaterThan(5);
          expect(polls.statuses.length).toBeGreaterThan(0);
          for (const status of polls.statuses) expect([200, 202, 503]).toContain(status);
          // npm exits after the server, with its code (0: a clean stop).
          expect(exit.serverRunning).toBe(false);
          expect(exit).toMatchObject({ code: 0, signal: null });
        } finally {
          standIn.setFault(undefined);
          for (const pid of [started.serverPid, started.npmPid]) if (running(pid)) process.kill(pid, 'SIGKILL');
        }
      },
    );
  }

  it('npm exits with the code the server ended with, on SIGINT too', { timeout: 90_000 }, async () => {
    const started = await npmStart('machine');
    try {
      standIn.setFault({ kind: 'slow', delayMs: 3_000 });
      const search = fetch(`${started.url}/api/v1/reports/search?q=transformers`).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(started.npmPid, 'SIGINT');
      // The server is draining; ended by force, it exits 137, and so must npm.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(running(started.serverPid)).toBe(true);
      expect(running(started.npmPid)).toBe(true);
      process.kill(started.serverPid, 'SIGKILL');
      const exit = await started.exited;
      expect(exit.code).toBe(137);
      await search;
    } finally {
      standIn.setFault(undefined);
      for (const pid of [started.serverPid, started.npmPid]) if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
