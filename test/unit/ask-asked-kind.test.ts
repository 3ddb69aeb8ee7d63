// A "what kinds of X" question quotes the essay section's paragraph that names X as it lists its
// instances, not the opening that shares more of the question's other words (answer-passages.ts).
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

const context = sectionQuoting([
  essayPassage('Grading by hand is slow, so a strong model became the grader. Its scores matched human graders.'),
  essayPassage('The judge shows several biases. Position bias: it favours the first answer. Length matters too.'),
]);
// "grade" and "model" are in the opening only; "bias" in the paragraph that lists the biases.
const plan: Plan = {
  concepts: [concept('bias', 3), concept('grade', 2.5), concept('model', 1)],
  weights: new Map(),
};
const quoted = (text: string) =>
  quotedPassages(context, 0, plan, parseQuestion(text))
    .filter((each) => !each.alone)
    .map((each) => each.passage);

describe('a question that asks what kinds of something there are', () => {
  it('quotes the paragraph that names the kind asked for', () => {
    expect(quoted('what kinds of bias show up when a model grades answers')).toEqual([1]);
  });

  it('leaves a question that does not ask for kinds to the words it shares', () => {
    expect(quoted('is there bias when a model grades answers')).toEqual([0]);
  });
});
