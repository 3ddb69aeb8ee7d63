// A stateless MCP server over Streamable HTTP, hand-written because the SDK's server transport
// contradicts the interface (see DESIGN.md, MCP): every POST is one JSON-RPC request answered at
// once. It speaks both eras: 2026-07-28 (per-request `_meta`, server/discover, header checks) and
// the initialize-based revisions before it. Every refusal, from the transport or a method, is a
// JSON-RPC error carrying the request's id exactly as sent.
import Negotiator from 'negotiator';
import { ApiError, toApiError } from '../errors.ts';
import { decodeJsonText, JsonBodyError, strictUtf8 } from '../http/body.ts';
import { responseText } from '../http/internal-request.ts';
import { type JsonResult, type RouteContext, type RouteResult } from '../http/route.ts';
import { JsonText } from '../json-text.ts';
import { COMPRESS_MIN_BYTES } from '../http/content-coding.ts';
import { mayBeKeptForReplay } from '../http/idempotency.ts';
import { chooseEncoding } from '../http/negotiation.ts';
import { splicedGzip } from '../http/spliced-gzip.ts';
import { BodyParts, type CoreRequest } from '../http/types.ts';
import { acceptedResult, prefersRespondAsync, settleInto } from '../jobs/async-work.ts';
import { candidatesFor, completionValues } from './completions.ts';
import { promptDefinition, type McpPrompt } from './prompts.ts';
import {
  ASSUMED_PROTOCOL_VERSION,
  eraOf,
  idMember,
  isSupportedVersion,
  JSONRPC_ERRORS,
  LEGACY_PROTOCOL_VERSIONS,
  META,
  topLevelIdText,
  rpcFailure,
  SUPPORTED_PROTOCOL_VERSIONS,
  type ProtocolEra,
  type RpcFailure,
} from './protocol.ts';
import { cutIsTopLevelId, cutRequestId, MAX_REPEATABLE_BODY_BYTES, type IdCut } from './repeated-request.ts';
import { readResource, resourceTemplates, type ResourceEntry, type ResourceKind } from './resources.ts';
import { toolDefinition, ToolFailure, type AnyTool, type DerivedToolOutput, type ToolOutput } from './tool.ts';

export interface McpServerDefinition {
  /** Routes and operation ids derive from it: "product" or "docs". */
  key: string;
  name: string;
  title: string;
  version: string;
  instructions: string;
  tools: readonly AnyTool[];
  resources: readonly ResourceKind[];
  prompts: readonly McpPrompt[];
  paths: readonly string[];
}

type Context = RouteContext<unknown, unknown>;
type Params = Record<string, unknown>;

/** Content changes only with a new build: lists and reads may be cached as long as REST answers are. */
const TTL_MS = 300_000;
const RESOURCES_PER_PAGE = 100;
/** Longest tool arguments (as JSON) whose result is remembered. */
const MAX_MEMO_ARGUMENTS = 512;
const MEDIA = ['application/json', 'text/event-stream'];
/** The first revision in which invalid tool arguments answer a tool error (SEP-1303), not -32602. */
const TOOL_ERRORS_FOR_ARGUMENTS_SINCE = '2025-11-25';

/** Capabilities are the same in both eras: nothing changes while the server runs, so nothing to subscribe to. */
export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
};

/** Accept headers repeat from a client to the next; parsing one is not free. */
const representations = new Map<string, 'json' | 'sse' | undefined>();

