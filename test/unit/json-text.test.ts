// JsonText: a cached JSON answer's forms (bytes, entity tag, compressed bodies), made once and shared.
import { createHash, randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JsonText } from '../../src/core/json-text.ts';

const json = JSON.stringify({ terms: Array.from({ length: 200 }, (_, index) => ({ slug: `term-${index}` })) });

describe('JsonText', () => {
  it('tags the body with 128 bits of its SHA-256, one tag per coding', () => {
    const text = new JsonText(json);
    const sha = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    expect(text.etag('identity')).toBe(`"${sha}"`);
    expect(text.etag('br')).toBe(`"${sha}-br"`);
    expect(text.etag('gzip')).toBe(`"${sha}-gzip"`);
    // Text or bytes of the same JSON: the same tag.
    expect(new JsonText(Buffer.from(json)).etag('identity')).toBe(text.etag('identity'));
  });

  it('keeps its bytes as a Buffer over memory of its own, never a slice of the shared pool', () => {
    for (const body of ['{"a":1}', '{"é":"ü"}', json]) {
      const { bytes } = new JsonText(body);
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect(bytes.toString()).toBe(body);
      // A pooled slice sits in an 8 KiB slab a cache would keep alive with it.
      expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    }
  });

  it('compresses once per coding and hands out the same bytes afterwards', async () => {
    const text = new JsonText(json);
    const first = await text.encoded('br');
    expect(brotliDecompressSync(first).toString()).toBe(json);
    const again = text.encoded('br');
    expect(again).toBe(first);
    const gzip = await text.encoded('gzip');
    expect(gunzipSync(gzip).toString()).toBe(json);
    expect(text.encoded('gzip')).toBe(gzip);
  });

  it('shares one compression among concurrent first requests', () => {
    const text = new JsonText(json);
    expect(text.encoded('gzip')).toBe(text.encoded('gzip'));
  });

  it('shares its forms with a JsonText made from it', async () => {
    const cached = new JsonText(json);
    const coded = await cached.encoded('br');
    const perRequest = new JsonText(cached);
    expect(perRequest.encoded('br')).toBe(coded);
    expect(perRequest.etag('br')).toBe(cached.etag('br'));
  });

  it('takes a hash and a brotli body a store kept, without recomputing them', () => {
    const br = Buffer.from('not really brotli');
    const text = new JsonText(Buffer.from(json), { hash: 'kept', br });
    expect(text.etag('br')).toBe('"kept-br"');
    expect(text.encoded('br')).toBe(br);
    // One larger than the room kept for coded bodies is not taken.
    const large = Buffer.alloc(json.length);
    expect(new JsonText(Buffer.from(json), { br: large }).encoded('br')).not.toBe(large);
  });

  it('keeps coded bodies only within half the JSON size, which retainedBytes reserves', async () => {
    // Random bytes as a JSON string do not compress: each coded body is about as large as the JSON.
    const noise = JSON.stringify(randomBytes(4_000).toString('base64'));
    const text = new JsonText(noise);
    expect(text.retainedBytes).toBe(noise.length * 2 + noise.length + Math.floor(noise.length / 2));
    const first = await text.encoded('gzip');
    const second = text.encoded('gzip');
    expect(second).toBeInstanceOf(Promise);
    expect(await second).not.toBe(first);
  });
});
