// A why's sentence is chosen by its weight's share alone: a fitted why chooser (sentence-choice.ts)
// gained nothing held out once the fit recorded only quotes that reach the answer.
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { choiceScores } from '../../src/core/ask/sentence-choice.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

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
  it('is chosen by its weight alone', () => {
    expect(answerSentences(passage, plan(asked, 'explanation'), 60)).toContain('common sight');
  });

  it('scores the paragraph weights as shares of the best', () => {
    const weights = [8, 0, 0, 9];
    expect(choiceScores(sentences, weights, plan(asked, 'definition'))).toEqual([8 / 9, 0, 0, 1]);
    expect(choiceScores(sentences, weights, plan(asked, 'explanation'))).toEqual([8 / 9, 0, 0, 1]);
  });
});
