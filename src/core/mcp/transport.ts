// The transport's checks of a POST, before its body is read as JSON-RPC: the Origin, the Accept and
// MCP-Protocol-Version headers, and (2026-07-28) the headers that mirror the body (Mcp-Method,
// Mcp-Name) with the request's `_meta`.
import Negotiator from 'negotiator';
import { ApiError } from '../errors.ts';
import { strictUtf8 } from '../http/body.ts';
import type { RouteContext } from '../http/route.ts';
import type { CoreRequest } from '../http/types.ts';
import type { McpParams } from './definition.ts';
import { JSONRPC_ERRORS, META, rpcFailure, type RpcFailure } from './protocol.ts';

const MEDIA = ['application/json', 'text/event-stream'];

/** Accept headers repeat from a client to the next; parsing one is not free. */
const representations = new Map<string, 'json' | 'sse' | undefined>();

/** Which representation the client can take: JSON, or a one-event SSE body for SSE-only clients. */
export function chooseRepresentation(accept: string | null): 'json' | 'sse' | undefined {
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
export function originRefusal(context: RouteContext<unknown, unknown>): ApiError | undefined {
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
export function headerVersionOf(request: Pick<CoreRequest, 'headers'>): string | undefined {
  return request.headers.get('mcp-protocol-version')?.trim() || undefined;
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

/** The body member that Mcp-Name mirrors, by method (SEP-2243; the task methods by SEP-2663). */
const NAMED_BY = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
} as const;

/** The 2026-07-28 checks of a request's `_meta` and of the headers that mirror its body. */
export function modernRefusal(
  version: string,
  method: string,
  params: McpParams,
  request: Pick<CoreRequest, 'headers'>,
): RpcFailure | undefined {
  return metaRefusal(version, params) ?? mirroredHeadersRefusal(method, params, request.headers);
}

const mismatch = (message: string) =>
  rpcFailure(JSONRPC_ERRORS.headerMismatch, `Header mismatch: ${message}`, undefined, 400);

/** `_meta` carries the protocol version (the header's) and the client's capabilities. */
function metaRefusal(version: string, params: McpParams): RpcFailure | undefined {
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
  if (metaVersion === version) return undefined;
  return mismatch(
    `MCP-Protocol-Version ${version} does not match "${META.protocolVersion}" ${JSON.stringify(metaVersion.slice(0, 40))}.`,
  );
}

/** Mcp-Method always, and Mcp-Name for the methods that name a tool, prompt or resource, mirror the body. */
function mirroredHeadersRefusal(
  method: string,
  params: McpParams,
  headers: CoreRequest['headers'],
): RpcFailure | undefined {
  const methodHeader = headerValue(headers.get('mcp-method'), false);
  if (methodHeader === undefined) return mismatch('the Mcp-Method header is required.');
  if (methodHeader === null) return mismatch('the Mcp-Method header may hold only visible ASCII characters.');
  if (methodHeader !== method)
    return mismatch(`Mcp-Method ${JSON.stringify(methodHeader.slice(0, 100))} does not match the body's method.`);
  const namedBy = NAMED_BY[method as keyof typeof NAMED_BY];
  const bodyName = namedBy ? params[namedBy] : undefined;
  if (typeof bodyName !== 'string') return undefined;
  const nameHeader = headerValue(headers.get('mcp-name'), true);
  if (nameHeader === undefined) return mismatch(`the Mcp-Name header is required for ${method}.`);
  if (nameHeader === null)
    return mismatch('Mcp-Name must be visible ASCII, or =?base64?…?= around strict Base64 of UTF-8 text.');
  return nameHeader === bodyName ? undefined : mismatch(`Mcp-Name does not match the body's params.${namedBy}.`);
}
