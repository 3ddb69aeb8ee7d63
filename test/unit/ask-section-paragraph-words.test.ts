// Choosing an essay section's paragraph (answer-passages.ts, choosingWords): a word asked counts in
// another form of its root ("secret" in "secrecy"), and a particle or hedge asked ("up", "just")
// chooses no paragraph.
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { answerOf } from '../../src/core/ask/answer-shape.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

const answerFrom = (texts: readonly string[], plan: Plan, question: string) => {
  const passages = texts.map((text) => essayPassage(text));
  const quoted = quotedPassages(sectionQuoting(passages), 0, plan, parseQuestion(question));
  return answerOf(quoted.map((each) => ({ ...each, passage: passages[each.passage]! }))).text;
};

describe("choosing an essay section's paragraph", () => {
  it('counts a word asked in a form derived from the same root', () => {
    const plan: Plan = {
      concepts: [concept('proof', 2), concept('data', 2), concept('secret', 4)],
      weights: new Map(),
    };
    const text = answerFrom(
      [
        'The proof covers the data of the batch. The chain checks it in one call.',
        'A proof is wanted for its brevity rather than its secrecy. Nothing in the batch is hidden.',
      ],
      plan,
      'why attach a proof when the data is not secret',
    );
    expect(text).toContain('rather than its secrecy');
  });

  it('lets no particle asked choose the paragraph', () => {
    const plan: Plan = { concepts: [concept('kettle', 1), concept('up', 3), concept('heat', 2)], weights: new Map() };
    const text = answerFrom(
      [
        'The kettle lid pops up when it is full. Tea drinkers rely on it.',
        'The kettle element heats the water in a minute. A thermostat stops it.',
      ],
      plan,
      'how does a kettle heat up',
    );
    expect(text.startsWith('The kettle element heats the water')).toBe(true);
  });
});
