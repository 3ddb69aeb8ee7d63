// Fixed-window rate limits. A request may be charged to several buckets at once (its client's, and
// its network address's, which bounds what minted tokens add); it is charged to all or to none, so a
// refused request costs nothing. Bounded: windows are swept whenever the longest one rolls.

export interface Bucket {
  key: string;
  limit: number;
  windowMs: number;
}

export interface BucketState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The bucket that refused, or else the one with least room left: what the headers report. */
  binding: BucketState;
}

export interface RateLimitStore {
  /** Charges `cost` to every bucket when each has room for it, else to none. */
  consume(buckets: readonly Bucket[], cost: number): Promise<RateLimitDecision>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { start: number; count: number; windowMs: number }>();
  readonly #now: () => number;
  #lastSweep = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async consume(buckets: readonly Bucket[], cost: number): Promise<RateLimitDecision> {
    const now = this.#now();
    if (now - this.#lastSweep >= 60_000) this.#sweep(now);
    const windows = buckets.map((bucket) => {
      let window = this.#windows.get(bucket.key);
      if (!window || now - window.start >= bucket.windowMs) {
        window = { start: now, count: 0, windowMs: bucket.windowMs };
        this.#windows.set(bucket.key, window);
      }
      return window;
    });
    const refusedAt = buckets.findIndex((bucket, index) => (windows[index]?.count ?? 0) + cost > bucket.limit);
    const allowed = refusedAt === -1;
    if (allowed) for (const window of windows) window.count += cost;
    let bindingIndex = refusedAt;
    if (allowed) {
      bindingIndex = 0;
      buckets.forEach((bucket, index) => {
        const best = buckets[bindingIndex] as Bucket;
        if (bucket.limit - (windows[index]?.count ?? 0) < best.limit - (windows[bindingIndex]?.count ?? 0)) {
          bindingIndex = index;
        }
      });
    }
    const bucket = buckets[bindingIndex] as Bucket;
    const window = windows[bindingIndex] as { start: number; count: number };
    return {
      allowed,
      binding: {
        limit: bucket.limit,
        remaining: Math.max(0, bucket.limit - window.count),
        reset: Math.max(1, Math.ceil((window.start + bucket.windowMs - now) / 1000)),
        windowSeconds: Math.round(bucket.windowMs / 1000),
      },
    };
  }

  #sweep(now: number): void {
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (now - window.start >= window.windowMs) this.#windows.delete(key);
  }
}
