import { describe, expect, it } from 'vitest';
import { chooseEncoding, prefersMarkdown } from '../../src/core/http/negotiation.ts';

describe('prefersMarkdown', () => {
  it.each([
    [undefined, false],
    ['*/*', false],
    ['text/markdown', true],
    ['text/markdown;q=0.9, text/html;q=0.8', true],
    ['text/html, text/markdown', false],
    ['text/markdown, text/html', true],
    ['text/markdown;q=0', false],
    ['application/json, text/markdown;q=0.1', true],
  ])('%s → %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});

describe('chooseEncoding', () => {
  const both = { br: true, gz: true };
  it.each([
    [undefined, both, 'identity'],
    ['gzip, deflate, br', both, 'br'],
    ['gzip', both, 'gzip'],
    ['br;q=0.5, gzip', both, 'gzip'],
    ['*', both, 'br'],
    ['br', { br: false, gz: true }, 'identity'],
    ['br;q=0, gzip;q=0', both, 'identity'],
    ['identity', both, 'identity'],
  ] as const)('%s with %o → %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});
