// The Redis rate-limit store decides exactly as the in-memory one: the same requests, sent in one turn
// of the event loop (so Redis charges them in one batch), get the same answers and the same counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type ConnectedRedis } from '../../src/core/stores/redis/connection.ts';
import { RedisRateLimitStore } from '../../src/core/stores/redis/redis-rate-limit-store.ts';
import { MemoryRateLimitStore, type Bucket } from '../../src/core/stores/rate-limit-store.ts';
import { freePort, RedisProcess } from '../support/cluster.ts';

let redis: RedisProcess;
let connection: ConnectedRedis;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rate-limit-store-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start();
  connection = connectRedis(redis.url);
  expect(await connection.ready(5_000)).toBe(true);
});

afterAll(async () => {
  await connection?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const WINDOW_MS = 60_000;
const bucket = (key: string, limit: number): Bucket => ({ key, limit, windowMs: WINDOW_MS });

/** Each request: its buckets (keys made unique to this run) and its cost. */
type Script = Array<{ buckets: Bucket[]; cost: number }>;

async function bothStores(script: Script) {
  const run = `${Date.now()}-${Math.random()}`;
  const keyed = script.map(({ buckets, cost }) => ({
    buckets: buckets.map((b) => ({ ...b, key: `${run}:${b.key}` })),
    cost,
  }));
  const memory = new MemoryRateLimitStore();
  const shared = new RedisRateLimitStore(connection, () => undefined);
  const expected = keyed.map(({ buckets, cost }) => memory.consume(buckets, cost));
  // All in one turn: one script call, or several when there are more than a batch holds.
  const actual = await Promise.all(keyed.map(({ buckets, cost }) => shared.consume(buckets, cost)));
  return { expected, actual };
}

describe('RedisRateLimitStore', () => {
  it('decides a batch of one client as memory does: allowed to the limit, then refused, counts included', async () => {
    const script: Script = Array.from({ length: 8 }, () => ({ buckets: [bucket('a', 5), bucket('net', 10)], cost: 1 }));
    const { expected, actual } = await bothStores(script);
    expect(actual.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(actual).toEqual(expected);
  });

  it('charges all buckets or none, across clients sharing a network bucket, with costs above one', async () => {
    const script: Script = [
      { buckets: [bucket('a', 4), bucket('net', 6)], cost: 3 },
      { buckets: [bucket('b', 4), bucket('net', 6)], cost: 2 },
      // net has 1 left: refused by net, and a is not charged either.
      { buckets: [bucket('a', 4), bucket('net', 6)], cost: 2 },
      { buckets: [bucket('a', 4), bucket('net', 6)], cost: 1 },
      // refused by its own bucket (b has 2 left) before net is looked at.
      { buckets: [bucket('b', 4), bucket('net', 6)], cost: 3 },
      { buckets: [bucket('c', 9)], cost: 10 },
      { buckets: [bucket('c', 9)], cost: 9 },
      { buckets: [bucket('a', 4), bucket('net', 6)], cost: 1 },
    ];
    const { expected, actual } = await bothStores(script);
    expect(actual.map((d) => d.allowed)).toEqual([true, true, false, true, false, false, true, false]);
    expect(actual).toEqual(expected);
  });

  it('splits a flood larger than one script call into several and still decides each request as memory does', async () => {
    const script: Script = Array.from({ length: 2_500 }, (_, index) => ({
      buckets: [bucket(`client-${index % 3}`, 900), bucket('net', 2_000)],
      cost: 1 + (index % 2),
    }));
    const { expected, actual } = await bothStores(script);
    expect(actual.filter((d) => !d.allowed).length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  });

  it('carries counts from one batch to the next within the window', async () => {
    const run = `${Date.now()}-carry`;
    const shared = new RedisRateLimitStore(connection, () => undefined);
    const buckets = [bucket(`${run}:a`, 3)];
    const first = await Promise.all([shared.consume(buckets, 1), shared.consume(buckets, 1)]);
    const second = await Promise.all([shared.consume(buckets, 1), shared.consume(buckets, 1)]);
    expect([...first, ...second].map((d) => [d.allowed, d.binding.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(second[1]?.binding.reset).toBeGreaterThan(55);
    expect(second[1]?.binding.reset).toBeLessThanOrEqual(60);
  });
});
