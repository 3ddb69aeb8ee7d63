// Which paragraph of an essay section leads its quote (paragraph-choice.ts): by its answer weight,
// except that for a quantity asked an earlier paragraph, and one less near the question in meaning,
// counts for more (FIGURE_LEAD_WEIGHTS): a section states its figure where it brings the thing in.
import { describe, expect, it } from 'vitest';
import { FIGURE_LEAD_WEIGHTS, paragraphFeatures, sectionLead } from '../../src/core/ask/paragraph-choice.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';

const paragraphs = [11, 12, 13];
const texts = [
  'A blob carries 4096 field elements of 32 bytes each, 131,072 bytes in all.',
  'Rollups buy blob space because a blob costs far less than the same bytes posted as calldata.',
  'Take one blob a day for a year: the saving over calldata adds up to a few thousand dollars.',
];
/** The second paragraph shares the most words with the question; the first states the figure. */
const weights = [0.85, 1, 0.6];
/** Nearness in meaning: the reasoning paragraph reads closest to the question's words. */
const nearness = new Map(texts.map((text, at) => [text, [0.4, 0.6, 0.5][at]!]));
const plan = (prefer: Plan['prefer']): Plan => ({
  concepts: [],
  weights: new Map(),
  prefer,
  near: (text) => nearness.get(text) ?? 0,
});

describe('the paragraph that leads an essay section', () => {
  it('for a quantity asked, is the earlier paragraph that states the figure when it weighs nearly as much', () => {
    expect(sectionLead(paragraphs, texts, weights, plan('number'))).toEqual([0, 1]);
  });

  it('for anything else, is the paragraph that answers best by its words', () => {
    expect(sectionLead(paragraphs, texts, weights, plan('explanation'))).toEqual([1, 0]);
    expect(sectionLead(paragraphs, texts, weights, plan(undefined))).toEqual([1, 0]);
  });

  it('for a quantity asked, keeps the best by its words when the earlier weighs far less', () => {
    expect(sectionLead(paragraphs, texts, [0.5, 1, 0.6], plan('number'))?.[0]).toBe(1);
  });

  it('is never a paragraph that does not speak to the question, and none when none does', () => {
    expect(sectionLead(paragraphs, texts, [0, 1, 0.9], plan('number'))?.[0]).not.toBe(0);
    expect(sectionLead(paragraphs, texts, [0, 0, 0], plan('number'))).toBeUndefined();
  });

  it('reads each feature in [0, 1]', () => {
    const values = paragraphFeatures(texts, weights, plan('number')).flatMap((features) => Object.values(features));
    expect(values.every((value) => value >= 0 && value <= 1)).toBe(true);
    expect(FIGURE_LEAD_WEIGHTS.later).toBeLessThan(0);
  });
});
