// The dispatcher: match, rate-limit, validate, run, serialise, map errors. It knows nothing of
// Astro or node:http; the server and in-process callers hand it a CoreRequest.
import type { BoundedCache } from './bounded-cache.ts';
import type { Config } from './config.ts';
import type { AskIndex } from './ask/ask-index.ts';
import { authenticate } from './auth/bearer-auth.ts';
import type { TokenStore } from './auth/token-store.ts';
import type { ContentService } from './content/content-service.ts';
import { fingerprint, type IdempotencyStore } from './idempotency.ts';
import type { JobStore } from './jobs/job-store.ts';
import type { PaperSearch } from './papers/paper-search.ts';
import { ApiError, payloadTooLarge, toApiError } from './errors.ts';
import { Router } from './http/router.ts';
import { JsonText, type AnyRoute, type RouteResult } from './http/route.ts';
import { MAX_BODY_BYTES, type CoreRequest, type CoreResponse } from './http/types.ts';
import { memoisedQueryParser, parseOrThrow, queryRecord } from './http/validation.ts';
import { rateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import { routes as defaultRoutes } from './routes/index.ts';
import { deprecationHeaders } from './versioning.ts';

export interface AppDeps {
  config: Config;
  content: ContentService;
  papers: PaperSearch;
  ask: AskIndex;
  /** The built Ask page, filled in for browsers without JavaScript (see ask/ask-page.ts). */
  askPage?: string;
  /** Reads a file of the built site by URL path (Markdown twins, the auth guide). */
  readSiteFile?: (urlPath: string) => Promise<string | undefined>;
  jobs: JobStore;
  idempotency: IdempotencyStore;
  rateLimiter: RateLimiter;
  /** Optional bearer tokens; each gives its holder a rate-limit bucket of its own. */
  tokens: TokenStore;
  /** Serialised answers of pure routes over static content. */
  memo: BoundedCache<JsonText>;
  logError?: (message: string, error: unknown) => void;
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
    path === '/healthz' ||
    path === '/.well-known/mcp' ||
    path.startsWith('/.well-known/mcp/')
  );
}

const CORS_ALLOW_HEADERS = 'Content-Type, Authorization, Idempotency-Key, Prefer, MCP-Protocol-Version, X-Request-Id';
const CORS_EXPOSE_HEADERS =
  'X-Request-Id, Idempotency-Key, Idempotent-Replayed, Location, Retry-After, Preference-Applied, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, RateLimit, Deprecation, Sunset, Link';
const JSON_TYPE = 'application/json; charset=utf-8';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

