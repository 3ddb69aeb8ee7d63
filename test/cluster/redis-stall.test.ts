// A stalled Redis (SIGSTOP: connected, answering nothing) under load, for every store and route: each
// request is answered within the command timeout plus 1 s and degrades as the README's table says,
// /readyz says 503 with the reason while it lasts and 200 after, and a SIGTERM during the stall ends
// within the shutdown grace. Also the bound the README claims for a Redis crash (nothing acknowledged
// lost). Runs with `npm run test:cluster` (needs redis-server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { httpFrom, type RawResponse } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';

/** How long Redis (appendfsync everysec) may hold writes it has answered while a disk sync runs, with a margin. */
const POSTPONED_WRITE_MS = 2_500;

const COMMAND_TIMEOUT_MS = 1_000;
/** What the issue asks of every request during a stall. */
const BOUND_MS = COMMAND_TIMEOUT_MS + 1_000;
const STALL_MS = 10_000;
const GRACE_MS = 3_000;

let dir: string;
let redis: RedisProcess;
let server: TestServer;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;

const env = () => ({
  OPENALEX_URL: standIn.url,
  REDIS_URL: redis.url,
  REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
  SHUTDOWN_GRACE_MS: String(GRACE_MS),
  LOG_REQUESTS: 'false',
  // Four seconds of registrations from 250 addresses, past the default 10 an hour per address.
  REGISTER_PER_HOUR: '1000',
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'redis-stall-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start();
  standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
  server = await startTestServer(env());
});

