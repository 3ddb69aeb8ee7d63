// tools/call: a tool found by name, its arguments checked, run, and its result remembered when it
// depends on the request and the build alone (or, for a search page, on the page's hash). A call
// becomes a task when the client asks (2025-11-25) or, for a client that takes tasks, when it
// outlives the sync budget (2026-07-28).
import { foldAliases } from '../operations/aliases.ts';
import { toApiError } from '../http/error-mapping.ts';
import type { RouteResult } from '../http/route.ts';
import { JsonText } from '../json-text.ts';
import { answerCacheOf } from './answer-cache.ts';
import type { McpContext } from './context.ts';
import type { McpParams } from './definition.ts';
import { encodeResult, invalidParams, respond, type McpExchange, type Reply } from './envelope.ts';
import { OUT_OF_TIME, withinBudget } from '../jobs/async-work.ts';
import { declaresTasks, startTask, taskFields } from './tasks.ts';
import { acceptedArguments, ToolFailure, type AnyTool, type DerivedToolOutput, type ToolOutput } from './tool.ts';

/** Longest tool arguments (as JSON) whose result is remembered. */
const MAX_MEMO_ARGUMENTS = 512;
/** The first revision in which invalid tool arguments answer a tool error (SEP-1303), not -32602. */
const TOOL_ERRORS_FOR_ARGUMENTS_SINCE = '2025-11-25';

/**
 * Where a remembered result made from a cached page (search_reports) came from: the page's hash, the
 * memo key of its arguments, and the same call run again. A repeat answers from it while the search
 * gets the same page. The results of the other tools depend on the request and the build alone.
 */
export interface Derivation {
  tool: string;
  argsKey: string;
  basis: string;
  current: DerivedToolOutput<unknown>['current'];
}
export const derivations = new WeakMap<JsonText, Derivation>();

export async function callTool(exchange: McpExchange, params: McpParams): Promise<Reply> {
  const { server, context } = exchange;
  const tool = server.tools.find((candidate) => candidate.name === params['name']);
  if (!tool) return unknownTool(exchange, params['name']);
  const taskNow = asksForTask(exchange, params);
  if (taskNow === 'malformed')
    return invalidParams('"task" must be an object, such as {} or {"ttl": 60000} (a ttl in milliseconds).');
  const rawArgs = params['arguments'] ?? {};
  const unknown = unknownArguments(tool, rawArgs);
  if (unknown) return unknown;
  // Validation is a pure function of the raw arguments, so a remembered result may skip it too;
  // only short arguments make a key, so no client can fill the memo with long ones.
  const argsText = JSON.stringify(rawArgs);
  const argsKey =
    argsText.length <= MAX_MEMO_ARGUMENTS ? `mcp|${server.key}|${exchange.era}|${tool.name}|${argsText}` : undefined;
  const remembered = !taskNow && tool.fixed && argsKey ? answerCacheOf(context.deps).lookup(argsKey) : undefined;
  if (remembered) return { encoded: remembered };
  const args = tool.input.safeParse(foldAliases(tool.input, rawArgs).value);
  if (!args.success) return invalidArguments(exchange, tool.name, args.error.issues[0]);
  const run = () => runTool(exchange, tool, args.data, argsKey);
  if (taskNow) {
    const task = async () => taskFields(await startTask(exchange, run, taskNow.ttl), 'legacy');
    return asTask(exchange, tool, async () => ({ task: await task() }));
  }
  if (exchange.era === 'modern' && declaresTasks(params)) return answerOrTask(exchange, tool, run());
  return run();
}

/**
 * 2025-11-25: the client asks for a task with `task`, and may ask how long its result is kept (`ttl`,
 * in milliseconds); 2026-07-28 ignores that field (SEP-2663).
 */
function asksForTask(exchange: McpExchange, params: McpParams): false | 'malformed' | { ttl?: number } {
  const task = exchange.era === 'legacy' ? params['task'] : undefined;
  if (task === undefined) return false;
  if (typeof task !== 'object' || task === null || Array.isArray(task)) return 'malformed';
  const { ttl } = task as { ttl?: unknown };
  if (ttl === undefined || ttl === null) return {};
  return typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0 ? { ttl } : 'malformed';
}

/** A task's answer; when the client's share of jobs is full, the tool says so instead. */
async function asTask(exchange: McpExchange, tool: AnyTool, make: () => Promise<McpParams>): Promise<Reply> {
  try {
    return { result: await make() };
  } catch (error) {
    return toolFailure(error, tool.name, exchange.context);
  }
}

/**
 * 2026-07-28, for a request that takes tasks: the result when it comes within the sync budget, else
 * a task for the call already running (the server decides, SEP-2663).
 */
async function answerOrTask(exchange: McpExchange, tool: AnyTool, running: Promise<Reply>): Promise<Reply> {
  const first = await withinBudget(running, exchange.context.deps.config.syncBudgetMs);
  if (first !== OUT_OF_TIME) return first;
  return asTask(exchange, tool, async () => ({
    ...taskFields(await startTask(exchange, () => running), 'modern'),
    resultType: 'task',
  }));
}

