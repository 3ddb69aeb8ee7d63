// Cross-origin access to the API (Fetch standard, CORS protocol). Everything the core serves is
// public and read without credentials, so every origin may read every answer; a preflight is
// answered for any path the core serves, with the methods that path takes.
import type { CoreResponse } from './types.ts';

export const ALLOWED_ORIGIN = '*';

/** Response headers a script of another origin may read. */
export const EXPOSED_HEADERS =
  'X-Request-Id, Idempotency-Key, Idempotent-Replayed, Location, Retry-After, Preference-Applied, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, RateLimit, Deprecation, Sunset, Link, ETag';

// MCP 2026-07-28 clients mirror the method and its target in Mcp-Method and Mcp-Name.
const ALLOWED_HEADERS =
  'Content-Type, Authorization, Idempotency-Key, Prefer, MCP-Protocol-Version, Mcp-Method, Mcp-Name, X-Request-Id';

/** A preflight's answer (and any OPTIONS request's): 204 with what the path allows, kept for a day. */
export function preflightAnswer(headers: Record<string, string>, allow: string): CoreResponse {
  return {
    status: 204,
    headers: {
      ...headers,
      Allow: allow,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '86400',
    },
    body: null,
  };
}
