// A comparison's contrast from the section that sets its sides apart: two sentences of it, each about
// one side, say how the sides differ where they stand side by side, before a one-sentence contrast of
// a page ranked after it; a sentence about one side may run longer than one that names both.
import { describe, expect, it } from 'vitest';
import { contrastingSentence } from '../../src/core/ask/answer-shape.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage } from '../support/ask-documents.ts';

const side = (word: string): Plan => ({
  concepts: [{ asked: [word], idf: 1, alternatives: [[word]], named: true }],
  weights: new Map(),
});
const sides = [side('kestrel'), side('osprey')];

const section = essayPassage(
  [
    'Two engines came out of the same workshop within a year.',
    'In spring the Kestrel shipped as a small two-stroke engine for garden tools, light enough to carry in one hand.',
    'In autumn the Osprey followed as a four-stroke engine with a separate oil sump, a heavier flywheel and a governor that held its speed steady under changing loads all day long.',
  ].join(' '),
);
const later = essayPassage('Unlike the osprey, the kestrel needs oil mixed into its fuel.', {
  slug: 'fuel',
  title: 'Fuel',
  section: 'Mixing',
});

describe('the contrast of a comparison', () => {
  it('takes two sentences of the section that sets the sides apart, each about one side', () => {
    const contrast = contrastingSentence([section, later], sides, 1);
    expect(contrast?.text).toContain('In spring the Kestrel shipped');
    expect(contrast?.text).toContain('In autumn the Osprey followed');
  });

  it('takes a one-sentence contrast first when no section sets the sides apart', () => {
    expect(contrastingSentence([section, later], sides)?.text).toBe(
      'Unlike the osprey, the kestrel needs oil mixed into its fuel.',
    );
  });
});
