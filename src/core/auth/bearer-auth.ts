// The Authorization header of an API request. Everything is public, so a request without one, or
// with `Bearer anonymous`, is anonymous; a token only selects a rate-limit bucket. Other credentials
// are refused rather than ignored, so a client with a stale or mistyped token finds out instead of
// silently falling back to its IP address's bucket.
import { ApiError } from '../errors.ts';
import { StoreUnavailableError } from '../stores/redis/connection.ts';
import type { TokenRecord, TokenStore } from '../stores/token-store.ts';

/** RFC 9728 protected resource metadata, which every 401 challenge names. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

const BEARER = /^Bearer(?:[ \t]+(.*))?$/is;

/** The record of the token the header carries; undefined for an anonymous request. Throws 401 `unauthorized`. */
export async function authenticate(
  authorization: string | null,
  tokens: TokenStore,
  siteUrl: string,
): Promise<TokenRecord | undefined> {
  const credentials = authorization?.trim();
  if (!credentials) return undefined;
  const bearer = BEARER.exec(credentials);
  if (!bearer) {
    throw new ApiError(
      'unauthorized',
      'Only the Bearer scheme is accepted: send "Authorization: Bearer <token>", or no Authorization header.',
      // RFC 6750 section 3.1: a request without bearer credentials gets the challenge without an error code.
      { headers: { 'WWW-Authenticate': challenge(siteUrl, false) } },
    );
  }
  const token = (bearer[1] ?? '').trim();
  if (token.toLowerCase() === 'anonymous') return undefined;
  let record: TokenRecord | undefined;
  try {
    record = await tokens.lookup(token);
  } catch (error) {
    // Everything is public: with the token store out of reach, the request is served as anonymous.
    if (error instanceof StoreUnavailableError) return undefined;
    throw error;
  }
  if (!record) {
    throw new ApiError('unauthorized', 'The bearer token is unknown, expired or revoked.', {
      headers: { 'WWW-Authenticate': challenge(siteUrl, true) },
    });
  }
  return record;
}

function challenge(siteUrl: string, invalidToken: boolean): string {
  const base = `Bearer resource_metadata="${siteUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`;
  return invalidToken ? `${base}, error="invalid_token"` : base;
}
