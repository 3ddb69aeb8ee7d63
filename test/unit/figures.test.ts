import { describe, expect, it } from 'vitest';
import { FigureSchema } from '../../src/content/schemas.ts';
import { findFigureProblems, type FigureEntry } from '../../src/site/figures.ts';

const gasLimit: FigureEntry = {
  id: 'gas-limit',
  data: FigureSchema.parse({
    quantity: "Ethereum's block gas limit",
    value: '60 million',
    asOf: 'January 2026',
    source: 'https://eips.ethereum.org/EIPS/eip-7935',
    pattern: 'gas limit[^.]{0,80}?\\bis (\\d+ million)',
  }),
};
const window: FigureEntry = {
  id: 'challenge-window',
  data: FigureSchema.parse({
    quantity: 'the challenge window',
    value: 'seven',
    alsoWritten: ['7'],
    source: 'https://example.org/window',
    pattern: '(\\w+)-day challenge window|challenge window of (\\w+) days',
  }),
};

describe('findFigureProblems', () => {
  it('accepts a figure stated the same way everywhere, in any of its spellings', () => {
    const problems = findFigureProblems(
      [gasLimit, window],
      [
        {
          file: 'a.md',
          text: 'As of January 2026 the gas limit is 60 million. Exits wait out a seven-day challenge window.',
        },
        { file: 'b.svg', text: 'a 7-day challenge window' },
        { file: 'c.md', text: 'The gas limit was 30 million for years.' },
      ],
    );
    expect(problems).toEqual([]);
  });

  it('names the file, what it says and what figures.yaml says when a figure is stated two ways', () => {
    const problems = findFigureProblems(
      [window],
      [
        { file: 'a.md', text: 'a seven-day challenge window' },
        { file: 'b.md', text: 'after a challenge window of ten days' },
      ],
    );
    expect(problems).toEqual([expect.stringContaining('b.md: states the challenge window as "ten"')]);
    expect(problems[0]).toContain('says "seven"');
  });

  it('asks for the "as of" date of a fast-moving figure in the same sentence', () => {
    const problems = findFigureProblems(
      [gasLimit],
      [
        { file: 'a.md', text: 'As of January 2026 the gas limit is 60 million.' },
        { file: 'b.md', text: 'As of January 2026 much changed. Today the gas limit is 60 million.' },
      ],
    );
    expect(problems).toEqual([
      expect.stringContaining(
        'b.md: states Ethereum\'s block gas limit, which changes often, without "as of January 2026"',
      ),
    ]);
  });

  it('reports a figure whose pattern matches nothing, so a stale entry cannot hide', () => {
    expect(findFigureProblems([window], [{ file: 'a.md', text: 'no windows here' }])).toEqual([
      expect.stringContaining('figure "challenge-window" (the challenge window) is stated nowhere'),
    ]);
  });
});

describe('FigureSchema', () => {
  const valid = { quantity: 'a quantity', value: '1', source: 'https://example.org', pattern: '(\\d+) things' };

  it('accepts a figure with a capturing pattern', () => {
    expect(FigureSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['a pattern without a capturing group', { pattern: '\\d+ things' }],
    ['a pattern that is not a regular expression', { pattern: '(\\d+' }],
    ['an "as of" that is not a month and year', { asOf: '2026-01' }],
    ['a source that is not a URL', { source: 'EIP-7935' }],
  ])('rejects %s', (_label, change) => {
    expect(FigureSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
