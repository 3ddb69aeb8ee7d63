// Adapts node:http to the core's CoreRequest/CoreResponse without building web-standard Request and
// Response objects on the hot path (they cost most of the throughput on small JSON answers).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyParts,
  isStreamBody,
  wholeBody,
  type CoreRequest,
  type CoreResponse,
  type HeaderReader,
} from '../core/http/types.ts';
import { COMPRESS_MIN_BYTES, compress, DYNAMIC_CODINGS } from '../core/content-coding.ts';
import { appendVary, chooseEncoding } from '../core/http/negotiation.ts';
import { readBody } from './request-body.ts';

export function toCoreRequest(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  clientAddress: string,
): CoreRequest {
  return new NodeRequest(req, res, id, clientAddress);
}

/** Header lookups on node's parsed headers. A class, not closures: a request allocates less. */
export class NodeHeaders implements HeaderReader {
  readonly #headers: IncomingHttpHeaders;

  constructor(headers: IncomingHttpHeaders) {
    this.#headers = headers;
  }

  get(name: string): string | null {
    const value = this.#headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  }
}

class NodeRequest implements CoreRequest {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly headers: HeaderReader;
  readonly clientAddress: string;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  /** Created on first use: most routes never look at the signal, and AbortController is not free. */
  #controller: AbortController | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, id: string, clientAddress: string) {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    this.id = id;
    this.method = req.method ?? 'GET';
    this.path = queryStart === -1 ? url : url.slice(0, queryStart);
    this.search = queryStart === -1 ? '' : url.slice(queryStart + 1);
    this.headers = new NodeHeaders(req.headers);
    this.clientAddress = clientAddress;
    this.#req = req;
    this.#res = res;
  }

  readBody(): Promise<Uint8Array> {
    return readBody(this.#req);
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      const created = new AbortController();
      const res = this.#res;
      res.once('close', () => {
        if (!res.writableFinished) created.abort();
      });
      this.#controller = created;
    }
    return this.#controller.signal;
  }
}

/** Writes a core response; returns a promise only when there is work to wait for (compression, a stream). */
export function writeCoreResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: CoreResponse,
): void | Promise<void> {
  const { body, headers } = response;
  if (isStreamBody(body)) return writeStream(res, response.status, headers, body);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // Answers the core did not code itself are made afresh for each request, so compressed afresh too.
  if (!response.coded && bytes && bytes.byteLength >= COMPRESS_MIN_BYTES && response.status !== 204) {
    appendVary(headers, 'Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding'], DYNAMIC_CODINGS);
    if (encoding !== 'identity') {
      headers['Content-Encoding'] = encoding;
      return compress(wholeBody(bytes), encoding).then((compressed) =>
        writeBytes(req, res, response.status, headers, compressed),
      );
    }
  }
  writeBytes(req, res, response.status, headers, bytes);
}

/**
 * Every answer says its Content-Type is meant: no browser may sniff a JSON error or a text file into
 * HTML. Added to writeHead's own object rather than by `res.setHeader` beforehand: one earlier
 * setHeader sends writeHead down node's slow path, which checks and stores every header one at a
 * time (1.8 of 25 µs of CPU per glossary page, profiled).
 */
export function writeHead(res: ServerResponse, status: number, headers: Record<string, string>): void {
  headers['X-Content-Type-Options'] = 'nosniff';
  res.writeHead(status, headers);
}

function writeBytes(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  bytes: Uint8Array | BodyParts | null,
): void {
  if (bytes) headers['Content-Length'] = String(bytes.byteLength);
  writeHead(res, status, headers);
  if (req.method === 'HEAD') res.end();
  else if (bytes instanceof BodyParts) {
    // Corked, the parts leave in one writev when end() uncorks.
    res.cork();
    for (const part of bytes.parts) res.write(part);
    res.end();
  } else res.end(bytes);
}

/** Server-sent events: each chunk flushed as it comes, until the client goes away. */
async function writeStream(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: AsyncIterable<string | Uint8Array>,
): Promise<void> {
  writeHead(res, status, headers);
  res.flushHeaders();
  for await (const chunk of body) {
    if (res.destroyed) break;
    if (!res.write(chunk)) await drainedOrClosed(res);
  }
  res.end();
}

/** A client that goes away while its buffer is full sends no 'drain': its 'close' ends the wait instead. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
