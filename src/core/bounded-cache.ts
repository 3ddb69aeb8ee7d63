// An LRU map bounded by entry count and total bytes, with an optional per-entry expiry. Every
// in-memory store in the core sits behind a bound like this, so memory follows configuration, not
// traffic.

export interface BoundedCacheOptions<V> {
  maxEntries: number;
  maxBytes: number;
  sizeOf: (value: V) => number;
  /** Milliseconds an entry stays fresh; omitted = forever. */
  ttlMs?: number;
  now?: () => number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  expiresAt: number;
  /** When the slot last went to the young end of the map, counted in insertions. */
  inserted: number;
}

export class BoundedCache<V> {
  readonly #slots = new Map<string, Slot<V>>();
  readonly #options: BoundedCacheOptions<V>;
  #bytes = 0;
  #insertions = 0;

  constructor(options: BoundedCacheOptions<V>) {
    this.#options = options;
  }

  get size(): number {
    return this.#slots.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The entry and whether it is still fresh; stale entries are kept until evicted (stale-if-error). */
  lookup(key: string): { value: V; fresh: boolean } | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    // A slot among the youngest eighth stays where it is: a hot entry is not moved on every hit (a
    // delete and a set of the map), and what is evicted is still among the least recently used.
    if (this.#insertions - slot.inserted > this.#slots.size >> 3) {
      this.#slots.delete(key);
      this.#slots.set(key, slot);
      slot.inserted = ++this.#insertions;
    }
    return { value: slot.value, fresh: slot.expiresAt > this.#now() };
  }

  get(key: string): V | undefined {
    const found = this.lookup(key);
    return found?.fresh ? found.value : undefined;
  }

  set(key: string, value: V): void {
    const bytes = this.#options.sizeOf(value);
    this.delete(key);
    if (bytes > this.#options.maxBytes) return;
    const ttl = this.#options.ttlMs ?? Number.POSITIVE_INFINITY;
    this.#slots.set(key, { value, bytes, expiresAt: this.#now() + ttl, inserted: ++this.#insertions });
    this.#bytes += bytes;
    while (this.#slots.size > this.#options.maxEntries || this.#bytes > this.#options.maxBytes) {
      const oldest = this.#slots.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.#slots.delete(key);
    this.#bytes -= slot.bytes;
  }

  /** Memoises a computed value under key. */
  remember(key: string, compute: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.set(key, value);
    return value;
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}
