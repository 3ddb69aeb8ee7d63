// The rate-limit phase: every API request is charged what it costs (a batch, its sub-requests) to its
// client's bucket (its token's, else its address's) and to its address's network bucket, which holds
// twice the limit, so tokens minted from one address cannot multiply what it may send.
import { ApiError } from '../errors.ts';
import type { Bucket, BucketState, RateLimitDecision, RateLimitStore } from '../stores/rate-limit-store.ts';

export const RATE_LIMIT_WINDOW_SECONDS = 60;
/** What all clients at one network address may send together, in multiples of the per-client limit. */
export const NETWORK_LIMIT_FACTOR = 2;

export function requestBuckets(client: string, address: string, limit: number): Bucket[] {
  const windowMs = RATE_LIMIT_WINDOW_SECONDS * 1000;
  return [
    { key: client, limit, windowMs },
    { key: `net:${address}`, limit: limit * NETWORK_LIMIT_FACTOR, windowMs },
  ];
}

/**
 * Charges `cost` and returns the headers to send; throws 429 `rate_limited` (with the headers) when
 * refused. At once when the store answers at once (in memory), else once the store has answered.
 */
export function chargeRequest(
  store: RateLimitStore,
  buckets: readonly Bucket[],
  cost: number,
): Record<string, string> | Promise<Record<string, string>> {
  const decision = store.consume(buckets, cost);
  return decision instanceof Promise
    ? decision.then((settled) => chargedHeaders(settled, cost))
    : chargedHeaders(decision, cost);
}

function chargedHeaders({ allowed, binding }: RateLimitDecision, cost: number): Record<string, string> {
  const headers = rateLimitHeaders(binding);
  if (!allowed) {
    const what = cost > 1 ? `This request costs ${cost} (a batch costs its sub-requests); ` : '';
    throw new ApiError(
      'rate_limited',
      `${what}the limit is ${binding.limit} per ${binding.windowSeconds} s and ${binding.remaining} remain in this window.`,
      { headers: { ...headers, 'Retry-After': String(binding.reset) } },
    );
  }
  return headers;
}

/** The interface's trio plus the IETF draft-10 structured fields. */
export function rateLimitHeaders(state: BucketState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.reset),
    'RateLimit-Policy': `"default";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"default";r=${state.remaining};t=${state.reset}`,
  };
}
