import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/core/errors.ts';
import {
  checkSecretKey,
  estimatedKeyBits,
  fingerprint,
  IDEMPOTENCY_KEY_PATTERNS,
  parseIdempotencyKey,
  withIdempotency,
  type IdempotentCall,
} from '../../src/core/http/idempotency.ts';
import type { CoreResponse } from '../../src/core/http/types.ts';
import { MemoryIdempotencyStore, type StoredResponse } from '../../src/core/stores/idempotency-store.ts';

/** What checkSecretKey demands, in bits. */
const MIN_BITS = 96;

function refusal(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('estimatedKeyBits and checkSecretKey', () => {
  it('accepts UUID v4 keys', () => {
    // 122 random bits each: far above the bar, whichever hex digits come up.
    for (let index = 0; index < 1_000; index += 1) {
      const key = randomUUID();
      expect(estimatedKeyBits(key), key).toBeGreaterThanOrEqual(MIN_BITS);
      expect(() => checkSecretKey(key)).not.toThrow();
    }
    expect(() => checkSecretKey('9b2f6c1e-5d7a-4c3b-8e0f-a1d2c3b4e5f6')).not.toThrow();
  });

  it('accepts 16 random bytes in base64url', () => {
    // Drawn once from randomBytes(16).toString('base64url'); 128 random bits each.
    for (const key of [
      'Fa5NjeNIhw-issIz0e777w',
      'wTHgDuvcBe1gYR7ybDfAYg',
      'sE8mMoV0FFw6zKPQsKJ0Sg',
      'kTgVK0cpwdrf7nAwA_3vSg',
    ]) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(estimatedKeyBits(key), key).toBeGreaterThanOrEqual(MIN_BITS);
      expect(() => checkSecretKey(key), key).not.toThrow();
    }
  });

  it.each([
    ['register-1', 'a word and a counter'],
    ['0'.repeat(32), 'one digit repeated'],
    ['1234567890123456', 'sixteen digits: at most 53 bits'],
    ['ab'.repeat(16), 'two letters repeated'],
    ['00000000-0000-0000-0000-000000000000', 'the nil UUID'],
    ['my-app-registration', 'a name'],
  ])('refuses %s (%s)', (key) => {
    expect(estimatedKeyBits(key)).toBeLessThan(MIN_BITS);
    const error = refusal(() => checkSecretKey(key));
    expect(error.code).toBe('invalid_parameter');
    expect(error.status).toBe(400);
    expect(error.message).toContain('Idempotency-Key');
  });

  it('never credits a key with more than its length in printable-ASCII characters', () => {
    for (const key of ['a', 'register-1', 'Zz9_-Q', '~!@#$%^&*()', randomUUID()]) {
      expect(estimatedKeyBits(key)).toBeLessThanOrEqual(key.length * Math.log2(95));
    }
    // Sixteen digits can carry no more than 16 decimal digits' worth.
    expect(estimatedKeyBits('1234567890123456')).toBeLessThanOrEqual(16 * Math.log2(10) + 1e-9);
  });
});

describe('parseIdempotencyKey', () => {
  const keyOf = (sent: string) => parseIdempotencyKey(sent).key;

  it('takes 1 to 255 printable ASCII characters, bare or as a quoted string', () => {
    expect(keyOf('abc-123')).toBe('abc-123');
    expect(keyOf('"abc-123"')).toBe('abc-123');
    expect(keyOf('x'.repeat(255))).toBe('x'.repeat(255));
    expect(keyOf(`"${'x'.repeat(255)}"`)).toBe('x'.repeat(255));
    for (const raw of ['', '""', 'x'.repeat(256), `"${'x'.repeat(256)}"`, 'caf\u00e9', 'a\tb', 'a\nb']) {
      expect(refusal(() => parseIdempotencyKey(raw)).code, JSON.stringify(raw)).toBe('invalid_parameter');
    }
  });

  it('reads a quoted key as an RFC 8941 String: escapes undone, nothing after the closing quote', () => {
    expect(keyOf(String.raw`"a\"b\\c"`)).toBe(String.raw`a"b\c`);
    for (const raw of [String.raw`"a\b"`, '"open', '"a"b"', '"a" ', String.raw`"a\"`]) {
      expect(refusal(() => parseIdempotencyKey(raw)).code, raw).toBe('invalid_parameter');
    }
  });

  it('keeps the field as sent, for the echo', () => {
    expect(parseIdempotencyKey('"k"')).toEqual({ key: 'k', sent: '"k"' });
  });

  it('agrees with the patterns the OpenAPI description publishes', () => {
    const quoted = new RegExp(IDEMPOTENCY_KEY_PATTERNS.quoted, 'u');
    const bare = new RegExp(IDEMPOTENCY_KEY_PATTERNS.bare, 'u');
    const accepted = (sent: string) => {
      try {
        parseIdempotencyKey(sent);
        return true;
      } catch {
        return false;
      }
    };
    // HTTP strips spaces around a field value, so a value that starts or ends with one never arrives.
    const field = fc
      .string({ unit: fc.constantFrom('"', '\\', 'a', ' ', '~', '\t', 'é'), maxLength: 8 })
      .filter((text) => text === text.trim());
    fc.assert(
      fc.property(field, (sent) => accepted(sent) === (quoted.test(sent) || bare.test(sent))),
      { seed: 15, numRuns: 20_000 },
    );
  });
});

