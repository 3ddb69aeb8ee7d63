// The rate-limit store instances share through Redis (rate-limiter-flexible): two instances charging the
// same buckets decide as one in-memory store would; racing, they stop at the limit exactly; and with Redis
// stopped each goes on enforcing the limits on its own, without waiting, until Redis is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedis, type ConnectedRedis } from '../../src/core/stores/redis/connection.ts';
import { redisRateLimitStore } from '../../src/core/stores/redis/redis-rate-limit-store.ts';
import { MemoryRateLimitStore, type Bucket } from '../../src/core/stores/rate-limit-store.ts';
import { freePort, RedisProcess } from '../support/cluster.ts';

let redis: RedisProcess;
let first: ConnectedRedis;
let second: ConnectedRedis;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rate-limit-store-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start();
  first = connectRedis(redis.url);
  second = connectRedis(redis.url);
  expect(await first.ready(5_000)).toBe(true);
  expect(await second.ready(5_000)).toBe(true);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const minute = (key: string, limit: number): Bucket => ({ key, limit, windowMs: 60_000 });
const fresh = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('rate limits in Redis', () => {
  it('decides requests alternating between two instances as one memory store decides them', async () => {
    const run = fresh();
    const clients = [minute(`${run}:a`, 4), minute(`${run}:b`, 3)];
    const network = minute(`${run}:net`, 6);
    const instances = [redisRateLimitStore(first), redisRateLimitStore(second)];
    const memory = new MemoryRateLimitStore();
    for (let index = 0; index < 16; index += 1) {
      const buckets = [clients[index % 2] as Bucket, network];
      const cost = index % 5 === 4 ? 2 : 1;
      const expected = memory.consume(buckets, cost);
      const actual = await (instances[Math.floor(index / 3) % 2] as ReturnType<typeof redisRateLimitStore>).consume(
        buckets,
        cost,
      );
      expect({ index, ...actual, binding: { ...actual.binding, reset: 0 } }).toEqual({
        index,
        ...expected,
        binding: { ...expected.binding, reset: 0 },
      });
      // Redis counts the window from its own clock: the seconds left agree to within one.
      expect(Math.abs(actual.binding.reset - expected.binding.reset)).toBeLessThanOrEqual(1);
    }
  });

  it('never lets two instances charging one bucket at once past its limit, and reaches it exactly', async () => {
    const run = fresh();
    const limit = 150;
    const buckets = [minute(`${run}:a`, limit), minute(`${run}:net`, 1_000)];
    const instances = [redisRateLimitStore(first), redisRateLimitStore(second)];
    const decisions = Array.from({ length: 400 }, (_, index) => instances[index % 2]!.consume(buckets, 1));
    const allowed = (await Promise.all(decisions)).filter((decision) => decision.allowed).length;
    expect(allowed).toBe(limit);
    // Refused requests were given back: the network bucket holds only what was allowed.
    expect(await first.send(['GET', `rh:rl:${run}:net`])).toBe(String(limit));
  });

  it('sends a charge without a timer of its own: the connection bounds every wait with one watchdog', async () => {
    // node-redis 6 gives each command a 5 s AbortSignal.timeout unless told otherwise: a timer and a
    // listener per command, CPU on every request (two charges each) for a bound the guard already keeps.
    const timers = vi.spyOn(AbortSignal, 'timeout');
    try {
      const instance = redisRateLimitStore(first);
      const run = fresh();
      for (let index = 0; index < 10; index += 1) await instance.consume([minute(`${run}:a`, 100)], 1);
      await first.send(['GET', `rh:rl:${run}:a`]);
      await first.send(['GET', `rh:rl:${run}:a`], true);
      expect(timers).not.toHaveBeenCalled();
    } finally {
      timers.mockRestore();
    }
  });

  it('enforces the limits per instance while Redis is stalled, waiting at most the command timeout', async () => {
    const stalled = connectRedis(redis.url, { commandTimeoutMs: 200 });
    expect(await stalled.ready(5_000)).toBe(true);
    const run = fresh();
    const buckets = [minute(`${run}:a`, 3), minute(`${run}:net`, 6)];
    const instance = redisRateLimitStore(stalled);
    redis.pause(true);
    try {
      const decisions = [];
      for (let index = 0; index < 5; index += 1) {
        const started = performance.now();
        decisions.push(await instance.consume(buckets, 1));
        // A charge, and for a refusal the charges given back: each waits one timeout at most.
        expect(performance.now() - started).toBeLessThan(1_000);
      }
      expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
    } finally {
      redis.pause(false);
      await stalled.close();
    }
  });

  it('does not charge in Redis, once it resumes, what was charged per instance during a stall', async () => {
    const stalled = connectRedis(redis.url, { commandTimeoutMs: 200 });
    expect(await stalled.ready(5_000)).toBe(true);
    const run = fresh();
    const buckets = [minute(`${run}:a`, 5), minute(`${run}:net`, 10)];
    const instance = redisRateLimitStore(stalled);
    // Redis has the script (as it has on a serving instance), so a charge sent during the stall could run.
    await instance.consume([minute(`${run}:warm`, 5)], 1);
    redis.pause(true);
    try {
      for (let index = 0; index < 3; index += 1) expect((await instance.consume(buckets, 1)).allowed).toBe(true);
    } finally {
      redis.pause(false);
    }
    try {
      // The breaker asks Redis again by itself; once it answers, charges go to the shared window.
      const deadline = Date.now() + 5_000;
      while (!stalled.isReady && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stalled.isReady).toBe(true);
      // The three charges written before the stall was noticed reached Redis late, and did nothing.
      expect(await first.send(['GET', `rh:rl:${run}:a`])).toBeNull();
      const after = await instance.consume(buckets, 1);
      expect(after).toMatchObject({ allowed: true, binding: { limit: 5, remaining: 4 } });
    } finally {
      await stalled.close();
    }
  });

  it('enforces the limits per instance, at once, while Redis is stopped, and shares them again after', async () => {
    const run = fresh();
    const buckets = [minute(`${run}:a`, 3), minute(`${run}:net`, 6)];
    const instances = [redisRateLimitStore(first), redisRateLimitStore(second)];
    await instances[0]!.consume(buckets, 1);
    await redis.stop();
    try {
      for (const instance of instances) {
        const started = performance.now();
        const decisions = [];
        for (let index = 0; index < 5; index += 1) decisions.push(await instance.consume(buckets, 1));
        expect(performance.now() - started).toBeLessThan(1_000);
        // Each instance counts what it sees itself: three allowed, then refused with the headers' numbers.
        expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
        expect(decisions[3]?.binding).toMatchObject({ limit: 3, remaining: 0 });
      }
    } finally {
      await redis.start();
    }
    // The clients reconnect by themselves, retrying at most every 2 s.
    const deadline = Date.now() + 5_000;
    while (!(first.isReady && second.isReady) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Back on Redis: the window charged before the outage is there again (append-only file), one used.
    const later = await instances[1]!.consume(buckets, 1);
    expect(later).toMatchObject({ allowed: true, binding: { limit: 3, remaining: 1 } });
  });
});
