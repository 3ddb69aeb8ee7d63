// A capability, declared once: typed input to typed output, with its summary, the errors it may
// throw and how it is exposed (a REST route, an MCP tool, a batch target). The doors are derived
// from it: http/operation-route.ts makes the route (path parameters, query string, OpenAPI entry),
// mcp/tool.ts the tool. Operations return values and throw domain errors; the doors serialise the
// values (outputJson below for HTTP, mcp/tool.ts for tools) and map the errors (http/error-mapping.ts).
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { ErrorCode } from '../errors.ts';
import type { ApiDocumentation } from './api-documentation.ts';
import { JsonText } from '../json-text.ts';

export interface OperationContext {
  deps: AppDeps;
  /** Whose share of bounded caches the work counts against. */
  clientAddress: string;
  /** The API reference, made by the doors from the route table (the documentation operations read it). */
  documentation?: ApiDocumentation;
}

/**
 * An operation that is also an MCP tool on the product server (mcp/tool.ts toolFrom derives it):
 * its name, title and description; the schemas and the run are the operation's own.
 */
export interface OperationTool {
  /** The MCP server that offers it: the product server (default) or the documentation server. */
  server?: 'product' | 'docs';
  name: string;
  title: string;
  description: string;
  /** The output comes from the paper index upstream, beyond our own content: the tool says so (openWorldHint). */
  openWorld?: boolean;
  /**
   * A narrower input for agents (a smaller default page, fewer fields), parsing to the operation's
   * input: the operation's bounds are the rule; the description says where the tool's default differs.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  input?: z.ZodType<any>;
  /** The tool's output schema, when it differs from the operation's (papers with only the fields asked for). */
  output?: z.ZodType;
  /** The answer as text for the model (default: the output's JSON); the output is the structured content. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  text?: (output: any, input: any, context: OperationContext) => string;
}

/**
 * What an operation gives: its output, or the output as the JSON a store kept (a cached search page
 * with its hash and compressed form), which the doors send as it is rather than parse and serialise.
 */
export type OperationResult<Output> = Output | JsonText<Output>;

/**
 * The operation as a REST route. The path's `{name}` segments are input fields (typed path
 * parameters); the other input fields are the query string, with `page` as the opaque `cursor`.
 */
export interface OperationRest {
  method: 'GET' | 'POST';
  /** OpenAPI-style template, e.g. /api/v1/papers/{id}/citations. */
  path: string;
  operationId: string;
  tags: readonly string[];
  /** What the 200 answer holds, in a few words (its OpenAPI description). */
  answers: string;
  /** Unversioned paths that answer the same, deprecated (Deprecation, Sunset, a successor link). */
  aliases?: readonly string[];
  /** Listed under this name in the `endpoints` of the API directories. */
  directoryName?: string;
  /** Cache-Control for successful answers. */
  cacheControl?: string;
  /**
   * The output comes through the shared search cache (a JsonText with `cache` and `age`): each answer
   * says how it was served, in Cache-Status and Age.
   */
  cacheStatus?: boolean;
  /**
   * A query string of the route's own, for an operation whose REST form predates its input (other
   * names, aliases, one parameter winning over another): its schema, and the input it reads as.
   * Without it the query string is the input's fields, derived (operations/query-from-input.ts).
   */
  query?: { schema: z.ZodObject; input: (query: never) => unknown };
  /** May be called as a batch sub-request (default true for GET). */
  batch?: boolean;
}

export interface Operation<Input, Output, Result extends OperationResult<Output> = OperationResult<Output>> {
  /** One line: what it does (the route's summary). */
  summary?: string;
  /** More on what it does and how to page or filter (the route's description). */
  description?: string;
  /** The catalogue's codes it may answer besides its output; the HTTP edge gives each its status. */
  errors?: readonly ErrorCode[];
  /** Set when the operation is a REST route. */
  rest?: OperationRest;
  /** Set when the operation is also an MCP tool. */
  tool?: OperationTool;
  /**
   * The input as JSON values (what a tool takes); routes map their path and query strings onto it.
   * Its fields carry `examples` (JSON Schema), from which the API docs and the tests make sample calls.
   */
  input: z.ZodType<Input>;
  /** The route's 200 schema. */
  output: z.ZodType<Output>;
  /**
   * The output depends only on the input and the built content, which does not change while the
   * server runs: outputJson serialises it once per process for each input.
   */
  fixed?: boolean;
  run(input: Input, context: OperationContext): Promise<Result> | Result;
}

/** Typed identity: lets TypeScript infer Input, Output and Result from the schemas and `run`. */
export function defineOperation<Input, Output, Result extends OperationResult<Output>>(
  operation: Operation<Input, Output, Result>,
): Operation<Input, Output, Result> {
  return operation;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any>;

/** Names that keep one operation's remembered outputs apart from another's in the shared memo. */
const memoNames = new WeakMap<AnyOperation, string>();
let operationsNamed = 0;

/** Where a fixed operation's output for this input is kept in the shared memo. */
function memoKey(operation: AnyOperation, input: unknown): string {
  let name = memoNames.get(operation);
  if (name === undefined) {
    name = `operation-${(operationsNamed += 1)}`;
    memoNames.set(operation, name);
  }
  return `${name}|${JSON.stringify(input)}`;
}

/**
 * The operation's output as JSON, as the HTTP door sends it: a fixed operation's is made and
 * serialised once for each input and then served from the memo (synchronously, as the hot path
 * of a kept answer takes it); any other's on each call.
 */
export function outputJson<Input, Output>(
  operation: Operation<Input, Output>,
  input: Input,
  context: OperationContext,
): JsonText<Output> | Promise<JsonText<Output>> {
  const key = operation.fixed ? memoKey(operation, input) : undefined;
  const kept = key === undefined ? undefined : context.deps.memo.get(key);
  if (kept) return kept as JsonText<Output>;
  const serialise = (result: OperationResult<Output>): JsonText<Output> => {
    const json = result instanceof JsonText ? result : new JsonText<Output>(JSON.stringify(result));
    if (key !== undefined) context.deps.memo.set(key, json);
    return json;
  };
  const result = operation.run(input, context);
  return result instanceof Promise ? result.then(serialise) : serialise(result);
}
