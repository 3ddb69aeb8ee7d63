// The body kinds the transport writes: whole, in parts, or streamed.
import { describe, expect, it } from 'vitest';
import { BodyParts, isStreamBody, wholeBody } from '../../src/core/http/types.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('core bodies', () => {
  it('joins parts in order and counts their bytes, multi-byte characters included', () => {
    const parts = new BodyParts([bytes('{"id":"é",'), bytes('"result":{}'), bytes('}')]);
    expect(parts.byteLength).toBe(bytes('{"id":"é","result":{}}').byteLength);
    expect(new TextDecoder().decode(parts.join())).toBe('{"id":"é","result":{}}');
    expect(new TextDecoder().decode(wholeBody(parts) as Uint8Array)).toBe('{"id":"é","result":{}}');
  });

  it('takes only an async iterable for a stream: parts, text and bytes are sent whole', () => {
    async function* events() {
      yield 'data: 1\n\n';
    }
    expect(isStreamBody(events())).toBe(true);
    for (const body of [new BodyParts([bytes('a')]), 'text', bytes('b'), null]) expect(isStreamBody(body)).toBe(false);
  });
});
