// Fixed-window rate limits in Redis: one window per bucket across every instance, each request charged
// all or none (the reason for our own Lua rather than a library's one-bucket limiter). Requests are
// charged in batches, one script call each, in arrival order, with the same answers as one call each. A
// batch is sent at the end of the event loop's turn, and while one is out the next gathers: the busier
// the server, the more requests share a round trip, with no wait at all when it is idle. When Redis does not
// answer, limits fail open with a log line: serving without a limit for a moment is better than
// refusing everyone.
import type { Bucket, BucketState, RateLimitDecision, RateLimitStore } from '../rate-limit-store.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

/**
 * ARGV: the number of distinct buckets, then per bucket its key, limit and window (ms); then per
 * request its cost, its bucket count and its buckets' positions (1-based) in that list. Each bucket is
 * read once, the batch is decided in Lua arithmetic in arrival order, and each charged bucket written
 * once: under load a batch holds many requests of few buckets, and Redis commands, not arithmetic, are
 * what cost. A window starts with its bucket's first charge, as in memory. Returns per request: the
 * refusing bucket (1-based, 0 for none), then each bucket's count and milliseconds to reset.
 */
const CONSUME = new RedisScript(`
local distinct = tonumber(ARGV[1])
local keys, limits, windows, counts, charged, ttls, fresh = {}, {}, {}, {}, {}, {}, {}
for b = 1, distinct do
  local key = ARGV[3 * b - 1]
  keys[b], limits[b], windows[b] = key, tonumber(ARGV[3 * b]), tonumber(ARGV[3 * b + 1])
  counts[b], charged[b] = tonumber(redis.call('GET', key) or 0), 0
  ttls[b] = redis.call('PTTL', key)
  fresh[b] = ttls[b] < 0
  if fresh[b] then ttls[b] = windows[b] end
end
local out = {}
local at = 3 * distinct + 2
while at <= #ARGV do
  local cost, buckets = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
  local refused = 0
  for i = 1, buckets do
    local b = tonumber(ARGV[at + 1 + i])
    if refused == 0 and counts[b] + cost > limits[b] then refused = i end
  end
  out[#out + 1] = refused
  for i = 1, buckets do
    local b = tonumber(ARGV[at + 1 + i])
    if refused == 0 then
      counts[b] = counts[b] + cost
      charged[b] = charged[b] + cost
    end
    out[#out + 1] = counts[b]
    out[#out + 1] = ttls[b]
  end
  at = at + 2 + buckets
end
for b = 1, distinct do
  if charged[b] > 0 then
    redis.call('INCRBY', keys[b], charged[b])
    if fresh[b] then redis.call('PEXPIRE', keys[b], windows[b]) end
  end
end
return out
`);

/** Requests in one script call at most: a flood after a stall is charged in several, none holding Redis long. */
const MAX_BATCH = 1_000;

interface Pending {
  buckets: readonly Bucket[];
  cost: number;
  resolve: (decision: RateLimitDecision) => void;
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisConnection;
  readonly #log: (message: string) => void;
  readonly #pending: Pending[] = [];
  #sending = false;
  #lastLogged = 0;

  constructor(redis: RedisConnection, log: (message: string) => void = console.error) {
    this.#redis = redis;
    this.#log = log;
  }

  consume(buckets: readonly Bucket[], cost: number): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      this.#pending.push({ buckets, cost, resolve });
      if (this.#pending.length === 1 && !this.#sending) setImmediate(() => this.#flush());
    });
  }

  /** Never rejects: on any failure every request of the batch is let through (fail open). */
  #flush(): void {
    if (this.#pending.length === 0) return;
    this.#sending = true;
    const batch = this.#pending.splice(0, MAX_BATCH);
    const positions = new Map<string, string>();
    const bucketArgs: string[] = [];
    const requestArgs: string[] = [];
    for (const { buckets, cost } of batch) {
      requestArgs.push(String(cost), String(buckets.length));
      for (const bucket of buckets) {
        let position = positions.get(bucket.key);
        if (position === undefined) {
          position = String(positions.size + 1);
          positions.set(bucket.key, position);
          bucketArgs.push(`rh:rl:${bucket.key}`, String(bucket.limit), String(bucket.windowMs));
        }
        requestArgs.push(position);
      }
    }
    const args = [String(positions.size), ...bucketArgs, ...requestArgs];
    CONSUME.run(this.#redis, [], args)
      .then(
        (reply) => this.#answer(batch, (reply as unknown[]).map(Number)),
        (error: unknown) => {
          if (Date.now() - this.#lastLogged > 10_000) {
            this.#lastLogged = Date.now();
            this.#log(`rate limits are not enforced while Redis is unavailable: ${(error as Error).message}`);
          }
          for (const { buckets, resolve } of batch) resolve(failOpen(buckets));
        },
      )
      .finally(() => {
        this.#sending = false;
        if (this.#pending.length > 0) setImmediate(() => this.#flush());
      });
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
