// Mathematics in passages: display TeX as readable plain text (a root of a fraction, sums and
// scripts), and its symbols read as the words a question uses ("√" as square root, "divisor" as
// divide) when the answer's sentences are chosen.
import { describe, expect, it } from 'vitest';
import { spokenWords, texToText } from '../../src/core/ask/text.ts';
import { essayDocument, fillerTerms, loadedIndex } from '../support/ask-documents.ts';

describe('display mathematics as text', () => {
  it('reads a root of a fraction', () => {
    expect(texToText('$$\\sqrt{\\frac{a}{n}}$$')).toBe('√(a/n)');
  });

  it('reads a sum with scripts and an escaped dollar', () => {
    expect(texToText('$$\\sum_{j=1}^{n} x_j \\le \\$5$$')).toBe('∑_(j=1)^n x_j ≤ $5');
  });
});

describe('words a text says without writing them', () => {
  it('reads symbols aloud', () => {
    expect(spokenWords('the √k scale')).toBe('square root');
  });

  it('gives the verb behind a -sion or -sor word', () => {
    expect(spokenWords('The divisor and the conclusion')).toBe('divide conclude');
  });

  it('says nothing of plain prose', () => {
    expect(spokenWords('A version of the session')).toBe('');
  });
});

describe('an answer sentence that writes a symbol', () => {
  const essay = essayDocument(
    'kettles',
    'Kettles and steam',
    [
      '## Scaled boiling',
      'A kettle boils water for tea, and its coil sits under a steel plate. ' +
        'The heat of the coil grows with the current through it and with its length. ' +
        'A longer coil gives more heat to the water, and a thicker coil lasts longer. ' +
        'Makers test each coil at the factory before the kettle is sealed. ' +
        'The √c divisor keeps the plate from scorching, since a hotter plate would crack the enamel. ' +
        'Most kettles also switch off by themselves once the water boils.',
    ],
    ['scaled-boiling'],
  );
  const index = loadedIndex([essay, ...fillerTerms(40)]);

  it('quotes the sentence whose symbol the question spells out', () => {
    const result = index.search('Why is the coil heat divided by the square root of c?', {
      limit: 3,
      types: ['essay', 'glossary'],
    });
    expect(result.answer?.text).toContain('enamel');
  });
});
