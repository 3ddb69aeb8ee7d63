// Raw HTTP for tests: undici.request neither decompresses nor follows redirects, so tests see the
// bytes and headers the server really sent.
import { request as nodeRequest } from 'node:http';
import { request } from 'undici';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  json<T = any>(): T;
}

export async function http(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const response = await request(url, {
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers ?? {},
    body: options.body ?? null,
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const text = body.toString('utf8');
  return { status: response.statusCode, headers, body, text, json: () => JSON.parse(text) };
}

/** One MCP `tools/call` on the product server, as raw JSON-RPC (no session, no SDK): the parsed reply. */
export async function callTool(serverUrl: string, name: string, args: Record<string, unknown>): Promise<any> {
  const response = await http(`${serverUrl}/.well-known/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  return response.json();
}

/** The same request sent from another loopback address, so the server sees a second client. */
export function httpFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sent = nodeRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          const text = body.toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers, body, text, json: () => JSON.parse(text) });
        });
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}
