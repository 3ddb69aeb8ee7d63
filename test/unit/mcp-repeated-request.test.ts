import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutIsTopLevelId, cutRequestId } from '../../src/core/mcp/repeated-request.ts';

describe('cutRequestId', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":42,"method":"tools/list"}', '42'],
    ['{"jsonrpc":"2.0","method":"tools/list","id":-7}', '-7'],
    ['{"id":0 ,"method":"m"}', '0'],
    ['{"jsonrpc":"2.0","id":"req-1 [a]","method":"m"}', '"req-1 [a]"'],
    ['{"jsonrpc":"2.0","id":"","method":"m"}', '""'],
  ])('%s: the id %s is cut out, and the cut is the top-level id', (text, idText) => {
    const cut = cutRequestId(text);
    expect(cut?.idText).toBe(idText);
    expect(cut && cut.rest.slice(0, cut.at) + idText + cut.rest.slice(cut.at)).toBe(text);
    expect(cut && cutIsTopLevelId(cut)).toBe(true);
  });

  it.each([
    ['no id', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
    ['an id after a space', '{"id" :1,"method":"m"}'],
    ['a second "id" in params', '{"id":1,"method":"m","params":{"id":2}}'],
    ['"id" as a value', '{"id":1,"method":"m","params":{"query":"id"}}'],
    ['a fraction', '{"id":1.5,"method":"m"}'],
    ['an exponent', '{"id":1e3,"method":"m"}'],
    ['a leading zero', '{"id":01,"method":"m"}'],
    ['past the safe integers', '{"id":9007199254740993,"method":"m"}'],
    ['an escape in a string id', '{"id":"a\\"b","method":"m"}'],
    ['a non-ASCII string id', '{"id":"é","method":"m"}'],
    ['null', '{"id":null,"method":"m"}'],
  ])('%s: not cut', (_name, text) => {
    expect(cutRequestId(text)).toBeUndefined();
  });

  it.each([
    ['a member named a"id', '{"jsonrpc":"2.0","a\\"id":5,"method":"m"}'],
    ['the real id spelled with an escape', '{"\\u0069d":7,"method":"m","params":{"x\\"id":1}}'],
    ['text that is not JSON', '{"id":1,"method":'],
  ])('%s: a cut that is not the top-level id is found out', (_name, text) => {
    const cut = cutRequestId(text);
    expect(cut).toBeDefined();
    expect(cut && cutIsTopLevelId(cut)).toBe(false);
  });

  it('bodies that differ only in a plain id cut to the same text, which parses back to each request', () => {
    const plainId = fc.oneof(
      fc.maxSafeInteger().filter((id) => Math.abs(id) < 1e15),
      fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_.:[]{}#~'), maxLength: 20 }),
    );
    fc.assert(
      fc.property(plainId, plainId, fc.string(), fc.jsonValue(), (a, b, method, params) => {
        const body = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
        const first = cutRequestId(body(a));
        const second = cutRequestId(body(b));
        // Params that mention "id" leave the place of the id open: no cut, so no remembered answer.
        if (body(a).split('"id"').length > 2) return first === undefined;
        if (!first || !second || !cutIsTopLevelId(first)) return false;
        const rebuilt = first.rest.slice(0, first.at) + second.idText + first.rest.slice(first.at);
        return first.rest === second.rest && rebuilt === body(b);
      }),
      { numRuns: 2_000 },
    );
  });
});
