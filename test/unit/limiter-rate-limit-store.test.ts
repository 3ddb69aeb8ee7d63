// The store on rate-limiter-flexible (what instances sharing Redis use, with this same memory limiter
// as insurance) decides exactly as the in-memory store: the same requests at the same moments get the
// same answers and the same header numbers, all-or-none charges included.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LimiterRateLimitStore, memoryLimiter } from '../../src/core/stores/limiter-rate-limit-store.ts';
import { MemoryRateLimitStore, type Bucket, type RateLimitDecision } from '../../src/core/stores/rate-limit-store.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Step {
  /** Milliseconds since the previous request. */
  wait: number;
  buckets: Bucket[];
  cost: number;
}

/** Runs the steps through both stores (fresh keys each run), the library's clock moved with ours. */
async function decideBoth(steps: readonly Step[]) {
  const run = Math.random().toString(36).slice(2);
  let now = 0;
  const memory = new MemoryRateLimitStore(() => now);
  const library = new LimiterRateLimitStore(memoryLimiter);
  const expected: RateLimitDecision[] = [];
  const actual: RateLimitDecision[] = [];
  for (const { wait, buckets, cost } of steps) {
    now += wait;
    vi.setSystemTime(now);
    const keyed = buckets.map((bucket) => ({ ...bucket, key: `${run}:${bucket.key}` }));
    expected.push(memory.consume(keyed, cost));
    actual.push(await library.consume(keyed, cost));
  }
  return { expected, actual };
}

const minute = (key: string, limit: number): Bucket => ({ key, limit, windowMs: 60_000 });

describe('LimiterRateLimitStore', () => {
  it('allows the limit per window, then refuses, then resets, as memory does', async () => {
    const a = [minute('a', 2)];
    const steps: Step[] = [
      { wait: 0, buckets: a, cost: 1 },
      { wait: 1_000, buckets: a, cost: 1 },
      { wait: 1_500, buckets: a, cost: 1 },
      { wait: 57_499, buckets: a, cost: 1 },
      { wait: 1, buckets: a, cost: 1 },
    ];
    const { expected, actual } = await decideBoth(steps);
    expect(actual.map((decision) => decision.allowed)).toEqual([true, true, false, false, true]);
    expect(actual[2]?.binding).toEqual({ limit: 2, remaining: 0, reset: 58, windowSeconds: 60 });
    expect(actual).toEqual(expected);
  });

  it('charges every bucket or none: a refused request costs nothing', async () => {
    const client = minute('client', 5);
    const network = minute('net', 3);
    const { expected, actual } = await decideBoth([
      { wait: 0, buckets: [client, network], cost: 2 },
      { wait: 0, buckets: [client, network], cost: 2 }, // refused by the network bucket
      { wait: 0, buckets: [client], cost: 3 }, // fits only if the refusal was not charged
      { wait: 0, buckets: [network], cost: 1 },
    ]);
    expect(actual.map((decision) => decision.allowed)).toEqual([true, false, true, true]);
    expect(actual[1]?.binding).toEqual({ limit: 3, remaining: 1, reset: 60, windowSeconds: 60 });
    expect(actual).toEqual(expected);
  });

  it('refuses a cost larger than the limit, even in a fresh window, and keeps nothing of it', async () => {
    const { actual, expected } = await decideBoth([
      { wait: 0, buckets: [minute('a', 3)], cost: 4 },
      { wait: 0, buckets: [minute('a', 3)], cost: 3 },
    ]);
    expect(actual.map((decision) => decision.allowed)).toEqual([false, true]);
    expect(actual).toEqual(expected);
  });

  it('decides any sequence of requests over shared buckets, windows and costs as memory does', async () => {
    const kinds = [
      minute('client-a', 4),
      minute('client-b', 3),
      minute('net', 6),
      { key: 'fast', limit: 2, windowMs: 10_000 },
    ];
    const step = fc.record({
      wait: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4_000 }), fc.integer({ min: 9_000, max: 61_000 })),
      buckets: fc.subarray(kinds, { minLength: 1 }),
      cost: fc.integer({ min: 0, max: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const { expected, actual } = await decideBoth(steps);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
