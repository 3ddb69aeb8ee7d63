// The JSON-RPC envelope: an answer's head with the request's id exactly as sent, the result or error
// member, the representation (JSON, or one SSE event) and a remembered result spliced into gzip.
import { decodeJsonText, JsonBodyError } from '../http/body.ts';
import type { ApiError } from '../errors.ts';
import { COMPRESS_MIN_BYTES } from '../content-coding.ts';
import { mayBeKeptForReplay } from '../http/idempotency.ts';
import { chooseEncoding } from '../http/negotiation.ts';
import type { RouteContext, RouteResult } from '../http/route.ts';
import { splicedGzip } from '../http/spliced-gzip.ts';
import { BodyParts, type CoreRequest } from '../http/types.ts';
import type { JsonText } from '../json-text.ts';
import type { McpContext } from './context.ts';
import { type McpParams, type McpServerDefinition, TTL_MS } from './definition.ts';
import {
  idMember,
  JSONRPC_ERRORS,
  META,
  rpcFailure,
  topLevelIdText,
  type ProtocolEra,
  type RpcFailure,
} from './protocol.ts';

/**
 * The one code scheme of transport refusals (the OpenAPI description of the MCP routes states it): a
 * refusal for load (429, 503) says "retry later" (-32000, with Retry-After), an unexpected failure is an
 * internal error (-32603), and anything else the request itself got wrong is an invalid request (-32600).
 */
export function refusalCode(status: number): number {
  if (status === 429 || status === 503) return JSONRPC_ERRORS.retryLater;
  return status >= 500 ? JSONRPC_ERRORS.internalError : JSONRPC_ERRORS.invalidRequest;
}

/**
 * A request the API refused before the MCP handler ran (size, token, rate limit, Idempotency-Key,
 * or node's parser: headers too large, too slow), as a JSON-RPC error coded by refusalCode; the API
 * error travels in `data`, and the id is the body's when it was read, else null.
 */
export function refusalText(
  error: ApiError,
  _request: Pick<CoreRequest, 'headers'>,
  body: Uint8Array | undefined,
): string {
  const { status: _status, ...failure } = transportFailure(refusalCode(error.status), error);
  return `{"jsonrpc":"2.0",${idMember(bestEffortIdText(body))}"error":${JSON.stringify(failure)}}`;
}

/** A transport refusal as JSON-RPC: the API error travels in `data`, so its code and resolution stay readable. */
export function transportFailure(code: number, error: ApiError, extra: Record<string, unknown> = {}): RpcFailure {
  return rpcFailure(code, error.message, { ...error.toBody().error, ...extra }, error.status);
}

/**
 * What a method answers: a result object, a result already encoded for this request's era (a
 * remembered tool result), or a failure.
 */
export type Reply = { result: McpParams; cacheable?: boolean } | { encoded: JsonText } | { failure: RpcFailure };

export interface McpExchange {
  server: McpServerDefinition;
  /** The POST as the endpoint received it: the transport's checks read its headers and body. */
  http: RouteContext<unknown, unknown>;
  /** What the methods, tools, prompts and resources run with (made from `http` once). */
  context: McpContext;
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
export function modernMembers(server: McpServerDefinition, cacheable: boolean, resultType = 'complete'): McpParams {
  return {
    resultType,
    ...(cacheable ? { ttlMs: TTL_MS, cacheScope: 'public' } : {}),
    _meta: { [META.serverInfo]: { name: server.name, title: server.title, version: server.version } },
  };
}

export function encodeResult(exchange: McpExchange, result: McpParams, cacheable: boolean): string {
  return JSON.stringify(
    exchange.era === 'modern'
      ? // A CreateTaskResult says "task"; every other result "complete" (SEP-2322, SEP-2663).
        {
          ...result,
          ...modernMembers(exchange.server, cacheable, result['resultType'] === 'task' ? 'task' : 'complete'),
        }
      : result,
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

export function respond(exchange: McpExchange, reply: Reply): RouteResult {
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
  const head = `${open}{"jsonrpc":"2.0",${idMember(exchange.idText)}${member}`;
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
export function splicedCoding(request: CoreRequest): McpExchange['coding'] {
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

export function invalidParams(message: string, data?: unknown): Reply {
  return { failure: rpcFailure(JSONRPC_ERRORS.invalidParams, message, data) };
}

/** The id of a body that may not be a valid request, for error answers that should still carry it. */
export function idTextOf(payload: unknown, json: string): string | undefined {
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
export function bestEffortIdText(body: Uint8Array | undefined): string | undefined {
  try {
    const { text, value } = decodeJsonText(body ?? new Uint8Array());
    return idTextOf(value, text);
  } catch (error) {
    if (!(error instanceof JsonBodyError) || error.problem !== 'depth' || !body) return undefined;
    return topLevelIdText(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  }
}

/**
 * Whether a body is a response or a notification rather than a request. Before 2026-07-28 a request's
 * error goes out with 200 (the interface); one of these is refused with an HTTP error when it cannot be
 * taken (2025-11-25 transport).
 */
export function isNotRequest(message: { id?: unknown; method?: unknown } | null): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    !Array.isArray(message) &&
    ('method' in message ? message.id === undefined : 'result' in message || 'error' in message)
  );
}
