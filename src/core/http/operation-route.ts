// The REST route an operation declares (`operation.rest`), derived from it: the path parameters and
// the query string (or, for a POST, the JSON body) from its input, the 200 from its output, the error
// answers from the codes it may throw, and a handler that reads the input and runs it. A route with
// more to say passes it here: other forms of the answer (representations, chosen in the represent
// phase), headers of its own, a second door (POST beside GET), or its own handler. A handler of its
// own also writes the Cache-Status and Age a `cacheStatus` operation's answers carry.
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import type { JsonText } from '../json-text.ts';
import { aliasesOf, requiredOneOf } from '../operations/aliases.ts';
import type { AnyOperation, Operation, OperationRest } from '../operations/operation.ts';
import { queryFromInput } from '../operations/query-from-input.ts';
import { CACHE_STATUS_HEADERS, searchCacheHeaders, type ServedFromCache } from './cache-status.ts';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from './common-schemas.ts';
import {
  defineRoute,
  outputResult,
  type AnyRoute,
  type Representation,
  type ResponseSpec,
  type Route,
  type RouteContext,
} from './route.ts';

/** What a derived route may add to its operation's declaration. */
export interface RouteExtras<Input, Extra extends z.ZodRawShape = z.ZodRawShape> {
  /** Extra headers of the 200 answer (ETag is always there: answers are tagged bytes). */
  headers?: readonly string[];
  /** The 200 also answers these media types (citations), each with its JSON Schema. */
  otherMediaTypes?: ResponseSpec['otherMediaTypes'];
  /** Query parameters the route reads besides the input's (a representation: `format`). */
  query?: Extra;
  /** Body fields a POST route reads besides the input's (which representation: `prefer.streaming`). */
  body?: z.ZodRawShape;
  /** Other forms of the 200 answer (a page, Markdown, an event stream), chosen in the represent phase. */
  representations?: readonly Representation[];
  /** A second door to the same operation: what differs from `operation.rest` (POST beside GET). */
  rest?: Partial<OperationRest>;
  summary?: string;
  description?: string;
  /** Answers besides the derived ones (a 202 job). */
  responses?: Record<number, ResponseSpec>;
  /** POST: responses kept and replayed by Idempotency-Key. */
  idempotent?: boolean;
  /** A handler of its own, for a route that also chooses a representation; it gets the input made. */
  handler?: (
    input: Input,
    context: RouteContext<z.output<z.ZodObject<Extra>>, undefined, unknown>,
  ) => ReturnType<AnyRoute['handler']>;
}

/** Statuses whose answers a client may retry after a pause, and so carry Retry-After. */
const RETRYABLE = new Set([429, 502, 503]);

/** The operation's error codes as answers, one per status, each naming its codes. */
export function errorResponses(codes: readonly ErrorCode[]): Record<number, ResponseSpec> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, named]) => {
      const description = named.map((code) => `${ERROR_CODES[code].title} (${code})`).join('; ');
      return [status, errorResponse(description, RETRYABLE.has(status) ? ['Retry-After'] : undefined)];
    }),
  );
}

/** The input fields the path names, in the path's order. */
function pathFields(path: string): string[] {
  return [...path.matchAll(/\{([a-zA-Z_]+)\}/g)].map(([, name = '']) => name);
}

type ReadContext = RouteContext<Record<string, unknown>, unknown, Record<string, unknown>>;

/**
 * The input an operation's route reads: its query string (`cursor` as `page`) or JSON body, and path
 * parameters; only the input's own fields, so what else the route reads never reaches the operation,
 * and no alias, whose value reading folded into its field (or checked and left, when both were sent).
 */
function inputReader(input: z.ZodObject, rest: OperationRest, fromPath: readonly string[], fromBody: boolean) {
  const own = rest.query;
  if (own && !fromBody) {
    return ({ query, params }: ReadContext) => {
      const read = own.input(query as never) as Record<string, unknown>;
      for (const name of fromPath) read[name] = params[name];
      return read;
    };
  }
  const pages = !fromBody && 'page' in input.shape;
  const aliases = new Set(aliasesOf(input).map(([alias]) => alias));
  const fields = Object.keys(input.shape).filter((name) => !fromPath.includes(name) && !aliases.has(name));
  return ({ query, body, params }: ReadContext) => {
    const read: Record<string, unknown> = {};
    const source = fromBody ? (body as Record<string, unknown>) : query;
    for (const name of fields) if (name !== 'page' || !pages) read[name] = source[name];
    if (pages) read['page'] = query['cursor'] ?? 1;
    for (const name of fromPath) read[name] = params[name];
    return read;
  };
}