afterAll(async () => {
  redis?.pause(false);
  await server?.stop();
  await redis?.stop();
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

const me = '127.0.0.31';
const get = (url: string, headers: Record<string, string> = {}) => httpFrom(me, url, { headers });
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  httpFrom(me, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function timed(work: () => Promise<RawResponse>): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const response = await work();
  return { status: response.status, ms: performance.now() - started, body: response.text };
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const quickBatch = { requests: [{ path: '/api/v1/glossary?limit=2' }] };

describe('a stalled Redis', () => {
  it('answers every route within the command timeout plus 1 s under load, as the table says', async () => {
    const registered = await post(`${server.url}/api/auth/register`, {});
    expect(registered.status).toBe(201);
    const token = registered.json().access_token as string;
    const accepted = await post(`${server.url}/api/v1/batch`, quickBatch, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    const job = accepted.headers['location']!;
    expect(await until(async () => (await get(`${server.url}${job}`)).status === 200, 5_000)).toBe(true);
    expect((await get(`${server.url}/readyz`)).status).toBe(200);

    // What each route may answer while Redis is silent (README, "When Redis is down or slow").
    // A new query each time (pages stop at 10,000, which a fast machine passes in the stall).
    let search = 0;
    let key = 0;
    const routes: Record<string, { request: () => Promise<RawResponse>; degraded: number[] }> = {
      'bearer token': {
        request: () => get(`${server.url}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` }),
        degraded: [200],
      },
      'paper search': {
        request: () => get(`${server.url}/api/v1/reports/search?q=stall+${(search += 1)}&limit=2`),
        degraded: [200],
      },
      'Idempotency-Key': {
        request: () => post(`${server.url}/ask`, { q: 'what is gas' }, { 'idempotency-key': `stall-${(key += 1)}` }),
        degraded: [503],
      },
      'job poll': { request: () => get(`${server.url}${job}`), degraded: [503] },
      'rate-limited read': { request: () => get(`${server.url}/api/v1/glossary?limit=1`), degraded: [200] },
    };

    redis.pause(true);
    const stalledAt = Date.now();
    const seen: Array<{ route: string; status: number; ms: number; body: string }> = [];
    let readyDuring: { status: number; body: string } | undefined;
    try {
      // Four clients per route, each sending one request after another for the whole stall.
      const load = Object.entries(routes).flatMap(([route, { request }]) =>
        Array.from({ length: 4 }, async () => {
          while (Date.now() - stalledAt < STALL_MS) seen.push({ route, ...(await timed(request)) });
        }),
      );
      const readiness = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const answer = await timed(() => get(`${server.url}/readyz`));
        expect(answer.ms).toBeLessThan(BOUND_MS);
        readyDuring = answer;
      })();
      await Promise.all([...load, readiness]);
    } finally {
      redis.pause(false);
    }

    const sorted = (route: string) =>
      seen
        .filter((answer) => answer.route === route)
        .map((answer) => Math.round(answer.ms))
        .sort((x, y) => x - y);
    console.log(
      Object.keys(routes)
        .map((route) => {
          const ms = sorted(route);
          return `${route}: ${ms.length} answers, median ${ms[ms.length >> 1]} ms, slowest ${ms.at(-1)} ms`;
        })
        .join('\n'),
    );
    for (const [route, { degraded }] of Object.entries(routes)) {
      const answers = seen.filter((answer) => answer.route === route);
      expect(answers.length, route).toBeGreaterThan(4);
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      expect(slowest, `${route}: slowest answer`).toBeLessThan(BOUND_MS);
      for (const answer of answers) expect(degraded, `${route}: ${answer.body.slice(0, 200)}`).toContain(answer.status);
    }
    expect(readyDuring?.status).toBe(503);
    const error = JSON.parse(readyDuring!.body).error;
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(error.message).toMatch(/stalled|not answering/);

    // Redis answers again: readiness comes back by itself, and so does every store.
    expect(await until(async () => (await get(`${server.url}/readyz`)).status === 200, 5_000)).toBe(true);
    expect((await get(`${server.url}${job}`)).json().status).toBe('completed');
    const again = await post(`${server.url}/ask`, { q: 'what is gas' }, { 'idempotency-key': 'stall-after' });
    expect(again.status).toBe(200);
    const bearer = await get(`${server.url}/api/v1/essays?limit=1`, { authorization: `Bearer rh_${'x'.repeat(32)}` });
    expect(bearer.status).toBe(401);
  }, 60_000);

  it('stops within the shutdown grace when SIGTERM comes during the stall', async () => {
    const stopping = await startTestServer(env());
    // A job still running when the signal comes (its search kept slow upstream), besides the requests.
    standIn.setFault({ kind: 'slow', delayMs: 8_000, times: 1 });
    const slowSearch = { requests: [{ path: '/api/v1/reports/search?q=sigterm&limit=2' }] };
    const accepted = await post(`${stopping.url}/api/v1/batch`, slowSearch, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    const running = async () => (await get(`${stopping.url}${accepted.headers['location']!}`)).json().status;
    expect(await until(async () => (await running()) === 'running', 5_000)).toBe(true);
    redis.pause(true);
    try {
      // Requests waiting on Redis when the signal comes.
      const inFlight = [
        post(`${stopping.url}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': 'stall-term' }).catch(
          () => undefined,
        ),
        get(`${stopping.url}${accepted.headers['location']!}`).catch(() => undefined),
      ];
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      stopping.signal('SIGTERM');
      const code = await Promise.race([
        stopping.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), GRACE_MS + 3_000)),
      ]);
      expect(code).toBe(0);
      expect(performance.now() - started).toBeLessThan(GRACE_MS + COMMAND_TIMEOUT_MS * 2);
      await Promise.all(inFlight);
    } finally {
      redis.pause(false);
      standIn.setFault(undefined);
      stopping.signal('SIGKILL');
    }
  }, 30_000);

  it('loses nothing it acknowledged more than two seconds before Redis is killed (kill -9)', async () => {
    // appendfsync everysec: Redis writes each change to its file before it answers, and syncs the file
    // to disk in the background once a second; while that sync is still running (a busy disk), it
    // holds its writes in memory for up to two seconds and answers all the same (flushAppendOnlyFile
    // in Redis's aof.c). A crash of the process loses at most those; everything older is on file.
    const acknowledged: Array<{ token: string; at: number }> = [];
    let sent = 0;
    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const address = `127.0.2.${1 + (sent++ % 250)}`;
        const answer = await httpFrom(address, `${server.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (answer.status === 201)
          acknowledged.push({ token: answer.json().access_token as string, at: performance.now() });
      }
    });
    // Long enough that most acknowledgements are older than the window a busy disk may hold.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const crashedAt = performance.now();
    await redis.crash();
    writing = false;
    await Promise.all(writers);
    await redis.start();
    const old = acknowledged.filter(({ at }) => at < crashedAt - POSTPONED_WRITE_MS);
    expect(old.length).toBeGreaterThan(10);
    expect(await until(async () => (await get(`${server.url}/readyz`)).status === 200, 10_000)).toBe(true);
    const lost = [];
    for (const [index, { token, at }] of acknowledged.entries()) {
      const address = `127.0.3.${1 + (index % 250)}`;
      const answer = await httpFrom(address, `${server.url}/api/v1/essays?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.status !== 200) lost.push({ index, beforeCrashMs: Math.round(crashedAt - at) });
    }
    const lostOld = lost.filter(({ beforeCrashMs }) => beforeCrashMs > POSTPONED_WRITE_MS);
    expect(lostOld, `of ${acknowledged.length} acknowledged (${old.length} of them older than the window)`).toEqual([]);
  }, 60_000);
});
