// The dispatcher: match, rate-limit, validate, run, serialise, map errors. It knows nothing of
// Astro or node:http; the server and in-process callers hand it a CoreRequest.
import type { AppDeps } from './deps.ts';
import { authenticate } from './auth/bearer-auth.ts';
import { ApiError, payloadTooLarge, toApiError } from './errors.ts';
import { readRouteBody } from './http/body.ts';
import { ifNoneMatch } from './http/conditional.ts';
import { COMPRESS_MIN_BYTES, DYNAMIC_CODINGS } from './http/content-coding.ts';
import {
  checkSecretKey,
  fingerprint,
  mayBeKeptForReplay,
  parseIdempotencyKey,
  withIdempotency,
} from './http/idempotency.ts';
import { appendVary, chooseEncoding, type ContentEncoding } from './http/negotiation.ts';
import { chargeRequest, requestBuckets } from './http/rate-limit.ts';
import { Router } from './http/router.ts';
import { errorBodyFor, type AnyRoute, type RouteResult } from './http/route.ts';
import { JsonText } from './json-text.ts';
import { MAX_BODY_BYTES, type CoreRequest, type CoreResponse } from './http/types.ts';
import { memoisedQueryParser, parseOrThrow } from './http/validation.ts';
import { routes as defaultRoutes } from './routes/index.ts';
import { deprecationHeaders } from './versioning.ts';

interface RouteInput {
  query: unknown;
  params: Record<string, string>;
  body: unknown;
  bodyBytes: Uint8Array | undefined;
}

export interface App {
  readonly routes: readonly AnyRoute[];
  handle(request: CoreRequest): Promise<CoreResponse>;
  find(method: string, path: string): AnyRoute | undefined;
}

interface RouteEntry {
  route: AnyRoute;
  /** True when matched through an unversioned alias. */
  alias: boolean;
}

/** Paths the server hands to the core instead of the static files. */
export function isCorePath(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/ask' ||
    path === '/papers/feed.xml' ||
    path === '/healthz' ||
    path === '/.well-known/mcp' ||
    path.startsWith('/.well-known/mcp/')
  );
}

/**
 * Requests the server hands to the core: those of its paths, and a search on the Papers page
 * (/papers with a q parameter), which the core fills in; /papers without one is the static page.
 */
export function isCoreRequest(path: string, search: string): boolean {
  return isCorePath(path) || (path === '/papers' && new URLSearchParams(search).has('q'));
}

// MCP 2026-07-28 clients mirror the method and its target in Mcp-Method and Mcp-Name.
const CORS_ALLOW_HEADERS =
  'Content-Type, Authorization, Idempotency-Key, Prefer, MCP-Protocol-Version, Mcp-Method, Mcp-Name, X-Request-Id';
const CORS_EXPOSE_HEADERS =
  'X-Request-Id, Idempotency-Key, Idempotent-Replayed, Location, Retry-After, Preference-Applied, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, RateLimit, Deprecation, Sunset, Link, ETag';
