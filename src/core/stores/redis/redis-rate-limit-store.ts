// Fixed-window rate limits in Redis: one window per bucket across every instance, charged all or
// none in one script (the reason for our own Lua rather than a library's one-bucket limiter). When
// Redis does not answer, limits fail open with a log line: serving without a limit for a moment is
// better than refusing everyone.
import type { Bucket, RateLimitDecision, RateLimitStore } from '../rate-limit-store.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

/** ARGV: cost, then limit and window (ms) per key. Returns {allowed, index, count, ttl, ...} per bucket. */
const CONSUME = new RedisScript(`
local cost = tonumber(ARGV[1])
local refused = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if refused == 0 and count + cost > tonumber(ARGV[2 * i]) then refused = i end
end
local out = {refused == 0 and 1 or 0}
for i, key in ipairs(KEYS) do
  local count
  if refused == 0 then
    count = redis.call('INCRBY', key, cost)
    if count == cost then redis.call('PEXPIRE', key, tonumber(ARGV[2 * i + 1])) end
  else
    count = tonumber(redis.call('GET', key) or '0')
  end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then ttl = tonumber(ARGV[2 * i + 1]) end
  table.insert(out, count)
  table.insert(out, ttl)
end
table.insert(out, refused)
return out
`);

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisConnection;
  readonly #log: (message: string) => void;
  #lastLogged = 0;

  constructor(redis: RedisConnection, log: (message: string) => void = console.error) {
    this.#redis = redis;
    this.#log = log;
  }

  async consume(buckets: readonly Bucket[], cost: number): Promise<RateLimitDecision> {
    let reply: number[];
    try {
      const args = [String(cost), ...buckets.flatMap((bucket) => [String(bucket.limit), String(bucket.windowMs)])];
      reply = (await CONSUME.run(
        this.#redis,
        buckets.map((bucket) => `rh:rl:${bucket.key}`),
        args,
      )) as number[];
    } catch (error) {
      if (Date.now() - this.#lastLogged > 10_000) {
        this.#lastLogged = Date.now();
        this.#log(`rate limits are not enforced while Redis is unavailable: ${(error as Error).message}`);
      }
      const first = buckets[0] as Bucket;
      const windowSeconds = Math.round(first.windowMs / 1000);
      return {
        allowed: true,
        binding: { limit: first.limit, remaining: first.limit, reset: windowSeconds, windowSeconds },
      };
    }
    const allowed = reply[0] === 1;
    const refusedIndex = Number(reply.at(-1)) - 1;
    const states = buckets.map((bucket, index) => {
      const count = Number(reply[1 + 2 * index]);
      const ttl = Number(reply[2 + 2 * index]);
      return {
        limit: bucket.limit,
        remaining: Math.max(0, bucket.limit - count),
        reset: Math.max(1, Math.ceil(ttl / 1000)),
        windowSeconds: Math.round(bucket.windowMs / 1000),
      };
    });
    const binding = allowed
      ? states.reduce((best, state) => (state.remaining < best.remaining ? state : best))
      : states[refusedIndex];
    return { allowed, binding: binding ?? (states[0] as (typeof states)[number]) };
  }
}
