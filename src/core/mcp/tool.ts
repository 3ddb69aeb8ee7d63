// An MCP tool: a zod input schema (published as JSON Schema), annotations, and a run function that
// returns readable text plus the data as structuredContent. A tool that fails while running answers
// isError: true; invalid arguments are a JSON-RPC -32602 before it runs.
import { z } from 'zod';
import { internalRequest, responseText } from '../http/internal-request.ts';
import type { RouteContext } from '../http/route.ts';

export interface ToolOutput {
  text: string;
  structured: Record<string, unknown>;
}

export interface McpTool<Args = unknown> {
  name: string;
  title: string;
  description: string;
  input: z.ZodType<Args>;
  /**
   * The output depends only on the arguments and the built content, which does not change while
   * the server runs, so a result can be served again from memory.
   */
  deterministic?: boolean;
  run(args: Args, context: RouteContext<unknown, unknown>): Promise<ToolOutput>;
}

/** Typed identity: lets TypeScript infer Args from the schema. */
export function defineTool<Args>(tool: McpTool<Args>): McpTool<Args> {
  return tool;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = McpTool<any>;

/** Every tool here only reads; none touches the outside world beyond our own index. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function toolDefinition(tool: AnyTool) {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(tool.input, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: {
      ...inputSchema,
      type: 'object',
      properties: inputSchema['properties'] ?? {},
      required: inputSchema['required'] ?? [],
    },
    annotations: { title: tool.title, ...READ_ONLY, openWorldHint: tool.name === 'search_reports' },
  };
}

/** The JSON body of an in-process GET through the route table, or throws with its error message. */
export async function callRoute(
  context: RouteContext<unknown, unknown>,
  path: string,
): Promise<Record<string, unknown>> {
  const response = await context.dispatch(internalRequest(context.request, { method: 'GET', target: path }));
  const text = responseText(response);
  const body = JSON.parse(text) as Record<string, unknown> & { error?: { message?: string } };
  if (response.status >= 400) throw new ToolFailure(body.error?.message ?? `HTTP ${response.status}`);
  return body;
}

export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}