async function runTool(
  exchange: McpExchange,
  tool: AnyTool,
  args: unknown,
  argsKey: string | undefined,
): Promise<Reply> {
  const { context } = exchange;
  try {
    const output = await tool.run(args, context);
    if ('basis' in output) {
      if (argsKey) return { encoded: derivedResult(exchange, tool.name, argsKey, output) };
      return { result: toolResult(output.render()) };
    }
    const result = toolResult(output);
    if (!tool.fixed || !argsKey) return { result };
    const encoded = new JsonText(encodeResult(exchange, result, false));
    answerCacheOf(context.deps).remember(argsKey, encoded);
    return { encoded };
  } catch (error) {
    return toolFailure(error, tool.name, context);
  }
}

function unknownTool({ server }: McpExchange, name: unknown): Reply {
  const named =
    typeof name === 'string' ? `Unknown tool ${JSON.stringify(name.slice(0, 100))}` : '"name" must be a tool name';
  return invalidParams(`${named}. Tools: ${server.tools.map((t) => t.name).join(', ')}.`);
}

/**
 * An argument the published schema does not name is refused before the tool runs, whatever the
 * revision: the schema is closed, and a silently dropped `page` or `cursor` would answer page 1 again.
 */
function unknownArguments(tool: AnyTool, args: unknown): Reply | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  const accepted = acceptedArguments(tool);
  const unknown = Object.keys(args).filter((name) => !accepted.includes(name));
  if (unknown.length === 0) return undefined;
  const named = unknown
    .slice(0, 5)
    .map((name) => JSON.stringify(name.slice(0, 40)))
    .join(', ');
  const takes = accepted.length ? `takes only ${accepted.join(', ')}` : 'takes no arguments';
  return invalidParams(`Unknown argument${unknown.length > 1 ? 's' : ''} ${named} for ${tool.name}, which ${takes}.`, {
    unknown: unknown.slice(0, 20),
    accepted,
  });
}

function invalidArguments(
  exchange: McpExchange,
  tool: string,
  issue: { path: PropertyKey[]; message: string } | undefined,
): Reply {
  const where = issue?.path.length ? `"${issue.path.map(String).join('.')}"` : 'arguments';
  const message = `Invalid arguments for ${tool}: ${where} ${issue?.message ?? 'is invalid'}.`;
  // SEP-1303 (2025-11-25 on): the model reads a tool error and can correct its call; a protocol
  // error it never sees. The revisions before it name invalid arguments a protocol error.
  return exchange.version >= TOOL_ERRORS_FOR_ARGUMENTS_SINCE
    ? { result: { content: [{ type: 'text', text: message }], isError: true } }
    : invalidParams(message);
}

function toolResult({ text, structured }: ToolOutput<unknown>): McpParams {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool that failed while running answers isError: true, with the API error's message and resolution. */
function toolFailure(error: unknown, tool: string, context: McpContext): Reply {
  if (error instanceof ToolFailure)
    return { result: { content: [{ type: 'text', text: error.message }], isError: true } };
  const apiError = toApiError(error);
  if (apiError.code === 'internal_error') context.deps.logError?.(`tool ${tool} failed`, error);
  return {
    result: { content: [{ type: 'text', text: `${apiError.message} ${apiError.resolution}` }], isError: true },
  };
}

/** A result made from a page, remembered under the page's hash: a new page makes a new result. */
function derivedResult(exchange: McpExchange, tool: string, argsKey: string, output: DerivedToolOutput<unknown>) {
  const key = `${argsKey}|${output.basis}`;
  const cache = answerCacheOf(exchange.context.deps);
  const known = cache.lookup(key);
  if (known) return known;
  const encoded = new JsonText(encodeResult(exchange, toolResult(output.render()), false));
  // Not `output` itself: it holds the page through render, which the memo does not count.
  derivations.set(encoded, { tool, argsKey, basis: output.basis, current: output.current });
  cache.remember(key, encoded);
  return encoded;
}

/**
 * A repeat of a call whose result was made from a page: the same search runs again (a cache hit, as
 * for REST); the remembered answer goes out while the page is the same, else the result of the page
 * the search got, which then answers the repeats. A search that fails answers as the first call did.
 */
export async function answerRepeat(
  exchange: McpExchange,
  repeat: { key: string },
  remembered: JsonText,
  derivation: Derivation,
): Promise<RouteResult> {
  const { context } = exchange;
  let reply: Reply;
  try {
    const output = await derivation.current(context);
    if (output.basis === derivation.basis) return respond(exchange, { encoded: remembered });
    const encoded = derivedResult(exchange, derivation.tool, derivation.argsKey, output);
    answerCacheOf(context.deps).remember(repeat.key, encoded);
    reply = { encoded };
  } catch (error) {
    reply = toolFailure(error, derivation.tool, context);
  }
  return respond(exchange, reply);
}