describe('withIdempotency', () => {
  const KEY = '9b2f6c1e-5d7a-4c3b-8e0f-a1d2c3b4e5f6';
  const SECRET = 'rh_SecretTokenValue0123456789abcdefgh';

  function call(store: MemoryIdempotencyStore, overrides: Partial<IdempotentCall> = {}): IdempotentCall {
    return {
      store,
      client: 'ip:192.0.2.1',
      owner: 'ip:192.0.2.1',
      key: KEY,
      fingerprint: fingerprint('POST', '/auth/register', new TextEncoder().encode('{}')),
      secret: false,
      headers: { 'X-Request-Id': 'fresh' },
      ...overrides,
    };
  }

  const answer = (status = 201, body = `{"access_token":"${SECRET}"}`): CoreResponse => ({
    status,
    headers: { 'Content-Type': 'application/json' },
    body,
  });

  const text = (body: CoreResponse['body']) =>
    typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array);

  it('runs once and replays the first response, marked as a replay', async () => {
    const store = new MemoryIdempotencyStore({}, () => 0);
    const run = vi.fn(async () => answer());
    const first = await withIdempotency(call(store), run);
    expect(first.status).toBe(201);
    const again = await withIdempotency(call(store), run);
    expect(run).toHaveBeenCalledTimes(1);
    expect(again).toEqual({
      status: 201,
      headers: { 'X-Request-Id': 'fresh', 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
      body: `{"access_token":"${SECRET}"}`,
    });
  });

  it('keeps a secret answer sealed in the store, and opens it for a replay', async () => {
    const store = new MemoryIdempotencyStore({}, () => 0);
    const kept: StoredResponse[] = [];
    const complete = store.complete.bind(store);
    vi.spyOn(store, 'complete').mockImplementation(async (key, response) => {
      kept.push(response);
      return complete(key, response);
    });
    await withIdempotency(call(store, { secret: true }), async () => answer());
    expect(kept).toHaveLength(1);
    const sealed = kept[0]!.body;
    expect(sealed).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(sealed as Uint8Array).toString('latin1')).not.toContain(SECRET.slice(3, 15));
    const replay = await withIdempotency(call(store, { secret: true }), async () => answer(201, 'other'));
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(text(replay.body)).toBe(`{"access_token":"${SECRET}"}`);
  });

  it('files keys per client: the same key from another client is a new request', async () => {
    const store = new MemoryIdempotencyStore({}, () => 0);
    const run = vi.fn(async () => answer());
    await withIdempotency(call(store, { secret: true }), run);
    const other = await withIdempotency(call(store, { secret: true, client: 'tok_other' }), run);
    expect(run).toHaveBeenCalledTimes(2);
    expect(other.headers['Idempotent-Replayed']).toBeUndefined();
  });

  it('refuses a reused key with a different request, and a key still in flight', async () => {
    const store = new MemoryIdempotencyStore({}, () => 0);
    let release: () => void = () => {};
    const running = withIdempotency(call(store), async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return answer();
    });
    const busy = await withIdempotency(call(store), async () => answer()).catch((error: unknown) => error);
    expect(busy).toMatchObject({ code: 'idempotency_key_in_use', headers: { 'Retry-After': '1' } });
    release();
    await running;
    const other = call(store, {
      fingerprint: fingerprint('POST', '/auth/register', new TextEncoder().encode('{"a":1}')),
    });
    const reused = await withIdempotency(other, async () => answer()).catch((error: unknown) => error);
    expect(reused).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('keeps neither server errors nor failed runs: the key may be retried', async () => {
    const store = new MemoryIdempotencyStore({}, () => 0);
    const failing = vi.fn(async () => answer(503, '{"error":{}}'));
    expect((await withIdempotency(call(store), failing)).status).toBe(503);
    await expect(
      withIdempotency(call(store), async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const run = vi.fn(async () => answer());
    expect((await withIdempotency(call(store), run)).status).toBe(201);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
