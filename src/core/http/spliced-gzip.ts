// A gzip member (RFC 1952) put together from a stored body deflated once ahead of time and a short
// head and tail of each answer's own, so an answer that differs from a kept one only around it (an
// MCP result behind its request's id) is sent compressed without compressing it again.
//
// Why splicing is sound: a deflate stream (RFC 1951) is a run of blocks, and a block may refer back
// only to bytes its own stream produced. The kept middle is a whole stream of its own, flushed to a
// byte boundary and not marked final ('deflate-splice' in content-coding.ts), so it decodes the same
// after any byte-aligned prefix. Head and tail go in as stored blocks, which are byte-aligned too.
import { crc32 } from 'node:zlib';
import { BodyParts } from './types.ts';

/** ID1 ID2, CM deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
const STORED_BLOCK_MAX = 0xffff;

/** Bytes as stored (uncompressed) deflate blocks; the last of them final when `final` is set. */
function storedBlocks(bytes: Uint8Array, final: boolean): Uint8Array {
  const blocks = Math.max(1, Math.ceil(bytes.byteLength / STORED_BLOCK_MAX));
  const out = new Uint8Array(bytes.byteLength + 5 * blocks);
  let at = 0;
  for (let block = 0; block < blocks; block += 1) {
    const piece = bytes.subarray(block * STORED_BLOCK_MAX, (block + 1) * STORED_BLOCK_MAX);
    // BFINAL in bit 0, BTYPE 00 (stored) in bits 1-2, the rest of the byte padding; LEN, then NLEN.
    out[at] = final && block === blocks - 1 ? 1 : 0;
    out[at + 1] = piece.byteLength & 0xff;
    out[at + 2] = piece.byteLength >>> 8;
    out[at + 3] = ~piece.byteLength & 0xff;
    out[at + 4] = (~piece.byteLength >>> 8) & 0xff;
    out.set(piece, at + 5);
    at += 5 + piece.byteLength;
  }
  return out;
}

/** A kept body and its 'deflate-splice' form. */
export interface DeflatedMiddle {
  bytes: Uint8Array;
  deflated: Uint8Array;
}

/** head + middle + tail as one gzip member; only head and tail are new bytes. */
export function splicedGzip(head: Uint8Array, middle: DeflatedMiddle, tail: Uint8Array): BodyParts {
  const crc = crc32(tail, crc32(middle.bytes, crc32(head)));
  const size = head.byteLength + middle.bytes.byteLength + tail.byteLength;
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc, true);
  // ISIZE is the length modulo 2^32 (RFC 1952 section 2.3.1).
  view.setUint32(4, size >>> 0, true);
  return new BodyParts([GZIP_HEADER, storedBlocks(head, false), middle.deflated, storedBlocks(tail, true), trailer]);
}
