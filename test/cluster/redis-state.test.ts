// The Redis stores' state, against real redis-server processes (npm run test:cluster): every script
// declares the keys it touches, on one Cluster slot per store; every key has a TTL; bookkeeping that
// is lost (deleted, or never written) repairs itself; leases are judged by Redis's clock; an outcome
// written while Redis restarts is kept; the search cache keeps to its own bound.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@redis/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CapacityError } from '../../src/core/stores/capacity.ts';
import { connectRedis, type ConnectedRedis, type RedisConnection } from '../../src/core/stores/redis/connection.ts';
import { RedisIdempotencyStore } from '../../src/core/stores/redis/redis-idempotency-store.ts';
import { RedisJobStore } from '../../src/core/stores/redis/redis-job-store.ts';
import { RedisSearchCache } from '../../src/core/stores/redis/redis-search-cache.ts';
import { RedisTokenStore } from '../../src/core/stores/redis/redis-token-store.ts';
import { freePort, RedisProcess } from '../support/cluster.ts';

const dirs: string[] = [];
let redis: RedisProcess;
let connection: ConnectedRedis;

async function startRedis(extra: string[] = []): Promise<RedisProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-state-'));
  dirs.push(dir);
  const started = new RedisProcess(await freePort(), dir, extra);
  await started.start();
  return started;
}

