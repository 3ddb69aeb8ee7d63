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
 * window (ms). Returns per request: allowed (1/0), the refusing bucket (1-based, 0 for none), then per
 * bucket its count and its milliseconds to reset.
 */
const CONSUME = new RedisScript(`
local out = {}
local at = 2
for _ = 1, tonumber(ARGV[1]) do
  local cost, buckets = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
  local first = at + 2
  local refused = 0
  for b = 0, buckets - 1 do
    local key, limit = ARGV[first + 3 * b], tonumber(ARGV[first + 3 * b + 1])
    if refused == 0 and tonumber(redis.call('GET', key) or '0') + cost > limit then refused = b + 1 end
  end
  table.insert(out, refused == 0 and 1 or 0)
  table.insert(out, refused)
  for b = 0, buckets - 1 do
    local key, window = ARGV[first + 3 * b], tonumber(ARGV[first + 3 * b + 2])
    local count
    if refused == 0 then
      count = redis.call('INCRBY', key, cost)
      if count == cost then redis.call('PEXPIRE', key, window) end
    else
      count = tonumber(redis.call('GET', key) or '0')
    end
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = window end
    table.insert(out, count)
    table.insert(out, ttl)
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
      const allowed = reply[at] === 1;
      const refused = (reply[at + 1] ?? 0) - 1;
      const states: BucketState[] = buckets.map((bucket, index) => ({
        limit: bucket.limit,
        remaining: Math.max(0, bucket.limit - (reply[at + 2 + 2 * index] ?? 0)),
        reset: Math.max(1, Math.ceil((reply[at + 3 + 2 * index] ?? bucket.windowMs) / 1000)),
        windowSeconds: Math.round(bucket.windowMs / 1000),
      }));
      at += 2 + 2 * buckets.length;
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
