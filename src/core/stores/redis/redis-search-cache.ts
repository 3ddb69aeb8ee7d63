// The search cache in Redis: pages compressed with brotli (the very bytes brotli clients are sent) and
// stored with their entity tag, fresh for an hour and kept a day for stale-if-error. Bounded by the app,
// not by Redis's eviction (which would pick state keys as readily as pages: deploy/redis.conf has
// noeviction): a page stored past a client's share or past the total drops the oldest pages first
// (age to the millisecond), counted with the same bookkeeping as the other stores
// (redis-fair-share.ts). Single-flight across
// instances: the instance that takes a short lock loads the page, the others wait for it to appear;
// the lock carries its holder's token, is renewed while the load runs and freed only by its holder, so
// a dead holder keeps the others waiting a few seconds at most. A small in-process copy of recent
// pages answers repeated hits without a round trip. When Redis does not answer, the cache is bypassed
// and each instance loads for itself.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { BoundedCache } from '../../bounded-cache.ts';
import { JsonText } from '../../json-text.ts';
import type { CacheLookup, CachedPage, SearchCacheLimits, SearchCacheStore } from '../search-cache.ts';
import { cachedBody, DEFAULT_SEARCH_CACHE_LIMITS } from '../search-cache.ts';
import { RedisScript, type RedisConnection } from './connection.ts';
import { COMMON, storeKeys, SWEEP } from './redis-fair-share.ts';

const STALE_KEEP_MS = 24 * 3_600_000;
/** How long a lock outlives its holder's last renewal. */
const LOCK_MS = 5_000;
/** The longest a miss waits on another instance's load before loading for itself. */
const WAIT_MS = 15_000;
const POLL_MS = 25;
/** Bytes of bookkeeping per page beside its stored bytes: key names, index members. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * KEYS: all, oe, bytes, obytes, the entry. ARGV: value, owner, bytes, ttlMs, perCount, perBytes,
 * totalCount, totalBytes, keepMs, key. Stores the page, first forgetting the owner's oldest pages
 * past its share, then the oldest of all past the total; returns the keys of the pages dropped, for
 * the caller to delete (no script here builds a key name).
 */
const STORE = new RedisScript(`${COMMON}${SWEEP}
local value, owner, bytes, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local perCount, perBytes, totalCount, totalBytes = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
if bytes > perBytes or bytes > totalBytes then return {} end
local old = redis.call('HGET', KEYS[5], 'm')
if old then forget(old) end
sweep()
sweepOwner(owner)
local dropped = {}
local low, high = ownedBy(owner)
local count, held = usage(owner)
while count + 1 > perCount or held + bytes > perBytes do
  local first = redis.call('ZRANGEBYLEX', OE, low, high, 'LIMIT', 0, 1)[1]
  if not first then break end
  forget(first)
  local _, _, _, key = parse(first)
  dropped[#dropped + 1] = key
  count, held = usage(owner)
end
local total, stored = totals()
while total + 1 > totalCount or stored + bytes > totalBytes do
  local first = redis.call('ZRANGE', ALL, 0, 0)[1]
  if not first then break end
  forget(first)
  local _, _, _, key = parse(first)
  dropped[#dropped + 1] = key
  total, stored = totals()
end
local member = memberOf(owner, now + tonumber(ttl), bytes, ARGV[10])
redis.call('HSET', KEYS[5], 'v', value, 'm', member)
redis.call('PEXPIRE', KEYS[5], ttl)
remember(member, owner, now + tonumber(ttl), bytes)
keep(tonumber(ARGV[9]))
return dropped
`);

/** KEYS: the lock. ARGV: token, ms. Extends the lock only for its holder. */
const RENEW_LOCK = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

/** KEYS: the lock. ARGV: token. Frees the lock only for its holder. */
const FREE_LOCK = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

const KEYS = storeKeys('sc');

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
    const entry = KEYS.entry(key);
    const lock = `${KEYS.prefix}lock:${key}`;
    const token = randomBytes(12).toString('base64url');
    let stale: CachedPage | undefined;
    try {
      const deadline = this.#now() + WAIT_MS;
      for (let waited = false; ; waited = true) {
        const stored = await this.#stored(entry);
        if (stored && this.#fresh(stored)) return { page: stored, outcome: waited ? 'collapsed' : 'hit' };
        stale = stored ?? stale;
        if ((await this.#redis.send(['SET', lock, token, 'NX', 'PX', String(LOCK_MS)])) === 'OK') {
          // The empty read may have been answered before another holder stored the page and freed
          // the lock: read again under the lock before loading.
          const stored = await this.#stored(entry);
          if (!stored || !this.#fresh(stored)) break;
          await FREE_LOCK.run(this.#redis, [lock], [token]).catch(() => undefined);
          return { page: stored, outcome: 'collapsed' };
        }
        if (this.#now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch {
      return this.#loadAlone(load, stale);
    }
    const renewal = setInterval(() => {
      RENEW_LOCK.run(this.#redis, [lock], [token, String(LOCK_MS)]).catch(() => undefined);
    }, LOCK_MS / 3);
    renewal.unref();
    let page: CachedPage;
    try {
      page = { body: cachedBody(await load()), storedAt: this.#now() };
    } catch (error) {
      clearInterval(renewal);
      await FREE_LOCK.run(this.#redis, [lock], [token]).catch(() => undefined);
      if (stale) return { page: stale, outcome: 'stale' };
      throw error;
    }
    clearInterval(renewal);
    try {
      await this.#store(key, owner, await encode(page));
      await FREE_LOCK.run(this.#redis, [lock], [token]);
    } catch {
      // The page is served all the same; the next instance to miss loads it again.
    }
    return { page, outcome: 'miss' };
  }

  async #stored(entry: string): Promise<CachedPage | undefined> {
    const stored = await this.#redis.send(['HGET', entry, 'v'], true);
    return Buffer.isBuffer(stored) ? decode(stored) : undefined;
  }

  async #store(key: string, owner: string, value: Buffer): Promise<void> {
    const { perClient, total } = this.#limits.share;
    const ttlMs = this.#limits.ttlMs + STALE_KEEP_MS;
    const bounds = [perClient.count, perClient.bytes, total.count, total.bytes].map(String);
    const bytes = String(ENTRY_OVERHEAD_BYTES + value.length);
    const args = [value, owner, bytes, String(ttlMs), ...bounds, String(ttlMs + 60_000), key];
    const dropped = (await STORE.run(this.#redis, [...KEYS.bookkeeping, KEYS.entry(key)], args)) as string[];
    // One slot ({sc}) holds every page, so one DEL takes them all, on Redis Cluster too.
    if (dropped.length > 0) await this.#redis.send(['UNLINK', ...dropped.map((gone) => KEYS.entry(gone))]);
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
