// Rate limits on rate-limiter-flexible, for state shared by several instances (stores/redis): the same
// decisions as MemoryRateLimitStore, which stays the single-process store because it decides without a
// turn of the event loop (the library's memory limiter, tried in its place, cost 2-12 us of CPU and
// 10-20 % of throughput on rate-limited routes in a same-run A/B).
//
// A request may be charged to several buckets at once; it is charged to all or to none, so a refused
// request costs nothing. The library charges one key of one limiter at a time, so that part is ours:
// every bucket is charged, and when one refuses, each is given the charge back (`reward`). Between the
// two, a concurrent request to the same bucket can see the refused charge still counted.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Bucket, BucketState, RateLimitDecision, RateLimitStore } from './rate-limit-store.ts';

/** What a limiter of the library (or a wrapper around one) does for us. */
export type Limiter = Pick<RateLimiterAbstract, 'consume' | 'reward'>;

/** Makes the limiter for one kind of bucket: its limit per window of `seconds`. */
export type LimiterFactory = (points: number, seconds: number) => Limiter;

/** Each process counting in its own memory: the insurance of a shared limiter, and the unit tests'. */
export function memoryLimiter(points: number, seconds: number): RateLimiterMemory {
  return new RateLimiterMemory({ points, duration: seconds, keyPrefix: 'rh:rl' });
}

/** What a limiter said of one bucket: the library resolves a charge it allows and rejects one it refuses. */
interface Charge {
  allowed: boolean;
  result: RateLimiterRes;
}

export class LimiterRateLimitStore implements RateLimitStore {
  /** One limiter per kind of bucket (limit and window): a handful, made on first use. */
  readonly #limiters = new Map<string, Limiter>();
  readonly #makeLimiter: LimiterFactory;

  constructor(makeLimiter: LimiterFactory) {
    this.#makeLimiter = makeLimiter;
  }

  async consume(buckets: readonly Bucket[], cost: number): Promise<RateLimitDecision> {
    const limiters = buckets.map((bucket) => this.#limiterFor(bucket));
    const charges = await Promise.all(
      buckets.map((bucket, index) => charge(limiters[index] as Limiter, bucket.key, cost)),
    );
    const refusedAt = charges.findIndex((outcome) => !outcome.allowed);
    if (refusedAt !== -1) {
      // All or none: each bucket counted this request (the refusing one too), so each gets it back.
      await Promise.all(buckets.map((bucket, index) => limiters[index]?.reward(bucket.key, cost)));
      const bucket = buckets[refusedAt] as Bucket;
      return { allowed: false, binding: stateOf(bucket, (charges[refusedAt] as Charge).result, cost) };
    }
    let binding = stateOf(buckets[0] as Bucket, (charges[0] as Charge).result, 0);
    for (let index = 1; index < buckets.length; index += 1) {
      const state = stateOf(buckets[index] as Bucket, (charges[index] as Charge).result, 0);
      if (state.remaining < binding.remaining) binding = state;
    }
    return { allowed: true, binding };
  }

  #limiterFor(bucket: Bucket): Limiter {
    const kind = `${bucket.limit}/${bucket.windowMs}`;
    let limiter = this.#limiters.get(kind);
    if (!limiter) {
      limiter = this.#makeLimiter(bucket.limit, Math.round(bucket.windowMs / 1000));
      this.#limiters.set(kind, limiter);
    }
    return limiter;
  }
}

function charge(limiter: Limiter, key: string, cost: number): Promise<Charge> {
  return limiter.consume(key, cost).then(
    (result) => ({ allowed: true, result }),
    (reason: unknown) => {
      // A refusal is a RateLimiterRes; anything else is a store failure the insurance limiter did not cover.
      if (reason instanceof RateLimiterRes) return { allowed: false, result: reason };
      throw reason;
    },
  );
}

/** The headers' view of a bucket; `givenBack` is the charge a refused request does not keep. */
function stateOf(bucket: Bucket, result: RateLimiterRes, givenBack: number): BucketState {
  return {
    limit: bucket.limit,
    remaining: Math.max(0, bucket.limit - (result.consumedPoints - givenBack)),
    reset: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
    windowSeconds: Math.round(bucket.windowMs / 1000),
  };
}
