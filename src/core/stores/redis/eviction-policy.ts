// The start-up check that Redis will never evict application state: with a memory limit and any
// policy but noeviction, Redis picks keys to drop by its own rule (approximate LRU, LFU, random or
// soonest TTL), and every key here has a TTL, so tokens, idempotency records, jobs and rate windows
// would go as readily as cached pages. The cache is bounded by the app (redis-search-cache.ts).
import type { RedisConnection } from './connection.ts';

/** What to tell the operator about Redis's memory policy; undefined when state cannot be evicted. */
export async function evictionWarning(redis: RedisConnection): Promise<string | undefined> {
  let policy: string;
  let limit: string;
  try {
    policy = configValue(await redis.send(['CONFIG', 'GET', 'maxmemory-policy']));
    limit = configValue(await redis.send(['CONFIG', 'GET', 'maxmemory']));
  } catch {
    // Managed services often rename or forbid CONFIG: say what we could not check, once.
    return (
      'redis: could not read maxmemory-policy (CONFIG GET is not allowed); unless it is noeviction, ' +
      'Redis may evict tokens, idempotency records, jobs and rate-limit windows under memory pressure.'
    );
  }
  if (policy === 'noeviction' || limit === '0') return undefined;
  return (
    `redis: maxmemory-policy is ${policy}, so when Redis fills its ${limit} bytes it may evict tokens, ` +
    'idempotency records, jobs and rate-limit windows, not only cached pages: set it to noeviction ' +
    '(deploy/redis.conf does).'
  );
}

function configValue(reply: unknown): string {
  if (Array.isArray(reply)) return String(reply[1] ?? '');
  // RESP3 answers CONFIG GET with a map.
  if (reply && typeof reply === 'object') return String(Object.values(reply)[0] ?? '');
  return '';
}
