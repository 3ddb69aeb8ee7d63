// The search cache in Redis: pages compressed with brotli, fresh for an hour and kept a day for
// stale-if-error, bounded by Redis's own eviction (maxmemory with allkeys-lru: see deploy/redis.conf),
// with single-flight across instances: the instance that takes a short lock loads the page, the others
// wait for it to appear. A small in-process copy of recent pages answers repeated hits without a round
// trip. When Redis does not answer, the cache is bypassed and each instance loads for itself.
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { BoundedCache } from '../../bounded-cache.ts';
import type { CacheOutcome, CachedPage, SearchCacheLimits, SearchCacheStore } from '../search-cache.ts';
import { DEFAULT_SEARCH_CACHE_LIMITS } from '../search-cache.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

const STALE_KEEP_MS = 24 * 3_600_000;
const LOCK_MS = 15_000;
const POLL_MS = 25;

/** ARGV: owner set, key, now, perCount, entry prefix. A client past its share loses its own oldest pages. */
const CHARGE_OWNER = new RedisScript(`
redis.call('ZADD', ARGV[1], tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', ARGV[1], ${STALE_KEEP_MS})
local excess = redis.call('ZCARD', ARGV[1]) - tonumber(ARGV[4])
if excess > 0 then
  local victims = redis.call('ZRANGE', ARGV[1], 0, excess - 1)
  for _, victim in ipairs(victims) do redis.call('DEL', ARGV[5] .. victim) end
  redis.call('ZREMRANGEBYRANK', ARGV[1], 0, excess - 1)
end
return 1
`);

function encode(page: CachedPage): Buffer {
  const head = Buffer.alloc(8);
  head.writeDoubleBE(page.storedAt);
  const body = brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  return Buffer.concat([head, body]);
}

function decode(stored: Buffer): CachedPage {
  return { storedAt: stored.readDoubleBE(0), body: brotliDecompressSync(stored.subarray(8)) };
}

export class RedisSearchCache implements SearchCacheStore {
  readonly #redis: RedisConnection;
  readonly #limits: SearchCacheLimits;
  readonly #now: () => number;
  readonly #local: BoundedCache<CachedPage>;
  readonly #inFlight = new Map<string, Promise<{ page: CachedPage; outcome: CacheOutcome }>>();

  constructor(redis: RedisConnection, limits: Partial<SearchCacheLimits> = {}, now = Date.now) {
    this.#redis = redis;
    this.#limits = { ...DEFAULT_SEARCH_CACHE_LIMITS, ...limits };
    this.#now = now;
    this.#local = new BoundedCache<CachedPage>({
      maxEntries: 500,
      maxBytes: 16 * 1024 * 1024,
      sizeOf: (page) => 200 + page.body.byteLength,
      now,
    });
  }

  async getOrLoad(key: string, owner: string, load: () => Promise<Uint8Array>) {
    const near = this.#local.lookup(key)?.value;
    if (near && this.#fresh(near)) return { page: near, outcome: 'hit' as const };
    const pending = this.#inFlight.get(key);
    if (pending) return { page: (await pending).page, outcome: 'collapsed' as const };
    const loading = this.#shared(key, owner, load).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, loading);
    const result = await loading;
    this.#local.set(key, result.page);
    return result;
  }

  #fresh(page: CachedPage): boolean {
    return page.storedAt + this.#limits.ttlMs > this.#now();
  }

  async #shared(
    key: string,
    owner: string,
    load: () => Promise<Uint8Array>,
  ): Promise<{ page: CachedPage; outcome: CacheOutcome }> {
    const entry = `rh:sc:e:${key}`;
    const lock = `rh:sc:lock:${key}`;
    let stale: CachedPage | undefined;
    try {
      const deadline = this.#now() + LOCK_MS;
      for (let waited = false; ; waited = true) {
        const stored = await this.#redis.send(['GET', entry], true);
        if (Buffer.isBuffer(stored)) {
          const page = decode(stored);
          if (this.#fresh(page)) return { page, outcome: waited ? 'collapsed' : 'hit' };
          stale = page;
        }
        if ((await this.#redis.send(['SET', lock, '1', 'NX', 'PX', String(LOCK_MS)])) === 'OK') break;
        if (this.#now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch {
      return this.#loadAlone(load, stale);
    }
    let page: CachedPage;
    try {
      page = { body: await load(), storedAt: this.#now() };
    } catch (error) {
      await this.#redis.send(['DEL', lock]).catch(() => undefined);
      if (stale) return { page: stale, outcome: 'stale' };
      throw error;
    }
    try {
      await this.#redis.send(['SET', entry, encode(page), 'PX', String(this.#limits.ttlMs + STALE_KEEP_MS)]);
      const perClient = String(this.#limits.share.perClient.count);
      await CHARGE_OWNER.run(this.#redis, [], [`rh:sc:o:${owner}`, key, String(this.#now()), perClient, 'rh:sc:e:']);
      await this.#redis.send(['DEL', lock]);
    } catch {
      // The page is served all the same; the next instance to miss loads it again.
    }
    return { page, outcome: 'miss' };
  }

  async #loadAlone(load: () => Promise<Uint8Array>, stale: CachedPage | undefined) {
    try {
      return { page: { body: await load(), storedAt: this.#now() }, outcome: 'miss' as const };
    } catch (error) {
      if (stale) return { page: stale, outcome: 'stale' as const };
      throw error;
    }
  }
}
