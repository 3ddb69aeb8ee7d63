// Requests the core sends to itself through the route table (batch sub-requests, MCP tools):
// identity travels with them, while idempotency and async preferences stay with the outer call.
import { isStreamBody, wholeBody, type CoreRequest, type CoreResponse } from './types.ts';

export function internalRequest(
  parent: CoreRequest,
  init: { method: 'GET' | 'POST'; target: string; body?: string; requestId?: string },
): CoreRequest {
  const [pathname = '', search = ''] = init.target.split(/\?(.*)/s, 2);
  const body = init.body ?? '';
  const hasBody = init.method === 'POST';
  return {
    method: init.method,
    path: pathname,
    search,
    headers: {
      get(name: string) {
        const lower = name.toLowerCase();
        if (lower === 'content-type') return hasBody ? 'application/json' : null;
        if (lower === 'content-length') return hasBody ? String(Buffer.byteLength(body)) : null;
        if (lower === 'x-request-id') return init.requestId ?? null;
        return lower === 'authorization' ? parent.headers.get(name) : null;
      },
    },
    readBody: async () => new TextEncoder().encode(body),
    clientAddress: parent.clientAddress,
    // Read when a route asks for it: the parent's signal is made on first use (node-adapter.ts).
    get signal() {
      return parent.signal;
    },
    internal: true,
  };
}

/** The text of a non-streaming response ('' for a stream or no body). */
export function responseText(response: CoreResponse): string {
  const { body } = response;
  if (body === null || isStreamBody(body)) return '';
  const whole = wholeBody(body);
  return typeof whole === 'string' ? whole : new TextDecoder().decode(whole);
}