beforeAll(async () => {
  redis = await startRedis();
  connection = connectRedis(redis.url);
  expect(await connection.ready(5_000)).toBe(true);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await connection?.close();
  await redis?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const send = (args: string[]) => connection.send(args);
const share = (perClient: number, total = 1_000) => ({
  total: { count: total, bytes: 64 * 1024 * 1024 },
  perClient: { count: perClient, bytes: 8 * 1024 * 1024 },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const page = (size: number) =>
  new TextEncoder().encode(
    JSON.stringify({
      results: [
        Math.random()
          .toString(36)
          .repeat(size / 11),
      ],
    }),
  );

async function keysMatching(pattern: string): Promise<string[]> {
  return (await send(['KEYS', pattern])) as string[];
}

/** Every command one script ran, from MONITOR: the keys it declared and each command it ran inside. */
interface ScriptRun {
  declared: string[];
  inside: string[][];
}

/** Runs `work` sequentially under MONITOR and returns every script call it made. */
async function scriptRuns(work: () => Promise<void>): Promise<ScriptRun[]> {
  const monitor = createClient({ url: redis.url });
  await monitor.connect();
  const lines: string[] = [];
  await monitor.monitor((line: string) => lines.push(line));
  await work();
  await sleep(200);
  await monitor.close();
  const runs: ScriptRun[] = [];
  for (const line of lines) {
    const args = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
    const command = (args[0] ?? '').toUpperCase();
    if (/\[\d+ lua\]/.test(line)) runs.at(-1)?.inside.push(args);
    else if (command === 'EVALSHA' || command === 'EVAL') {
      runs.push({ declared: args.slice(3, 3 + Number(args[2])), inside: [] });
    }
  }
  return runs;
}

describe('keys for Redis Cluster', () => {
  it('declares every key a script touches, all on one slot per call', async () => {
    const runs = await scriptRuns(async () => {
      const tokens = new RedisTokenStore(connection);
      const { token } = await tokens.issue('198.51.100.1');
      await tokens.revoke(token);
      const idempotency = new RedisIdempotencyStore(connection);
      await idempotency.begin('slot-key', 'print', '198.51.100.1');
      await idempotency.complete('slot-key', { status: 200, headers: {}, body: 'ok' });
      await idempotency.begin('slot-key-2', 'print', '198.51.100.1');
      await idempotency.abandon('slot-key-2');
      const jobs = new RedisJobStore(connection);
      const job = await jobs.create('batch', '198.51.100.1', 'client-a');
      await jobs.start(job.id);
      await jobs.finish(job.id, { status: 200, json: '{}' });
      await jobs.get(job.id);
      await jobs.listFor('client-a', 'batch');
      const cache = new RedisSearchCache(connection, { share: share(1, 2) });
      for (const key of ['p1', 'p2', 'p3']) await cache.getOrLoad(key, '198.51.100.1', async () => page(100));
    });
    expect(runs.length).toBeGreaterThan(10);
    for (const run of runs) {
      expect(run.declared.length).toBeGreaterThan(0);
      const slots = new Set(
        await Promise.all(run.declared.map((key) => send(['CLUSTER', 'KEYSLOT', key]).catch(() => tag(key)))),
      );
      expect(slots.size, run.declared.join(' ')).toBe(1);
      for (const inside of run.inside) {
        const command = (inside[0] ?? '').toUpperCase();
        if (command === 'TIME') continue;
        expect(run.declared, `${inside.join(' ')} inside a script`).toContain(inside[1]);
      }
    }
  });
});

/** The hash tag of a key (what Cluster hashes), for a Redis not in cluster mode. */
function tag(key: string): string {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  return open !== -1 && close > open + 1 ? key.slice(open + 1, close) : key;
}

describe('every key expires or is swept', () => {
  it('gives each key the stores write a TTL', async () => {
    const tokens = new RedisTokenStore(connection);
    await tokens.issue('198.51.100.2');
    const jobs = new RedisJobStore(connection);
    await jobs.create('batch', '198.51.100.2', 'client-ttl');
    const idempotency = new RedisIdempotencyStore(connection);
    await idempotency.begin('ttl-key', 'print', '198.51.100.2');
    await idempotency.complete('ttl-key', { status: 200, headers: {}, body: 'ok' });
    const cache = new RedisSearchCache(connection);
    await cache.getOrLoad('ttl-page', '198.51.100.2', async () => page(100));
    const keys = await keysMatching('rh:*');
    expect(keys.length).toBeGreaterThan(8);
    for (const key of keys) expect(Number(await send(['PTTL', key])), key).toBeGreaterThan(0);
  });
});

describe('lost bookkeeping repairs itself', () => {
  /** Every bookkeeping key of a store, in either layout (so this test reads the same on older code). */
  const storeKeysOf = async (name: string) => [
    ...(await keysMatching(`rh:{${name}}:*`)),
    ...(await keysMatching(`rh:${name}:*`)),
  ];

  it('ends a job past its deadline failed, with the true reason, whichever bookkeeping key is lost', async () => {
    for (const lost of ['all', 'oe', 'bytes', 'obytes', 'sizes']) {
      const jobs = new RedisJobStore(connection, { timeoutMs: 300, share: share(100) });
      const job = await jobs.create('batch', `198.51.100.${lost.length}`);
      await jobs.start(job.id);
      for (const key of await storeKeysOf('jobs')) if (key.endsWith(`:${lost}`)) await send(['DEL', key]);
      await sleep(400);
      const read = await jobs.get(job.id);
      expect(read?.status, `with ${lost} lost`).toBe('failed');
      expect(read?.outcome?.json).toContain('did not finish within');
      await jobs.abandonUnfinished('test over');
    }
  });

  it('never refuses a client for good, and the store takes new entries, whichever key is lost', async () => {
    for (const lost of ['all', 'oe', 'bytes', 'obytes', 'sizes', 'o:']) {
      const owner = `203.0.113.${lost.length + 10}`;
      const tokens = new RedisTokenStore(connection, { ttlMs: 500, share: share(2) });
      await tokens.issue(owner);
      const second = await tokens.issue(owner);
      await expect(tokens.issue(owner)).rejects.toBeInstanceOf(CapacityError);
      for (const key of await storeKeysOf('tokens'))
        if (key.includes(`:${lost}`) && !key.includes(':e:')) await send(['DEL', key]);
      await tokens.revoke(second.token);
      await sleep(600);
      // Both tokens have expired: the client has its whole share again.
      await tokens.issue(owner);
      await tokens.issue(owner);
      await expect(tokens.issue(owner), `with ${lost} lost`).rejects.toBeInstanceOf(CapacityError);
    }
  });
});

describe("Redis's clock", () => {
  it('does not fail a healthy job polled on an instance whose clock runs 20 s ahead', async () => {
    const running = new RedisJobStore(connection, {}, 3_000);
    const job = await running.create('batch', '198.51.100.20');
    await running.start(job.id);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 20_000);
    const skewed = new RedisJobStore(connection, {}, 3_000);
    expect((await skewed.get(job.id))?.status).toBe('running');
    vi.restoreAllMocks();
    await running.finish(job.id, { status: 200, json: '{"ok":true}' });
    expect((await skewed.get(job.id))?.status).toBe('completed');
  });
});

describe('an outcome written while Redis restarts', () => {
  it('is recorded once Redis is back, not lost to a false "stopped"', async () => {
    const own = await startRedis();
    const link = connectRedis(own.url, { commandTimeoutMs: 500 });
    expect(await link.ready(5_000)).toBe(true);
    try {
      const jobs = new RedisJobStore(link, {}, 5_000);
      const job = await jobs.create('batch', '198.51.100.30');
      await jobs.start(job.id);
      await own.stop();
      const finishing = jobs.finish(job.id, { status: 200, json: '{"answer":42}' });
      await sleep(1_000);
      await own.start();
      await finishing;
      const read = await jobs.get(job.id);
      expect(read?.status).toBe('completed');
      expect(read?.outcome?.json).toBe('{"answer":42}');
    } finally {
      await link.close();
      await own.stop();
    }
  });
});

describe('a crash of Redis under appendfsync everysec (deploy/redis.conf)', () => {
  it('keeps what was acknowledged more than two seconds before it', async () => {
    const own = await startRedis();
    const link = connectRedis(own.url);
    expect(await link.ready(5_000)).toBe(true);
    try {
      const tokens = new RedisTokenStore(link);
      const jobs = new RedisJobStore(link);
      const { token } = await tokens.issue('198.51.100.50');
      const job = await jobs.create('batch', '198.51.100.50');
      await sleep(2_500);
      await own.crash();
      await own.start();
      const deadline = Date.now() + 5_000;
      while (!link.isReady && Date.now() < deadline) await sleep(100);
      expect(await tokens.lookup(token)).toBeDefined();
      expect((await jobs.get(job.id))?.id).toBe(job.id);
    } finally {
      await link.close();
      await own.stop();
    }
  });
});

describe('the search cache in Redis', () => {
  it('keeps to its bound in entries, a client to its share, and drops the oldest pages', async () => {
    const cache = new RedisSearchCache(connection, { share: share(5, 8) });
    const count = async () =>
      (await keysMatching('rh:{sc}:e:bound-*')).length + (await keysMatching('rh:sc:e2:bound-*')).length;
    for (let index = 0; index < 12; index += 1) {
      await cache.getOrLoad(`bound-a-${index}`, '198.51.100.40', async () => page(200));
    }
    expect(await count()).toBe(5);
    for (let index = 0; index < 12; index += 1) {
      await cache.getOrLoad(`bound-b-${index}`, '198.51.100.41', async () => page(200));
      // Age is kept to the millisecond (Redis TIME); pages stored within one are equally old, and
      // which of them goes first is not defined (CI once stored two in one millisecond).
      await sleep(2);
    }
    expect(await count()).toBeLessThanOrEqual(8);
    // The newest pages are the ones kept.
    const kept = await keysMatching('rh:{sc}:e:bound-b-*');
    expect(kept.map((key) => key.split('-').at(-1)).sort()).toEqual(['10', '11', '7', '8', '9']);
  });

  it('lets another instance load a page soon after the lock holder dies', async () => {
    const cache = new RedisSearchCache(connection);
    // A holder that died mid-load left its lock as it writes it, its renewal stopped (either layout).
    await send(['SET', 'rh:{sc}:lock:orphan', 'dead-holder', 'PX', '5000']);
    await send(['SET', 'rh:sc:lock:orphan', '1', 'PX', '15000']);
    const started = performance.now();
    const result = await cache.getOrLoad('orphan', '198.51.100.42', async () => page(50));
    expect(result.outcome).toBe('miss');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('loads once when the holder stores the page between a waiter reading it and taking the lock', async () => {
    const holder = new RedisSearchCache(connection);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await sleep(50);
      return page(50);
    };
    const holding = holder.getOrLoad('raced', '198.51.100.44', load);
    // The waiter's read of the page comes back (empty) only after the holder has stored it and freed
    // its lock: under load, that is how long a reply can take, and the free lock is no sign of a miss.
    const slowReplies: RedisConnection = {
      send: async (args, binary) => {
        const reply = await connection.send(args, binary);
        if (args[0] === 'HGET') await holding;
        return reply;
      },
    };
    const waiter = new RedisSearchCache(slowReplies);
    const waited = await waiter.getOrLoad('raced', '198.51.100.45', load);
    expect(loads).toBe(1);
    expect(waited.outcome).toBe('collapsed');
  });

  it('frees the single-flight lock only for its holder', async () => {
    const cache = new RedisSearchCache(connection);
    let finishLoad: (bytes: Uint8Array) => void = () => undefined;
    const loading = cache.getOrLoad(
      'intruded',
      '198.51.100.43',
      () => new Promise((resolve) => (finishLoad = resolve)),
    );
    let lock: string | undefined;
    for (let tries = 0; !lock && tries < 100; tries += 1) {
      lock = (await keysMatching('rh:*lock:intruded'))[0];
      if (!lock) await sleep(20);
    }
    expect(lock).toBeDefined();
    // The holder's lock lapsed and another instance took it: the first holder must not free it.
    await send(['SET', lock!, 'another-instance', 'PX', '5000']);
    finishLoad(page(50));
    await loading;
    expect(await send(['GET', lock!])).toBe('another-instance');
  });
});

describe('tokens written by the layout before hash tags (c4ec20e and earlier)', () => {
  /** A token as that layout's add script stored it: the record under `rh:tokens:e:`, its accounting beside. */
  async function legacyToken(owner: string, ttlMs: number) {
    const token = `rh_${Math.random().toString(36).slice(2).padEnd(32, 'x')}`;
    const hash = createHash('sha256').update(token).digest('hex');
    const now = Date.now();
    const record = { clientId: `tok_${hash.slice(0, 16)}`, createdAt: now, expiresAt: now + ttlMs, label: 'old' };
    await send(['SET', `rh:tokens:e:${hash}`, JSON.stringify(record), 'PX', String(ttlMs)]);
    await send(['ZADD', 'rh:tokens:all', String(now + ttlMs), hash]);
    await send(['ZADD', `rh:tokens:o:${owner}`, String(now + ttlMs), hash]);
    await send(['HSET', 'rh:tokens:sizes', hash, `261|${owner}`]);
    await send(['INCRBY', 'rh:tokens:bytes', '261']);
    return { token, hash, record };
  }

  it('still accepts them after the upgrade, and moves each to the new layout when it is first used', async () => {
    const tokens = new RedisTokenStore(connection);
    const { token, hash, record } = await legacyToken('198.51.100.40', 3_600_000);
    expect(await tokens.lookup(token)).toEqual(record);
    expect(await send(['EXISTS', `rh:tokens:e:${hash}`])).toBe(0);
    expect(await send(['HEXISTS', 'rh:tokens:sizes', hash])).toBe(0);
    expect(await send(['HGET', `rh:{tokens}:e:${hash}`, 'v'])).toBe(JSON.stringify(record));
    // Its time left moved with it (within the test's own run time).
    const left = Number(await send(['PTTL', `rh:{tokens}:e:${hash}`]));
    expect(left).toBeGreaterThan(3_500_000);
    expect(left).toBeLessThanOrEqual(3_600_000);
    expect(await tokens.lookup(token)).toEqual(record);
  });

  it('revokes one that was never used since the upgrade', async () => {
    const tokens = new RedisTokenStore(connection);
    const { token, hash } = await legacyToken('198.51.100.41', 3_600_000);
    await tokens.revoke(token);
    expect(await tokens.lookup(token)).toBeUndefined();
    expect(await send(['EXISTS', `rh:tokens:e:${hash}`])).toBe(0);
  });
});
