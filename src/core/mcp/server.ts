// A stateless MCP server over Streamable HTTP, hand-written because the SDK's server transport
// contradicts the interface (see DESIGN.md, MCP): every POST is one JSON-RPC request answered at
// once. It speaks both eras: 2026-07-28 (per-request `_meta`, server/discover, header checks) and
// the initialize-based revisions before it. Every refusal, from the transport or a method, is a
// JSON-RPC error carrying the request's id exactly as sent.
import { ApiError } from '../errors.ts';
import { decodeJsonText, JsonBodyError } from '../http/body.ts';
import { responseText } from '../http/internal-request.ts';
import type { JsonResult, RouteContext, RouteResult } from '../http/route.ts';
import { JsonText } from '../json-text.ts';
import { acceptedResult, prefersRespondAsync, settleInto } from '../http/respond-async.ts';
import { answerCacheOf } from './answer-cache.ts';
import type { McpContext } from './context.ts';
import { CAPABILITIES, type McpParams, type McpServerDefinition } from './definition.ts';
import { apiDocumentation } from './documentation.ts';
import {
  bestEffortIdText,
  encodeResult,
  idTextOf,
  isNotRequest,
  refusalText,
  respond,
  splicedCoding,
  transportFailure,
  type McpExchange,
  type Reply,
} from './envelope.ts';
import { dispatch } from './methods.ts';
import {
  ASSUMED_PROTOCOL_VERSION,
  eraOf,
  isSupportedVersion,
  JSONRPC_ERRORS,
  META,
  rpcFailure,
  SUPPORTED_PROTOCOL_VERSIONS,
  type RpcFailure,
} from './protocol.ts';
import { cutIsTopLevelId, cutRequestId, MAX_REPEATABLE_BODY_BYTES, type IdCut } from './repeated-request.ts';
import { answerRepeat, derivations } from './tool-calls.ts';
import { toolDefinition } from './tool.ts';
import { chooseRepresentation, headerVersionOf, modernRefusal, originRefusal } from './transport.ts';

export { refusalText };

/** The POST as the endpoint received it. */
type McpHttp = RouteContext<unknown, unknown>;

/** What the methods run with, from the request: no HTTP goes below this point. */
function mcpContext(http: McpHttp): McpContext {
  return {
    deps: http.deps,
    clientAddress: http.request.clientAddress,
    client: http.client,
    documentation: apiDocumentation(http.routes, http.deps.config.siteUrl),
  };
}

/**
 * Answers one POST. The transport's checks come first; a body that repeats an answered request but
 * for its id is then answered at once, without a promise or a parse; any other is decoded and run.
 */
