// Gzip members spliced from a kept deflated middle: every standard decoder must read them whole.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from '../../src/core/content-coding.ts';
import { crc32Combine, crc32Shift, splicedGzip } from '../../src/core/http/spliced-gzip.ts';

const text = (value: string) => new TextEncoder().encode(value);

async function middleOf(bytes: Uint8Array) {
  return { bytes, deflated: await compress(bytes, 'deflate-splice') };
}

describe('spliced gzip', () => {
  const json = text(JSON.stringify({ terms: Array.from({ length: 200 }, (_, i) => ({ slug: `term-${i}`, n: i })) }));

  it.each([
    ['a JSON-RPC head and closing brace', text('{"jsonrpc":"2.0","id":7,"result":'), text('}')],
    ['an empty head and tail', new Uint8Array(0), new Uint8Array(0)],
    ['a head longer than one stored block', text(`{"id":"${'x'.repeat(70_000)}","result":`), text('}\n\n')],
  ])('decodes to head + middle + tail, with %s', async (_, head, tail) => {
    const body = splicedGzip(head, await middleOf(json), tail).join();
    const whole = Buffer.concat([head, json, tail]);
    expect(Buffer.compare(gunzipSync(body), whole)).toBe(0);
    // GNU gzip inflates with code of its own, not zlib's: a second reader for what zlib might forgive.
    const gnu = spawnSync('gzip', ['--decompress', '--stdout'], { input: body });
    if (gnu.error) console.log(`spliced gzip: GNU gzip not run (${gnu.error.message})`);
    else expect({ status: gnu.status, same: Buffer.compare(gnu.stdout, whole) }).toEqual({ status: 0, same: 0 });
  });

  it('holds incompressible middles and multi-byte text too', async () => {
    const head = text('{"id":"é€😀","result":');
    for (const middle of [randomBytes(100_000), text('ünïcödé '.repeat(5000))]) {
      const body = splicedGzip(head, await middleOf(middle), text('}'));
      expect(Buffer.compare(gunzipSync(body.join()), Buffer.concat([head, middle, text('}')]))).toBe(0);
    }
  });

  it('is refused by the decoder when the kept middle is not the deflated bytes (the checksum covers them)', async () => {
    const kept = await middleOf(json);
    const wrong = { bytes: text(JSON.stringify({ other: true })), deflated: kept.deflated };
    expect(() => gunzipSync(splicedGzip(text('{'), wrong, text('}')).join())).toThrow();
  });
});

describe('CRC-32 of two pieces from their own CRCs', () => {
  it.each([0, 1, 7, 8, 255, 4096, 9197, 65_536, 100_003])('matches zlib over a second piece of %i bytes', (length) => {
    const first = randomBytes(37);
    const second = randomBytes(length);
    expect(crc32Combine(crc32(first), crc32(second), crc32Shift(length))).toBe(crc32(Buffer.concat([first, second])));
  });
});
