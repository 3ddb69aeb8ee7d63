// A quantity question that gives no figures of its own asks the figure the content states, not a
// worked example's: of an essay section's paragraphs, one that supposes or takes a case counts half
// (answer-passages.ts, WORKED_SHARE), though it repeats more of the question's words.
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

// "how many litres does one rain tank hold"
const plan: Plan = {
  concepts: [concept('litr', 3), concept('tank', 3), concept('rain', 2), concept('hold', 2)],
  weights: new Map(),
  prefer: 'number',
};
const stated = essayPassage(
  'Tanks came into wide use in the 1990s. Each tank is four drums of 250 litres, 1,000 litres in total.',
);
// The paragraph chosen: a runner-up close behind is quoted too, its best sentence alone.
const chosen = (quoted: ReturnType<typeof quotedPassages>) => quoted.find((each) => !each.alone)?.passage;
const worked = (opening: string) =>
  essayPassage(
    `${opening} Take one rain tank's worth of water, 980 litres, and suppose a garden needs 20 litres a day, so the tank holds about seven weeks of watering. ` +
      'At 3 litres a minute the tank drains in 980 / 3 ≈ 327 minutes.',
  );

describe("a quantity question's paragraph of an essay section", () => {
  it('is the one that states the figure, not a worked example that repeats more of the question', () => {
    const context = sectionQuoting([stated, worked('A worked example shows why this matters.')]);
    const quoted = quotedPassages(context, 1, plan, parseQuestion('how many litres does one rain tank hold'));
    expect(chosen(quoted)).toBe(0);
  });

  it('is the worked example when the question gives figures of its own', () => {
    const context = sectionQuoting([stated, worked('A worked example shows why this matters.')]);
    const question = parseQuestion(
      'with 20 litres a day and 3 litres a minute, how many litres does one rain tank hold',
    );
    expect(chosen(quotedPassages(context, 1, plan, question))).toBe(1);
  });
});
