// A procedure is answered from the step that tells what to do, not from the paragraph's closing
// sentence that comments on the steps, when the closing one repeats a little more of the question
// (sentence-choice.ts, PROCEDURE_SENTENCE_WEIGHTS, fitted with each development set held out in turn).
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { choiceScores, isStep, PROCEDURE_SENTENCE_WEIGHTS } from '../../src/core/ask/sentence-choice.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const plan = (concepts: Plan['concepts'], prefer: Plan['prefer']): Plan => ({
  concepts,
  weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
  prefer,
});

// "how do I keep my sourdough starter alive"
const asked = [concept('sourdough', 3), concept('starter', 3), concept('aliv', 2)];
const sentences = [
  'Keeping a sourdough starter is easier than its reputation.',
  'Feed the sourdough starter every day with equal weights of flour and water.',
  'Discard half of it before each feeding so the jar does not overflow.',
  'Bakers who keep their sourdough starter alive for years mostly forget it for a week now and then.',
];
const passage = essayPassage(sentences.join(' '));

describe('the sentence that answers a procedure', () => {
  it('tells steps apart from cases supposed', () => {
    expect(isStep(sentences[1]!)).toBe(true);
    expect(isStep('Suppose the starter smells of acetone.')).toBe(false);
    expect(isStep(sentences[3]!)).toBe(false);
  });

  it('is a step over a closing comment that weighs a little more', () => {
    const weights = [6, 9.5, 2, 10];
    expect(choiceScores(sentences, weights, plan(asked, 'definition'))).toEqual([0.6, 0.95, 0.2, 1]);
    const scores = choiceScores(sentences, weights, plan(asked, 'procedure'));
    expect(scores[1]).toBeGreaterThan(scores[3]!);
    expect(PROCEDURE_SENTENCE_WEIGHTS.step).toBeGreaterThan(0);
    expect(PROCEDURE_SENTENCE_WEIGHTS.last).toBeLessThan(0);
  });

  it('quotes the steps', () => {
    const answer = answerSentences(passage, plan(asked, 'procedure'), 40);
    expect(answer).toContain('Feed the sourdough starter every day');
    expect(answer).not.toContain('now and then');
  });
});