const JSON_TYPE = 'application/json; charset=utf-8';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when it is sane, else a fresh one. */
export function requestIdFrom(sent: string | null): string {
  return sent && REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

export function createApp(deps: AppDeps, routeTable: readonly AnyRoute[] = defaultRoutes): App {
  const router = new Router<RouteEntry>();
  const queryParsers = new Map<AnyRoute, (search: string) => unknown>();
  for (const route of routeTable) {
    if (route.query) queryParsers.set(route, memoisedQueryParser(route.query));
    router.add(route.path, { route, alias: false });
    for (const alias of route.aliases ?? []) router.add(alias, { route, alias: true });
  }

  async function handle(request: CoreRequest): Promise<CoreResponse> {
    const requestId = request.id ?? requestIdFrom(request.headers.get('x-request-id'));
    const headers: Record<string, string> = {
      'X-Request-Id': requestId,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
    };
    // Known once routing has found them, for a route that words its own errors.
    let matchedRoute: AnyRoute | undefined;
    let bodyRead: Uint8Array | undefined;
    try {
      let match;
      try {
        match = router.match(request.path);
      } catch {
        match = undefined; // malformed percent-encoding
      }
      const entry = match && routeFor(match.entries, request.method === 'HEAD' ? 'GET' : request.method);
      matchedRoute = entry?.route;

      const sentKey = request.headers.get('idempotency-key');
      const idempotency = sentKey === null ? undefined : parseIdempotencyKey(sentKey);
      if (idempotency) headers['Idempotency-Key'] = idempotency.sent;

      // Oversized bodies are refused before anything else, whatever the path.
      if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge();

      if (!match) throw new ApiError('not_found', `Nothing is served at ${truncate(request.path)}.`);

      if (request.method === 'OPTIONS') {
        return {
          status: 204,
          headers: {
            ...headers,
            Allow: allowHeader(match.entries),
            'Access-Control-Allow-Methods': allowHeader(match.entries),
            'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
            'Access-Control-Max-Age': '86400',
          },
          body: null,
        };
      }
      if (!entry) {
        throw new ApiError('method_not_allowed', `${request.method} is not allowed on ${truncate(request.path)}.`, {
          headers: { Allow: allowHeader(match.entries) },
        });
      }
      const { route } = entry;
      if (entry.alias) Object.assign(headers, deprecationHeaders(successorPath(route, match.params, request.search)));

      // Who the request counts as, for rate limits and Idempotency-Key scopes: its token's client, else its
      // network address. Batch sub-requests were charged with their batch and are not counted again.
      const address = request.clientAddress;
      let client = `ip:${address}`;
      const charged = route.rateLimited !== false && !request.internal;
      // Caching (README, "HTTP caching"): an answer of a route that reads Authorization varies on it, and
      // one sent to a bearer token is private, as it carries that client's rate-limit numbers.
      let cacheControl = route.cacheControl;
      if (charged) {
        headers['Vary'] = 'Authorization';
        const authorization = request.headers.get('authorization');
        if (authorization !== null) {
          if (cacheControl) cacheControl = cacheControl.replace(/^public\b/, 'private');
          const tokenRecord = await authenticate(authorization, deps.stores.tokens, deps.config.siteUrl);
          if (tokenRecord) client = `token:${tokenRecord.clientId}`;
        }
      }

      // Input is read before the charge, so a request costs what it asks for; bad input still costs one.
      let input: RouteInput;
      let inputError: unknown;
      try {
        const read = readInput(route, request, match.params, queryParsers.get(route));
        input = read instanceof Promise ? await read : read;
        bodyRead = input.bodyBytes;
      } catch (error) {
        inputError = error;
        input = { query: undefined, params: {}, body: undefined, bodyBytes: undefined };
      }
      if (charged) {
        const cost = inputError === undefined ? (route.cost?.({ query: input.query, body: input.body }) ?? 1) : 1;
        const buckets = requestBuckets(client, address, deps.config.rateLimitPerMinute);
        const charge = chargeRequest(deps.stores.rateLimits, buckets, cost);
        Object.assign(headers, charge instanceof Promise ? await charge : charge);
      }
      if (inputError !== undefined) throw inputError;
      const { query, params, body, bodyBytes } = input;

      const context = {
        query,
        body,
        params,
        request,
        deps,
        requestId,
        dispatch: handle,
        find,
        routes: routeTable,
        rawBody: route.rawBody ? bodyBytes : undefined,
      };
      // HEAD answers carry GET's headers; the transport drops the body.
      const idempotencyKey = idempotency?.key;
      if (!route.idempotent || idempotencyKey === undefined) {
        // A handler that answers at once (a memoised list) is not waited for.
        const result = route.handler(context);
        const response = toCoreResponse(
          result instanceof Promise ? await result : result,
          headers,
          cacheControl,
          request,
        );
        return response instanceof Promise ? await response : response;
      }
      const run = async () => toCoreResponse(await route.handler(context), headers, cacheControl, request);
      if (route.secretAnswer) checkSecretKey(idempotencyKey);
      return await withIdempotency(
        {
          store: deps.stores.idempotency,
          client,
          owner: `ip:${address}`,
          key: idempotencyKey,
          fingerprint: fingerprint(request.method, route.path, bodyBytes),
          secret: route.secretAnswer === true,
          headers,
        },
        run,
      );
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === 'internal_error') deps.logError?.(`request ${requestId} failed`, error.cause ?? error);
      return {
        status: error.status,
        headers: { ...headers, ...error.headers, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
        body: errorBodyFor(matchedRoute, error, request, bodyRead),
      };
    }
  }

  function find(method: string, path: string): AnyRoute | undefined {
    let match;
    try {
      match = router.match(path);
    } catch {
      return undefined;
    }
    return match ? routeFor(match.entries, method)?.route : undefined;
  }

  return { routes: routeTable, handle, find };
}

/** Builds the response around the per-request header object (mutated, not copied: this is the hot path). */
function toCoreResponse(
  result: RouteResult,
  headers: Record<string, string>,
  cacheControl: string | undefined,
  request: CoreRequest,
): CoreResponse | Promise<CoreResponse> {
  if ('raw' in result) return { ...result.raw, headers: mergeHeaders(headers, result.raw.headers) };
  const status = result.status ?? 200;
  headers['Content-Type'] = JSON_TYPE;
  headers['Cache-Control'] = status < 300 && cacheControl ? cacheControl : 'no-store';
  if (result.headers) mergeHeaders(headers, result.headers);
  const { body } = result;
  if (!(body instanceof JsonText)) return { status, headers, body: JSON.stringify(body) };
  // A batch's sub-requests are never coded.
  if (status !== 200 || request.internal) return { status, headers, body: body.bytes };
  if (request.method === 'GET' || request.method === 'HEAD') return sendRepresentation(body, headers, request);
  if (mayBeKeptForReplay(request)) return { status, headers, body: body.bytes };
  return sendCoded(body, headers, codingFor(body, headers, request));
}

/** The content coding a client prefers for a kept answer of this size (Vary noted), or identity. */
function codingFor(entity: JsonText, headers: Record<string, string>, request: CoreRequest): ContentEncoding {
  if (entity.bytes.byteLength < COMPRESS_MIN_BYTES) return 'identity';
  appendVary(headers, 'Accept-Encoding');
  return chooseEncoding(request.headers.get('accept-encoding') ?? undefined, DYNAMIC_CODINGS);
}

/** A kept answer in a content coding, compressed once and then kept with it. */
function sendCoded(
  entity: JsonText,
  headers: Record<string, string>,
  coding: ContentEncoding,
): CoreResponse | Promise<CoreResponse> {
  if (coding === 'identity') return { status: 200, headers, body: entity.bytes, coded: true };
  headers['Content-Encoding'] = coding;
  const encoded = entity.encoded(coding);
  if (encoded instanceof Uint8Array) return { status: 200, headers, body: encoded, coded: true };
  return encoded.then((bytes) => ({ status: 200, headers, body: bytes, coded: true }));
}

/**
 * A cached JSON answer as the client asked for it: in the content coding it prefers (compressed once,
 * then kept with the answer), with that coding's strong ETag, or 304 when If-None-Match names that
 * tag (RFC 9110 sections 13.1.2 and 15.4.5: the 304 keeps ETag, Cache-Control and Vary, and no body).
 */
function sendRepresentation(
  entity: JsonText,
  headers: Record<string, string>,
  request: CoreRequest,
): CoreResponse | Promise<CoreResponse> {
  const coding = codingFor(entity, headers, request);
  const etag = entity.etag(coding);
  headers['ETag'] = etag;
  if (ifNoneMatch(request.headers.get('if-none-match'), etag)) {
    delete headers['Content-Type'];
    return { status: 304, headers, body: null, coded: true };
  }
  return sendCoded(entity, headers, coding);
}

/**
 * Adds a route's headers to the per-request ones; its Vary joins the dispatcher's, and its links join an
 * alias's successor link rather than replace it.
 */
function mergeHeaders(headers: Record<string, string>, added: Record<string, string>): Record<string, string> {
  for (const name in added) {
    const value = added[name] as string;
    if (name === 'Vary') appendVary(headers, value);
    else if (name === 'Link' && headers['Link'] !== undefined) headers['Link'] = `${headers['Link']}, ${value}`;
    else headers[name] = value;
  }
  return headers;
}

/** Query, path parameters and body of a request, validated by the route's schemas; at once when there is no body. */
function readInput(
  route: AnyRoute,
  request: CoreRequest,
  rawParams: Record<string, string>,
  parseQuery: ((search: string) => unknown) | undefined,
): RouteInput | Promise<RouteInput> {
  const query = parseQuery?.(request.search);
  const params = route.params ? (parseOrThrow(route.params, rawParams, 'path') as Record<string, string>) : rawParams;
  const { body: bodySchema } = route;
  if (bodySchema) {
    return readRouteBody(request, route.formBody === true).then((read) => ({
      query,
      params,
      body: parseOrThrow(bodySchema, read.value, 'body'),
      bodyBytes: read.bytes,
    }));
  }
  if (route.rawBody) return request.readBody().then((bodyBytes) => ({ query, params, body: undefined, bodyBytes }));
  return { query, params, body: undefined, bodyBytes: undefined };
}

function successorPath(route: AnyRoute, params: Record<string, string>, rawSearch: string): string {
  const path = route.path.replace(/\{([a-zA-Z_]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  // Re-encoded: the path goes into a Link header, where a raw '>' or '"' from the request would break it.
  const search = new URLSearchParams(rawSearch).toString();
  return search ? `${path}?${search}` : path;
}

function routeFor(entries: readonly RouteEntry[], method: string): RouteEntry | undefined {
  for (const entry of entries) if (entry.route.method === method) return entry;
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
