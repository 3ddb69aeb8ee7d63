// A route's operation: typed input to typed output. The route handler turns the HTTP request into
// the input and the output into the response; MCP tools call the same operation with their
// arguments, so both doors share one implementation and one pair of schemas.
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { JsonText } from '../json-text.ts';

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
  /**
   * The output comes from the paper index upstream and changes while the server runs: the tool says
   * so (openWorldHint), and its results are not served again from memory.
   */
  openWorld?: boolean;
}

export interface Operation<Input, Output, Result extends JsonText<Output> = JsonText<Output>> {
  /** Set when the operation is also an MCP tool. */
  tool?: OperationTool;
  /** The input as JSON values (what a tool takes); routes map their query strings onto it. */
  input: z.ZodType<Input>;
  /** The route's 200 schema. */
  output: z.ZodType<Output>;
  /** The output already serialised: routes send its bytes, tools read its value. */
  run(input: Input, context: OperationContext): Promise<Result> | Result;
}

/** Typed identity: lets TypeScript infer Input, Output and Result from the schemas and `run`. */
export function defineOperation<Input, Output, Result extends JsonText<Output>>(
  operation: Operation<Input, Output, Result>,
): Operation<Input, Output, Result> {
  return operation;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any>;
