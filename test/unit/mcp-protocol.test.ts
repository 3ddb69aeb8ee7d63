import { describe, expect, it } from 'vitest';
import { completionValues } from '../../src/core/mcp/completions.ts';
import { eraOf, idMember, topLevelIdText } from '../../src/core/mcp/protocol.ts';

describe('topLevelIdText', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":9007199254740993,"method":"m"}', '9007199254740993'],
    ['{"id" : 1.50 , "method":"m"}', '1.50'],
    ['{"id":-0}', '-0'],
    ['{"id":1E+3}', '1E+3'],
    ['{"id":"9"}', '"9"'],
    ['{"id":"a\\"b\\u00e9"}', '"a\\"b\\u00e9"'],
    // Only the top-level member counts, and the last one wins, as in JSON.parse.
    ['{"params":{"id":7},"id":8}', '8'],
    ['{"id":1,"id":2}', '2'],
    ['{"id":1,"id":true}', undefined],
    ['{"method":"say \\"id\\":5","id":6}', '6'],
    // A key with escapes is the key JSON.parse reads.
    ['{"\\u0069d":1.50}', '1.50'],
    ['{"id":1,"\\u0069d":5}', '5'],
    // Found even where the body could not be parsed as a whole, as long as the value itself is whole.
    ['{"id":5,"params":[[[[', '5'],
    ['{"id":01}', undefined],
    ['{"id":1.5.3}', undefined],
    ['{"id":"open', undefined],
  ])('%s → %s', (json, expected) => {
    expect(topLevelIdText(json)).toBe(expected);
  });

  it('finds nothing when there is no top-level id', () => {
    expect(topLevelIdText('{"params":{"id":9}}')).toBeUndefined();
    expect(topLevelIdText('["id",1]')).toBeUndefined();
  });
});

describe('idMember', () => {
  // JSON-RPC 2.0: an error whose request id could not be read carries "id": null, in every revision.
  it.each([
    ['7', '"id":7,'],
    ['"a"', '"id":"a",'],
    [undefined, '"id":null,'],
  ])('id %s → %j', (idText, expected) => {
    expect(idMember(idText)).toBe(expected);
  });
});

describe('eraOf', () => {
  it('splits at the stateless revision', () => {
    expect(eraOf('2026-07-28')).toBe('modern');
    expect(eraOf('2025-11-25')).toBe('legacy');
  });
});

describe('completionValues', () => {
  const slugs = ['rollup', 'optimistic-rollup', 'zk-rollup', 'gas', 'governance'];
  it('puts prefix matches first, then substring matches, case-insensitively', () => {
    expect(completionValues(slugs, 'ROLL')).toEqual({
      values: ['rollup', 'optimistic-rollup', 'zk-rollup'],
      total: 3,
      hasMore: false,
    });
    expect(completionValues(slugs, 'g').values).toEqual(['gas', 'governance']);
  });

  it('offers everything for an empty value, at most 100 at once', () => {
    const many = Array.from({ length: 150 }, (_, index) => `term-${index}`);
    expect(completionValues(many, '')).toMatchObject({ total: 150, hasMore: true });
    expect(completionValues(many, '').values).toHaveLength(100);
  });
});
