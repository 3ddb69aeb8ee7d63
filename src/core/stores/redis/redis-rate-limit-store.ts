// Fixed-window rate limits in Redis: one window per bucket across every instance, each request charged
// all or none (the reason for our own Lua rather than a library's one-bucket limiter). Requests that
// arrive in the same turn of the event loop are charged in one script call, in arrival order: one
// round trip for many requests under load, and the same answers as one call each. When Redis does not
// answer, limits fail open with a log line: serving without a limit for a moment is better than
// refusing everyone.
import type { Bucket, BucketState, RateLimitDecision, RateLimitStore } from '../rate-limit-store.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

/**
 * ARGV: the number of requests, then per request: cost, bucket count, and per bucket key, limit and
 * window (ms). A window starts with its bucket's first request, as in memory. Charges first and takes
 * the charge back when a bucket is over, so an allowed request costs two commands a bucket. Returns per
 * request: the refusing bucket (1-based, 0 for none), then each bucket's count and milliseconds to reset.
 */
const CONSUME = new RedisScript(`
local out = {}
local at = 2
for _ = 1, tonumber(ARGV[1]) do
  local cost, buckets = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
  local first = at + 2
  local refused = 0
  local counts = {}
  for b = 0, buckets - 1 do
    local key = ARGV[first + 3 * b]
    local count = redis.call('INCRBY', key, cost)
    if count == cost then redis.call('PEXPIRE', key, tonumber(ARGV[first + 3 * b + 2])) end
    if refused == 0 and count > tonumber(ARGV[first + 3 * b + 1]) then refused = b + 1 end
    counts[b + 1] = count
  end
  table.insert(out, refused)
  for b = 0, buckets - 1 do
    local key = ARGV[first + 3 * b]
    local count = counts[b + 1]
    if refused ~= 0 then count = redis.call('DECRBY', key, cost) end
    table.insert(out, count)
    table.insert(out, redis.call('PTTL', key))
  end
  at = first + 3 * buckets
end
return out
`);

interface Pending {
  buckets: readonly Bucket[];
  cost: number;
  resolve: (decision: RateLimitDecision) => void;
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisConnection;
  readonly #log: (message: string) => void;
  #pending: Pending[] = [];
  #lastLogged = 0;

  constructor(redis: RedisConnection, log: (message: string) => void = console.error) {
    this.#redis = redis;
    this.#log = log;
  }

  consume(buckets: readonly Bucket[], cost: number): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      this.#pending.push({ buckets, cost, resolve });
      if (this.#pending.length === 1) setImmediate(() => this.#flush());
    });
  }

  /** Never rejects: on any failure every request of the batch is let through (fail open). */
  #flush(): void {
    const batch = this.#pending;
    this.#pending = [];
    const args = [String(batch.length)];
    for (const { buckets, cost } of batch) {
      args.push(String(cost), String(buckets.length));
      for (const bucket of buckets) args.push(`rh:rl:${bucket.key}`, String(bucket.limit), String(bucket.windowMs));
    }
    CONSUME.run(this.#redis, [], args).then(
      (reply) => this.#answer(batch, (reply as unknown[]).map(Number)),
      (error: unknown) => {
        if (Date.now() - this.#lastLogged > 10_000) {
          this.#lastLogged = Date.now();
          this.#log(`rate limits are not enforced while Redis is unavailable: ${(error as Error).message}`);
        }
        for (const { buckets, resolve } of batch) resolve(failOpen(buckets));
      },
    );
  }

  #answer(batch: readonly Pending[], reply: readonly number[]): void {
    let at = 0;
    for (const { buckets, resolve } of batch) {
      const refused = (reply[at] ?? 0) - 1;
      const states: BucketState[] = buckets.map((bucket, index) => ({
        limit: bucket.limit,
        remaining: Math.max(0, bucket.limit - (reply[at + 1 + 2 * index] ?? 0)),
        // A key that had just expired has no TTL (-2): its window is a whole one.
        reset: Math.max(
          1,
          Math.ceil(Math.max(0, reply[at + 2 + 2 * index] ?? 0) / 1000) || Math.round(bucket.windowMs / 1000),
        ),
        windowSeconds: Math.round(bucket.windowMs / 1000),
      }));
      at += 1 + 2 * buckets.length;
      const allowed = refused === -1;
      const binding = allowed
        ? states.reduce((best, state) => (state.remaining < best.remaining ? state : best))
        : (states[refused] as BucketState);
      resolve({ allowed, binding });
    }
  }
}

function failOpen(buckets: readonly Bucket[]): RateLimitDecision {
  const first = buckets[0] as Bucket;
  const windowSeconds = Math.round(first.windowMs / 1000);
  return {
    allowed: true,
    binding: { limit: first.limit, remaining: first.limit, reset: windowSeconds, windowSeconds },
  };
}
