// Bounds for every store that keeps what clients send: a total, and a share that one client (its
// network address) may hold of it, both in entries and in bytes. A client over its share is refused
// on its own; a full store refuses everyone. Either way the refusal says when room really frees.

export interface Capacity {
  count: number;
  bytes: number;
}

export interface FairShare {
  total: Capacity;
  perClient: Capacity;
}

/** A store has no room: for this client (`client`) or for anyone (`server`). Mapped to 429 / 503 at the edge. */
export class CapacityError extends Error {
  override readonly name = 'CapacityError';
  constructor(
    readonly scope: 'client' | 'server',
    /** What is held, in the plural: "asynchronous jobs", "idempotency records". */
    readonly what: string,
    /** Seconds until an entry that counts against the bound expires. */
    readonly retryAfterSeconds: number,
    readonly limit: Capacity,
  ) {
    super(
      scope === 'client'
        ? `You hold as many ${what} as one client may (${limit.count} entries or ${formatBytes(limit.bytes)}).`
        : `The server holds as many ${what} as it can right now.`,
    );
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

interface Slot<V> {
  value: V;
  owner: string;
  bytes: number;
  expiresAt: number;
}

/**
 * A map whose entries expire and count against a fair share. Expired entries are swept at most once a
 * second, so a read costs a map lookup; per-client usage is kept alongside, so checking a share does
 * not scan the store.
 */
export class FairShareMap<V> {
  readonly #slots = new Map<string, Slot<V>>();
  readonly #owners = new Map<string, { count: number; bytes: number; keys: Set<string> }>();
  readonly #share: FairShare;
  readonly #what: string;
  readonly #now: () => number;
  #bytes = 0;
  #lastSweep = 0;

  constructor(share: FairShare, what: string, now: () => number = Date.now) {
    this.#share = share;
    this.#what = what;
    this.#now = now;
  }

  get size(): number {
    return this.#slots.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.#now()) {
      this.delete(key);
      return undefined;
    }
    return slot.value;
  }

  /** Adds a new entry; throws CapacityError when its owner's share or the total has no room. */
  add(key: string, value: V, owner: string, bytes: number, ttlMs: number): void {
    this.#sweep();
    const usage = this.#owners.get(owner) ?? { count: 0, bytes: 0, keys: new Set<string>() };
    const { perClient, total } = this.#share;
    if (usage.count + 1 > perClient.count || usage.bytes + bytes > perClient.bytes) {
      throw new CapacityError('client', this.#what, this.#secondsUntilFree(usage.keys), perClient);
    }
    if (this.#slots.size + 1 > total.count || this.#bytes + bytes > total.bytes) {
      throw new CapacityError('server', this.#what, this.#secondsUntilFree(this.#slots.keys()), total);
    }
    this.delete(key);
    this.#store(key, { value, owner, bytes, expiresAt: this.#now() + ttlMs });
  }

  /**
   * Replaces the value of an entry that was admitted, keeping its owner. Its new size is counted even
   * past the share (a result is only known once the work is done); later additions see it.
   */
  replace(key: string, value: V, bytes: number, ttlMs?: number): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.delete(key);
    this.#store(key, { ...slot, value, bytes, expiresAt: ttlMs === undefined ? slot.expiresAt : this.#now() + ttlMs });
  }

  delete(key: string): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.#slots.delete(key);
    this.#bytes -= slot.bytes;
    const usage = this.#owners.get(slot.owner);
    if (!usage) return;
    usage.count -= 1;
    usage.bytes -= slot.bytes;
    usage.keys.delete(key);
    if (usage.count === 0) this.#owners.delete(slot.owner);
  }

  /** Every live entry (for shutdown, which fails what is still running). */
  *values(): IterableIterator<V> {
    const now = this.#now();
    for (const slot of this.#slots.values()) if (slot.expiresAt > now) yield slot.value;
  }

  #store(key: string, slot: Slot<V>): void {
    this.#slots.set(key, slot);
    this.#bytes += slot.bytes;
    let usage = this.#owners.get(slot.owner);
    if (!usage) {
      usage = { count: 0, bytes: 0, keys: new Set() };
      this.#owners.set(slot.owner, usage);
    }
    usage.count += 1;
    usage.bytes += slot.bytes;
    usage.keys.add(key);
  }

  #secondsUntilFree(keys: Iterable<string>): number {
    let soonest = Number.POSITIVE_INFINITY;
    for (const key of keys) soonest = Math.min(soonest, this.#slots.get(key)?.expiresAt ?? soonest);
    const seconds = Math.ceil((soonest - this.#now()) / 1000);
    return Number.isFinite(seconds) ? Math.max(1, seconds) : 1;
  }

  #sweep(): void {
    const now = this.#now();
    if (now - this.#lastSweep < 1000) return;
    this.#lastSweep = now;
    for (const [key, slot] of this.#slots) if (slot.expiresAt <= now) this.delete(key);
  }
}
