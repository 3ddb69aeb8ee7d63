// A route's operation: typed input to typed output. The route handler turns the HTTP request into
// the input and the output into the response; MCP tools call the same operation with their
// arguments, so both doors share one implementation and one pair of schemas. Operations return
// values; the doors serialise them (outputJson below for HTTP, mcp/tool.ts for tools).
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { JsonText } from '../json-text.ts';

export interface OperationContext {
  deps: AppDeps;
  /** Whose share of bounded caches the work counts against. */
  clientAddress: string;
}

/**
 * An operation that is also an MCP tool on the product server (mcp/tool.ts toolFrom derives it):
 * its name, title and description; the schemas and the run are the operation's own.
 */
export interface OperationTool {
  name: string;
  title: string;
  description: string;
  /** The output comes from the paper index upstream, beyond our own content: the tool says so (openWorldHint). */
  openWorld?: boolean;
  /** The tool's output schema, when it differs from the operation's (papers with only the fields asked for). */
  output?: z.ZodType;
  /** The tool's text for an output (its structured content is the output); the output's JSON without one. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  text?: (output: any, input: any) => string;
}

/**
 * What an operation gives: its output, or the output as the JSON a store kept (a cached search page
 * with its hash and compressed form), which the doors send as it is rather than parse and serialise.
 */
export type OperationResult<Output> = Output | JsonText<Output>;

export interface Operation<Input, Output, Result extends OperationResult<Output> = OperationResult<Output>> {
  /** Set when the operation is also an MCP tool. */
  tool?: OperationTool;
  /** The input as JSON values (what a tool takes); routes map their query strings onto it. */
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
