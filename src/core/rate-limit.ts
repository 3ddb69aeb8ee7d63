// Fixed-window rate limiting per client. Bounded: the key map is swept whenever a window rolls, so
// memory follows the number of clients seen in the last minute.

export const RATE_LIMIT_WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  allowed: boolean;
}

export interface RateLimiter {
  hit(key: string, now?: number): RateLimitState;
}

export class FixedWindowRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  readonly #limit: number;
  readonly #windowMs: number;
  #lastSweep = 0;

  constructor(limit: number, windowMs = RATE_LIMIT_WINDOW_SECONDS * 1000) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  hit(key: string, now = Date.now()): RateLimitState {
    if (now - this.#lastSweep >= this.#windowMs) this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.#windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    const allowed = window.count < this.#limit;
    if (allowed) window.count += 1;
    return {
      limit: this.#limit,
      remaining: this.#limit - window.count,
      reset: Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000)),
      allowed,
    };
  }

  #sweep(now: number): void {
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (now - window.start >= this.#windowMs) this.#windows.delete(key);
  }
}

/** The interface's trio plus the IETF draft-10 structured fields. */
export function rateLimitHeaders(
  state: RateLimitState,
  windowSeconds = RATE_LIMIT_WINDOW_SECONDS,
): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.reset),
    'RateLimit-Policy': `"default";q=${state.limit};w=${windowSeconds}`,
    RateLimit: `"default";r=${state.remaining};t=${state.reset}`,
  };
}
