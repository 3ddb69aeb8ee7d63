// A why is answered from the sentence a paragraph opens its explanation with, a short one, when it
// weighs nearly as much as a long later sentence that repeats more of the question's words
// (sentence-choice.ts, WHY_SENTENCE_WEIGHTS, fitted with each development set held out in turn).
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { choiceScores, WHY_SENTENCE_WEIGHTS } from '../../src/core/ask/sentence-choice.ts';
import { essayPassage } from '../support/ask-documents.ts';

const concept = (word: string, idf: number) => ({ asked: [word], idf, alternatives: [[word]], named: false });
const plan = (concepts: Plan['concepts'], prefer: Plan['prefer']): Plan => ({
  concepts,
  weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
  prefer,
});

// "why do sourdough loaves collapse in the oven"
const asked = [concept('sourdough', 3), concept('loav', 3), concept('collaps', 2), concept('oven', 1)];
const sentences = [
  'Sourdough loaves collapse once the yeast has eaten through its food.',
  'The gluten web then cannot hold the gas any longer.',
  'Bakers who leave the dough overnight in a warm kitchen see this more than others.',
  'Sourdough loaves that collapse in the oven after rising well on the counter are a common sight in home kitchens, and many bakers blame the flour, the oven temperature, the shaping or the age of the starter before they ever look at the timing of the rise.',
];
const passage = essayPassage(sentences.join(' '));

describe('the sentence that answers a why', () => {
  it('is the short opening statement, not the long sentence with the most words asked', () => {
    const answer = answerSentences(passage, plan(asked, 'explanation'), 40);
    expect(answer).toContain('once the yeast has eaten through its food');
    expect(answer).not.toContain('common sight');
  });

  it('is chosen by the weights alone for other kinds', () => {
    expect(answerSentences(passage, plan(asked, 'definition'), 60)).toContain('common sight');
  });

  it('scores the paragraph weights as shares of the best, plus the fitted features for a why', () => {
    const weights = [8, 0, 0, 9];
    expect(choiceScores(sentences, weights, plan(asked, 'definition'))).toEqual([8 / 9, 0, 0, 1]);
    const why = choiceScores(sentences, weights, plan(asked, 'explanation'));
    expect(why[0]).toBeGreaterThan(why[3]!);
    expect(WHY_SENTENCE_WEIGHTS.opening).toBeGreaterThan(0);
  });
});