/** The route's answers: the output as the 200, then 304 for a GET, the operation's errors and 429. */
function responsesOf(operation: AnyOperation, rest: OperationRest, extras: RouteExtras<unknown>) {
  const success: ResponseSpec = {
    description: rest.answers,
    schema: operation.output,
    headers: ['ETag', ...(rest.cacheStatus ? CACHE_STATUS_HEADERS : []), ...(extras.headers ?? [])],
  };
  const otherMediaTypes = { ...extras.otherMediaTypes, ...mediaTypesOf(extras.representations ?? []) };
  if (Object.keys(otherMediaTypes).length > 0) success.otherMediaTypes = otherMediaTypes;
  const responses: Record<number, ResponseSpec> = { 200: success };
  if (rest.method === 'GET') responses[304] = NOT_MODIFIED_RESPONSE;
  return { ...responses, ...errorResponses(operation.errors ?? []), 429: RATE_LIMITED_RESPONSE, ...extras.responses };
}

/** The representations as OpenAPI media types of the 200. */
function mediaTypesOf(representations: readonly Representation[]): NonNullable<ResponseSpec['otherMediaTypes']> {
  return Object.fromEntries(
    representations.map(({ mediaType, description }) => [mediaType, { type: 'string', description }]),
  );
}

/** The object without its undefined fields (optional route fields are absent, not undefined). */
function present<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * What the route reads besides the path: for a GET, the input as the query string; for a POST, the
 * input as the JSON body. Either with what the route adds (a representation's parameter or field).
 */
function doorSchemas(input: z.ZodObject, rest: OperationRest, fromBody: boolean, extras: RouteExtras<unknown>) {
  if (fromBody) {
    const body = input.extend(extras.body ?? {});
    const example = bodyExample(input);
    const meta = { ...requiredOneOf(body), ...(example ? { examples: [example] } : {}) };
    return { query: z.object(extras.query ?? {}), body: Object.keys(meta).length ? body.meta(meta) : body };
  }
  const derived = rest.query?.schema ?? (queryFromInput(input) as unknown as z.ZodObject);
  return { query: derived.extend(extras.query ?? {}), body: undefined };
}

/** A body made of its fields' first examples (aliases left out), for the docs' sample call; undefined without any. */
function bodyExample(input: z.ZodObject): Record<string, unknown> | undefined {
  const fields = Object.entries(input.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const meta = z.globalRegistry.get(field);
    const examples: unknown = meta?.examples;
    return !meta?.['x-alias-of'] && Array.isArray(examples) && examples.length > 0 ? [[name, examples[0]]] : [];
  });
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

/**
 * A second door to an operation: its path, tags, answer and batch rule, with what the door says of its
 * own; aliases, directory listing and caching are the first door's alone unless it names them.
 */
function secondDoor(first: OperationRest, own: Partial<OperationRest>): OperationRest {
  const { path, operationId, tags, answers, batch } = first;
  return { path, operationId, tags, answers, ...(batch === undefined ? {} : { batch }), method: first.method, ...own };
}

/** The route an operation declares; throws at startup for an operation without `rest`. */
export function operationRoute<Input, Output, Extra extends z.ZodRawShape = z.ZodRawShape>(
  operation: Operation<Input, Output>,
  extras: RouteExtras<Input, Extra> = {},
): AnyRoute {
  if (!operation.rest || !(operation.input instanceof z.ZodObject)) {
    throw new Error('operationRoute: the operation declares no REST route over an object input');
  }
  const rest = extras.rest ? secondDoor(operation.rest, extras.rest) : operation.rest;
  const input = operation.input as z.ZodObject;
  const fromPath = pathFields(rest.path);
  const fromBody = rest.method === 'POST';
  const mask = Object.fromEntries(fromPath.map((name) => [name, true] as const)) as Record<string, true> &
    Record<number, never>;
  const { query, body } = doorSchemas(input.omit(mask), rest, fromBody, extras as RouteExtras<unknown>);
  const inputOf = inputReader(input, rest, fromPath, fromBody);
  // How a cached answer was served, from the output the store kept.
  const answerHeaders = rest.cacheStatus
    ? (output: JsonText) => searchCacheHeaders(output as unknown as ServedFromCache)
    : undefined;
  const route: Route<Record<string, unknown>, unknown, Record<string, unknown>> = {
    method: rest.method,
    path: rest.path,
    operationId: rest.operationId,
    summary: extras.summary ?? operation.summary ?? rest.operationId,
    tags: rest.tags,
    ...present({
      aliases: rest.aliases,
      description: extras.description ?? operation.description,
      directoryName: rest.directoryName,
      cacheControl: rest.cacheControl,
      query: Object.keys(query.shape).length ? query : undefined,
      body,
      params: fromPath.length ? (input.pick(mask) as z.ZodType<Record<string, unknown>>) : undefined,
      representations: extras.representations,
      idempotent: extras.idempotent,
    }),
    responses: responsesOf(operation as AnyOperation, rest, extras as RouteExtras<unknown>),
    batchable: rest.batch ?? rest.method === 'GET',
    operation: operation as AnyOperation,
    handler: (context) => {
      const read = inputOf(context) as Input;
      if (extras.handler) return extras.handler(read, context as RouteContext<z.output<z.ZodObject<Extra>>, undefined>);
      return outputResult(operation, read, context, answerHeaders);
    },
  };
  return defineRoute(route);
}
