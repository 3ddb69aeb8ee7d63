// JSON-RPC 2.0 and MCP protocol facts for our stateless Streamable HTTP servers.

/**
 * Modern revisions carry version, client identity and capabilities in every request's `_meta`
 * and have no initialize handshake (2026-07-28, SEP-2575).
 */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Legacy revisions open with `initialize`; newest first, as `initialize` falls back to the first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const SUPPORTED_PROTOCOL_VERSIONS = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS] as const;
/** What a request without an MCP-Protocol-Version header is taken to speak (the spec's rule). */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  /** 2025-11-25: ties a tasks/result answer to its task. */
  relatedTask: 'io.modelcontextprotocol/related-task',
} as const;

/** The 2026-07-28 extension (SEP-2663) a request declares in its client capabilities to take tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /**
   * Implementation-defined (JSON-RPC's server-error range): the server cannot take the request now, for
   * load (rate limit, the client's share, a full store); data carries the API error and Retry-After says when.
   */
  retryLater: -32000,
  /** 2026-07-28: HTTP headers disagree with the body, or a required header is missing. */
  headerMismatch: -32020,
  /** 2026-07-28: the request lacks a client capability the method needs (the tasks extension). */
  missingClientCapability: -32021,
  /** 2026-07-28: the request's protocol version is not one the server speaks. */
  unsupportedProtocolVersion: -32022,
} as const;

export type ProtocolEra = 'modern' | 'legacy';

export function isSupportedVersion(version: string): version is (typeof SUPPORTED_PROTOCOL_VERSIONS)[number] {
  return (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

export function eraOf(version: string): ProtocolEra {
  return (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version) ? 'modern' : 'legacy';
}

/** A JSON-RPC error object, with the HTTP status its answer carries (200 unless the transport says otherwise). */
export interface RpcFailure {
  code: number;
  message: string;
  data?: unknown;
  status?: number;
}

export const rpcFailure = (code: number, message: string, data?: unknown, status?: number): RpcFailure => ({
  code,
  message,
  ...(data === undefined ? {} : { data }),
  ...(status === undefined ? {} : { status }),
});

/**
 * The id member that opens an answer: the request's id as sent, else null. JSON-RPC 2.0 requires the
 * member, null when the id could not be read; MCP from 2025-11-25 merely lets it be left out, so null
 * serves every revision and a client always finds the member it looks for.
 */
export function idMember(idText: string | undefined): string {
  return `"id":${idText ?? 'null'},`;
}

const NUMBER_TOKEN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A JSON string: no control character, quote or backslash bare; only JSON's escapes. */
const STRING_TOKEN = /"(?:[ !#-[\]-\u{10FFFF}]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/uy;
const AFTER_VALUE = /\s*[,}]/y;

/** Whether a key, as written between its quotes (escapes included), reads as "id". */
function isIdKey(literal: string): boolean {
  if (literal === '"id"') return true;
  if (!literal.includes('\\')) return false;
  try {
    return JSON.parse(literal) === 'id';
  } catch {
    return false;
  }
}

/** The number or string that starts at `at` and ends its member, as written. */
function idValueAt(json: string, at: number): string | undefined {
  const pattern = json[at] === '"' ? STRING_TOKEN : NUMBER_TOKEN;
  pattern.lastIndex = at;
  const token = pattern.exec(json)?.[0];
  if (token === undefined) return undefined;
  AFTER_VALUE.lastIndex = at + token.length;
  return AFTER_VALUE.test(json) ? token : undefined;
}

/**
 * The exact text of the last top-level `"id"` member's value, when it is a number or a string: an
 * id such as 9007199254740993 or 1.50 is echoed as sent rather than as the double JSON.parse
 * rounded it to, and the id of a body too deep to parse can still be found. A key spelled with
 * escapes counts, as JSON.parse reads it; the last member wins, as there.
 */
export function topLevelIdText(json: string): string | undefined {
  let depth = 0;
  let found: string | undefined;
  for (let index = 0; index < json.length; index += 1) {
    const char = json.charCodeAt(index);
    if (char === 0x22) {
      const start = index;
      index = closingQuote(json, index);
      if (depth !== 1 || !isIdKey(json.slice(start, index + 1))) continue;
      const value = memberValueAt(json, index + 1);
      if (value === undefined) continue;
      found = idValueAt(json, value);
      if (found !== undefined) index = value + found.length - 1;
    } else if (char === 0x7b || char === 0x5b) depth += 1;
    else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return found;
}

/** The index of the quote that closes the string opening at `open`, skipping escapes. */
function closingQuote(json: string, open: number): number {
  let index = open + 1;
  while (index < json.length && json.charCodeAt(index) !== 0x22) index += json.charCodeAt(index) === 0x5c ? 2 : 1;
  return index;
}

/** After a key ending before `from`: where its value starts, or undefined when no colon follows. */
function memberValueAt(json: string, from: number): number | undefined {
  let next = from;
  while (/\s/.test(json[next] ?? '')) next += 1;
  if (json[next] !== ':') return undefined;
  next += 1;
  while (/\s/.test(json[next] ?? '')) next += 1;
  return next;
}
