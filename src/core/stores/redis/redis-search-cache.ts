// The search cache in Redis: pages compressed with brotli (the very bytes brotli clients are sent) and
// stored with their entity tag, fresh for an hour and kept a day for
// stale-if-error, bounded by Redis's own eviction (maxmemory with allkeys-lru: see deploy/redis.conf),
// with single-flight across instances: the instance that takes a short lock loads the page, the others
// wait for it to appear. A small in-process copy of recent pages answers repeated hits without a round
// trip. When Redis does not answer, the cache is bypassed and each instance loads for itself.
import { brotliDecompressSync } from 'node:zlib';
import { BoundedCache } from '../../bounded-cache.ts';
import { JsonText } from '../../json-text.ts';
import type { CacheLookup, CachedPage, SearchCacheLimits, SearchCacheStore } from '../search-cache.ts';
import { cachedBody, DEFAULT_SEARCH_CACHE_LIMITS } from '../search-cache.ts';
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

/** Entries of the current layout; the key prefix changes with the layout, so older entries just expire. */
const ENTRY_PREFIX = 'rh:sc:e2:';
/** A stored entry: when it was fetched (float64), the length of its hash (one byte), the hash, the brotli body. */
const HEAD_BYTES = 9;

async function encode(page: CachedPage): Promise<Buffer> {
  const hash = Buffer.from(page.body.hash, 'latin1');
  const head = Buffer.alloc(HEAD_BYTES);
  head.writeDoubleBE(page.storedAt);
  head.writeUInt8(hash.length, 8);
  return Buffer.concat([head, hash, await page.body.encoded('br')]);
}

function decode(stored: Buffer): CachedPage {
  const hashEnd = HEAD_BYTES + stored.readUInt8(8);
  const br = stored.subarray(hashEnd);
  const hash = stored.toString('latin1', HEAD_BYTES, hashEnd);
  return { storedAt: stored.readDoubleBE(0), body: new JsonText(brotliDecompressSync(br), { hash, br }) };
}

export class RedisSearchCache implements SearchCacheStore {
  readonly #redis: RedisConnection;
  readonly #limits: SearchCacheLimits;
  readonly #now: () => number;
  readonly #local: BoundedCache<CachedPage>;
  readonly #inFlight = new Map<string, Promise<CacheLookup>>();

  constructor(redis: RedisConnection, limits: Partial<SearchCacheLimits> = {}, now = Date.now) {
    this.#redis = redis;
    this.#limits = { ...DEFAULT_SEARCH_CACHE_LIMITS, ...limits };
    this.#now = now;
    this.#local = new BoundedCache<CachedPage>({
      maxEntries: 500,
      maxBytes: 16 * 1024 * 1024,
      sizeOf: (page) => 200 + page.body.retainedBytes,
      now,
    });
  }

  /** A fresh page of the local copy at once; anything else after Redis (or the source) answered. */
  getOrLoad(key: string, owner: string, load: () => Promise<Uint8Array>): CacheLookup | Promise<CacheLookup> {
    const near = this.#local.lookup(key)?.value;
    if (near && this.#fresh(near)) return { page: near, outcome: 'hit' };
    return this.#remote(key, owner, load);
  }

  async #remote(key: string, owner: string, load: () => Promise<Uint8Array>): Promise<CacheLookup> {
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

  async #shared(key: string, owner: string, load: () => Promise<Uint8Array>): Promise<CacheLookup> {
    const entry = `${ENTRY_PREFIX}${key}`;
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
      page = { body: cachedBody(await load()), storedAt: this.#now() };
    } catch (error) {
      await this.#redis.send(['DEL', lock]).catch(() => undefined);
      if (stale) return { page: stale, outcome: 'stale' };
      throw error;
    }
    try {
      await this.#redis.send(['SET', entry, await encode(page), 'PX', String(this.#limits.ttlMs + STALE_KEEP_MS)]);
      const perClient = String(this.#limits.share.perClient.count);
      await CHARGE_OWNER.run(this.#redis, [], [`rh:sc:o:${owner}`, key, String(this.#now()), perClient, ENTRY_PREFIX]);
      await this.#redis.send(['DEL', lock]);
    } catch {
      // The page is served all the same; the next instance to miss loads it again.
    }
    return { page, outcome: 'miss' };
  }

  async #loadAlone(load: () => Promise<Uint8Array>, stale: CachedPage | undefined) {
    try {
      return { page: { body: cachedBody(await load()), storedAt: this.#now() }, outcome: 'miss' as const };
    } catch (error) {
      if (stale) return { page: stale, outcome: 'stale' as const };
      throw error;
    }
  }
}
