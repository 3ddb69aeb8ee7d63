// An MCP tool: zod input and output schemas (published as inputSchema and outputSchema),
// annotations, and a run function that returns readable text plus the data as structuredContent,
// which the output schema describes. Tools over a route call its typed operation. A tool that
// fails while running answers isError: true, and so do invalid arguments from 2025-11-25 on (SEP-1303;
// -32602 before it runs under the older revisions).
import { z } from 'zod';
import type { AnyOperation, OperationTool } from '../operations/operation.ts';
import { JsonText } from '../json-text.ts';
import type { RouteContext } from '../http/route.ts';

export interface ToolOutput<Output> {
  text: string;
  structured: Output;
}

/**
 * Output made from a body that changes while the server runs (a cached search page), named by its
 * hash: the result is rendered once for each body and remembered under that hash, never beyond it.
 */
export interface DerivedToolOutput<Output> {
  basis: string;
  render(): ToolOutput<Output>;
  /**
   * The output the same arguments get now, for a repeat of the call: a remembered result answers it
   * while the basis is unchanged, and this output, already fetched, answers it when not.
   */
  current(context: RouteContext<unknown, unknown>): Promise<DerivedToolOutput<Output>>;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** True when the tool reaches past our own content (the paper index upstream). */
  openWorldHint: boolean;
}

export interface McpTool<Args, Output> {
  name: string;
  title: string;
  description: string;
  input: z.ZodType<Args>;
  output: z.ZodType<Output>;
  annotations: ToolAnnotations;
  /**
   * The output depends only on the arguments and the built content, which does not change while
   * the server runs, so a result can be served again from memory.
   */
  deterministic?: boolean;
  run(args: Args, context: RouteContext<unknown, unknown>): Promise<ToolOutput<Output> | DerivedToolOutput<Output>>;
}

/** Typed identity: lets TypeScript infer Args and Output from the schemas. */
export function defineTool<Args, Output>(tool: McpTool<Args, Output>): McpTool<Args, Output> {
  return tool;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = McpTool<any, any>;

/** Every tool here only reads. */
export const READS_OUR_CONTENT: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

type JsonSchema = Record<string, unknown>;

/** A tool schema as the spec wants it: an object schema at the root, not a $ref to one (a named route schema). */
function objectSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const named = /^#\/\$defs\/(.+)$/.exec(String(generated['$ref']))?.[1];
  let json = generated;
  if (named) {
    const { [named]: root, ...others } = generated['$defs'] as Record<string, JsonSchema>;
    json = { ...root, ...(Object.keys(others).length ? { $defs: others } : {}) };
  }
  const required = (json['required'] as string[] | undefined) ?? [];
  const root: JsonSchema = { ...json, type: 'object', properties: json['properties'] ?? {} };
  if (required.length > 0) root['required'] = required;
  else delete root['required'];
  const published = withoutMeaninglessBounds(root) as JsonSchema;
  return io === 'input' ? (closed(published) as JsonSchema) : published;
}

/** JavaScript's safe-integer limits, which zod writes on every z.int(): no caller's bound, only noise. */
const SAFE_LIMITS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

function withoutMeaninglessBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutMeaninglessBounds);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if ((key === 'minimum' || key === 'maximum') && SAFE_LIMITS.has(value as number)) continue;
    copy[key] = withoutMeaninglessBounds(value);
  }
  return copy;
}

/**
 * Every object of an input schema closed (additionalProperties: false), as tools/call enforces it and
 * OpenAI's strict mode requires; an argument-less tool becomes {"type":"object","properties":{},
 * "additionalProperties":false}.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema))
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, each]) => [name, closed(each)]))
        : closed(value);
  if (copy['type'] === 'object' && copy['additionalProperties'] === undefined) copy['additionalProperties'] = false;
  return copy;
}

/** The arguments a tool takes: the properties its input schema publishes. */
export function acceptedArguments(tool: AnyTool): readonly string[] {
  return Object.keys((toolDefinition(tool)['inputSchema'] as JsonSchema)['properties'] as JsonSchema);
}

const definitions = { modern: new WeakMap<AnyTool, JsonSchema>(), legacy: new WeakMap<AnyTool, JsonSchema>() };

/**
 * The tool as tools/list publishes it; computed once per tool and era. Any tool can run as a task:
 * 2025-11-25 says so per tool (`execution.taskSupport`); 2026-07-28 leaves it to the server.
 */
export function toolDefinition(tool: AnyTool, era: 'modern' | 'legacy' = 'modern'): Record<string, unknown> {
  let definition = definitions[era].get(tool);
  if (!definition) {
    definition =
      era === 'legacy'
        ? { ...toolDefinition(tool), execution: { taskSupport: 'optional' } }
        : {
            name: tool.name,
            title: tool.title,
            description: tool.description,
            inputSchema: objectSchema(tool.input, 'input'),
            outputSchema: objectSchema(tool.output, 'output'),
            annotations: { title: tool.title, ...tool.annotations },
          };
    definitions[era].set(tool, definition);
  }
  return definition;
}

export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}

/**
 * The tool an operation declares (`operation.tool`): its schemas and run are the operation's; its
 * text is the output's JSON, its structured content the output. Its results are remembered when
 * the operation's output is fixed (depends only on the arguments and the built content). A tool
 * whose operation says how (`text`) answers that text instead of the JSON, which lists make long.
 */
export function toolFrom(operation: AnyOperation, tool: OperationTool): AnyTool {
  const { name, title, description, openWorld, text } = tool;
  return defineTool({
    name,
    title,
    description,
    input: operation.input,
    output: tool.output ?? operation.output,
    annotations: openWorld ? { ...READS_OUR_CONTENT, openWorldHint: true } : READS_OUR_CONTENT,
    deterministic: operation.fixed === true,
    run: async (args, context) => {
      const output = await operation.run(args, { deps: context.deps, clientAddress: context.request.clientAddress });
      const structured: unknown = output instanceof JsonText ? output.value() : output;
      if (text) return { text: text(structured, args), structured };
      return { text: output instanceof JsonText ? output.text : JSON.stringify(output), structured };
    },
  });
}