/** Which representation the client can take: JSON, or a one-event SSE body for SSE-only clients. */
function chooseRepresentation(accept: string | null): 'json' | 'sse' | undefined {
  if (!accept || accept.trim() === '') return 'json';
  if (representations.has(accept)) return representations.get(accept);
  const chosen = new Negotiator({ headers: { accept } }).mediaType(MEDIA);
  const representation = chosen === 'application/json' ? 'json' : chosen === 'text/event-stream' ? 'sse' : undefined;
  if (representations.size >= 256) representations.clear();
  representations.set(accept, representation);
  return representation;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Browser calls (with an Origin) must come from an allowed origin, or be loopback-to-loopback (a
 * local client of a local server). A rebinding page at evil.example that resolves to 127.0.0.1
 * still sends Host and Origin evil.example, so it fails both tests.
 */
function originRefusal(context: Context): ApiError | undefined {
  const origin = context.request.headers.get('origin')?.replace(/\/+$/, '');
  if (!origin) return undefined;
  const allowed = context.deps.config.allowedOrigins.includes(origin);
  const originHost = hostnameOf(origin);
  const host = hostnameOf(context.request.headers.get('host') ?? '');
  const local = originHost !== undefined && LOOPBACK.has(originHost) && host !== undefined && LOOPBACK.has(host);
  if (allowed || local) return undefined;
  return new ApiError('forbidden_origin', `Origin ${origin.slice(0, 100)} may not call this MCP server.`, {
    resolution: 'Call from an allowed origin (ALLOWED_ORIGINS), or from a client that sends no Origin header.',
  });
}

/** The version the MCP-Protocol-Version header names; undefined when it is absent or blank. */
function headerVersionOf(request: Pick<CoreRequest, 'headers'>): string | undefined {
  return request.headers.get('mcp-protocol-version')?.trim() || undefined;
}

/**
 * A request the API refused before the MCP handler ran (size, token, rate limit, Idempotency-Key,
 * or node's parser: headers too large, too slow), as a JSON-RPC error: a client error is an invalid
 * request, a server one an internal error; the API error travels in `data`, and the id is the
 * body's when it was read.
 */
export function refusalText(
  error: ApiError,
  request: Pick<CoreRequest, 'headers'>,
  body: Uint8Array | undefined,
): string {
  const version = headerVersionOf(request) ?? ASSUMED_PROTOCOL_VERSION;
  const code = error.status >= 500 ? JSONRPC_ERRORS.internalError : JSONRPC_ERRORS.invalidRequest;
  const { status: _status, ...failure } = transportFailure(code, error);
  return `{"jsonrpc":"2.0",${idMember(bestEffortIdText(body), version)}"error":${JSON.stringify(failure)}}`;
}

/** A transport refusal as JSON-RPC: the API error travels in `data`, so its code and resolution stay readable. */
function transportFailure(code: number, error: ApiError, extra: Record<string, unknown> = {}): RpcFailure {
  return rpcFailure(code, error.message, { ...error.toBody().error, ...extra }, error.status);
}

/**
 * What a method answers: a result object, a result already encoded for this request's era (a
 * remembered tool result), or a failure.
 */
type Reply = { result: Params; cacheable?: boolean } | { encoded: JsonText } | { failure: RpcFailure };

/**
 * Where a remembered result made from a cached page (search_reports) came from: the page's hash, the
 * memo key of its arguments, and the same call run again. A repeat answers from it while the search
 * gets the same page. The results of the other tools depend on the request and the build alone.
 */
interface Derivation {
  tool: string;
  argsKey: string;
  basis: string;
  current: DerivedToolOutput<unknown>['current'];
}
const derivations = new WeakMap<JsonText, Derivation>();

interface Exchange {
  server: McpServerDefinition;
  context: Context;
  /** The request id as JSON text, exactly as the client wrote it; undefined when it could not be read. */
  idText: string | undefined;
  /** The protocol version the request speaks (supported or not: refusals need an exchange too). */
  version: string;
  era: ProtocolEra;
  representation: 'json' | 'sse';
  /** gzip when the client takes it: a remembered result then goes out spliced, not compressed again. */
  coding: 'gzip' | 'identity';
}

/** The members a 2026-07-28 result carries besides its own. */
function modernMembers(server: McpServerDefinition, cacheable: boolean): Params {
  return {
    resultType: 'complete',
    ...(cacheable ? { ttlMs: TTL_MS, cacheScope: 'public' } : {}),
    _meta: { [META.serverInfo]: { name: server.name, title: server.title, version: server.version } },
  };
}

function encodeResult(exchange: Exchange, result: Params, cacheable: boolean): string {
  return JSON.stringify(
    exchange.era === 'modern' ? { ...result, ...modernMembers(exchange.server, cacheable) } : result,
  );
}

/**
 * Brotli streams cannot be spliced: a client that takes gzip gets gzip, one that takes only br gets
 * each answer compressed as it is sent.
 */
const SPLICED_CODINGS = { br: false, gz: true } as const;
const REPRESENTATIONS = {
  json: {
    open: '',
    close: '}',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  },
  sse: {
    open: 'event: message\ndata: ',
    close: '}\n\n',
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  },
} as const;
const CLOSE_BYTES = {
  json: Buffer.from(REPRESENTATIONS.json.close),
  sse: Buffer.from(REPRESENTATIONS.sse.close),
};

function respond(exchange: Exchange, reply: Reply): RouteResult {
  let status = 200;
  let member: string;
  if ('failure' in reply) {
    const { status: given, ...error } = reply.failure;
    status = given ?? (exchange.era === 'modern' && error.code === JSONRPC_ERRORS.methodNotFound ? 404 : 200);
    member = `"error":${JSON.stringify(error)}`;
  } else if ('encoded' in reply) {
    member = `"result":`;
  } else member = `"result":${encodeResult(exchange, reply.result, reply.cacheable === true)}`;
  const { open, close, headers } = REPRESENTATIONS[exchange.representation];
  const head = `${open}{"jsonrpc":"2.0",${idMember(exchange.idText, exchange.version)}${member}`;
  if (!('encoded' in reply)) return { raw: { status, headers: { ...headers }, body: `${head}${close}` } };
  // A remembered result goes out as its stored bytes, between a short head and the closing brace.
  // Buffers, not plain Uint8Arrays: node's streams would wrap each of those in a Buffer on the way out.
  const parts = [Buffer.from(head), reply.encoded.bytes, CLOSE_BYTES[exchange.representation]] as const;
  const deflated = exchange.coding === 'gzip' ? splicedForm(reply.encoded) : undefined;
  if (!deflated) return { raw: { status, headers: { ...headers }, body: new BodyParts(parts) } };
  return {
    raw: {
      status,
      headers: { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
      body: splicedGzip(parts[0], { bytes: parts[1], deflated }, parts[2]),
      coded: true,
    },
  };
}

/** gzip when the client takes it and the answer is not one kept for a replay. */
function splicedCoding(request: CoreRequest): Exchange['coding'] {
  if (mayBeKeptForReplay(request)) return 'identity';
  const accepted = chooseEncoding(request.headers.get('accept-encoding') ?? undefined, SPLICED_CODINGS);
  return accepted === 'gzip' ? 'gzip' : 'identity';
}

/**
 * A remembered result deflated for splicing, once it is ready. Until then its answers go out as
 * they are, and the transport compresses each; a failed compression leaves them so.
 */
function splicedForm(result: JsonText): Uint8Array | undefined {
  if (result.bytes.byteLength < COMPRESS_MIN_BYTES) return undefined;
  const deflated = result.encoded('deflate-splice');
  if (deflated instanceof Uint8Array) return deflated;
  deflated.catch(() => undefined);
  return undefined;
}

function invalidParams(message: string, data?: unknown): Reply {
  return { failure: rpcFailure(JSONRPC_ERRORS.invalidParams, message, data) };
}

async function callTool(exchange: Exchange, params: Params): Promise<Reply> {
  const { server, context } = exchange;
  const name = params['name'];
  const tool = server.tools.find((candidate) => candidate.name === name);
  if (!tool) {
    const named =
      typeof name === 'string' ? `Unknown tool ${JSON.stringify(name.slice(0, 100))}` : '"name" must be a tool name';
    return invalidParams(`${named}. Tools: ${server.tools.map((t) => t.name).join(', ')}.`);
  }
  const rawArgs = params['arguments'] ?? {};
  // Validation is a pure function of the raw arguments, so a remembered result may skip it too;
  // only short arguments make a key, so no client can fill the memo with long ones.
  const argsText = JSON.stringify(rawArgs);
  const argsKey =
    argsText.length <= MAX_MEMO_ARGUMENTS ? `mcp|${server.key}|${exchange.era}|${tool.name}|${argsText}` : undefined;
  const { memo } = context.deps;
  const remembered = tool.deterministic && argsKey ? memo.get(argsKey) : undefined;
  if (remembered) return { encoded: remembered };
  const args = tool.input.safeParse(rawArgs);
  if (!args.success) {
    const issue = args.error.issues[0];
    const where = issue?.path.length ? `"${issue.path.join('.')}"` : 'arguments';
    const message = `Invalid arguments for ${tool.name}: ${where} ${issue?.message ?? 'is invalid'}.`;
    // SEP-1303 (2025-11-25 on): the model reads a tool error and can correct its call; a protocol
    // error it never sees. The revisions before it name invalid arguments a protocol error.
    return exchange.version >= TOOL_ERRORS_FOR_ARGUMENTS_SINCE
      ? { result: { content: [{ type: 'text', text: message }], isError: true } }
      : invalidParams(message);
  }
  try {
    const output = await tool.run(args.data, context);
    if ('basis' in output) {
      if (argsKey) return { encoded: derivedResult(exchange, tool.name, argsKey, output) };
      return { result: toolResult(output.render()) };
    }
    const result = toolResult(output);
    if (!tool.deterministic || !argsKey) return { result };
    const encoded = new JsonText(encodeResult(exchange, result, false));
    memo.set(argsKey, encoded);
    return { encoded };
  } catch (error) {
    return toolFailure(error, tool.name, context);
  }
}

function toolResult({ text, structured }: ToolOutput<unknown>): Params {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool that failed while running answers isError: true, with the API error's message and resolution. */
function toolFailure(error: unknown, tool: string, context: Context): Reply {
  if (error instanceof ToolFailure)
    return { result: { content: [{ type: 'text', text: error.message }], isError: true } };
  const apiError = toApiError(error);
  if (apiError.code === 'internal_error') context.deps.logError?.(`tool ${tool} failed`, error);
  return {
    result: { content: [{ type: 'text', text: `${apiError.message} ${apiError.resolution}` }], isError: true },
  };
}

/** A result made from a page, remembered under the page's hash: a new page makes a new result. */
function derivedResult(exchange: Exchange, tool: string, argsKey: string, output: DerivedToolOutput<unknown>) {
  const key = `${argsKey}|${output.basis}`;
  const { memo } = exchange.context.deps;
  const known = memo.get(key);
  if (known) return known;
  const encoded = new JsonText(encodeResult(exchange, toolResult(output.render()), false));
  // Not `output` itself: it holds the page through render, which the memo does not count.
  derivations.set(encoded, { tool, argsKey, basis: output.basis, current: output.current });
  memo.set(key, encoded);
  return encoded;
}

/**
 * A repeat of a call whose result was made from a page: the same search runs again (a cache hit, as
 * for REST); the remembered answer goes out while the page is the same, else the result of the page
 * the search got, which then answers the repeats. A search that fails answers as the first call did.
 */
async function answerRepeat(exchange: Exchange, repeat: RepeatedRequest, remembered: JsonText, derivation: Derivation) {
  const { context } = exchange;
  let reply: Reply;
  try {
    const output = await derivation.current(context);
    if (output.basis === derivation.basis) return respond(exchange, { encoded: remembered });
    const encoded = derivedResult(exchange, derivation.tool, derivation.argsKey, output);
    context.deps.memo.set(repeat.key, encoded);
    reply = { encoded };
  } catch (error) {
    reply = toolFailure(error, derivation.tool, context);
  }
  return respond(exchange, reply);
}

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

function listResources(server: McpServerDefinition, params: Params, context: Context): Reply {
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

async function readOne(exchange: Exchange, params: Params): Promise<Reply> {
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

async function getPrompt(server: McpServerDefinition, params: Params, context: Context): Promise<Reply> {
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

function complete(server: McpServerDefinition, params: Params, context: Context): Reply {
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
      capabilities: CAPABILITIES,
      instructions: server.instructions,
    },
    cacheable: true,
  };
}

/** Lists that fit one page: they never give out a cursor. */
const SINGLE_PAGE_LISTS = new Set(['tools/list', 'resources/templates/list', 'prompts/list']);

async function dispatch(exchange: Exchange, method: string, params: Params): Promise<Reply> {
  const { server, context, era } = exchange;
  if (params['cursor'] !== undefined && SINGLE_PAGE_LISTS.has(method)) return unknownCursor();
  switch (method) {
    case 'tools/list':
      return { result: { tools: server.tools.map(toolDefinition) }, cacheable: true };
    case 'tools/call':
      return callTool(exchange, params);
    case 'resources/list':
      return listResources(server, params, context);
    case 'resources/templates/list':
      return { result: { resourceTemplates: resourceTemplates(server.resources) }, cacheable: true };
    case 'resources/read':
      return readOne(exchange, params);
    case 'prompts/list':
      return { result: { prompts: server.prompts.map(promptDefinition) }, cacheable: true };
    case 'prompts/get':
      return getPrompt(server, params, context);
    case 'completion/complete':
      return complete(server, params, context);
  }
  if (era === 'modern' && method === 'server/discover') return discover(server);
  if (era === 'legacy' && method === 'ping') return { result: {} };
  if (era === 'legacy' && method === 'initialize') {
    const requested = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : '';
    const legacy = (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(requested);
    return {
      result: {
        protocolVersion: legacy ? requested : LEGACY_PROTOCOL_VERSIONS[0],
        capabilities: CAPABILITIES,
        serverInfo: { name: server.name, title: server.title, version: server.version },
        instructions: server.instructions,
      },
    };
  }
  return { failure: rpcFailure(JSONRPC_ERRORS.methodNotFound, `Method not found: ${method.slice(0, 100)}.`) };
}

/** What a header may carry as it is: visible ASCII, space and tab (RFC 9110, as 2026-07-28 requires). */
const HEADER_TEXT = /^[\t\x20-\x7e]*$/;
const BASE64_SENTINEL = /^=\?base64\?(.*)\?=$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A mirrored header's value without surrounding whitespace, its `=?base64?…?=` sentinel (SEP-2243)
 * decoded where the header permits one; undefined when it is absent, null when it is malformed:
 * a character beyond visible ASCII, or a sentinel that is not strict Base64 of UTF-8.
 */
function headerValue(raw: string | null, sentinel: boolean): string | null | undefined {
  if (raw === null) return undefined;
  const value = raw.trim();
  if (!HEADER_TEXT.test(value)) return null;
  const encoded = sentinel ? BASE64_SENTINEL.exec(value)?.[1] : undefined;
  if (encoded === undefined) return value;
  if (!BASE64.test(encoded)) return null;
  try {
    return strictUtf8(Buffer.from(encoded, 'base64'));
  } catch {
    return null;
  }
}

const NAMED_BY = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' } as const;

/** The 2026-07-28 checks of a request's `_meta` and of the headers that mirror its body. */
function modernRefusal(version: string, method: string, params: Params, context: Context): RpcFailure | undefined {
  const meta = params['_meta'] as Record<string, unknown> | undefined;
  const metaVersion = meta?.[META.protocolVersion];
  const capabilities = meta?.[META.clientCapabilities];
  if (typeof meta !== 'object' || meta === null || typeof metaVersion !== 'string')
    return rpcFailure(
      JSONRPC_ERRORS.invalidParams,
      `Invalid params: "_meta" must carry "${META.protocolVersion}" and "${META.clientCapabilities}".`,
      undefined,
      400,
    );
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))
    return rpcFailure(
      JSONRPC_ERRORS.invalidParams,
      `Invalid params: "_meta" must carry "${META.clientCapabilities}" (an object; {} declares none).`,
      undefined,
      400,
    );
  const mismatch = (message: string) =>
    rpcFailure(JSONRPC_ERRORS.headerMismatch, `Header mismatch: ${message}`, undefined, 400);
  if (metaVersion !== version)
    return mismatch(
      `MCP-Protocol-Version ${version} does not match "${META.protocolVersion}" ${JSON.stringify(metaVersion.slice(0, 40))}.`,
    );
  const headers = context.request.headers;
  const methodHeader = headerValue(headers.get('mcp-method'), false);
  if (methodHeader === undefined) return mismatch('the Mcp-Method header is required.');
  if (methodHeader === null) return mismatch('the Mcp-Method header may hold only visible ASCII characters.');
  if (methodHeader !== method)
    return mismatch(`Mcp-Method ${JSON.stringify(methodHeader.slice(0, 100))} does not match the body's method.`);
  const namedBy = NAMED_BY[method as keyof typeof NAMED_BY];
  const bodyName = namedBy ? params[namedBy] : undefined;
  if (typeof bodyName === 'string') {
    const nameHeader = headerValue(headers.get('mcp-name'), true);
    if (nameHeader === undefined) return mismatch(`the Mcp-Name header is required for ${method}.`);
    if (nameHeader === null)
      return mismatch('Mcp-Name must be visible ASCII, or =?base64?…?= around strict Base64 of UTF-8 text.');
    if (nameHeader !== bodyName) return mismatch(`Mcp-Name does not match the body's params.${namedBy}.`);
  }
  return undefined;
}

/** The id of a body that may not be a valid request, for error answers that should still carry it. */
function idTextOf(payload: unknown, json: string): string | undefined {
  const id = (payload as { id?: unknown } | null)?.id;
  if (typeof id === 'string') return JSON.stringify(id);
  if (typeof id !== 'number') return undefined;
  // The common case without a scan: the body names one id, spelled as the number prints.
  const plain = String(id);
  const at = json.indexOf(`"id":${plain}`);
  const after = json[at + plain.length + 5];
  if (
    at !== -1 &&
    json.indexOf('"id"', at + 1) === -1 &&
    json.indexOf('"id"') === at &&
    !json.includes('\\u') &&
    (after === ',' || after === '}')
  )
    return plain;
  return topLevelIdText(json) ?? plain;
}

/** The id of a body refused before it is read: parsed when it can be, found by a scan when it nests too deep. */
function bestEffortIdText(body: Uint8Array | undefined): string | undefined {
  try {
    const { text, value } = decodeJsonText(body ?? new Uint8Array());
    return idTextOf(value, text);
  } catch (error) {
    if (!(error instanceof JsonBodyError) || error.problem !== 'depth' || !body) return undefined;
    return topLevelIdText(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  }
}

/**
 * Answers one POST. The transport's checks come first; a body that repeats an answered request but
 * for its id is then answered at once, without a promise or a parse; any other is decoded and run.
 */
export function handleMcpPost(server: McpServerDefinition, context: Context): RouteResult | Promise<RouteResult> {
  const { request } = context;
  const headerVersion = headerVersionOf(request);
  const version = headerVersion ?? ASSUMED_PROTOCOL_VERSION;
  const era = isSupportedVersion(version) ? eraOf(version) : 'legacy';
  const base: Exchange = {
    server,
    context,
    idText: undefined,
    version,
    era,
    representation: 'json',
    coding: splicedCoding(request),
  };

  const refused = originRefusal(context);
  // The transport spec: a forbidden origin's answer carries no id (the body is not read).
  if (refused) return respond(base, { failure: transportFailure(JSONRPC_ERRORS.invalidRequest, refused) });
  const representation = chooseRepresentation(request.headers.get('accept'));
  if (!representation) {
    return respond(
      { ...base, idText: bestEffortIdText(context.rawBody) },
      {
        failure: transportFailure(
          JSONRPC_ERRORS.invalidRequest,
          new ApiError('not_acceptable', 'Accept must include application/json or text/event-stream.'),
        ),
      },
    );
  }
  const exchange: Exchange = { ...base, representation };
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return respond(
      { ...exchange, idText: bestEffortIdText(context.rawBody) },
      {
        failure: transportFailure(
          JSONRPC_ERRORS.invalidRequest,
          new ApiError(
            'unsupported_media_type',
            `Content-Type must be application/json (got ${JSON.stringify(type.slice(0, 100) || 'none')}).`,
          ),
        ),
      },
    );
  }

  const repeat = repeatedRequest(server, context);
  const remembered = repeat && context.deps.memo.get(repeat.key);
  if (!remembered) return answerRequest(exchange, headerVersion, repeat);
  const again = { ...exchange, idText: repeat.cut.idText };
  const derivation = derivations.get(remembered);
  return derivation ? answerRepeat(again, repeat, remembered, derivation) : respond(again, { encoded: remembered });
}

/**
 * Whether a body is a response or a notification rather than a request. Before 2026-07-28 a request's
 * error goes out with 200 (the interface); one of these is refused with an HTTP error when it cannot be
 * taken (2025-11-25 transport).
 */
function isNotRequest(message: { id?: unknown; method?: unknown } | null): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    !Array.isArray(message) &&
    ('method' in message ? message.id === undefined : 'result' in message || 'error' in message)
  );
}

/** A request that is not a repeat: decoded, checked against the protocol, dispatched, and remembered when it may be. */
async function answerRequest(
  exchange: Exchange,
  headerVersion: string | undefined,
  repeat: RepeatedRequest | undefined,
): Promise<RouteResult> {
  const { server, context, version, era } = exchange;
  const { request } = context;
  // The 2026-07-28 transport: an unsupported version is answered as such, whatever the body holds.
  if (!isSupportedVersion(version)) {
    return respond(
      { ...exchange, idText: bestEffortIdText(context.rawBody) },
      {
        failure: rpcFailure(
          JSONRPC_ERRORS.unsupportedProtocolVersion,
          `Unsupported protocol version ${JSON.stringify(version.slice(0, 40))}.`,
          { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested: version },
          400,
        ),
      },
    );
  }
  let payload: unknown;
  let json: string;
  try {
    ({ text: json, value: payload } = decodeJsonText(context.rawBody ?? new Uint8Array()));
  } catch (error) {
    const tooDeep = error instanceof JsonBodyError && error.problem === 'depth';
    const status = era === 'modern' ? 400 : undefined;
    return respond(tooDeep ? { ...exchange, idText: bestEffortIdText(context.rawBody) } : exchange, {
      failure: tooDeep
        ? rpcFailure(JSONRPC_ERRORS.invalidRequest, `Invalid request: ${error.message}`, undefined, status)
        : rpcFailure(JSONRPC_ERRORS.parseError, 'Parse error: the body is not valid JSON.', undefined, status),
    });
  }
  exchange.idText = idTextOf(payload, json);
  const message = payload as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null;
  const invalid = (text: string) =>
    respond(exchange, {
      failure: rpcFailure(
        JSONRPC_ERRORS.invalidRequest,
        `Invalid request: ${text}`,
        undefined,
        era === 'modern' || isNotRequest(message) ? 400 : undefined,
      ),
    });
  if (Array.isArray(payload)) return invalid('JSON-RPC batches are not supported; send one request per POST.');
  if (
    typeof message !== 'object' ||
    message === null ||
    message.jsonrpc !== '2.0' ||
    typeof message.method !== 'string' ||
    message.method === '' ||
    !(message.id === undefined || typeof message.id === 'string' || typeof message.id === 'number') ||
    !(
      message.params === undefined ||
      (typeof message.params === 'object' && message.params !== null && !Array.isArray(message.params))
    )
  ) {
    return invalid(
      'a JSON-RPC 2.0 request needs "jsonrpc": "2.0", a "method", a string or number "id" and object "params".',
    );
  }
  const method = message.method;
  const params = (message.params ?? {}) as Params;

  const metaVersion = (params['_meta'] as Record<string, unknown> | undefined)?.[META.protocolVersion];
  if (typeof metaVersion === 'string' && method !== 'initialize' && metaVersion !== headerVersion) {
    return respond(exchange, {
      failure: rpcFailure(
        JSONRPC_ERRORS.headerMismatch,
        headerVersion === undefined
          ? 'Header mismatch: the MCP-Protocol-Version header is required with a per-request protocol version.'
          : `Header mismatch: MCP-Protocol-Version ${version} does not match "${META.protocolVersion}" ${JSON.stringify(metaVersion.slice(0, 40))}.`,
        undefined,
        400,
      ),
    });
  }
  // Notifications (no id) get no answer, only an acknowledgement.
  if (message.id === undefined) return { raw: { status: 202, headers: {}, body: null } };
  if (era === 'modern') {
    const refusal = modernRefusal(version, method, params, context);
    if (refusal) return respond(exchange, { failure: refusal });
  }

  if (method === 'tools/call' && prefersRespondAsync(request.headers.get('prefer'))) {
    // Only on request: standard MCP clients cannot read a 202 with a body.
    const { jobs } = context.deps.stores;
    const job = await jobs.create(`mcp:${server.key}`, `ip:${request.clientAddress}`);
    const answered = dispatch(exchange, method, params).then((reply) => {
      const answer = respond({ ...exchange, representation: 'json', coding: 'identity' }, reply);
      return { body: new JsonText('raw' in answer ? responseText(answer.raw) : '') };
    });
    context.deps.background.track(settleInto(jobs, job, answered, context.deps.logError));
    return acceptedResult(job, true) as JsonResult;
  }
  const reply = await dispatch(exchange, method, params);
  if (!repeat) return respond(exchange, reply);
  // What depends only on the request and the build is remembered for its repetitions.
  const encoded =
    'encoded' in reply
      ? reply.encoded
      : 'result' in reply && reply.cacheable && new JsonText(encodeResult(exchange, reply.result, true));
  if (!encoded) return respond(exchange, reply);
  if (cutIsTopLevelId(repeat.cut)) context.deps.memo.set(repeat.key, encoded);
  return respond(exchange, { encoded });
}

interface RepeatedRequest {
  key: string;
  cut: IdCut;
}

/**
 * The memo key of a body that may repeat an answered request but for its id: the server, the
 * headers the answer depends on (protocol version, and the Mcp-Method and Mcp-Name it must
 * mirror) and the body's bytes without the id. Asynchronous calls are answered afresh.
 */
function repeatedRequest(server: McpServerDefinition, context: Context): RepeatedRequest | undefined {
  const { rawBody, request } = context;
  if (!rawBody || rawBody.byteLength > MAX_REPEATABLE_BODY_BYTES || request.headers.get('prefer') !== null)
    return undefined;
  // latin1 maps each byte to one character, so equal texts are equal bytes, whatever their encoding.
  const cut = cutRequestId(Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength).toString('latin1'));
  if (!cut) return undefined;
  const { headers } = request;
  const mirrored = [headers.get('mcp-protocol-version'), headers.get('mcp-method'), headers.get('mcp-name')];
  return { key: `mcp-request|${server.key}|${JSON.stringify(mirrored)}|${cut.rest}`, cut };
}

export function descriptor(server: McpServerDefinition, siteUrl: string) {
  return {
    name: server.name,
    title: server.title,
    version: server.version,
    description: server.instructions,
    transport: 'streamable-http',
    stateless: true,
    protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    endpoints: server.paths.map((path) => `${siteUrl}${path}`),
    capabilities: CAPABILITIES,
    tools: server.tools.map(toolDefinition),
  };
}

export function handleMcpGet(server: McpServerDefinition, context: Context): RouteResult {
  const accept = context.request.headers.get('accept');
  // A client that only takes an event stream wants a server-initiated stream, which a stateless
  // server does not offer; 405 is the answer the MCP transport spec gives for that.
  if (accept && chooseRepresentation(accept) === 'sse') {
    throw new ApiError(
      'method_not_allowed',
      'This stateless MCP server opens no event stream on GET; POST JSON-RPC requests instead.',
      {
        headers: { Allow: 'GET, POST, OPTIONS' },
      },
    );
  }
  return { body: descriptor(server, context.deps.config.siteUrl) };
}
