// The one error a Redis-backed store throws when Redis did not answer (down, unreachable, stalled past
// the command timeout, or not sent to while the breaker is open): each store degrades on it as the
// README's table says, and the API answers 503 with Retry-After.

/** Redis did not answer (down, unreachable, or slower than the command timeout). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  /** Why, for the log and /readyz: never holds a secret. */
  readonly detail: string;

  constructor(detail: string, cause?: unknown) {
    super('The shared state store (Redis) is unavailable.', cause === undefined ? {} : { cause });
    this.detail = detail;
  }
}
