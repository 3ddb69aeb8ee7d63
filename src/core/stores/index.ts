// Every piece of state the core keeps between requests, behind async interfaces: bounded in-process
// stores by default, so one process needs nothing else; with REDIS_URL, the same stores in Redis, shared
// by every instance.
import type { Config } from '../config.ts';
import { DEFAULT_IDEMPOTENCY_LIMITS, MemoryIdempotencyStore, type IdempotencyStore } from './idempotency-store.ts';
import { DEFAULT_JOB_LIMITS, MemoryJobStore, type JobStore } from './job-store.ts';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { connectRedis, type ConnectedRedis, type StoreHealth } from './redis/connection.ts';
import { evictionWarning } from './redis/eviction-policy.ts';
import { RedisIdempotencyStore } from './redis/redis-idempotency-store.ts';
import { RedisJobStore } from './redis/redis-job-store.ts';
import { redisRateLimitStore } from './redis/redis-rate-limit-store.ts';
import { RedisSearchCache } from './redis/redis-search-cache.ts';
import { RedisTokenStore } from './redis/redis-token-store.ts';
import { MemorySearchCache, type SearchCacheStore } from './search-cache.ts';
import { DEFAULT_TOKEN_LIMITS, MemoryTokenStore, type TokenStore } from './token-store.ts';

export interface Stores {
  jobs: JobStore;
  idempotency: IdempotencyStore;
  rateLimits: RateLimitStore;
  tokens: TokenStore;
  searchCache: SearchCacheStore;
  /** Resolves when the stores can serve (Redis connected, or given up waiting); memory stores at once. */
  ready(timeoutMs: number): Promise<boolean>;
  /** For /readyz: can the stores do all their work now, and if not, why. */
  health(): Promise<StoreHealth>;
  /** Bounded: a stalled Redis does not hold a stopping server. */
  close(): Promise<void>;
}

/** The per-client shares come from configuration; totals and lifetimes are the documented defaults. */
const perClient = <T extends { share: { perClient: { count: number; bytes: number } } }>(
  limits: T,
  count: number,
): T => ({
  ...limits,
  share: { ...limits.share, perClient: { ...limits.share.perClient, count } },
});

export function createStores(config: Config, log: (message: string) => void = console.error): Stores {
  if (!config.redis) return createMemoryStores(config);
  const redis = connectRedis(config.redis, { log });
  // Once connected (within the 5 s start-up waits for Redis): a policy that could evict state is said
  // in one sentence. No longer wait, so a short-lived process is not kept alive by the check.
  void redis
    .ready(5_000)
    .then((connected) => (connected ? evictionWarning(redis) : undefined))
    .then(
      (warning) => warning && log(warning),
      () => undefined,
    );
  // A policy that could evict state makes the server not ready: work it accepts may be forgotten. A Redis
  // that forbids CONFIG (managed services) is not held against it: the warning above says so once.
  redis.addReadinessCheck(async () => {
    const warning = await evictionWarning(redis);
    return warning?.startsWith('redis: maxmemory-policy is')
      ? `misconfigured: ${warning.slice('redis: '.length)}`
      : undefined;
  });
  return createRedisStores(config, redis);
}

export function createRedisStores(config: Config, redis: ConnectedRedis): Stores {
  return {
    jobs: new RedisJobStore(redis, perClient(DEFAULT_JOB_LIMITS, config.jobsPerClient), config.jobLeaseMs),
    idempotency: new RedisIdempotencyStore(
      redis,
      perClient(DEFAULT_IDEMPOTENCY_LIMITS, config.idempotencyKeysPerClient),
    ),
    rateLimits: redisRateLimitStore(redis),
    tokens: new RedisTokenStore(redis, perClient(DEFAULT_TOKEN_LIMITS, config.tokensPerClient)),
    searchCache: new RedisSearchCache(redis),
    ready: (timeoutMs) => redis.ready(timeoutMs),
    health: () => redis.health(),
    close: () => redis.close(),
  };
}

export function createMemoryStores(config: Config, now: () => number = Date.now): Stores {
  return {
    jobs: new MemoryJobStore(perClient(DEFAULT_JOB_LIMITS, config.jobsPerClient), now),
    idempotency: new MemoryIdempotencyStore(
      perClient(DEFAULT_IDEMPOTENCY_LIMITS, config.idempotencyKeysPerClient),
      now,
    ),
    rateLimits: new MemoryRateLimitStore(now),
    tokens: new MemoryTokenStore(perClient(DEFAULT_TOKEN_LIMITS, config.tokensPerClient), now),
    searchCache: new MemorySearchCache({}, now),
    ready: async () => true,
    health: async () => ({ ready: true }),
    close: async () => undefined,
  };
}
