// Phase 2, preflight: what is refused or answered before the route looks at the request, in this
// order: a malformed Idempotency-Key, an oversized body (whatever the path), a path nothing serves
// (404), OPTIONS (the CORS preflight, 204 with Allow), a method the path does not take (405 with
// Allow). A request through an unversioned alias is told its successor here (Deprecation, Sunset, Link).
import { ApiError, payloadTooLarge } from '../../errors.ts';
import { deprecationHeaders, successorPath } from '../../versioning.ts';
import { preflightAnswer } from '../cors.ts';
import type { Exchange, RouteEntry } from '../exchange.ts';
import { parseIdempotencyKey } from '../idempotency.ts';
import { MAX_BODY_BYTES, type CoreResponse } from '../types.ts';

export function preflight(exchange: Exchange): CoreResponse | undefined {
  const { request, headers, match, entry } = exchange;
  const sentKey = request.headers.get('idempotency-key');
  if (sentKey !== null) {
    exchange.idempotency = parseIdempotencyKey(sentKey);
    headers['Idempotency-Key'] = exchange.idempotency.sent;
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    // On a route the body is never read but the refusal is charged like bad input (phases/charge.ts),
    // so its 413 carries the RateLimit headers and is worded as the route words errors.
    if (!entry) throw payloadTooLarge();
    exchange.inputError = payloadTooLarge();
    exchange.bodyRefused = true;
  }
  if (!match) throw new ApiError('not_found', `Nothing is served at ${truncate(request.path)}.`);
  if (request.method === 'OPTIONS') return preflightAnswer(headers, allowHeader(match.entries));
  if (!entry) {
    throw new ApiError('method_not_allowed', `${request.method} is not allowed on ${truncate(request.path)}.`, {
      headers: { Allow: allowHeader(match.entries) },
    });
  }
  if (entry.alias)
    Object.assign(headers, deprecationHeaders(successorPath(entry.route.path, match.params, request.search)));
  return undefined;
}

/** The Allow header of a path: its routes' methods, HEAD with GET, and OPTIONS. Built only when needed. */
function allowHeader(entries: readonly RouteEntry[]): string {
  const methods: string[] = [...new Set(entries.map((entry) => entry.route.method))];
  if (methods.includes('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'].join(', ');
}

function truncate(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
