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
    const windows = buckets.map((bucket) => {
      let window = this.#windows.get(bucket.key);
      if (!window) {
        window = { start: now, count: 0, windowMs: bucket.windowMs };
        this.#windows.set(bucket.key, window);
      }
      return window;
    });
    return chargeWindows(buckets, windows, cost, now);
  }

  #sweep(now: number): void {
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (now - window.start >= window.windowMs) this.#windows.delete(key);
  }
}

/** A bucket's current window: when it started and what it has been charged. */
export interface Window {
  start: number;
  count: number;
}

/**
 * The decision on the buckets' windows (one per bucket, same order): a window whose time is up starts
 * again at `now`, then `cost` is added to every window when each has room for it, else to none.
 */
export function chargeWindows(
  buckets: readonly Bucket[],
  windows: readonly Window[],
  cost: number,
  now: number,
): RateLimitDecision {
  for (let index = 0; index < buckets.length; index += 1) {
    const window = windows[index] as Window;
    if (now - window.start >= (buckets[index] as Bucket).windowMs) {
      window.start = now;
      window.count = 0;
    }
  }
  let refusedAt = -1;
  for (let index = 0; index < buckets.length && refusedAt === -1; index += 1) {
    if ((windows[index] as Window).count + cost > (buckets[index] as Bucket).limit) refusedAt = index;
  }
  const allowed = refusedAt === -1;
  let bindingIndex = refusedAt;
  if (allowed) {
    bindingIndex = 0;
    for (let index = 0; index < buckets.length; index += 1) {
      const window = windows[index] as Window;
      window.count += cost;
      const room = (buckets[index] as Bucket).limit - window.count;
      if (room < (buckets[bindingIndex] as Bucket).limit - (windows[bindingIndex] as Window).count) {
        bindingIndex = index;
      }
    }
  }
  const bucket = buckets[bindingIndex] as Bucket;
  const window = windows[bindingIndex] as Window;
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
