import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.ts';
import {
  chargeRequest,
  NETWORK_LIMIT_FACTOR,
  RATE_LIMIT_WINDOW_SECONDS,
  rateLimitHeaders,
  requestBuckets,
} from '../../src/core/http/rate-limit.ts';
import { MemoryRateLimitStore } from '../../src/core/stores/rate-limit-store.ts';

/** The 429 a charge throws, at once (in memory) or when its promise settles (Redis). */
async function refusal(charge: () => unknown): Promise<ApiError> {
  try {
    await charge();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the request was allowed');
}

describe('rateLimitHeaders', () => {
  it('formats the interface trio and the draft-10 fields', () => {
    expect(rateLimitHeaders({ limit: 120, remaining: 7, reset: 30, windowSeconds: 60 })).toEqual({
      'RateLimit-Limit': '120',
      'RateLimit-Remaining': '7',
      'RateLimit-Reset': '30',
      'RateLimit-Policy': '"default";q=120;w=60',
      RateLimit: '"default";r=7;t=30',
    });
  });

  it('names the window of the bucket it reports', () => {
    expect(rateLimitHeaders({ limit: 5, remaining: 0, reset: 4, windowSeconds: 10 })['RateLimit-Policy']).toBe(
      '"default";q=5;w=10',
    );
  });
});

describe('requestBuckets', () => {
  it("charges the client's bucket and its address's network bucket, which holds a multiple of the limit", () => {
    expect(NETWORK_LIMIT_FACTOR).toBeGreaterThan(1);
    const windowMs = RATE_LIMIT_WINDOW_SECONDS * 1000;
    expect(requestBuckets('tok_abc', '192.0.2.1', 60)).toEqual([
      { key: 'tok_abc', limit: 60, windowMs },
      { key: 'net:192.0.2.1', limit: 60 * NETWORK_LIMIT_FACTOR, windowMs },
    ]);
  });

  it('keeps the network bucket apart from a client keyed by the same address', () => {
    const [client, network] = requestBuckets('192.0.2.1', '192.0.2.1', 60);
    expect(client?.key).not.toBe(network?.key);
  });
});

describe('chargeRequest', () => {
  it('returns the headers of the binding bucket while allowed', async () => {
    const store = new MemoryRateLimitStore(() => 0);
    const headers = await chargeRequest(store, requestBuckets('tok_a', '192.0.2.1', 3), 1);
    // The client's bucket (3, 2 left) binds before the network's (6, 5 left).
    expect(headers).toEqual(rateLimitHeaders({ limit: 3, remaining: 2, reset: 60, windowSeconds: 60 }));
  });

  it('refuses with 429 rate_limited, the headers and Retry-After; a batch names its cost', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    const buckets = requestBuckets('tok_a', '192.0.2.1', 3);
    await chargeRequest(store, buckets, 2);
    now = 15_000;
    const error = await refusal(() => chargeRequest(store, buckets, 2));
    expect(error.code).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({
      ...rateLimitHeaders({ limit: 3, remaining: 1, reset: 45, windowSeconds: 60 }),
      'Retry-After': '45',
    });
    expect(error.message).toContain('costs 2');
    // The refused batch cost nothing: a single request still fits.
    expect(await chargeRequest(store, buckets, 1)).toMatchObject({ 'RateLimit-Remaining': '0' });
    const single = await refusal(() => chargeRequest(store, buckets, 1));
    expect(single.message).not.toContain('costs');
  });

  it('holds all tokens minted at one address to the network bucket', async () => {
    const store = new MemoryRateLimitStore(() => 0);
    const limit = 2;
    const networkLimit = limit * NETWORK_LIMIT_FACTOR;
    let allowed = 0;
    // Each token would allow `limit` requests on its own; together they stop at the network limit.
    for (let token = 0; token < NETWORK_LIMIT_FACTOR + 2; token += 1) {
      for (let request = 0; request < limit; request += 1) {
        try {
          await chargeRequest(store, requestBuckets(`tok_${token}`, '192.0.2.1', limit), 1);
          allowed += 1;
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).headers['RateLimit-Limit']).toBe(String(networkLimit));
        }
      }
    }
    expect(allowed).toBe(networkLimit);
    // Another address is not affected.
    expect(await chargeRequest(store, requestBuckets('tok_elsewhere', '198.51.100.7', limit), 1)).toMatchObject({
      'RateLimit-Remaining': String(limit - 1),
    });
  });
});
