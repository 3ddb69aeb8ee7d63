import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/core/bounded-cache.ts';

describe('BoundedCache', () => {
  it('evicts the least recently used entry past maxEntries', () => {
    const cache = new BoundedCache<string>({ maxEntries: 2, maxBytes: 1_000, sizeOf: (value) => value.length });
    cache.set('a', 'x');
    cache.set('b', 'y');
    cache.get('a');
    cache.set('c', 'z');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x');
    expect(cache.get('c')).toBe('z');
  });

  it('keeps an entry that is hit between insertions, and evicts only entries that were not', () => {
    const cache = new BoundedCache<number>({ maxEntries: 64, maxBytes: 10_000, sizeOf: () => 1 });
    cache.set('hot', 0);
    for (let index = 0; index < 1_000; index += 1) {
      cache.set(`cold-${index}`, index);
      // Hit only every few insertions: each hit must move it back before it ages out.
      if (index % 5 === 0) expect(cache.get('hot')).toBe(0);
    }
    expect(cache.size).toBe(64);
    expect(cache.get('hot')).toBe(0);
    // The 63 others are the most recent insertions: none was hit, so the oldest went first.
    expect(cache.get('cold-937')).toBe(937);
    expect(cache.get('cold-936')).toBeUndefined();
  });

  it('keeps total bytes under maxBytes and refuses single oversized values', () => {
    const cache = new BoundedCache<string>({ maxEntries: 100, maxBytes: 10, sizeOf: (value) => value.length });
    cache.set('a', '12345');
    cache.set('b', '12345');
    cache.set('c', '123');
    expect(cache.bytes).toBeLessThanOrEqual(10);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', '12345678901');
    expect(cache.get('huge')).toBeUndefined();
  });

  it('reports stale entries after the TTL without dropping them', () => {
    let now = 0;
    const cache = new BoundedCache<number>({
      maxEntries: 10,
      maxBytes: 100,
      sizeOf: () => 1,
      ttlMs: 1_000,
      now: () => now,
    });
    cache.set('k', 1);
    now = 999;
    expect(cache.get('k')).toBe(1);
    now = 1_000;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.lookup('k')).toEqual({ value: 1, fresh: false });
  });
});
