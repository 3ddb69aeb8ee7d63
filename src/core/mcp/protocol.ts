// JSON-RPC 2.0 and MCP protocol facts for our stateless Streamable HTTP servers.
import { z } from 'zod';

/** Newest first: `initialize` answers the requested version when supported, else the newest. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** What a request without an MCP-Protocol-Version header is taken to speak (the spec's rule). */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number().int()]).optional(),
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;

export type JsonRpcId = string | number | null;

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export const rpcResult = (id: JsonRpcId, result: unknown): JsonRpcResponse => ({ jsonrpc: '2.0', id, result });
export const rpcError = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

export function isSupportedVersion(version: string): version is (typeof SUPPORTED_PROTOCOL_VERSIONS)[number] {
  return (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}
