// The Redis rate-limit store decides exactly as the in-memory one: the same requests, sent in one turn
// of the event loop (so Redis charges them in one batch), get the same answers and the same counts; and
// so do requests spread over two instances (two stores on one Redis), whichever of them owns a bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type ConnectedRedis, type RedisConnection } from '../../src/core/stores/redis/connection.ts';
import { RedisRateLimitStore } from '../../src/core/stores/redis/redis-rate-limit-store.ts';
import { MemoryRateLimitStore, type Bucket, type RateLimitDecision } from '../../src/core/stores/rate-limit-store.ts';
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

  it('passes a bucket charged from one instance only to that instance, which then decides without Redis', async () => {
    const run = `${Date.now()}-owned`;
    const buckets = [bucket(`${run}:a`, 40), bucket(`${run}:net`, 45)];
    const counted = countingConnection(connection);
    const shared = new RedisRateLimitStore(counted, () => undefined);
    const memory = new MemoryRateLimitStore();
    const expected: RateLimitDecision[] = [];
    const actual: RateLimitDecision[] = [];
    // Two calls, one at a time: the first marks the buckets as this instance's, the second passes them.
    for (let index = 0; index < 2; index += 1) {
      expected.push(memory.consume(buckets, 1));
      actual.push(await shared.consume(buckets, 1));
    }
    const callsBefore = counted.calls;
    for (let index = 0; index < 50; index += 1) {
      expected.push(memory.consume(buckets, 1 + (index % 2)));
      const decided = shared.consume(buckets, 1 + (index % 2));
      expect(decided).not.toBeInstanceOf(Promise);
      actual.push(await decided);
    }
    expect(counted.calls).toBe(callsBefore);
    expect(actual.filter((decision) => !decision.allowed).length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
    // Closing hands the buckets back with their counts: another instance carries on from them.
    await shared.close();
    expect(await connection.send(['GET', `rh:rl:${run}:a`])).toBe('40');
    expect(await connection.send(['EXISTS', `rh:rlo:${run}:a`])).toBe(0);
    const other = new RedisRateLimitStore(connection, () => undefined);
    const next = await other.consume(buckets, 1);
    expect([next.allowed, next.binding.remaining]).toEqual([false, 0]);
    await other.close();
  });

  it('decides the requests that gathered while the call that passed it a bucket was out as the owner', async () => {
    const run = `${Date.now()}-gathered`;
    const buckets = [bucket(`${run}:a`, 10)];
    const counted = countingConnection(connection);
    const shared = new RedisRateLimitStore(counted, () => undefined);
    await shared.consume(buckets, 1);
    const passing = shared.consume(buckets, 1);
    // These arrive while the call for `passing` is out.
    const callsBefore = counted.calls;
    while (counted.calls === callsBefore) await new Promise((resolve) => setImmediate(resolve));
    const gathered = Array.from({ length: 10 }, () => shared.consume(buckets, 1));
    const first = await passing;
    // Decided at once, as the owner's: after the gathered ones, which were decided the same way.
    const later = Array.from({ length: 5 }, () => shared.consume(buckets, 1));
    const decisions = [first, ...(await Promise.all(gathered)), ...(await Promise.all(later))];
    const allowed = decisions.map((decision) => decision.allowed);
    expect(allowed).toEqual([...Array.from({ length: 9 }, () => true), ...Array.from({ length: 7 }, () => false)]);
    await shared.close();
    expect(await connection.send(['GET', `rh:rl:${run}:a`])).toBe('10');
  });

  it('hands an owned bucket back before charging it with a bucket it does not own, losing no charge', async () => {
    const run = `${Date.now()}-mixed`;
    const own = bucket(`${run}:a`, 8);
    const other = bucket(`${run}:b`, 100);
    const shared = new RedisRateLimitStore(connection, () => undefined);
    const memory = new MemoryRateLimitStore();
    const sequence = [[own], [own], [own], [own, other], [own], [own], [own, other], [own], [own], [own], [own]];
    const expected = sequence.map((buckets) => memory.consume(buckets, 1));
    const actual: RateLimitDecision[] = [];
    for (const buckets of sequence) actual.push(await shared.consume(buckets, 1));
    expect(actual).toEqual(expected);
    await shared.close();
    expect(await connection.send(['GET', `rh:rl:${run}:a`])).toBe('8');
  });

  it('hands an owned bucket over when another instance charges it: two instances in turn decide as memory does', async () => {
    const run = `${Date.now()}-handover`;
    const buckets = [bucket(`${run}:a`, 12)];
    const first = new RedisRateLimitStore(connection, () => undefined);
    const second = new RedisRateLimitStore(connection, () => undefined);
    const memory = new MemoryRateLimitStore();
    // The first instance owns the bucket after its second charge; then the two take turns.
    const order = [first, first, first, first, second, first, second, second, first, second, first, second, first];
    const expected: Array<[boolean, number]> = [];
    const actual: Array<[boolean, number]> = [];
    let longestWait = 0;
    for (const store of order) {
      const decision = memory.consume(buckets, 1);
      expected.push([decision.allowed, decision.binding.remaining]);
      const started = performance.now();
      const shared = await store.consume(buckets, 1);
      longestWait = Math.max(longestWait, performance.now() - started);
      actual.push([shared.allowed, shared.binding.remaining]);
    }
    expect(actual).toEqual(expected);
    // The owner handed the bucket over at its next tick (25 ms), not when it would have stopped
    // deciding anyway (750 ms into a lease it could not renew).
    expect(longestWait).toBeLessThan(500);
    await Promise.all([first.close(), second.close()]);
  });

  it('never lets two instances charging one bucket at once past its limit, and reaches the limit exactly', async () => {
    const run = `${Date.now()}-race`;
    const limit = 300;
    const buckets = [bucket(`${run}:a`, limit), bucket(`${run}:net`, 1_000)];
    const first = new RedisRateLimitStore(connection, () => undefined);
    const second = new RedisRateLimitStore(connection, () => undefined);
    await first.consume(buckets, 1);
    await first.consume(buckets, 1);
    const decisions: Array<RateLimitDecision | Promise<RateLimitDecision>> = [];
    for (let turn = 0; turn < 20; turn += 1) {
      for (let index = 0; index < 10; index += 1) {
        decisions.push(first.consume(buckets, 1), second.consume(buckets, 1));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const allowed = (await Promise.all(decisions)).filter((decision) => decision.allowed).length;
    expect(allowed).toBe(limit - 2);
    await Promise.all([first.close(), second.close()]);
    expect(await connection.send(['GET', `rh:rl:${run}:a`])).toBe(String(limit));
    expect(await connection.send(['GET', `rh:rl:${run}:net`])).toBe(String(limit));
  });

  it('adds the charges an owner decided while stalled past its lease, when it can write again', async () => {
    const run = `${Date.now()}-stalled`;
    const buckets = [bucket(`${run}:a`, 100)];
    const owner = new RedisRateLimitStore(connection, () => undefined);
    await owner.consume(buckets, 1);
    await owner.consume(buckets, 1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    for (let index = 0; index < 50; index += 1) expect(owner.consume(buckets, 1)).not.toBeInstanceOf(Promise);
    // The event loop stalls past the lease: no tick writes or renews, and the lease ends in Redis.
    const stalled = performance.now();
    while (performance.now() - stalled < 1_100);
    // The lease ended in Redis; the owner's next tick finds that and adds what it decided meanwhile.
    expect(await connection.send(['EXISTS', `rh:rlo:${run}:a`])).toBe(0);
    const count = () => connection.send(['GET', `rh:rl:${run}:a`]);
    for (let waited = 0; waited < 2_000 && (await count()) !== '52'; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await count()).toBe('52');
    const next = await new RedisRateLimitStore(connection, () => undefined).consume(buckets, 1);
    expect(next.binding.remaining).toBe(47);
    await owner.close();
  });

  it('hands back on closing even the buckets the call out at that moment passed to it', async () => {
    const run = `${Date.now()}-closing`;
    const buckets = [bucket(`${run}:a`, 10)];
    const store = new RedisRateLimitStore(connection, () => undefined);
    await store.consume(buckets, 1);
    const passing = store.consume(buckets, 1);
    await store.close();
    expect((await passing).allowed).toBe(true);
    expect(await connection.send(['EXISTS', `rh:rlo:${run}:a`])).toBe(0);
    expect(await connection.send(['GET', `rh:rl:${run}:a`])).toBe('2');
  });

  it('passes no more than MAX_OWNED buckets to one instance, however many one call could take', async () => {
    const run = `${Date.now()}-many`;
    const store = new RedisRateLimitStore(connection, () => undefined);
    const requests = Array.from({ length: 600 }, (_, index) => [
      bucket(`${run}:client-${index}`, 10),
      bucket(`${run}:net-${index}`, 10),
    ]);
    for (let round = 0; round < 2; round += 1) await Promise.all(requests.map((buckets) => store.consume(buckets, 1)));
    const owners = (await connection.send(['KEYS', `rh:rlo:${run}:*`])) as string[];
    expect(owners.length).toBe(1_000);
    await store.close();
    expect(await connection.send(['KEYS', `rh:rlo:${run}:*`])).toEqual([]);
  });

  it('starts a window when a request first meets its bucket, charged or not, as memory does', async () => {
    const run = `${Date.now()}-window`;
    const strict = { key: `${run}:a`, limit: 1, windowMs: 10_000 };
    const net = { key: `${run}:net`, limit: 100, windowMs: 1_000 };
    // Marked as charged from several instances: the buckets stay shared, charged by the script.
    for (const key of [strict.key, net.key]) await connection.send(['SET', `rh:rlm:${key}`, '*', 'PX', '60000']);
    const shared = new RedisRateLimitStore(connection, () => undefined);
    const memory = new MemoryRateLimitStore();
    const at = async (ms: number, buckets: Bucket[]) => {
      await new Promise((resolve) => setTimeout(resolve, ms - (performance.now() - started)));
      return [memory.consume(buckets, 1), await shared.consume(buckets, 1)].map((d) => [
        d.allowed,
        d.binding.remaining,
      ]);
    };
    const started = performance.now();
    const steps = [
      await at(0, [strict, net]),
      // net's window has ended; strict refuses, and net's new window starts now all the same.
      await at(1_100, [strict, net]),
      await at(1_600, [net]),
      // net's window that started at 1,100 has ended.
      await at(2_400, [net]),
    ];
    for (const [expected, actual] of steps) expect(actual).toEqual(expected);
    expect(steps.at(-1)?.[1]).toEqual([true, 99]);
  });

  it('waits for an owner that no longer answers only until its lease ends', async () => {
    const run = `${Date.now()}-lapsed`;
    const buckets = [bucket(`${run}:a`, 10)];
    const cut = countingConnection(connection);
    const owner = new RedisRateLimitStore(cut, () => undefined);
    await owner.consume(buckets, 1);
    await owner.consume(buckets, 1);
    expect(await connection.send(['GET', `rh:rlo:${run}:a`])).toBeTypeOf('string');
    // The owner's Redis goes away; its lease is no longer renewed.
    cut.fail = true;
    const other = new RedisRateLimitStore(connection, () => undefined);
    const started = performance.now();
    const decision = await other.consume(buckets, 1);
    const waited = performance.now() - started;
    expect([decision.allowed, decision.binding.remaining]).toEqual([true, 7]);
    expect(waited).toBeGreaterThan(100);
    expect(waited).toBeLessThan(2_500);
    // The owner stopped deciding before its lease ended, and now fails open as any store without Redis.
    const after = await owner.consume(buckets, 1);
    expect([after.allowed, after.binding.remaining]).toEqual([true, 10]);
    await other.close();
  });
});

/** The connection as given, counting the calls made through it; `fail` makes every call fail. */
function countingConnection(inner: RedisConnection) {
  const counted = {
    calls: 0,
    fail: false,
    send(args: Parameters<RedisConnection['send']>[0], binary?: boolean) {
      counted.calls += 1;
      return counted.fail ? Promise.reject(new Error('connection cut')) : inner.send(args, binary);
    },
  };
  return counted;
}
