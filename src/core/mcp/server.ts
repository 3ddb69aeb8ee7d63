// A stateless MCP server over Streamable HTTP, hand-written because the SDK's server transport
// contradicts the interface (see DESIGN.md, MCP): every POST is one JSON-RPC request answered at
// once, JSON-RPC errors travel with HTTP 200, and HTTP-level refusals use the API error shape.
import Negotiator from 'negotiator';
import { ApiError, toApiError } from '../errors.ts';
import { decodeJson, JsonBodyError } from '../http/body.ts';
import { JsonText, type JsonResult, type RouteContext, type RouteResult } from '../http/route.ts';
import { acceptedResult, prefersRespondAsync, settleInto } from '../jobs/async-work.ts';
import {
  ASSUMED_PROTOCOL_VERSION,
  isSupportedVersion,
  JSONRPC_ERRORS,
  JsonRpcRequestSchema,
  rpcError,
  rpcResult,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JsonRpcId,
  type JsonRpcResponse,
} from './protocol.ts';
import { toolDefinition, ToolFailure, type AnyTool } from './tool.ts';

export interface McpServerDefinition {
  /** Routes and operation ids derive from it: "product" or "docs". */
  key: string;
  name: string;
  title: string;
  version: string;
  instructions: string;
  tools: readonly AnyTool[];
  paths: readonly string[];
}

type Context = RouteContext<unknown, unknown>;
const MEDIA = ['application/json', 'text/event-stream'];

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
function checkOrigin(context: Context): void {
  const origin = context.request.headers.get('origin')?.replace(/\/+$/, '');
  if (!origin) return;
  const allowed = context.deps.config.allowedOrigins.includes(origin);
  const originHost = hostnameOf(origin);
  const host = hostnameOf(context.request.headers.get('host') ?? '');
  const local = originHost !== undefined && LOOPBACK.has(originHost) && host !== undefined && LOOPBACK.has(host);
  if (!allowed && !local) {
    throw new ApiError('forbidden_origin', `Origin ${origin.slice(0, 100)} may not call this MCP server.`, {
      resolution: 'Call from an allowed origin (ALLOWED_ORIGINS), or from a client that sends no Origin header.',
    });
  }
}

/** A JSON-RPC response, or one serialised ahead of time (a remembered tool result). */
type Answer = JsonRpcResponse | JsonText;

function respond(message: Answer, representation: 'json' | 'sse'): RouteResult {
  if (representation === 'json') return { body: message };
  return {
    raw: {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
      body: `event: message\ndata: ${message instanceof JsonText ? message.text : JSON.stringify(message)}\n\n`,
    },
  };
}

async function callTool(
  server: McpServerDefinition,
  id: JsonRpcId,
  params: Record<string, unknown>,
  context: Context,
): Promise<Answer> {
  const name = params['name'];
  const tool = server.tools.find((candidate) => candidate.name === name);
  if (!tool) {
    const named =
      typeof name === 'string' ? `Unknown tool ${JSON.stringify(name.slice(0, 100))}` : '"name" must be a tool name';
    return rpcError(
      id,
      JSONRPC_ERRORS.invalidParams,
      `${named}. Tools: ${server.tools.map((t) => t.name).join(', ')}.`,
    );
  }
  const args = tool.input.safeParse(params['arguments'] ?? {});
  if (!args.success) {
    const issue = args.error.issues[0];
    const where = issue?.path.length ? `"${issue.path.join('.')}"` : 'arguments';
    return rpcError(
      id,
      JSONRPC_ERRORS.invalidParams,
      `Invalid arguments for ${tool.name}: ${where} ${issue?.message ?? 'is invalid'}.`,
    );
  }
  const memoKey = tool.deterministic ? `mcp|${server.key}|${tool.name}|${JSON.stringify(args.data)}` : undefined;
  const remembered = memoKey ? context.deps.memo.get(memoKey) : undefined;
  if (remembered) return withId(id, remembered);
  try {
    const output = await tool.run(args.data, context);
    if (memoKey) {
      const result = new JsonText(
        JSON.stringify({ content: [{ type: 'text', text: output.text }], structuredContent: output.structured }),
      );
      context.deps.memo.set(memoKey, result);
      return withId(id, result);
    }
    return rpcResult(id, { content: [{ type: 'text', text: output.text }], structuredContent: output.structured });
  } catch (error) {
    if (error instanceof ToolFailure)
      return rpcResult(id, { content: [{ type: 'text', text: error.message }], isError: true });
    const apiError = toApiError(error);
    if (apiError.code === 'internal_error') context.deps.logError?.(`tool ${tool.name} failed`, error);
    return rpcResult(id, {
      content: [{ type: 'text', text: `${apiError.message} ${apiError.resolution}` }],
      isError: true,
    });
  }
}

