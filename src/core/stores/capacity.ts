// Bounds for every store that keeps what clients send: a total, and a share that one client (its
// network address) may hold of it, both in entries and in bytes. A client over its share is refused
// on its own; a full store refuses everyone. Either way the refusal says when room really frees.
//
// A store whose entries can be given up (a job's finished result, which its client can be told is
// gone) does not refuse when full, which would let a group of clients, each within its share, shut
// everyone else out (issue 45): it gives up the oldest such entry of its largest holder (by bytes)
// instead. Entries that cannot be given up (unfinished jobs) are bounded apart: past the total less
// `reservedPlaces`, only a client holding none of them may add one, so a group of fewer than
// `reservedPlaces` clients always leaves a place for a newcomer.

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

/** Which entries a full store may give up, and how many places only clients holding no other entry may take. */
export interface Eviction<V> {
  evictable(value: V): boolean;
  reservedPlaces: number;
}

interface Slot<V> {
  value: V;
  owner: string;
  bytes: number;
  expiresAt: number;
  /** Cannot be given up to make room (see Eviction). */
  pinned: boolean;
}

interface Usage {
  count: number;
  bytes: number;
  pinned: number;
  /** In the order stored: a replaced entry moves to the end, so the first are the oldest finished. */
  keys: Set<string>;
}

/** Seconds a client holding unfinished work is asked to wait when only kept places are left. */
const PINNED_RETRY_AFTER_SECONDS = 5;

/**
 * A map whose entries expire and count against a fair share. Expired entries are swept at most once a
 * second, so a read costs a map lookup; per-client usage is kept alongside, so checking a share does
 * not scan the store.
 */
export class FairShareMap<V> {
  readonly #slots = new Map<string, Slot<V>>();
  readonly #owners = new Map<string, Usage>();
  readonly #share: FairShare;
  readonly #what: string;
  readonly #now: () => number;
  readonly #eviction: Eviction<V> | undefined;
  #bytes = 0;
  #pinned = 0;
  #lastSweep = 0;

  constructor(share: FairShare, what: string, now: () => number = Date.now, eviction?: Eviction<V>) {
    this.#share = share;
    this.#what = what;
    this.#now = now;
    this.#eviction = eviction;
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
    const usage = this.#owners.get(owner) ?? { count: 0, bytes: 0, pinned: 0, keys: new Set<string>() };
    const { perClient, total } = this.#share;
    if (usage.count + 1 > perClient.count || usage.bytes + bytes > perClient.bytes) {
      throw new CapacityError('client', this.#what, this.#secondsUntilFree(usage.keys), perClient);
    }
    const pinned = this.#isPinned(value);
    if (pinned && !this.#pinnedFits(usage)) {
      throw new CapacityError('server', this.#what, PINNED_RETRY_AFTER_SECONDS, total);
    }
    if (!this.#makeRoom(1, bytes)) {
      throw new CapacityError('server', this.#what, this.#secondsUntilFree(this.#slots.keys()), total);
    }
    this.delete(key);
    this.#store(key, { value, owner, bytes, expiresAt: this.#now() + ttlMs, pinned });
  }

  /** Brings the entry's expiry forward to at most `ttlMs` from now (a result its client has fetched). */
  shorten(key: string, ttlMs: number): void {
    const slot = this.#slots.get(key);
    if (slot) slot.expiresAt = Math.min(slot.expiresAt, this.#now() + ttlMs);
  }

  /**
   * Replaces the value of an entry that was admitted, keeping its owner. Its new size is counted even
   * past the share (a result is only known once the work is done); later additions see it.
   */
  replace(key: string, value: V, bytes: number, ttlMs?: number): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.delete(key);
    const expiresAt = ttlMs === undefined ? slot.expiresAt : this.#now() + ttlMs;
    this.#store(key, { ...slot, value, bytes, expiresAt, pinned: this.#isPinned(value) });
    // A result larger than the room left makes room as an addition would, never by giving up itself.
    this.#makeRoom(0, 0, key);
  }

  delete(key: string): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.#slots.delete(key);
    this.#bytes -= slot.bytes;
    if (slot.pinned) this.#pinned -= 1;
    const usage = this.#owners.get(slot.owner);
    if (!usage) return;
    usage.count -= 1;
    usage.bytes -= slot.bytes;
    if (slot.pinned) usage.pinned -= 1;
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
      usage = { count: 0, bytes: 0, pinned: 0, keys: new Set() };
      this.#owners.set(slot.owner, usage);
    }
    usage.count += 1;
    usage.bytes += slot.bytes;
    usage.keys.add(key);
    if (slot.pinned) {
      usage.pinned += 1;
      this.#pinned += 1;
    }
  }

  /** Whether one more entry that cannot be given up fits: the kept places are for owners holding none. */
  #pinnedFits(usage: Usage): boolean {
    const { count } = this.#share.total;
    const reserved = usage.pinned > 0 ? Math.min(this.#eviction?.reservedPlaces ?? 0, Math.floor(count / 2)) : 0;
    return this.#pinned + 1 <= count - reserved;
  }

  #isPinned(value: V): boolean {
    return this.#eviction !== undefined && !this.#eviction.evictable(value);
  }

  /** Gives up entries until `count` more and `bytes` more fit; false when what is left cannot be given up. */
  #makeRoom(count: number, bytes: number, keep?: string): boolean {
    const { total } = this.#share;
    while (this.#slots.size + count > total.count || this.#bytes + bytes > total.bytes) {
      if (!this.#evictOne(keep)) return false;
    }
    return true;
  }

  /** Gives up the oldest entry that may be given up of the holder of most bytes that has one. */
  #evictOne(keep: string | undefined): boolean {
    if (!this.#eviction) return false;
    const holders = [...this.#owners.values()].sort((a, b) => b.bytes - a.bytes);
    for (const usage of holders) {
      if (usage.pinned === usage.count) continue;
      for (const key of usage.keys) {
        if (key === keep || this.#slots.get(key)?.pinned !== false) continue;
        this.delete(key);
        return true;
      }
    }
    return false;
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
