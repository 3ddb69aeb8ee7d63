import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { ApiError } from '../errors.ts';
import { outputJson, type Operation } from '../operations/operation.ts';
import type { JsonText } from '../json-text.ts';
import type { CoreRequest, CoreResponse } from './types.ts';

export type HttpMethod = 'GET' | 'POST';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
  /** Also answers text/event-stream (server-sent events) with this status. */
  eventStream?: boolean;
  /** Also answers text/html (a page) with this status, to clients that prefer it. */
  htmlPage?: boolean;
  /** Other media types it also answers with this status, each with its JSON Schema (OpenAPI). */
  otherMediaTypes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  headers?: readonly string[];
}

/** What a representation is made from: the operation's output, and the request it answers. */
export interface RepresentationContext {
  deps: AppDeps;
  request: CoreRequest;
  query: unknown;
  body: unknown;
}

/**
 * Another form of a route's 200 answer than its JSON (a page, Markdown, an event stream), made from the
 * same output in the represent phase (phases/represent.ts); OpenAPI lists it beside the JSON.
 */
export interface Representation {
  /** The media type it is offered as (OpenAPI), and negotiated by unless `askedBy` says otherwise. */
  mediaType: string;
  description: string;
  /** Sent when the request asks for it this way (a body field); by default when Accept prefers it to JSON. */
  askedBy?: (request: { query: unknown; body: unknown }) => boolean;
  /** Whether this server can make it (a page needs the built site); true by default. */
  available?: (deps: AppDeps) => boolean;
  /** The answer in this form, from the operation's output (with the route's Cache-Control for it). */
  render(output: unknown, context: RepresentationContext, cacheControl: string | undefined): CoreResponse;
  /**
   * The answer in this form to a request whose input was refused, when it has one (a form shown
   * empty to a browser that sent no question); else the refusal goes out as an error.
   */
  refused?: (error: ApiError, context: RepresentationContext) => CoreResponse | undefined;
}

export interface RouteContext<Query, Body, Params = Record<string, string>> {
  query: Query;
  body: Body;
  /** The path's parameters, as the route's `params` schema parsed them (raw strings without one). */
  params: Params;
  request: CoreRequest;
  deps: AppDeps;
  requestId: string;
  /** Who the request counts as (phases/identify.ts): `token:<clientId>`, else `ip:<address>`. */
  client: string;
  /** In-process dispatch through the same route table (the batch executor uses it). */
  dispatch(request: CoreRequest): Promise<CoreResponse>;
  /** The route a method and raw path would reach, if any. */
  find(method: string, path: string): AnyRoute | undefined;
  /** The whole route table (the docs MCP server describes it). */
  routes: readonly AnyRoute[];
  /** The request body, for routes that parse it themselves (rawBody). */
  rawBody?: Uint8Array | undefined;
}

export interface JsonResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type RouteResult = JsonResult | { raw: CoreResponse };

