// Reading a request body off node's IncomingMessage: whole, bounded by MAX_BODY_BYTES, and decoded
// from its Content-Encoding (RFC 9110 §8.4) when that is gzip, deflate or br. The bound applies to the
// decoded bytes, and decoding stops at it: a gzip bomb (64 MiB of zeros in 64 KiB) costs 1 MiB of
// inflating before its 413, never the whole. Any other coding is refused with 415 and an
// Accept-Encoding naming the codings taken (§15.5.16).
import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ApiError, payloadTooLarge } from '../core/errors.ts';
import { MAX_BODY_BYTES } from '../core/http/types.ts';

/** The codings a request body may come in, as Accept-Encoding names them on a 415. */
export const REQUEST_CODINGS = 'gzip, deflate, br';

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body's bytes, decoded. Not async on the common path (no coding): a promise turn per body costs.
 * A declared Content-Length over the bound never gets here: the preflight phase refused it, on any path.
 */
export function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const coding = req.headers['content-encoding'];
  if (coding === undefined) return collect(req, req);
  let decoders: Transform[];
  try {
    decoders = decodersFor(coding);
  } catch (error) {
    return Promise.reject(error);
  }
  if (decoders.length === 0) return collect(req, req);
  let stream: NodeJS.ReadableStream = req;
  for (const decoder of decoders) stream = stream.pipe(decoder);
  return collect(req, stream as Transform, decoders);
}

/**
 * Decoders in the order to apply them: codings are listed in the order they were applied, so the
 * last is undone first. `identity` adds none; an unknown coding throws the 415.
 */
function decodersFor(header: string): Transform[] {
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const unknown = codings.find((coding) => DECODERS[coding] === undefined);
  if (unknown !== undefined || codings.length > 2) {
    throw new ApiError(
      'unsupported_media_type',
      `Content-Encoding ${JSON.stringify(header.slice(0, 100))} is not one this server decodes (${REQUEST_CODINGS}, at most two).`,
      {
        resolution: `Send the body plain, or in ${REQUEST_CODINGS}, as named in Accept-Encoding.`,
        headers: { 'Accept-Encoding': REQUEST_CODINGS },
      },
    );
  }
  return codings.reverse().map((coding) => DECODERS[coding]!());
}

/** Gathers `source`'s bytes up to the bound; events rather than for-await, which costs microseconds. */
function collect(req: IncomingMessage, source: NodeJS.ReadableStream, decoders: Transform[] = []): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      if (decoders.length > 0) {
        req.unpipe();
        for (const decoder of decoders) decoder.destroy();
        req.resume();
      }
      reject(error);
    };
    source.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        source.removeAllListeners('data');
        req.resume();
        fail(payloadTooLarge());
      }
    });
    source.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
    });
    // A client cut off mid-body (timeout, disconnect: node's "aborted") ends the wait too, or the handler
    // would hang; it is the client's doing, not a server error, so it is no 500 with a stack trace.
    const cutOff = () => fail(new ApiError('request_timeout', 'The request body did not arrive in full.'));
    req.once('error', cutOff);
    req.once('close', () => {
      if (!req.complete) cutOff();
    });
    for (const decoder of decoders) {
      decoder.once('error', () =>
        fail(new ApiError('invalid_body', `The body is not valid ${String(req.headers['content-encoding'])}.`)),
      );
    }
  });
}
