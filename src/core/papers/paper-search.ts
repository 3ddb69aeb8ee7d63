// Search with a one-hour cache in front of a paper source: bounded by entries and bytes, keyed by the
// normalised request, single-flight for identical concurrent misses, and stale-if-error when the
// source fails.
import { BoundedCache } from '../bounded-cache.ts';
import type { PaperQuery, PaperResults, PaperSource } from './paper-source.ts';

export type CacheOutcome = 'hit' | 'miss' | 'collapsed' | 'stale';

export interface SearchOutcome {
  results: PaperResults;
  cache: CacheOutcome;
  /** Seconds since the results were fetched. */
  age: number;
}

interface Entry {
  results: PaperResults;
  fetchedAt: number;
  bytes: number;
}

export interface PaperSearchOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export function normaliseQuery(q: string): string {
  return q.normalize('NFC').trim().replace(/\s+/g, ' ');
}

export class PaperSearch {
  readonly source: PaperSource;
  readonly ttlMs: number;
  readonly #cache: BoundedCache<Entry>;
  readonly #inFlight = new Map<string, Promise<Entry>>();
  readonly #now: () => number;

  constructor(source: PaperSource, options: PaperSearchOptions = {}) {
    this.source = source;
    this.ttlMs = options.ttlMs ?? 3_600_000;
    this.#now = options.now ?? Date.now;
    this.#cache = new BoundedCache<Entry>({
      maxEntries: options.maxEntries ?? 5_000,
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      sizeOf: (entry) => entry.bytes,
      ttlMs: this.ttlMs,
      now: this.#now,
    });
  }

  static key(query: PaperQuery): string {
    return `${query.corpus}|${query.limit}|${query.page}|${normaliseQuery(query.q).toLowerCase()}`;
  }

  async search(query: PaperQuery): Promise<SearchOutcome> {
    const key = PaperSearch.key(query);
    const cached = this.#cache.lookup(key);
    if (cached?.fresh) return this.#outcome(cached.value, 'hit');

    const pending = this.#inFlight.get(key);
    const shared = pending ?? this.#start(key, query);
    try {
      return this.#outcome(await shared, pending ? 'collapsed' : 'miss');
    } catch (error) {
      if (cached) return this.#outcome(cached.value, 'stale');
      throw error;
    }
  }

  #start(key: string, query: PaperQuery): Promise<Entry> {
    const fetching = this.#fetch(query).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, fetching);
    return fetching.then((entry) => {
      this.#cache.set(key, entry);
      return entry;
    });
  }

  async #fetch(query: PaperQuery): Promise<Entry> {
    const results = await this.source.search(query);
    // Rough size: two bytes per character of the JSON the entry would serialise to.
    return { results, fetchedAt: this.#now(), bytes: JSON.stringify(results).length * 2 };
  }

  #outcome(entry: Entry, cache: CacheOutcome): SearchOutcome {
    return { results: entry.results, cache, age: Math.max(0, Math.floor((this.#now() - entry.fetchedAt) / 1000)) };
  }
}
