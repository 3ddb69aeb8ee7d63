import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOKEN_TTL_MS,
  hashToken,
  MemoryTokenStore,
  TOKEN_PATTERN,
  type TokenRecord,
} from '../../src/core/auth/token-store.ts';

describe('MemoryTokenStore', () => {
  it('issues opaque random tokens with a client id derived from the hash', () => {
    const store = new MemoryTokenStore({ now: () => 1_000 });
    const { token, record } = store.issue({ label: 'my-agent' });
    expect(token).toMatch(TOKEN_PATTERN);
    expect(record).toEqual({
      clientId: `tok_${hashToken(token).slice(0, 16)}`,
      createdAt: 1_000,
      expiresAt: 1_000 + DEFAULT_TOKEN_TTL_MS,
      label: 'my-agent',
    });
    expect(record.clientId).toMatch(/^tok_[0-9a-f]{16}$/);
    expect(store.lookup(token)).toEqual(record);
    expect(store.issue().token).not.toBe(token);
  });

  it('keeps only the hash: nothing it stores contains the token', () => {
    const records = new Map<string, TokenRecord>();
    const store = new MemoryTokenStore({ records });
    const { token } = store.issue({ label: 'my-agent' });
    expect([...records.keys()]).toEqual([hashToken(token)]);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    const kept = JSON.stringify([...records]);
    // Not the token, nor its random part, nor a long piece of it.
    expect(kept).not.toContain(token.slice(3));
    expect(kept).not.toContain(token.slice(3, 15));
    expect(store.lookup(token)?.label).toBe('my-agent');
  });

  it('refuses tokens it did not issue, including malformed ones, without storing them', () => {
    const records = new Map<string, TokenRecord>();
    const store = new MemoryTokenStore({ records });
    expect(store.lookup(`rh_${'A'.repeat(32)}`)).toBeUndefined();
    expect(store.lookup('anonymous')).toBeUndefined();
    expect(store.lookup('')).toBeUndefined();
    expect(records.size).toBe(0);
  });

  it('revokes one token and leaves the others; unknown and malformed tokens are ignored', () => {
    const store = new MemoryTokenStore();
    const first = store.issue();
    const second = store.issue();
    store.revoke(first.token);
    expect(store.lookup(first.token)).toBeUndefined();
    expect(store.lookup(second.token)).toEqual(second.record);
    expect(() => store.revoke(first.token)).not.toThrow();
    expect(() => store.revoke('not a token')).not.toThrow();
    expect(store.lookup(second.token)).toEqual(second.record);
  });

  it('is bounded: when full it forgets the token unused for longest', () => {
    const store = new MemoryTokenStore({ maxTokens: 2 });
    const first = store.issue();
    const second = store.issue();
    expect(store.lookup(first.token)).toBeDefined(); // now the second is the least recently used
    const third = store.issue();
    expect(store.lookup(second.token)).toBeUndefined();
    expect(store.lookup(first.token)).toBeDefined();
    expect(store.lookup(third.token)).toBeDefined();
  });

  it('expires tokens after their lifetime, whatever holds the records', () => {
    let now = 0;
    for (const records of [undefined, new Map<string, TokenRecord>()]) {
      now = 0;
      const store = new MemoryTokenStore({ ttlMs: 1_000, now: () => now, ...(records ? { records } : {}) });
      const { token, record } = store.issue();
      expect(record.expiresAt).toBe(1_000);
      now = 999;
      expect(store.lookup(token)).toEqual(record);
      now = 1_000;
      expect(store.lookup(token)).toBeUndefined();
      if (records) expect(records.size).toBe(0);
    }
  });

  it('issues tokens that never expire when the lifetime is infinite', () => {
    let now = 0;
    const store = new MemoryTokenStore({ ttlMs: Number.POSITIVE_INFINITY, now: () => now });
    const { token, record } = store.issue();
    expect(record.expiresAt).toBeUndefined();
    now = 100 * DEFAULT_TOKEN_TTL_MS;
    expect(store.lookup(token)).toEqual(record);
  });

  it('cuts labels to 100 characters', () => {
    const store = new MemoryTokenStore();
    expect(store.issue({ label: 'x'.repeat(150) }).record.label).toBe('x'.repeat(100));
    expect(store.issue().record.label).toBeUndefined();
  });
});
