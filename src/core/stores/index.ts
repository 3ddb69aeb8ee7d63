// Every piece of state the core keeps between requests, behind async interfaces: bounded in-process
// stores by default, so one process needs nothing else.
import type { Config } from '../config.ts';
import { DEFAULT_IDEMPOTENCY_LIMITS, MemoryIdempotencyStore, type IdempotencyStore } from './idempotency-store.ts';
import { DEFAULT_JOB_LIMITS, MemoryJobStore, type JobStore } from './job-store.ts';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { MemorySearchCache, type SearchCacheStore } from './search-cache.ts';
import { DEFAULT_TOKEN_LIMITS, MemoryTokenStore, type TokenStore } from './token-store.ts';

export interface Stores {
  jobs: JobStore;
  idempotency: IdempotencyStore;
  rateLimits: RateLimitStore;
  tokens: TokenStore;
  searchCache: SearchCacheStore;
}

/** The per-client shares come from configuration; totals and lifetimes are the documented defaults. */
export function createMemoryStores(config: Config, now: () => number = Date.now): Stores {
  const perClient = <T extends { share: { perClient: { count: number; bytes: number } } }>(
    limits: T,
    count: number,
  ): T => ({
    ...limits,
    share: { ...limits.share, perClient: { ...limits.share.perClient, count } },
  });
  return {
    jobs: new MemoryJobStore(perClient(DEFAULT_JOB_LIMITS, config.jobsPerClient), now),
    idempotency: new MemoryIdempotencyStore(
      perClient(DEFAULT_IDEMPOTENCY_LIMITS, config.idempotencyKeysPerClient),
      now,
    ),
    rateLimits: new MemoryRateLimitStore(now),
    tokens: new MemoryTokenStore(perClient(DEFAULT_TOKEN_LIMITS, config.tokensPerClient), now),
    searchCache: new MemorySearchCache({}, now),
  };
}
