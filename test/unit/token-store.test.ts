import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapacityError, type FairShare } from '../../src/core/stores/capacity.ts';
import { DEFAULT_TOKEN_TTL_MS, hashToken, MemoryTokenStore, TOKEN_PATTERN } from '../../src/core/stores/token-store.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

function share(perClientCount: number, totalCount: number): FairShare {
  return { total: { count: totalCount, bytes: 1024 * 1024 }, perClient: { count: perClientCount, bytes: 64 * 1024 } };
}

async function capacityError(action: Promise<unknown>): Promise<CapacityError> {
  try {
    await action;
  } catch (error) {
    if (error instanceof CapacityError) return error;
    throw error;
  }
  throw new Error('expected a CapacityError, but the token was issued');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MemoryTokenStore', () => {
  it('issues opaque random tokens with a client id taken from the SHA-256 of the token', async () => {
    const store = new MemoryTokenStore({}, () => 1_000);
    const { token, record } = await store.issue('ip:192.0.2.1', { label: 'my-agent' });
    expect(token).toMatch(TOKEN_PATTERN);
    expect(hashToken(token)).toBe(sha256Hex(token));
    expect(record).toEqual({
      clientId: `tok_${sha256Hex(token).slice(0, 16)}`,
      createdAt: 1_000,
      expiresAt: 1_000 + DEFAULT_TOKEN_TTL_MS,
      label: 'my-agent',
    });
    expect(DEFAULT_TOKEN_TTL_MS).toBe(90 * 24 * 3_600_000);
    expect(await store.lookup(token)).toEqual(record);
    const other = await store.issue('ip:192.0.2.1');
    expect(other.token).not.toBe(token);
    expect(other.record.clientId).not.toBe(record.clientId);
  });

  it('keeps only the hash: nothing it stores contains the token', async () => {
    const store = new MemoryTokenStore({}, () => 0);
    // Everything the store puts into a Map or Set while issuing is what it keeps.
    const stored: unknown[] = [];
    const mapSet = Map.prototype.set;
    const setAdd = Set.prototype.add;
    vi.spyOn(Map.prototype, 'set').mockImplementation(function (this: Map<unknown, unknown>, key, value) {
      stored.push(key, value);
      return mapSet.call(this, key, value);
    });
    vi.spyOn(Set.prototype, 'add').mockImplementation(function (this: Set<unknown>, value) {
      stored.push(value);
      return setAdd.call(this, value);
    });
    const { token } = await store.issue('ip:192.0.2.1', { label: 'my-agent' });
    vi.restoreAllMocks();
    expect(stored).toContain(sha256Hex(token));
    const kept = JSON.stringify(stored);
    expect(kept).toContain('my-agent');
    // Not the token, nor its random part, nor a long piece of it.
    for (let start = 3; start + 8 <= token.length; start += 1) {
      expect(kept).not.toContain(token.slice(start, start + 8));
    }
    expect(await store.lookup(token)).toMatchObject({ label: 'my-agent' });
  });

  it('finds a token only by the token itself, not by its hash or client id', async () => {
    const store = new MemoryTokenStore({}, () => 0);
    const { token, record } = await store.issue('ip:192.0.2.1');
    expect(await store.lookup(sha256Hex(token))).toBeUndefined();
    expect(await store.lookup(record.clientId)).toBeUndefined();
    expect(await store.lookup(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
    expect(await store.lookup(token)).toEqual(record);
  });

  it('refuses tokens it did not issue, including malformed ones', async () => {
    const store = new MemoryTokenStore({}, () => 0);
    await store.issue('ip:192.0.2.1');
    for (const candidate of [`rh_${'A'.repeat(32)}`, 'anonymous', '', 'rh_short', `rh_${'A'.repeat(33)}`]) {
      expect(await store.lookup(candidate), candidate).toBeUndefined();
    }
  });

  it('revokes one token and leaves the others; unknown and malformed tokens are ignored', async () => {
    const store = new MemoryTokenStore({}, () => 0);
    const first = await store.issue('ip:192.0.2.1');
    const second = await store.issue('ip:192.0.2.1');
    await store.revoke(first.token);
    expect(await store.lookup(first.token)).toBeUndefined();
    expect(await store.lookup(second.token)).toEqual(second.record);
    await expect(store.revoke(first.token)).resolves.toBeUndefined();
    await expect(store.revoke('not a token')).resolves.toBeUndefined();
    await expect(store.revoke(`rh_${'A'.repeat(32)}`)).resolves.toBeUndefined();
    expect(await store.lookup(second.token)).toEqual(second.record);
  });

  it('expires tokens after their lifetime', async () => {
    let now = 0;
    const store = new MemoryTokenStore({ ttlMs: 1_000 }, () => now);
    const { token, record } = await store.issue('ip:192.0.2.1');
    expect(record.expiresAt).toBe(1_000);
    now = 999;
    expect(await store.lookup(token)).toEqual(record);
    now = 1_000;
    expect(await store.lookup(token)).toBeUndefined();
  });

  it('holds each address to its share of tokens, and frees it on revocation and expiry', async () => {
    let now = 0;
    const store = new MemoryTokenStore({ share: share(2, 100), ttlMs: 60_000 }, () => now);
    const first = await store.issue('ip:A');
    now = 10_000;
    const second = await store.issue('ip:A');
    now = 15_500;
    const refused = await capacityError(store.issue('ip:A'));
    expect(refused.scope).toBe('client');
    // Room frees when the first token expires: 60 s after it was issued, 44.5 s from now.
    expect(refused.retryAfterSeconds).toBe(45);
    await expect(store.issue('ip:B')).resolves.toMatchObject({ record: { createdAt: 15_500 } });
    await store.revoke(second.token);
    const third = await store.issue('ip:A');
    await capacityError(store.issue('ip:A'));
    now = 60_000;
    expect(await store.lookup(first.token)).toBeUndefined();
    await expect(store.issue('ip:A')).resolves.toBeDefined();
    expect(await store.lookup(third.token)).toEqual(third.record);
  });

  it('refuses new tokens when full rather than forget anyone else’s', async () => {
    const store = new MemoryTokenStore({ share: share(5, 2) }, () => 0);
    const first = await store.issue('ip:A');
    const second = await store.issue('ip:B');
    expect((await capacityError(store.issue('ip:C'))).scope).toBe('server');
    expect(await store.lookup(first.token)).toEqual(first.record);
    expect(await store.lookup(second.token)).toEqual(second.record);
  });

  it('cuts labels to 100 characters', async () => {
    const store = new MemoryTokenStore({}, () => 0);
    expect((await store.issue('ip:A', { label: 'x'.repeat(150) })).record.label).toBe('x'.repeat(100));
    expect((await store.issue('ip:A')).record.label).toBeUndefined();
  });
});
