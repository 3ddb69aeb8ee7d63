// The search cache: answers kept as the bytes the route sends, with their entity tag and, once asked
// for, their compressed forms; fresh for an hour, bounded in entries and bytes, with single-flight for
// identical concurrent misses and stale-if-error. A client that fills its share of the cache evicts
// its own least recently used answers, not everybody else's.
import { JsonText } from '../json-text.ts';
import type { FairShare } from './capacity.ts';

export type CacheOutcome = 'hit' | 'miss' | 'collapsed' | 'stale';

export interface CachedPage {
  body: JsonText;
  /** When the page was fetched (ms since the epoch). */
  storedAt: number;
}

export interface CacheLookup {
  page: CachedPage;
  outcome: CacheOutcome;
}

export interface SearchCacheStore {
  /**
   * The page under `key`: a fresh hit, or else `load` run once for every concurrent caller; when
   * `load` fails and a stale page is kept, the stale page. `owner` is charged for a stored page.
   */
  getOrLoad(key: string, owner: string, load: () => Promise<Uint8Array>): CacheLookup | Promise<CacheLookup>;
}

export interface SearchCacheLimits {
  share: FairShare;
  ttlMs: number;
}

export const DEFAULT_SEARCH_CACHE_LIMITS: SearchCacheLimits = {
  share: { total: { count: 5_000, bytes: 64 * 1024 * 1024 }, perClient: { count: 1_000, bytes: 16 * 1024 * 1024 } },
  ttlMs: 3_600_000,
};

/** Key, map slot and page object headers beside the body bytes. */
const ENTRY_OVERHEAD_BYTES = 200;

interface Entry {
  page: CachedPage;
  owner: string;
  bytes: number;
}

export class MemorySearchCache implements SearchCacheStore {
  /** Least recently used first. */
  readonly #entries = new Map<string, Entry>();
  readonly #owners = new Map<string, { bytes: number; keys: Set<string> }>();
  readonly #inFlight = new Map<string, Promise<CachedPage>>();
  readonly #limits: SearchCacheLimits;
  readonly #now: () => number;
  #bytes = 0;
  /** The key at the recent end of the LRU order. */
  #newest: string | undefined;

  constructor(limits: Partial<SearchCacheLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_SEARCH_CACHE_LIMITS, ...limits };
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** A fresh hit at once; anything else once loaded. */
  getOrLoad(key: string, owner: string, load: () => Promise<Uint8Array>): CacheLookup | Promise<CacheLookup> {
    const cached = this.#entries.get(key);
    if (cached) this.#touch(key, cached);
    if (cached && cached.page.storedAt + this.#limits.ttlMs > this.#now()) return { page: cached.page, outcome: 'hit' };
    return this.#load(key, owner, load, cached);
  }

  async #load(key: string, owner: string, load: () => Promise<Uint8Array>, cached: Entry | undefined) {
    const pending = this.#inFlight.get(key);
    const shared = pending ?? this.#start(key, owner, load);
    try {
      return { page: await shared, outcome: pending ? ('collapsed' as const) : ('miss' as const) };
    } catch (error) {
      if (cached) return { page: cached.page, outcome: 'stale' as const };
      throw error;
    }
  }

  #start(key: string, owner: string, load: () => Promise<Uint8Array>): Promise<CachedPage> {
    const loading = load()
      .then((bytes) => {
        const page = { body: cachedBody(bytes), storedAt: this.#now() };
        this.#store(key, { page, owner, bytes: ENTRY_OVERHEAD_BYTES + page.body.retainedBytes });
        return page;
      })
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, loading);
    return loading;
  }

  #store(key: string, entry: Entry): void {
    const { perClient, total } = this.#limits.share;
    this.#delete(key);
    if (entry.bytes > perClient.bytes) return;
    this.#entries.set(key, entry);
    this.#newest = key;
    this.#bytes += entry.bytes;
    let usage = this.#owners.get(entry.owner);
    if (!usage) {
      usage = { bytes: 0, keys: new Set() };
      this.#owners.set(entry.owner, usage);
    }
    usage.bytes += entry.bytes;
    usage.keys.add(key);
    while (usage.keys.size > perClient.count || usage.bytes > perClient.bytes) {
      const own = usage.keys.values().next().value;
      if (own === undefined) break;
      this.#delete(own);
    }
    while (this.#entries.size > total.count || this.#bytes > total.bytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
  }

  #touch(key: string, entry: Entry): void {
    // Already the most recent: moving it is a delete and an insert in two hash tables, which on a hot
    // page would cost every hit an allocation and change nothing.
    if (key === this.#newest) return;
    this.#newest = key;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const keys = this.#owners.get(entry.owner)?.keys;
    keys?.delete(key);
    keys?.add(key);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    const usage = this.#owners.get(entry.owner);
    if (!usage) return;
    usage.bytes -= entry.bytes;
    usage.keys.delete(key);
    if (usage.keys.size === 0) this.#owners.delete(entry.owner);
  }
}

/** A loaded page as the caches keep it: its entity tag made now, once, not on each hit. */
export function cachedBody(bytes: Uint8Array): JsonText {
  const body = new JsonText(bytes);
  void body.hash;
  return body;
}
