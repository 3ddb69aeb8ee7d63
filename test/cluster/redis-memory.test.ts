// Redis full of cached pages, under the shipped deploy/redis.conf with a small maxmemory: no state key
// (token, idempotency record, job, rate-limit window) is evicted, and a write of state that no longer
// fits is refused visibly (503 in the error shape), never dropped in silence. The start-up check names
// a policy that could evict state. Runs with `npm run test:cluster`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type ConnectedRedis } from '../../src/core/stores/redis/connection.ts';
import { RedisSearchCache } from '../../src/core/stores/redis/redis-search-cache.ts';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { httpFrom } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const dirs: string[] = [];
const started: Array<{ stop(): Promise<void> }> = [];

async function startRedis(extra: string[]): Promise<RedisProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-memory-'));
  dirs.push(dir);
  const redis = new RedisProcess(await freePort(), dir, extra);
  await redis.start();
  started.push(redis);
  return redis;
}

async function startServer(redis: RedisProcess): Promise<TestServer> {
  const server = await startTestServer({ REDIS_URL: redis.url, LOG_REQUESTS: 'false' });
  started.unshift(server);
  return server;
}

afterAll(async () => {
  for (const each of started) await each.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const me = '127.0.0.31';
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  httpFrom(me, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A page brotli cannot shrink much: random base64, about `bytes` long. */
function incompressiblePage(bytes: number): Uint8Array {
  const noise = Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))).toString('base64');
  return new TextEncoder().encode(JSON.stringify({ results: [noise] }));
}

/** Every key that is state, not cache: the search cache's keys are the only ones that may go. */
async function stateKeys(redis: ConnectedRedis): Promise<string[]> {
  const keys = (await redis.send(['KEYS', 'rh:*'])) as string[];
  return keys.filter((key) => !key.startsWith('rh:{sc}:') && !key.startsWith('rh:sc:')).sort();
}

describe('Redis full of cached pages', () => {
  let redis: RedisProcess;
  let server: TestServer;
  let direct: ConnectedRedis;

  beforeAll(async () => {
    redis = await startRedis(['--maxmemory', '6mb']);
    server = await startServer(redis);
    direct = connectRedis(redis.url);
    started.unshift({ stop: () => direct.close() });
    expect(await direct.ready(5_000)).toBe(true);
  });

  it('keeps every state key and refuses new state with a 503 in the error shape', async () => {
    const token = (await post(`${server.url}/api/auth/register`, {})).json().access_token as string;
    const key = `memory-${Date.now()}`;
    const answered = await post(`${server.url}/ask`, { q: 'what is a wallet' }, { 'idempotency-key': key });
    expect(answered.status).toBe(200);
    const accepted = await post(
      `${server.url}/api/v1/batch`,
      { requests: [{ path: '/api/v1/glossary?limit=1' }] },
      { prefer: 'respond-async' },
    );
    expect(accepted.status).toBe(202);
    const location = `${server.url}${accepted.headers['location']}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = await httpFrom(me, location);
    const before = await stateKeys(direct);
    expect(before.some((name) => name.startsWith('rh:rl'))).toBe(true);

    // Pages from many clients until Redis is past its maxmemory: the cache's own bound (64 MiB) is
    // far above this Redis's room, so only the policy stands between the pages and the state.
    const cache = new RedisSearchCache(direct);
    for (let index = 0; index < 160; index += 1) {
      await cache.getOrLoad(`fill-${index}`, `198.18.0.${index % 200}`, async () => incompressiblePage(45_000));
    }
    const memory = String(await direct.send(['INFO', 'memory']));
    const used = Number(/used_memory:(\d+)/.exec(memory)?.[1]);
    expect(used).toBeGreaterThan(5.5 * 1024 * 1024);

    expect(await stateKeys(direct)).toEqual(expect.arrayContaining(before));
    const bearer = await httpFrom(me, `${server.url}/api/v1/essays?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
    const unknown = await httpFrom(me, `${server.url}/api/v1/essays?limit=1`, {
      headers: { authorization: `Bearer rh_${'x'.repeat(32)}` },
    });
    expect(unknown.status).toBe(401);
    const replay = await post(`${server.url}/ask`, { q: 'what is a wallet' }, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await httpFrom(me, location)).json()).toEqual(job.json());

    const refused = await post(`${server.url}/api/auth/register`, {});
    expect(refused.status).toBe(503);
    const { error } = refused.json();
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(error.message).toEqual(expect.any(String));
    expect(error.resolution).toEqual(expect.any(String));
  });
});

describe('the start-up check of the memory policy', () => {
  it('says in one sentence what is at risk when Redis could evict state, and nothing under noeviction', async () => {
    const risky = await startServer(await startRedis(['--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru']));
    const warned = await risky.linesWith('maxmemory-policy', 5_000);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/allkeys-lru.*tokens, idempotency records, jobs and rate-limit windows/);

    const shipped = await startServer(await startRedis([]));
    await shipped.linesWith('serving on', 1_000);
    expect(await shipped.linesWith('maxmemory-policy', 2_000)).toEqual([]);
  });
});
