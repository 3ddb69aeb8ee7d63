// Content codings of dynamic answers: which ones, how hard, and from what size. Cached answers keep
// their coded bytes (JsonText in json-text.ts); everything else is compressed as it is sent. Below
// HTTP: the stores keep coded bytes too.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, deflateRaw, gzip } from 'node:zlib';
/** A coding an answer may be sent in (Accept-Encoding; http/negotiation.ts chooses). */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

export type ContentCoding = Exclude<ContentEncoding, 'identity'>;

/**
 * What a kept body may be compressed into: a content coding, or 'deflate-splice', raw deflate that
 * ends on a sync flush (byte-aligned, no final block) to go inside other answers' gzip members
 * (spliced-gzip.ts).
 */
export type CompressedForm = ContentCoding | 'deflate-splice';

/** Below about one TCP segment, compression saves no round trip and costs CPU on both sides. */
export const COMPRESS_MIN_BYTES = 1400;

/** Both codings are always on offer for dynamic answers. */
export const DYNAMIC_CODINGS = { br: true, gz: true } as const;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateRawAsync = promisify(deflateRaw);

/**
 * Brotli at quality 4 compresses JSON within a few per cent of quality 11 at a small fraction of the
 * time; deflate at its default level. All run on the libuv pool, off the event loop.
 */
export function compress(bytes: Uint8Array, form: CompressedForm): Promise<Buffer> {
  switch (form) {
    case 'br':
      return brotliAsync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
    case 'gzip':
      return gzipAsync(bytes, { level: 6 });
    case 'deflate-splice':
      return deflateRawAsync(bytes, { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  }
}
