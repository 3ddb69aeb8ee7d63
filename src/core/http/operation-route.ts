// The REST route an operation declares (`operation.rest`), derived from it: the path parameters and
// the query string from its input, the 200 from its output, the error answers from the codes it
// may throw, and a handler that reads the input and runs it. A route with more to say (another
// media type, headers of its own) passes its handler; everything else still comes from the operation.
// A handler of its own also writes the Cache-Status and Age a `cacheStatus` operation's answers carry.
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import type { JsonText } from '../json-text.ts';
import type { AnyOperation, Operation, OperationRest } from '../operations/operation.ts';
import { queryFromInput } from '../operations/query-from-input.ts';
import { CACHE_STATUS_HEADERS, searchCacheHeaders, type ServedFromCache } from './cache-status.ts';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from './common-schemas.ts';
import { defineRoute, outputResult, type AnyRoute, type ResponseSpec, type Route, type RouteContext } from './route.ts';

/** What a derived route may add to its operation's declaration. */
export interface RouteExtras<Input, Extra extends z.ZodRawShape = z.ZodRawShape> {
  /** Extra headers of the 200 answer (ETag is always there: answers are tagged bytes). */
  headers?: readonly string[];
  /** The 200 also answers these media types (citations), each with its JSON Schema. */
  otherMediaTypes?: ResponseSpec['otherMediaTypes'];
  /** Query parameters the route reads besides the input's (a representation: `format`). */
  query?: Extra;
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

/** The input an operation's route reads: its query string (`cursor` as `page`) and path parameters. */
function inputReader(input: z.ZodObject, rest: OperationRest, fromPath: readonly string[]) {
  const own = rest.query;
  if (own) {
    return ({ query, params }: ReadContext) => {
      const read = own.input(query as never) as Record<string, unknown>;
      for (const name of fromPath) read[name] = params[name];
      return read;
    };
  }
  const pages = 'page' in input.shape;
  const fields = Object.keys(input.shape).filter((name) => !fromPath.includes(name));
  return ({ query, params }: ReadContext) => {
    const read: Record<string, unknown> = {};
    for (const name of fields) if (name !== 'page') read[name] = query[name];
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
  if (extras.otherMediaTypes) success.otherMediaTypes = extras.otherMediaTypes;
  const responses: Record<number, ResponseSpec> = { 200: success };
  if (rest.method === 'GET') responses[304] = NOT_MODIFIED_RESPONSE;
  return { ...responses, ...errorResponses(operation.errors ?? []), 429: RATE_LIMITED_RESPONSE };
}

/** The object without its undefined fields (optional route fields are absent, not undefined). */
function present<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The route an operation declares; throws at startup for an operation without `rest`. */
export function operationRoute<Input, Output, Extra extends z.ZodRawShape = z.ZodRawShape>(
  operation: Operation<Input, Output>,
  extras: RouteExtras<Input, Extra> = {},
): AnyRoute {
  const { rest } = operation;
  if (!rest || !(operation.input instanceof z.ZodObject)) {
    throw new Error('operationRoute: the operation declares no REST route over an object input');
  }
  const input = operation.input as z.ZodObject;
  const fromPath = pathFields(rest.path);
  const mask = Object.fromEntries(fromPath.map((name) => [name, true] as const)) as Record<string, true> &
    Record<number, never>;
  const derived = rest.query?.schema ?? (queryFromInput(input.omit(mask)) as unknown as z.ZodObject);
  const query = derived.extend(extras.query ?? {});
  const inputOf = inputReader(input, rest, fromPath);
  // How a cached answer was served, from the output the store kept.
  const answerHeaders = rest.cacheStatus
    ? (output: JsonText) => searchCacheHeaders(output as unknown as ServedFromCache)
    : undefined;
  const route: Route<Record<string, unknown>, undefined, Record<string, unknown>> = {
    method: rest.method,
    path: rest.path,
    operationId: rest.operationId,
    summary: operation.summary ?? rest.operationId,
    tags: rest.tags,
    ...present({
      aliases: rest.aliases,
      description: operation.description,
      directoryName: rest.directoryName,
      cacheControl: rest.cacheControl,
      query: Object.keys(query.shape).length ? query : undefined,
      params: fromPath.length ? (input.pick(mask) as z.ZodType<Record<string, unknown>>) : undefined,
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
