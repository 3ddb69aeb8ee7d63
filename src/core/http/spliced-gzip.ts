// A gzip member (RFC 1952) put together from a stored body deflated once ahead of time and a short
// head and tail of each answer's own, so an answer that differs from a kept one only around it (an
// MCP result behind its request's id) is sent compressed without compressing it again.
//
// Why splicing is sound: a deflate stream (RFC 1951) is a run of blocks, and a block may refer back
// only to bytes its own stream produced. The kept middle is a whole stream of its own, flushed to a
// byte boundary and not marked final ('deflate-splice' in ../content-coding.ts), so it decodes the same
// after any byte-aligned prefix. Head and tail go in as stored blocks, which are byte-aligned too.
import { crc32 } from 'node:zlib';
import { BodyParts } from './types.ts';

/** ID1 ID2, CM deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_BLOCK_MAX = 0xffff;

/** Bytes as stored (uncompressed) deflate blocks; the last of them final when `final` is set. */
function storedBlocks(bytes: Uint8Array, final: boolean): Uint8Array {
  const blocks = Math.max(1, Math.ceil(bytes.byteLength / STORED_BLOCK_MAX));
  const out = Buffer.allocUnsafe(bytes.byteLength + 5 * blocks);
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

// CRC-32 arithmetic: a CRC is a remainder of polynomials over GF(2) (bit-reflected, as gzip uses
// them), so the CRC of A then B follows from the CRCs of A and of B and the length of B. That keeps
// each answer from reading a kept middle of kilobytes again just to checksum it.
const CRC_POLYNOMIAL = 0xedb88320;

/** a times b modulo the CRC polynomial, both reflected. */
function multiplyModulo(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0..31; x^1 is the reflected 0x40000000. */
const X_TO_POWERS_OF_TWO: number[] = [];
for (let power = 0x40000000, k = 0; k < 32; k += 1) {
  X_TO_POWERS_OF_TWO.push(power);
  power = multiplyModulo(power, power);
}

/** The factor that moves a CRC past `length` bytes: x^(8 * length) modulo the polynomial. */
export function crc32Shift(length: number): number {
  let factor = 0x80000000; // x^0
  // x^(8 * length) is the product of x^(2^(i + 3)) over the bits i set in length.
  for (let k = 3, rest = length; rest > 0; k += 1, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) factor = multiplyModulo(X_TO_POWERS_OF_TWO[k % 32] as number, factor);
  }
  return factor;
}

/** The CRC-32 of A then B, from crc(A), crc(B) and crc32Shift(length of B). */
export function crc32Combine(first: number, second: number, secondShift: number): number {
  return (multiplyModulo(secondShift, first) ^ second) >>> 0;
}

/** A kept body and its 'deflate-splice' form. */
export interface DeflatedMiddle {
  bytes: Uint8Array;
  deflated: Uint8Array;
}

/** The CRC of each kept middle and the shift past it, worked out once (by its deflated bytes). */
const middleChecks = new WeakMap<Uint8Array, { crc: number; shift: number }>();

/** head + middle + tail as one gzip member; only head and tail are new bytes. */
export function splicedGzip(head: Uint8Array, middle: DeflatedMiddle, tail: Uint8Array): BodyParts {
  let check = middleChecks.get(middle.deflated);
  if (!check) {
    check = { crc: crc32(middle.bytes), shift: crc32Shift(middle.bytes.byteLength) };
    middleChecks.set(middle.deflated, check);
  }
  const crc = crc32(tail, crc32Combine(crc32(head), check.crc, check.shift));
  const size = head.byteLength + middle.bytes.byteLength + tail.byteLength;
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952 section 2.3.1).
  trailer.writeUInt32LE(size >>> 0, 4);
  return new BodyParts([GZIP_HEADER, storedBlocks(head, false), middle.deflated, storedBlocks(tail, true), trailer]);
}
