// A question how to stop, prevent or guard against a thing asks for what counters it: its verb of
// preventing speaks to every verb of the kind and the nouns made from them (countering.ts).
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { asksToCounter, withCountering } from '../../src/core/ask/countering.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { terms } from '../../src/core/ask/text.ts';
import { essayPassage, sectionQuoting } from '../support/ask-documents.ts';

const concept = (word: string, idf: number) => ({ asked: [word], idf, alternatives: [terms(word)], named: false });
const plan = (...words: string[]): Plan => ({
  concepts: [concept('moth', 3), concept('wool', 2), ...words.map((word) => concept(word, 2))],
  weights: new Map([
    ['moth', 1],
    ['wool', 1],
    ...words.flatMap((word) => terms(word).map((term) => [term, 0.8] as const)),
  ]),
  prefer: 'procedure',
});

const context = sectionQuoting([
  essayPassage('Moth damage is the chewing of wool by moth larvae. Moth larvae eat wool in dark cupboards.'),
  essayPassage('Several defences against moth exist. Cedar blocks drive adults away, and sealed bags shield wool.'),
]);
const quoted = (text: string, asked: Plan) =>
  quotedPassages(context, 0, withCountering(asked, parseQuestion(text)), parseQuestion(text))
    .filter((each) => !each.alone)
    .map((each) => each.passage);

describe('a question how to counter a thing', () => {
  it('quotes the paragraph about defending against it', () => {
    expect(quoted('How do I protect my wool against moth?', plan('protect'))).toEqual([1]);
    expect(quoted('How can I keep moth from getting into my wool?', plan('keep'))).toEqual([1]);
  });

  it("weighs the class's words as the verb asked, for ranking", () => {
    const countered = withCountering(plan('stop'), parseQuestion('How do I stop moth in my wool?'));
    expect(countered.weights.get(terms('defences')[0]!)).toBe(0.8);
    expect(countered.weights.get(terms('mitigation')[0]!)).toBe(0.8);
    expect(countered.concepts).toHaveLength(3);
  });

  it('reads the verbs of preventing only in a question of what to do', () => {
    expect(asksToCounter(plan('protect'), parseQuestion('How do I protect my wool against moth?'))).toBe(true);
    expect(asksToCounter(plan('stop'), parseQuestion('Does cedar stop moth?'))).toBe(false);
    // "keep" prevents only with its "from …ing".
    expect(asksToCounter(plan('keep'), parseQuestion('How long do cupboards keep wool dry?'))).toBe(false);
    const asked = plan('eat');
    expect(withCountering(asked, parseQuestion('How do moth larvae eat wool?'))).toBe(asked);
  });
});
