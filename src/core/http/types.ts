// The core speaks this small, framework-free request/response pair. The node server adapts
// IncomingMessage to it without building web-standard objects on the hot path; the batch executor
// builds it in-process (`internal-request.ts`).

/** Largest request body any route accepts (DESIGN: 1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HeaderReader {
  /** A header's value, by its name in lowercase (as node:http keys them), or null when it was not sent. */
  get(name: string): string | null;
}

export interface CoreRequest {
  method: string;
  /** Raw pathname, still percent-encoded. */
  path: string;
  /** Raw query string, without the "?" (parsed only by routes that take a query, and memoised). */
  search: string;
  headers: HeaderReader;
  /** Reads the body up to the configured limit; throws ApiError('payload_too_large') past it. */
  readBody(): Promise<Uint8Array>;
  /** The client as every per-client limit counts it: an IPv4 address, or an IPv6 /64 (client-address.ts). */
  clientAddress: string;
  signal: AbortSignal;
  /** The request id, when the transport has already chosen it (it logs with it). */
  id?: string;
  /** Set for requests dispatched in-process by the batch executor. */
  internal?: boolean;
}

/**
 * A body that is its parts one after another, written without joining them: a stored answer of
 * kilobytes goes out behind a short head of its own without a copy. (A copy of that size is not
 * pooled: each is an ArrayBuffer of its own for the garbage collector to track, about 7% of the CPU
 * of an MCP answer.)
 */
export class BodyParts {
  readonly byteLength: number;

  constructor(readonly parts: readonly Uint8Array[]) {
    this.byteLength = parts.reduce((total, part) => total + part.byteLength, 0);
  }

  /** The parts as one buffer, for a consumer that needs the body whole (compression, a kept copy). */
  join(): Uint8Array {
    return Buffer.concat(this.parts, this.byteLength);
  }
}

export type CoreBody = string | Uint8Array | BodyParts | AsyncIterable<string | Uint8Array> | null;

/** Whether a body is a stream: written as it comes, never compressed, kept or replayed. */
export function isStreamBody(body: CoreBody): body is AsyncIterable<string | Uint8Array> {
  return body !== null && typeof body === 'object' && Symbol.asyncIterator in body;
}

/** A body that is not a stream, as one string or buffer. */
export function wholeBody(body: Uint8Array | BodyParts): Uint8Array;
export function wholeBody(body: string | Uint8Array | BodyParts): string | Uint8Array;
export function wholeBody(body: string | Uint8Array | BodyParts): string | Uint8Array {
  return body instanceof BodyParts ? body.join() : body;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  body: CoreBody;
  /** The core chose the content coding (cached answers): the transport sends the body as it is. */
  coded?: boolean;
}
