// The methods of both eras, by name: lists, reads, prompts, completions, discovery and initialize.
// tools/call has a file of its own (tool-calls.ts).
import { candidatesFor, completionValues } from './completions.ts';
import type { McpContext } from './context.ts';
import { ERA_CAPABILITIES, type McpParams, type McpServerDefinition } from './definition.ts';
import { invalidParams, type McpExchange, type Reply } from './envelope.ts';
import { promptDefinition } from './prompts.ts';
import { JSONRPC_ERRORS, LEGACY_PROTOCOL_VERSIONS, rpcFailure, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.ts';
import { LEGACY_TASK_METHODS, MODERN_TASK_METHODS } from './task-methods.ts';
import { readResource, resourceTemplates, type ResourceEntry } from './resources.ts';
import { callTool } from './tool-calls.ts';
import { toolDefinition } from './tool.ts';

const RESOURCES_PER_PAGE = 100;

/** Opaque resources/list cursors: base64url of the offset of the next page. */
function decodeOffset(cursor: unknown): number | undefined {
  if (cursor === undefined) return 0;
  if (typeof cursor !== 'string') return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^(0|[1-9]\d{0,8})$/.test(text) ? Number(text) : undefined;
}

/** A cursor sent back that this server never gave out (lists of one page give out none). */
function unknownCursor(): Reply {
  return invalidParams('"cursor" is not a cursor this server issued.');
}

function listResources(server: McpServerDefinition, params: McpParams, context: McpContext): Reply {
  const offset = decodeOffset(params['cursor']);
  if (offset === undefined) return unknownCursor();
  const all: ResourceEntry[] = server.resources.flatMap((kind) => kind.entries(context));
  const resources = all.slice(offset, offset + RESOURCES_PER_PAGE);
  const next = offset + RESOURCES_PER_PAGE;
  return {
    result: {
      resources,
      ...(next < all.length ? { nextCursor: Buffer.from(String(next)).toString('base64url') } : {}),
    },
    cacheable: true,
  };
}

async function readOne(exchange: McpExchange, params: McpParams): Promise<Reply> {
  const { server, context, era } = exchange;
  const uri = params['uri'];
  if (typeof uri !== 'string') return invalidParams('"uri" must be a resource URI.');
  const contents = await readResource(server.resources, uri, context);
  if (contents) return { result: { contents: [contents] }, cacheable: true };
  // SEP-2164 made "not found" -32602 from 2026-07-28 on; the revisions before it use -32002.
  return {
    failure: rpcFailure(era === 'modern' ? JSONRPC_ERRORS.invalidParams : -32002, 'Resource not found', { uri }),
  };
}

function stringArguments(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, item]) => typeof item === 'string')
    ? (Object.fromEntries(entries) as Record<string, string>)
    : undefined;
}

async function getPrompt(server: McpServerDefinition, params: McpParams, context: McpContext): Promise<Reply> {
  const prompt = server.prompts.find((candidate) => candidate.name === params['name']);
  if (!prompt) return invalidParams(`Unknown prompt. Prompts: ${server.prompts.map((p) => p.name).join(', ')}.`);
  const args = stringArguments(params['arguments']);
  if (!args) return invalidParams('"arguments" must map argument names to strings.');
  const missing = prompt.arguments.find((argument) => argument.required && !args[argument.name]?.trim());
  if (missing) return invalidParams(`Missing required argument "${missing.name}" for ${prompt.name}.`);
  const messages = await prompt.messages(args, context);
  if (typeof messages === 'string') return invalidParams(messages);
  return { result: { description: prompt.description, messages } };
}

function complete(server: McpServerDefinition, params: McpParams, context: McpContext): Reply {
  const ref = params['ref'] as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
  const argument = params['argument'] as { name?: unknown; value?: unknown } | undefined;
  if (typeof argument?.name !== 'string' || typeof argument.value !== 'string')
    return invalidParams('"argument" needs a string "name" and "value".');
  const found = candidatesFor(server, ref, argument.name);
  if (typeof found === 'string') return invalidParams(found);
  return { result: { completion: completionValues(found?.(context.deps, context) ?? [], argument.value) } };
}

function discover(server: McpServerDefinition): Reply {
  return {
    result: {
      supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      capabilities: ERA_CAPABILITIES.modern,
      instructions: server.instructions,
    },
    cacheable: true,
  };
}

/** Lists that fit one page: they never give out a cursor. */
const SINGLE_PAGE_LISTS = new Set(['tools/list', 'resources/templates/list', 'prompts/list']);

type Method = (exchange: McpExchange, params: McpParams) => Reply | Promise<Reply>;

/** The methods both eras answer alike. */
const COMMON_METHODS: Record<string, Method> = {
  'tools/list': ({ server, era }) => ({
    result: { tools: server.tools.map((tool) => toolDefinition(tool, era)) },
    cacheable: true,
  }),
  'tools/call': callTool,
  'resources/list': ({ server, context }, params) => listResources(server, params, context),
  'resources/templates/list': ({ server }) => ({
    result: { resourceTemplates: resourceTemplates(server.resources) },
    cacheable: true,
  }),
  'resources/read': readOne,
  'prompts/list': ({ server }) => ({ result: { prompts: server.prompts.map(promptDefinition) }, cacheable: true }),
  'prompts/get': ({ server, context }, params) => getPrompt(server, params, context),
  'completion/complete': ({ server, context }, params) => complete(server, params, context),
};

/** The methods of each era: those common to both, its task methods, and 2026-07-28's discover or the older initialize and ping. */
const METHODS: Record<McpExchange['era'], Record<string, Method>> = {
  modern: { ...COMMON_METHODS, ...MODERN_TASK_METHODS, 'server/discover': ({ server }) => discover(server) },
  legacy: {
    ...COMMON_METHODS,
    ...LEGACY_TASK_METHODS,
    ping: () => ({ result: {} }),
    initialize: ({ server }, params) => initialize(server, params),
  },
};

function initialize(server: McpServerDefinition, params: McpParams): Reply {
  const requested = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : '';
  const legacy = (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(requested);
  return {
    result: {
      protocolVersion: legacy ? requested : LEGACY_PROTOCOL_VERSIONS[0],
      capabilities: ERA_CAPABILITIES.legacy,
      serverInfo: { name: server.name, title: server.title, version: server.version },
      instructions: server.instructions,
    },
  };
}

export async function dispatch(exchange: McpExchange, method: string, params: McpParams): Promise<Reply> {
  if (params['cursor'] !== undefined && SINGLE_PAGE_LISTS.has(method)) return unknownCursor();
  const methods = METHODS[exchange.era];
  const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (run) return run(exchange, params);
  return { failure: rpcFailure(JSONRPC_ERRORS.methodNotFound, `Method not found: ${method.slice(0, 100)}.`) };
}