export function handleMcpPost(server: McpServerDefinition, http: McpHttp): RouteResult | Promise<RouteResult> {
  const { request, rawBody } = http;
  const headerVersion = headerVersionOf(request);
  const version = headerVersion ?? ASSUMED_PROTOCOL_VERSION;
  const era = isSupportedVersion(version) ? eraOf(version) : 'legacy';
  const base: McpExchange = {
    server,
    http,
    context: mcpContext(http),
    idText: undefined,
    version,
    era,
    representation: 'json',
    coding: splicedCoding(request),
  };

  const refused = originRefusal(http);
  // The transport spec: a forbidden origin's answer carries no id (the body is not read).
  if (refused) return respond(base, { failure: transportFailure(JSONRPC_ERRORS.invalidRequest, refused) });
  const representation = chooseRepresentation(request.headers.get('accept'));
  if (!representation) {
    return respond(
      { ...base, idText: bestEffortIdText(rawBody) },
      {
        failure: transportFailure(
          JSONRPC_ERRORS.invalidRequest,
          new ApiError('not_acceptable', 'Accept must include application/json or text/event-stream.'),
        ),
      },
    );
  }
  const exchange: McpExchange = { ...base, representation };
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return respond(
      { ...exchange, idText: bestEffortIdText(rawBody) },
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

  const repeat = repeatedRequest(server, http);
  const remembered = repeat && answerCacheOf(http.deps).lookup(repeat.key);
  if (!remembered) return answerRequest(exchange, headerVersion, repeat);
  const again = { ...exchange, idText: repeat.cut.idText };
  const derivation = derivations.get(remembered);
  return derivation ? answerRepeat(again, repeat, remembered, derivation) : respond(again, { encoded: remembered });
}

/** A JSON-RPC request as read from a body: its method and params. */
interface RpcRequest {
  id: string | number | undefined;
  method: string;
  params: McpParams;
}

/** A request that is not a repeat: decoded, checked against the protocol, dispatched, and remembered when it may be. */
async function answerRequest(
  exchange: McpExchange,
  headerVersion: string | undefined,
  repeat: RepeatedRequest | undefined,
): Promise<RouteResult> {
  // The 2026-07-28 transport: an unsupported version is answered as such, whatever the body holds.
  if (!isSupportedVersion(exchange.version)) return unsupportedVersion(exchange);
  const read = readRequest(exchange);
  if (!('method' in read)) return read;
  const { method, params } = read;
  const refusal = versionMismatch(exchange, headerVersion, method, params);
  if (refusal) return respond(exchange, { failure: refusal });
  // Notifications (no id) get no answer, only an acknowledgement.
  if (read.id === undefined) return { raw: { status: 202, headers: {}, body: null } };
  const modern =
    exchange.era === 'modern' ? modernRefusal(exchange.version, method, params, exchange.http.request) : undefined;
  if (modern) return respond(exchange, { failure: modern });
  if (method === 'tools/call' && prefersRespondAsync(exchange.http.request.headers.get('prefer')))
    return answerLater(exchange, method, params);
  const reply = await dispatch(exchange, method, params);
  return repeat ? rememberAnswer(exchange, repeat, reply) : respond(exchange, reply);
}

function unsupportedVersion(exchange: McpExchange): RouteResult {
  const { version, http } = exchange;
  return respond(
    { ...exchange, idText: bestEffortIdText(http.rawBody) },
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

/** The body read as one JSON-RPC request, or the answer refusing it (not JSON, too deep, a batch, malformed). */
function readRequest(exchange: McpExchange): RpcRequest | RouteResult {
  const { http, era } = exchange;
  let payload: unknown;
  let json: string;
  try {
    ({ text: json, value: payload } = decodeJsonText(http.rawBody ?? new Uint8Array()));
  } catch (error) {
    const tooDeep = error instanceof JsonBodyError && error.problem === 'depth';
    const status = era === 'modern' ? 400 : undefined;
    return respond(tooDeep ? { ...exchange, idText: bestEffortIdText(http.rawBody) } : exchange, {
      failure: tooDeep
        ? transportFailure(
            JSONRPC_ERRORS.invalidRequest,
            new ApiError('invalid_body', `Invalid request: ${error.message}`, {
              resolution: 'Send a JSON-RPC request whose JSON nests less deeply.',
            }),
          )
        : rpcFailure(JSONRPC_ERRORS.parseError, 'Parse error: the body is not valid JSON.', undefined, status),
    });
  }
  exchange.idText = idTextOf(payload, json);
  const message = payload as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null;
  if (isRpcRequest(message))
    return { id: message.id, method: message.method, params: (message.params ?? {}) as McpParams };
  const problem = Array.isArray(payload)
    ? 'JSON-RPC batches are not supported; send one request per POST.'
    : 'a JSON-RPC 2.0 request needs "jsonrpc": "2.0", a "method", a string or number "id" and object "params".';
  return respond(exchange, {
    failure: rpcFailure(
      JSONRPC_ERRORS.invalidRequest,
      `Invalid request: ${problem}`,
      undefined,
      era === 'modern' || isNotRequest(message) ? 400 : undefined,
    ),
  });
}

function isRpcRequest(
  message: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null,
): message is { jsonrpc: '2.0'; id: string | number | undefined; method: string; params?: object } {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const { jsonrpc, id, method, params } = message;
  const idOk = id === undefined || typeof id === 'string' || typeof id === 'number';
  const paramsOk = params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params));
  return jsonrpc === '2.0' && typeof method === 'string' && method !== '' && idOk && paramsOk;
}

/** A per-request protocol version (`_meta`) must be the one the header names. */
function versionMismatch(
  exchange: McpExchange,
  headerVersion: string | undefined,
  method: string,
  params: McpParams,
): RpcFailure | undefined {
  const metaVersion = (params['_meta'] as Record<string, unknown> | undefined)?.[META.protocolVersion];
  if (typeof metaVersion !== 'string' || method === 'initialize' || metaVersion === headerVersion) return undefined;
  return rpcFailure(
    JSONRPC_ERRORS.headerMismatch,
    headerVersion === undefined
      ? 'Header mismatch: the MCP-Protocol-Version header is required with a per-request protocol version.'
      : `Header mismatch: MCP-Protocol-Version ${exchange.version} does not match "${META.protocolVersion}" ${JSON.stringify(metaVersion.slice(0, 40))}.`,
    undefined,
    400,
  );
}

/** Prefer: respond-async on tools/call: a job now, the answer when polled (only on request: standard MCP clients cannot read a 202 with a body). */
async function answerLater(exchange: McpExchange, method: string, params: McpParams): Promise<RouteResult> {
  const { server, context } = exchange;
  const { jobs } = context.deps.stores;
  const job = await jobs.create(`mcp:${server.key}`, `ip:${context.clientAddress}`);
  const answered = dispatch(exchange, method, params).then((reply) => {
    const answer = respond({ ...exchange, representation: 'json', coding: 'identity' }, reply);
    return { body: new JsonText('raw' in answer ? responseText(answer.raw) : '') };
  });
  context.deps.background.track(settleInto(jobs, job, answered, context.deps.logError));
  return acceptedResult(job, true) as JsonResult;
}

/** What depends only on the request and the build is remembered for its repetitions. */
function rememberAnswer(exchange: McpExchange, repeat: RepeatedRequest, reply: Reply): RouteResult {
  const encoded =
    'encoded' in reply
      ? reply.encoded
      : 'result' in reply && reply.cacheable && new JsonText(encodeResult(exchange, reply.result, true));
  if (!encoded) return respond(exchange, reply);
  if (cutIsTopLevelId(repeat.cut)) answerCacheOf(exchange.context.deps).remember(repeat.key, encoded);
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
function repeatedRequest(server: McpServerDefinition, http: McpHttp): RepeatedRequest | undefined {
  const { rawBody, request } = http;
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
    tools: server.tools.map((tool) => toolDefinition(tool)),
  };
}

export function handleMcpGet(server: McpServerDefinition, context: McpHttp): RouteResult {
  const accept = context.request.headers.get('accept');
  // A client that only takes an event stream wants a server-initiated stream, which a stateless
  // server does not offer; 405 is the answer the MCP transport spec gives for that, worded as every
  // other refusal an MCP client gets: a JSON-RPC error (id null: a GET has no request id).
  if (accept && chooseRepresentation(accept) === 'sse') {
    const refused = new ApiError(
      'method_not_allowed',
      'This stateless MCP server opens no event stream on GET; POST JSON-RPC requests instead.',
    );
    return {
      raw: {
        status: refused.status,
        headers: {
          Allow: 'GET, POST, OPTIONS',
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
        },
        body: refusalText(refused, context.request, undefined),
      },
    };
  }
  return { body: descriptor(server, context.deps.config.siteUrl) };
}
