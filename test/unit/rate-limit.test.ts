import { describe, expect, it } from 'vitest';
import { FixedWindowRateLimiter, rateLimitHeaders } from '../../src/core/rate-limit.ts';

describe('FixedWindowRateLimiter', () => {
  it('allows the limit per window, per key, then resets', () => {
    const limiter = new FixedWindowRateLimiter(2, 60_000);
    expect(limiter.hit('a', 0)).toMatchObject({ allowed: true, remaining: 1, reset: 60 });
    expect(limiter.hit('a', 1_000)).toMatchObject({ allowed: true, remaining: 0, reset: 59 });
    expect(limiter.hit('a', 2_000)).toMatchObject({ allowed: false, remaining: 0, reset: 58 });
    expect(limiter.hit('b', 2_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit('a', 60_000)).toMatchObject({ allowed: true, remaining: 1, reset: 60 });
  });

  it('formats the interface trio and the draft-10 fields', () => {
    expect(rateLimitHeaders({ limit: 120, remaining: 7, reset: 30, allowed: true })).toEqual({
      'RateLimit-Limit': '120',
      'RateLimit-Remaining': '7',
      'RateLimit-Reset': '30',
      'RateLimit-Policy': '"default";q=120;w=60',
      RateLimit: '"default";r=7;t=30',
    });
  });
});
