// Adapts node:http to the core's CoreRequest/CoreResponse without building web-standard Request and
// Response objects on the hot path (they cost most of the throughput on small JSON answers).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, payloadTooLarge } from '../core/errors.ts';
import { MAX_BODY_BYTES, type CoreRequest, type CoreResponse } from '../core/http/types.ts';
import { COMPRESS_MIN_BYTES, compress, DYNAMIC_CODINGS } from '../core/http/content-coding.ts';
import { chooseEncoding } from '../core/http/negotiation.ts';

export function toCoreRequest(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  clientAddress: string,
): CoreRequest {
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  // Created on first use: most routes never look at the signal, and AbortController is not free.
  let controller: AbortController | undefined;
  return {
    id,
    method: req.method ?? 'GET',
    path: queryStart === -1 ? url : url.slice(0, queryStart),
    search: queryStart === -1 ? '' : url.slice(queryStart + 1),
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(', ') : (value ?? null);
      },
    },
    readBody: () => readBody(req),
    clientAddress,
    get signal() {
      if (!controller) {
        const created = new AbortController();
        res.once('close', () => {
          if (!res.writableFinished) created.abort();
        });
        controller = created;
      }
      return controller.signal;
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw payloadTooLarge();
  // Events rather than for-await: the async iterator costs several microseconds per small body.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(payloadTooLarge());
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total)));
    req.once('error', reject);
    // A client cut off mid-body (timeout, disconnect) ends the wait too, or the handler would hang.
    req.once('close', () => {
      if (!req.complete) reject(new ApiError('request_timeout', 'The request body did not arrive in full.'));
    });
  });
}

export async function writeCoreResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: CoreResponse,
): Promise<void> {
  const { body } = response;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    let bytes: Uint8Array | null = typeof body === 'string' ? Buffer.from(body) : body;
    const { headers } = response;
    // Answers the core did not code itself are made afresh for each request, so compressed afresh too.
    if (!response.coded && bytes && bytes.length >= COMPRESS_MIN_BYTES && response.status !== 204) {
      const encoding = chooseEncoding(req.headers['accept-encoding'], DYNAMIC_CODINGS);
      if (encoding !== 'identity') {
        bytes = await compress(bytes, encoding);
        headers['Content-Encoding'] = encoding;
      }
      headers['Vary'] = headers['Vary'] ? `${headers['Vary']}, Accept-Encoding` : 'Accept-Encoding';
    }
    if (bytes) headers['Content-Length'] = String(bytes.length);
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return;
  }
  // Streams (server-sent events): flush each chunk, stop when the client goes away.
  res.writeHead(response.status, response.headers);
  res.flushHeaders();
  for await (const chunk of body) {
    if (res.destroyed) break;
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}