export function createApp(deps: AppDeps, routeTable: readonly AnyRoute[] = defaultRoutes): App {
  const router = new Router<RouteEntry>();
  const queryParsers = new Map<AnyRoute, (search: string) => unknown>();
  for (const route of routeTable) {
    if (route.query) queryParsers.set(route, memoisedQueryParser(route.query));
    router.add(route.path, { route, alias: false });
    for (const alias of route.aliases ?? []) router.add(alias, { route, alias: true });
  }

  async function handle(request: CoreRequest): Promise<CoreResponse> {
    const sentId = request.headers.get('x-request-id');
    const requestId = sentId && REQUEST_ID.test(sentId) ? sentId : crypto.randomUUID();
    const headers: Record<string, string> = {
      'X-Request-Id': requestId,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
    };
    try {
      const key = request.headers.get('idempotency-key');
      if (key !== null) headers['Idempotency-Key'] = parseIdempotencyKey(key);

      // Oversized bodies are refused before routing, whatever the path.
      if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge();

      let match;
      try {
        match = router.match(request.path);
      } catch {
        match = undefined; // malformed percent-encoding
      }
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
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const entry = match.entries.find((candidate) => candidate.route.method === method);
      if (!entry) {
        throw new ApiError('method_not_allowed', `${request.method} is not allowed on ${truncate(request.path)}.`, {
          headers: { Allow: allowHeader(match.entries) },
        });
      }
      const { route } = entry;
      if (entry.alias) Object.assign(headers, deprecationHeaders(successorPath(route, match.params, request.search)));

      // Who the request counts as, for rate limits and Idempotency-Key scopes: its token's client, else its
      // IP address. Batch sub-requests were authenticated with their batch and are not counted again.
      let client = `ip:${request.clientAddress}`;
      if (route.rateLimited !== false && !request.internal) {
        const tokenRecord = authenticate(request.headers.get('authorization'), deps.tokens, deps.config.siteUrl);
        if (tokenRecord) client = `token:${tokenRecord.clientId}`;
        const state = deps.rateLimiter.hit(client);
        Object.assign(headers, rateLimitHeaders(state));
        if (!state.allowed) {
          throw new ApiError('rate_limited', `Rate limit of ${state.limit} requests per minute exceeded.`, {
            headers: { 'Retry-After': String(state.reset) },
          });
        }
      }

      const query = queryParsers.get(route)?.(request.search);
      const params = route.params
        ? (parseOrThrow(route.params, match.params, 'path') as Record<string, string>)
        : match.params;
      const read = route.body ? await readBody(request, route.formBody === true) : undefined;
      const body = route.body && read ? parseOrThrow(route.body, read.value, 'body') : undefined;
      const bodyBytes = read ? read.bytes : route.rawBody ? await request.readBody() : undefined;
      const rawBody = route.rawBody ? bodyBytes : undefined;

      const run = async () => {
        const result = await route.handler({
          query,
          body,
          params,
          request,
          deps,
          requestId,
          dispatch: handle,
          find,
          routes: routeTable,
          rawBody,
        });
        // HEAD answers carry GET's headers; the transport drops the body.
        return toCoreResponse(result, headers, route.cacheControl);
      };
      const idempotencyKey = headers['Idempotency-Key'];
      if (!route.idempotent || idempotencyKey === undefined) return await run();
      return await withIdempotency(
        `${client} ${idempotencyKey}`,
        fingerprint(request.method, route.path, bodyBytes),
        run,
        headers,
      );
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === 'internal_error') deps.logError?.(`request ${requestId} failed`, error.cause ?? error);
      return {
        status: error.status,
        headers: { ...headers, ...error.headers, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
        body: JSON.stringify(error.toBody()),
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
    return match?.entries.find((entry) => entry.route.method === method)?.route;
  }

  async function withIdempotency(
    scope: string,
    print: string,
    run: () => Promise<CoreResponse>,
    headers: Record<string, string>,
  ): Promise<CoreResponse> {
    const decision = deps.idempotency.begin(scope, print);
    if (decision.kind === 'mismatch') {
      throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
    }
    if (decision.kind === 'in-flight') {
      throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed.', {
        headers: { 'Retry-After': '1' },
      });
    }
    if (decision.kind === 'replay') {
      const { response } = decision;
      return {
        status: response.status,
        headers: { ...headers, ...response.headers, 'Idempotent-Replayed': 'true' },
        body: response.body,
      };
    }
    let response: CoreResponse | undefined;
    try {
      response = await run();
      return response;
    } finally {
      const body = response?.body;
      // Streams cannot be replayed and server errors may be retried: neither is kept.
      if (response && response.status < 500 && (typeof body === 'string' || body instanceof Uint8Array)) {
        deps.idempotency.complete(scope, { status: response.status, headers: response.headers, body });
      } else deps.idempotency.abandon(scope);
    }
  }

  return { routes: routeTable, handle, find };
}

/** Builds the response around the per-request header object (mutated, not copied: this is the hot path). */
function toCoreResponse(
  result: RouteResult,
  headers: Record<string, string>,
  cacheControl: string | undefined,
): CoreResponse {
  if ('raw' in result) return { ...result.raw, headers: Object.assign(headers, result.raw.headers) };
  const status = result.status ?? 200;
  headers['Content-Type'] = JSON_TYPE;
  headers['Cache-Control'] = status < 300 && cacheControl ? cacheControl : 'no-store';
  if (result.headers) Object.assign(headers, result.headers);
  return { status, headers, body: result.body instanceof JsonText ? result.body.bytes : JSON.stringify(result.body) };
}

/** Reads a route's body and decodes it: JSON, or a URL-encoded form where the route takes one. */
async function readBody(request: CoreRequest, acceptsForm: boolean): Promise<{ bytes: Uint8Array; value: unknown }> {
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type)) {
    const bytes = await request.readBody();
    return { bytes, value: parseJson(bytes) };
  }
  if (acceptsForm && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    const bytes = await request.readBody();
    return { bytes, value: queryRecord(new URLSearchParams(decodeUtf8(bytes, 'form'))) };
  }
  const accepted = acceptsForm ? 'application/json or application/x-www-form-urlencoded' : 'application/json';
  throw new ApiError(
    'unsupported_media_type',
    `Content-Type must be ${accepted} (got ${JSON.stringify(type || 'none')}).`,
  );
}

function parseJson(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes, 'JSON');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_body', 'The body is not valid UTF-8 JSON.');
  }
}

function decodeUtf8(bytes: Uint8Array, what: 'JSON' | 'form'): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('invalid_body', `The body is not valid UTF-8 ${what}.`);
  }
}

/** Keys are 1..255 printable ASCII; the RFC 8941 quoted-string form ("...") is accepted. */
export function parseIdempotencyKey(raw: string): string {
  const unquoted = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (!IDEMPOTENCY_KEY.test(unquoted)) {
    throw new ApiError('invalid_parameter', 'Header "Idempotency-Key" must be 1 to 255 printable ASCII characters.');
  }
  return unquoted;
}

function successorPath(route: AnyRoute, params: Record<string, string>, rawSearch: string): string {
  const path = route.path.replace(/\{([a-zA-Z_]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  // Re-encoded: the path goes into a Link header, where a raw '>' or '"' from the request would break it.
  const search = new URLSearchParams(rawSearch).toString();
  return search ? `${path}?${search}` : path;
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
