import { describe, expect, it } from 'vitest';
import { completionValues } from '../../src/core/mcp/completions.ts';
import { eraOf, numericIdText } from '../../src/core/mcp/protocol.ts';

describe('numericIdText', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":9007199254740993,"method":"m"}', '9007199254740993'],
    ['{"id" : 1.50 , "method":"m"}', '1.50'],
    ['{"id":-0}', '-0'],
    ['{"id":1E+3}', '1E+3'],
    // Only the top-level member counts, and the last one wins, as in JSON.parse.
    ['{"params":{"id":7},"id":8}', '8'],
    ['{"id":1,"id":2}', '2'],
    ['{"method":"say \\"id\\":5","id":6}', '6'],
  ])('%s → %s', (json, expected) => {
    expect(numericIdText(json)).toBe(expected);
  });

  it('finds nothing for a string id or none', () => {
    expect(numericIdText('{"id":"9"}')).toBeUndefined();
    expect(numericIdText('{"params":{"id":9}}')).toBeUndefined();
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
