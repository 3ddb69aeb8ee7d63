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
  consume(buckets: readonly Bucket[], cost: number): RateLimitDecision | Promise<RateLimitDecision>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { start: number; count: number; windowMs: number }>();
  readonly #now: () => number;
  #lastSweep = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Synchronous: a request's charge in memory needs no turn of the event loop. */
  consume(buckets: readonly Bucket[], cost: number): RateLimitDecision {
    const now = this.#now();
    if (now - this.#lastSweep >= 60_000) this.#sweep(now);
    const windows: Array<{ start: number; count: number }> = [];
    let refusedAt = -1;
    for (let index = 0; index < buckets.length; index += 1) {
      const bucket = buckets[index] as Bucket;
      let window = this.#windows.get(bucket.key);
      if (!window || now - window.start >= bucket.windowMs) {
        window = { start: now, count: 0, windowMs: bucket.windowMs };
        this.#windows.set(bucket.key, window);
      }
      windows.push(window);
      if (refusedAt === -1 && window.count + cost > bucket.limit) refusedAt = index;
    }
    const allowed = refusedAt === -1;
    let bindingIndex = refusedAt;
    if (allowed) {
      bindingIndex = 0;
      for (let index = 0; index < buckets.length; index += 1) {
        const window = windows[index] as { count: number };
        window.count += cost;
        const room = (buckets[index] as Bucket).limit - window.count;
        if (room < (buckets[bindingIndex] as Bucket).limit - (windows[bindingIndex] as { count: number }).count) {
          bindingIndex = index;
        }
      }
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
