import { describe, expect, it } from 'vitest';
import { authenticate } from '../../src/core/auth/bearer-auth.ts';
import { MemoryTokenStore } from '../../src/core/auth/token-store.ts';
import { ApiError } from '../../src/core/errors.ts';

const SITE = 'https://hub.example';
const CHALLENGE = `Bearer resource_metadata="${SITE}/.well-known/oauth-protected-resource"`;
const tokens = new MemoryTokenStore();
const { token, record } = tokens.issue();

function refusal(authorization: string): ApiError {
  try {
    authenticate(authorization, tokens, SITE);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(authorization)} was accepted`);
}

describe('authenticate', () => {
  it('treats no header, a blank one and Bearer anonymous (any case) as anonymous', () => {
    for (const header of [null, '', '  ', 'Bearer anonymous', 'bearer ANONYMOUS', 'BEARER  Anonymous ']) {
      expect(authenticate(header, tokens, SITE), JSON.stringify(header)).toBeUndefined();
    }
  });

  it('accepts a known token, whatever the case of the scheme', () => {
    expect(authenticate(`Bearer ${token}`, tokens, SITE)).toEqual(record);
    expect(authenticate(`bearer ${token}`, tokens, SITE)).toEqual(record);
  });

  it('refuses unknown, malformed and empty bearer tokens with invalid_token', () => {
    for (const header of [`Bearer rh_${'A'.repeat(32)}`, 'Bearer not-ours', 'Bearer', `Bearer ${token} extra`]) {
      const error = refusal(header);
      expect(error.code, header).toBe('unauthorized');
      expect(error.status).toBe(401);
      expect(error.headers).toEqual({ 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` });
    }
  });

  it('refuses other schemes with the bare challenge (RFC 6750 section 3.1)', () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Token abc', `Bearer${token}`]) {
      const error = refusal(header);
      expect(error.code, header).toBe('unauthorized');
      expect(error.headers).toEqual({ 'WWW-Authenticate': CHALLENGE });
    }
  });

  it('refuses a revoked token', () => {
    const revoked = tokens.issue();
    tokens.revoke(revoked.token);
    expect(refusal(`Bearer ${revoked.token}`).headers['WWW-Authenticate']).toBe(`${CHALLENGE}, error="invalid_token"`);
  });
});
