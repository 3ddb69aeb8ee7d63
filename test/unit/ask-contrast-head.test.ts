// A comparison's contrast may name a side of several words by its last word alone ("… in a switch
// nothing moves" for "solid-state switch"), once the text has named it; not when the other side has
// that word too ("reed switch").
import { describe, expect, it } from 'vitest';
import { contrastingSentence } from '../../src/core/ask/answer-shape.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage } from '../support/ask-documents.ts';

const side = (...terms: string[]): Plan => ({
  concepts: [{ asked: terms, idf: 1, alternatives: [terms], named: true }],
  weights: new Map(),
});

describe('a contrast naming a side by its head', () => {
  it('takes a sentence that names one side whole and the other by its last word', () => {
    const section = essayPassage(
      'Solid-state switches carry loads through a semiconductor. ' +
        'This is different from a contactor, where a coil pulls the contacts shut; in a switch nothing moves at all.',
    );
    const contrast = contrastingSentence([section], [side('solid', 'state', 'switch'), side('contactor')], 0, true);
    expect(contrast?.text).toBe(
      'This is different from a contactor, where a coil pulls the contacts shut; in a switch nothing moves at all.',
    );
  });

  it('does not take a last word that both sides share', () => {
    const loose = essayPassage('Unlike a switch of any kind, a reed switch is sealed in glass.');
    const sides = [side('solid', 'state', 'switch'), side('reed', 'switch')];
    expect(contrastingSentence([loose], sides, 0, true)).toBeUndefined();
  });
});
