// Content codings of dynamic answers: which ones, how hard, and from what size. Cached answers keep
// their coded bytes (JsonText in route.ts); everything else is compressed as it is sent.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { ContentEncoding } from './negotiation.ts';

export type ContentCoding = Exclude<ContentEncoding, 'identity'>;

/** Below about one TCP segment, compression saves no round trip and costs CPU on both sides. */
export const COMPRESS_MIN_BYTES = 1400;

/** Both codings are always on offer for dynamic answers. */
export const DYNAMIC_CODINGS = { br: true, gz: true } as const;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli at quality 4 compresses JSON within a few per cent of quality 11 at a small fraction of the
 * time; gzip at its default level. Both run on the libuv pool, off the event loop.
 */
export function compress(bytes: Uint8Array, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br'
    ? brotliAsync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipAsync(bytes, { level: 6 });
}
