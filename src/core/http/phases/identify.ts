// Phase 3, identify: who the request counts as, for rate limits and Idempotency-Key scopes: its
// bearer token's client, else its network address. Only rate-limited routes read Authorization (a
// token does nothing but select the bucket), and batch sub-requests, charged with their batch, are
// not counted again. Caching (README, "HTTP caching"): an answer of a route that reads Authorization
// varies on it, and one sent to a bearer token is private, as it carries that client's numbers.
import { authenticate } from '../../auth/bearer-auth.ts';
import type { TokenRecord } from '../../stores/token-store.ts';
import type { Exchange } from '../exchange.ts';

export function identify(exchange: Exchange): Promise<undefined> | undefined {
  const { request, app } = exchange;
  const route = exchange.route!;
  exchange.cacheControl = route.cacheControl;
  if (route.rateLimited === false || request.internal) return undefined;
  exchange.charged = true;
  exchange.headers['Vary'] = 'Authorization';
  const authorization = request.headers.get('authorization');
  if (authorization === null) return undefined;
  exchange.cacheControl = route.cacheControl?.replace(/^public\b/, 'private');
  return authenticate(authorization, app.deps.stores.tokens, app.deps.config.siteUrl).then(
    (record) => countAs(exchange, record),
    (refusal: unknown) => keepRefusal(exchange, refusal),
  );
}

/**
 * A refused token is kept like refused input: the request still costs one to its address, so its 401
 * carries the RateLimit headers, and its body is read, so an MCP refusal can name the request's id.
 */
function keepRefusal(exchange: Exchange, refusal: unknown): undefined {
  exchange.inputError ??= refusal;
  return undefined;
}

function countAs(exchange: Exchange, record: TokenRecord | undefined): undefined {
  if (record) exchange.client = `token:${record.clientId}`;
  return undefined;
}