/** A remembered result under this request's id, without parsing it again. */
function withId(id: JsonRpcId, result: JsonText): JsonText {
  return new JsonText(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result.text}}`);
}

export async function handleMcpPost(server: McpServerDefinition, context: Context): Promise<RouteResult> {
  const { request } = context;
  checkOrigin(context);
  const representation = chooseRepresentation(request.headers.get('accept'));
  if (!representation) {
    throw new ApiError('not_acceptable', 'Accept must include application/json or text/event-stream.');
  }
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(
      'unsupported_media_type',
      `Content-Type must be application/json (got ${JSON.stringify(type || 'none')}).`,
    );
  }
  const version = request.headers.get('mcp-protocol-version')?.trim() || ASSUMED_PROTOCOL_VERSION;
  if (!isSupportedVersion(version)) {
    throw new ApiError(
      'unsupported_protocol_version',
      `MCP-Protocol-Version ${JSON.stringify(version.slice(0, 40))} is not supported.`,
    );
  }

  let payload: unknown;
  try {
    payload = decodeJson(context.rawBody ?? new Uint8Array());
  } catch (error) {
    const tooDeep = error instanceof JsonBodyError && error.problem === 'depth';
    return respond(
      tooDeep
        ? rpcError(null, JSONRPC_ERRORS.invalidRequest, `Invalid request: ${error.message}`)
        : rpcError(null, JSONRPC_ERRORS.parseError, 'Parse error: the body is not valid JSON.'),
      representation,
    );
  }
  if (Array.isArray(payload)) {
    return respond(
      rpcError(null, JSONRPC_ERRORS.invalidRequest, 'JSON-RPC batches are not supported; send one request per POST.'),
      representation,
    );
  }
  const parsed = JsonRpcRequestSchema.safeParse(payload);
  if (!parsed.success) {
    const rawId = (payload as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
    return respond(
      rpcError(
        id,
        JSONRPC_ERRORS.invalidRequest,
        'Invalid request: a JSON-RPC 2.0 request needs "jsonrpc": "2.0" and a "method".',
      ),
      representation,
    );
  }
  const message = parsed.data;
  // Notifications (no id) get no answer, only an acknowledgement.
  if (message.id === undefined) return { raw: { status: 202, headers: {}, body: null } };
  const id = message.id;
  const params = message.params ?? {};

  switch (message.method) {
    case 'initialize': {
      const requested = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : '';
      return respond(
        rpcResult(id, {
          protocolVersion: isSupportedVersion(requested) ? requested : SUPPORTED_PROTOCOL_VERSIONS[0],
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: server.name, title: server.title, version: server.version },
          instructions: server.instructions,
        }),
        representation,
      );
    }
    case 'ping':
      return respond(rpcResult(id, {}), representation);
    case 'tools/list':
      return respond(rpcResult(id, { tools: server.tools.map(toolDefinition) }), representation);
    case 'tools/call': {
      if (prefersRespondAsync(request.headers.get('prefer'))) {
        // Only on request: standard MCP clients cannot read a 202 with a body.
        const { jobs } = context.deps.stores;
        const job = await jobs.create(`mcp:${server.key}`, `ip:${request.clientAddress}`);
        const answered = callTool(server, id, params, context).then((body) => ({ body }));
        context.deps.background.track(settleInto(jobs, job, answered, context.deps.logError));
        return acceptedResult(job, true) as JsonResult;
      }
      return respond(await callTool(server, id, params, context), representation);
    }
    default:
      return respond(
        rpcError(id, JSONRPC_ERRORS.methodNotFound, `Method not found: ${message.method}.`),
        representation,
      );
  }
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
    capabilities: { tools: { listChanged: false } },
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
