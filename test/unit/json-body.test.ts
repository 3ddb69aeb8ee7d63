import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.ts';
import {
  decodeJson,
  JsonBodyError,
  jsonDepthExceeds,
  MAX_JSON_DEPTH,
  readRouteBody,
} from '../../src/core/http/body.ts';
import { coreRequest } from '../support/core-deps.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** `levels` arrays, one inside the other, around `inner`. */
const arrays = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels);
/** `levels` objects, one inside the other, around `inner`. */
const objects = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);

function problemOf(bytes: Uint8Array): string {
  try {
    decodeJson(bytes);
  } catch (error) {
    if (error instanceof JsonBodyError) return error.problem;
    throw error;
  }
  return 'none';
}

describe('decodeJson', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(problemOf(utf8(arrays(64, '1')))).toBe('none');
    expect(problemOf(utf8(arrays(65, '1')))).toBe('depth');
    expect(problemOf(utf8(objects(64)))).toBe('none');
    expect(problemOf(utf8(objects(65)))).toBe('depth');
    // Arrays and objects count alike.
    expect(problemOf(utf8(arrays(32, objects(32))))).toBe('none');
    expect(problemOf(utf8(arrays(32, objects(33))))).toBe('depth');
    let value: unknown = decodeJson(utf8(arrays(64, '"deep"')));
    for (let level = 0; level < 64; level += 1) value = (value as unknown[])[0];
    expect(value).toBe('deep');
  });

  it('counts depth, not the number of arrays and objects', () => {
    const wide = `[${Array.from({ length: 1_000 }, () => arrays(60, '0')).join(',')}]`;
    expect(problemOf(utf8(wide))).toBe('none');
    expect(problemOf(utf8(`{"a":${arrays(63)},"b":${arrays(63)},"c":${arrays(64)}}`))).toBe('depth');
  });

  it('does not count brackets inside strings', () => {
    const text = `["${'['.repeat(1_000)}", {"${'{'.repeat(1_000)}": "${']'.repeat(1_000)}"}]`;
    expect(decodeJson(utf8(text))).toEqual(['['.repeat(1_000), { ['{'.repeat(1_000)]: ']'.repeat(1_000) }]);
  });

  it('follows escapes: an escaped quote does not end a string, an escaped backslash does not escape the quote', () => {
    // `\"` keeps the string open, so the brackets after it are text.
    const escapedQuote = `["\\"${'['.repeat(100)}"]`;
    expect(decodeJson(utf8(escapedQuote))).toEqual([`"${'['.repeat(100)}`]);
    // `\\` is a backslash; the quote after it closes the string, so the nesting after it counts.
    expect(problemOf(utf8(`["\\\\", ${arrays(MAX_JSON_DEPTH)}]`))).toBe('depth');
    expect(problemOf(utf8(`["\\\\", ${arrays(MAX_JSON_DEPTH - 1)}]`))).toBe('none');
    // A \u escape of a quote is text too.
    expect(decodeJson(utf8(`["\\u0022${'['.repeat(100)}"]`))).toEqual([`"${'['.repeat(100)}`]);
  });

  it('refuses 10,000 levels quickly, before anything walks them', () => {
    for (const text of [arrays(10_000), objects(10_000), '['.repeat(1_000_000)]) {
      const started = performance.now();
      expect(problemOf(utf8(text))).toBe('depth');
      expect(performance.now() - started).toBeLessThan(250);
    }
  });

  it('drops __proto__ keys at every level, and keeps __proto__ as a value', () => {
    const value = decodeJson(
      utf8(
        '{"__proto__":{"polluted":true},"a":1,"nested":{"__proto__":{"x":1},"b":[{"__proto__":null}]},"name":"__proto__","list":["__proto__"]}',
      ),
    ) as Record<string, any>;
    expect(Object.keys(value)).toEqual(['a', 'nested', 'name', 'list']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.polluted).toBeUndefined();
    expect(Object.keys(value.nested)).toEqual(['b']);
    expect(Object.keys(value.nested.b[0])).toEqual([]);
    expect(value.name).toBe('__proto__');
    expect(value.list).toEqual(['__proto__']);
    // Copying the value does not replace the copy's prototype.
    const copy = Object.assign({}, value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses bytes that are not UTF-8', () => {
    const cases: number[][] = [
      [0xff],
      [0x22, 0xc0, 0xaf, 0x22], // overlong "/"
      [0x22, 0xe2, 0x82, 0x22], // truncated sequence
      [0x22, 0xed, 0xa0, 0x80, 0x22], // a lone surrogate
      [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], // past U+10FFFF
    ];
    for (const bytes of cases) expect(problemOf(new Uint8Array(bytes)), bytes.join(' ')).toBe('encoding');
    expect(decodeJson(utf8('"caf\u00e9 \u{1F600}"'))).toBe('caf\u00e9 \u{1F600}');
  });

  it('refuses text that is not JSON', () => {
    for (const text of ['', '{', "{'a':1}", 'undefined', '[1,]', '{"a":1}}', 'NaN']) {
      expect(problemOf(utf8(text)), JSON.stringify(text)).toBe('syntax');
    }
    expect(decodeJson(utf8(' {"a":[1,2.5,null,true,"x"]} '))).toEqual({ a: [1, 2.5, null, true, 'x'] });
  });
});

describe('jsonDepthExceeds', () => {
  it('compares the deepest nesting with the limit', () => {
    expect(jsonDepthExceeds('1', 0)).toBe(false);
    expect(jsonDepthExceeds('[]', 0)).toBe(true);
    expect(jsonDepthExceeds('[[]]', 1)).toBe(true);
    expect(jsonDepthExceeds('[[]]', 2)).toBe(false);
    expect(jsonDepthExceeds('[[],[],{"a":[]}]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[],[],{"a":[[]]}]', 3)).toBe(true);
  });
});

describe('readRouteBody', () => {
  const post = (body: string, contentType = 'application/json') =>
    coreRequest('POST', '/api/v1/x', { headers: { 'content-type': contentType }, body });

  it('refuses a body nested too deep as invalid_body, naming the limit', async () => {
    const error = await readRouteBody(post(arrays(MAX_JSON_DEPTH + 1)), false).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid_body', status: 400 });
    expect((error as ApiError).message).toContain(String(MAX_JSON_DEPTH));
  });

  it('decodes JSON with the same rules', async () => {
    const { value } = await readRouteBody(
      post('{"__proto__":{"x":1},"q":"ok"}', 'application/json; charset=utf-8'),
      false,
    );
    expect(value).toEqual({ q: 'ok' });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
