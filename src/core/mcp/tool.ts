// An MCP tool: zod input and output schemas (published as inputSchema and outputSchema),
// annotations, and a run function that returns readable text plus the data as structuredContent,
// which the output schema describes. Tools over a route call its typed operation. A tool that
// fails while running answers isError: true, and so do invalid arguments from 2025-11-25 on (SEP-1303;
// -32602 before it runs under the older revisions).
import { z } from 'zod';
import type { AnyOperation, OperationContext, OperationTool } from '../operations/operation.ts';
import { JsonText } from '../json-text.ts';
import { keepInputExamples } from '../operations/input-examples.ts';
import type { McpContext } from './context.ts';

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
  current(context: McpContext): Promise<DerivedToolOutput<Output>>;
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
   * the server runs, so a result can be served again from memory (an operation's `fixed`).
   */
  fixed?: boolean;
  run(args: Args, context: McpContext): Promise<ToolOutput<Output> | DerivedToolOutput<Output>>;
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
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: keepInputExamples } : {}),
  }) as JsonSchema;
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
  return io === 'input' ? (closed(published) as JsonSchema) : (leanOutput(published, 0) as JsonSchema);
}

/** What an output schema publishes without: examples, and string rules the data itself shows. */
const OUTPUT_NOISE = new Set(['examples', 'minLength', 'pattern']);

/**
 * An output schema as tools/list publishes it: the types, the required members and the descriptions
 * of the result's own members, without the descriptions of nested records' fields and without
 * OUTPUT_NOISE. A client validates structuredContent against it as before; the agent reads the
 * text. Two thirds of the product server's tools/list (45,109 characters) were output schemas.
 */
function leanOutput(schema: unknown, depth: number): unknown {
  if (Array.isArray(schema)) return schema.map((each) => leanOutput(each, depth));
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (OUTPUT_NOISE.has(key) || (key === 'description' && depth > 1)) continue;
    copy[key] =
      key === 'properties' || key === '$defs'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, each]) => [name, leanOutput(each, depth + 1)]),
          )
        : leanOutput(value, depth);
  }
  return copy;
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
            // The tool's own title names it; annotations need not say it again.
            annotations: { ...tool.annotations },
          };
    definitions[era].set(tool, definition);
  }
  return definition;
}

export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}

/**
 * The tool an operation declares (`operation.tool`): its output schema (unless the tool narrows it) and run are the operation's,
 * its input the operation's or the tool's narrower one; its text the tool's rendering or the output's
 * JSON, its structured content the output. A fixed operation's results are remembered by arguments;
 * any other's output kept as JSON (a cached page) is remembered under its hash, never beyond it.
 */
export function toolFrom(operation: AnyOperation, tool: OperationTool): AnyTool {
  const { name, title, description, openWorld } = tool;
  return defineTool({
    name,
    title,
    description,
    input: tool.input ?? operation.input,
    output: tool.output ?? operation.output,
    annotations: openWorld ? { ...READS_OUR_CONTENT, openWorldHint: true } : READS_OUR_CONTENT,
    fixed: operation.fixed === true,
    run: (args, context) => toolOutput(operation, tool, args, context),
  });
}

/** The operation run for a tool call, its output as kept JSON when a store kept it. */
function runFor(operation: AnyOperation, args: unknown, context: OperationContext): Promise<unknown> {
  return Promise.resolve(operation.run(args, context));
}

async function toolOutput(
  operation: AnyOperation,
  tool: OperationTool,
  args: unknown,
  running: McpContext,
): Promise<ToolOutput<unknown> | DerivedToolOutput<unknown>> {
  const output = await runFor(operation, args, running);
  if (!(output instanceof JsonText)) {
    return { text: tool.text ? tool.text(output, args, running) : JSON.stringify(output), structured: output };
  }
  return operation.fixed ? rendered(tool, output, args, running) : derived(operation, tool, args, output, running);
}

function rendered(
  tool: OperationTool,
  output: JsonText,
  args: unknown,
  context: OperationContext,
): ToolOutput<unknown> {
  const value: unknown = output.value();
  return { text: tool.text ? tool.text(value, args, context) : output.text, structured: value };
}

/** An output kept as JSON (a cached page), named by its hash. */
function derived(
  operation: AnyOperation,
  tool: OperationTool,
  args: unknown,
  output: JsonText,
  context: OperationContext,
): DerivedToolOutput<unknown> {
  return {
    basis: output.hash,
    render: () => rendered(tool, output, args, context),
    current: toolOutputLater(operation, tool, args),
  };
}

/**
 * The same call run again later. Made apart from derived's scope, whose closures hold the output: a
 * remembered result keeps this one, and so keeps the arguments, not the page.
 */
function toolOutputLater(operation: AnyOperation, tool: OperationTool, args: unknown) {
  return async (running: McpContext): Promise<DerivedToolOutput<unknown>> => {
    const output = await runFor(operation, args, running);
    const kept = output instanceof JsonText ? output : new JsonText(JSON.stringify(output));
    return derived(operation, tool, args, kept, running);
  };
}