export interface Route<Query = unknown, Body = unknown, Params = Record<string, string>> {
  method: HttpMethod;
  /** OpenAPI-style template, e.g. /api/v1/jobs/{jobId}. */
  path: string;
  /** Unversioned paths that answer the same and carry Deprecation, Sunset and a successor link. */
  aliases?: readonly string[];
  /**
   * The path is also a page of the static site: the server sends the core only a request whose query
   * string carries this parameter, and serves the file for the rest (GET /papers?q=… against /papers).
   */
  onlyWithParam?: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  params?: z.ZodType<Params>;
  responses: Record<number, ResponseSpec>;
  /** May be called as a batch sub-request. */
  batchable: boolean;
  /**
   * Listed under this name in the `endpoints` of the API directories (/api: its unversioned path,
   * /api/v1: its versioned one).
   */
  directoryName?: string;
  /** Described in OpenAPI (default true); false for a page of the site that the core fills in. */
  documented?: boolean;
  /**
   * Counts against the per-client rate limit (default true). Only these routes read the Authorization
   * header: a token does nothing but select the bucket, so /healthz answers whatever a probe sends.
   */
  rateLimited?: boolean;
  /** Cache-Control for successful answers. */
  cacheControl?: string;
  /** POST routes whose responses are stored and replayed by Idempotency-Key. */
  idempotent?: boolean;
  /**
   * The answer is a secret (a bearer token): its Idempotency-Key must look random, and the stored answer
   * is sealed under it (see http/idempotency.ts).
   */
  secretAnswer?: boolean;
  /** Rate-limit units a valid request costs (default 1): what it makes the server do. */
  cost?: (input: { query: Query; body: Body }) => number;
  /**
   * Also takes the body as application/x-www-form-urlencoded (RFC 7009 revocation requests); its fields
   * reach the body schema as strings, first value wins.
   */
  formBody?: boolean;
  /** The handler reads and checks the body itself (MCP: its own media type and error rules). */
  rawBody?: boolean;
  /** For rawBody routes: the body as documented in OpenAPI. */
  bodyDoc?: z.ZodType;
  /**
   * The error body for a request refused before its handler ran (limits, authentication, idempotency),
   * for a route whose clients read another shape than the API's errors (MCP: JSON-RPC). The status and
   * headers stay those of the error; `body` is the request body when it was read.
   */
  errorText?: (error: ApiError, request: Pick<CoreRequest, 'headers'>, body: Uint8Array | undefined) => string;
  /** For routes with errorText: the schema of the bodies it writes, as OpenAPI describes every refusal. */
  refusalSchema?: z.ZodType;
  /** Request headers the route reads besides the shared ones: OpenAPI parameter objects by component name. */
  headerParameters?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /**
   * Other forms of the 200 answer, chosen in the represent phase from what the request asks for; the
   * answer then varies on Accept, whichever form goes out.
   */
  representations?: readonly Representation[];
  /** What the route does, as typed input to its 200 output; MCP tools call it too. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  operation?: Operation<any, any, any>;
  handler(context: RouteContext<Query, Body, Params>): Promise<RouteResult> | RouteResult;
}

/** Typed identity: lets TypeScript infer Query, Body and Params from the schemas. */
export function defineRoute<Query, Body = undefined, Params = Record<string, string>>(
  route: Route<Query, Body, Params>,
): Route<Query, Body, Params> {
  return route;
}

/**
 * An operation run for a route: its output as the 200 result, at once when the output is at hand (a
 * fixed operation's, from the memo), with the headers `headersOf` makes from it.
 */
export function outputResult<Input>(
  operation: Operation<Input, unknown>,
  input: Input,
  context: Pick<RouteContext<unknown, unknown, unknown>, 'deps' | 'request'>,
  headersOf?: (output: JsonText) => Record<string, string>,
): JsonResult | Promise<JsonResult> {
  const output = outputJson(operation, input, { deps: context.deps, clientAddress: context.request.clientAddress });
  const answer = (body: JsonText): JsonResult => (headersOf ? { body, headers: headersOf(body) } : { body });
  return output instanceof Promise ? output.then(answer) : answer(output);
}

/** An operation's output as the route's 200 result: at once when the output is at hand (a kept answer). */
export function resultOf(output: JsonText | Promise<JsonText>): JsonResult | Promise<JsonResult> {
  return output instanceof Promise ? output.then((body) => ({ body })) : { body: output };
}

// A route table is heterogeneous; the dispatcher only relies on schemas and handler agreeing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = Route<any, any, any>;

/** An error's body as the route words it (MCP: JSON-RPC), else in the API's own shape. */
export function errorBodyFor(
  route: AnyRoute | undefined,
  error: ApiError,
  request: Pick<CoreRequest, 'headers'>,
  body: Uint8Array | undefined,
): string {
  return route?.errorText?.(error, request, body) ?? JSON.stringify(error.toBody());
}
