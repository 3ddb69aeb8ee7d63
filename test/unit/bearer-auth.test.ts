import { beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/core/auth/bearer-auth.ts';
import { ApiError } from '../../src/core/errors.ts';
import { MemoryTokenStore, type TokenRecord, type TokenStore } from '../../src/core/stores/token-store.ts';

const SITE = 'https://hub.example';
const CHALLENGE = `Bearer resource_metadata="${SITE}/.well-known/oauth-protected-resource"`;
const tokens = new MemoryTokenStore({}, () => 0);
let token = '';
let record: TokenRecord;

beforeAll(async () => {
  ({ token, record } = await tokens.issue('ip:192.0.2.1'));
});

async function refusal(authorization: string, store: TokenStore = tokens): Promise<ApiError> {
  try {
    await authenticate(authorization, store, SITE);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(authorization)} was accepted`);
}

describe('authenticate', () => {
  it('treats no header, a blank one and Bearer anonymous (any case) as anonymous', async () => {
    for (const header of [null, '', '  ', 'Bearer anonymous', 'bearer ANONYMOUS', 'BEARER  Anonymous ']) {
      expect(await authenticate(header, tokens, SITE), JSON.stringify(header)).toBeUndefined();
    }
  });

  it('accepts a known token, whatever the case of the scheme', async () => {
    expect(await authenticate(`Bearer ${token}`, tokens, SITE)).toEqual(record);
    expect(await authenticate(`bearer ${token}`, tokens, SITE)).toEqual(record);
    expect(await authenticate(`  Bearer \t${token}  `, tokens, SITE)).toEqual(record);
  });

  it('refuses unknown, malformed and empty bearer tokens with invalid_token', async () => {
    for (const header of [`Bearer rh_${'A'.repeat(32)}`, 'Bearer not-ours', 'Bearer', `Bearer ${token} extra`]) {
      const error = await refusal(header);
      expect(error.code, header).toBe('unauthorized');
      expect(error.status).toBe(401);
      expect(error.headers).toEqual({ 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` });
    }
  });

  it('refuses other schemes with the bare challenge (RFC 6750 section 3.1)', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Token abc', `Bearer${token}`]) {
      const error = await refusal(header);
      expect(error.code, header).toBe('unauthorized');
      expect(error.headers).toEqual({ 'WWW-Authenticate': CHALLENGE });
    }
  });

  it('refuses a revoked token', async () => {
    const revoked = await tokens.issue('ip:192.0.2.1');
    expect(await authenticate(`Bearer ${revoked.token}`, tokens, SITE)).toEqual(revoked.record);
    await tokens.revoke(revoked.token);
    expect((await refusal(`Bearer ${revoked.token}`)).headers['WWW-Authenticate']).toBe(
      `${CHALLENGE}, error="invalid_token"`,
    );
  });

  it('refuses an expired token', async () => {
    let now = 5_000;
    const expiringStore = new MemoryTokenStore({ ttlMs: 60_000 }, () => now);
    const expiring = await expiringStore.issue('ip:192.0.2.1');
    now = 5_000 + 60_000 - 1;
    expect(await authenticate(`Bearer ${expiring.token}`, expiringStore, SITE)).toEqual(expiring.record);
    now = 5_000 + 60_000;
    const error = await refusal(`Bearer ${expiring.token}`, expiringStore);
    expect(error.status).toBe(401);
    expect(error.headers['WWW-Authenticate']).toBe(`${CHALLENGE}, error="invalid_token"`);
  });
});
