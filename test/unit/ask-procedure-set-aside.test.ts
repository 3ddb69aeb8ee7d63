// A procedure question's set-aside way ("… instead of eyeballing a few outputs") does not choose
// the source: the asker leaves that way, and the section about it is not the one that tells the way
// asked (procedure-aim.ts, setAsideWeighed).
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { SET_ASIDE_SHARE, setAsideWeighed } from '../../src/core/ask/procedure-aim.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { terms } from '../../src/core/ask/text.ts';

const concept = (word: string, idf: number) => ({ asked: [word], idf, alternatives: [terms(word)], named: false });
const plan = (prefer: Plan['prefer']): Plan => ({
  concepts: [concept('check', 2), concept('bread', 2), concept('crust', 3), concept('tapping', 3)],
  weights: new Map(),
  prefer,
});
const weights = (asked: Plan, text: string) =>
  setAsideWeighed(asked, parseQuestion(text)).concepts.map((each) => each.idf);

describe("a procedure question's set-aside way", () => {
  it('weighs down the words only the set-aside way uses', () => {
    expect(weights(plan('procedure'), 'How do I check the bread properly instead of tapping the crust?')).toEqual([
      2,
      2,
      3 * SET_ASIDE_SHARE,
      3 * SET_ASIDE_SHARE,
    ]);
    expect(weights(plan('procedure'), 'How do I check the bread rather than tapping the crust, then?')).toEqual([
      2,
      2,
      3 * SET_ASIDE_SHARE,
      3 * SET_ASIDE_SHARE,
    ]);
  });

  it('leaves a word asked before it, other kinds of question and questions without one as they were', () => {
    expect(weights(plan('procedure'), 'How do I check the crust of bread instead of tapping the crust?')).toEqual([
      2,
      2,
      3,
      3 * SET_ASIDE_SHARE,
    ]);
    const why = plan('explanation');
    expect(setAsideWeighed(why, parseQuestion('Why check the bread instead of tapping the crust?'))).toBe(why);
    const plain = plan('procedure');
    expect(setAsideWeighed(plain, parseQuestion('How do I check the bread by tapping the crust?'))).toBe(plain);
  });

  const bakery: AskDocument = {
    type: 'essay',
    slug: 'baking-bread',
    title: 'Baking bread',
    aliases: [],
    definition: null,
    body: [
      'An introduction to baking bread at home.',
      '## Crust and colour',
      'Many bakers say tapping the crust tells whether bread is done: a done crust sounds hollow when tapped. Tapping a thick crust tells little, and the crust of bread darkens long before it is done.',
      '## Checking that a loaf is done',
      'Push a thermometer into the middle of the loaf. Bread is done at about 95 degrees. Check the loaf again after five minutes if it reads lower.',
    ].join('\n\n'),
    anchors: ['crust-and-colour', 'checking-that-a-loaf-is-done'],
    url: 'http://x/essays/baking-bread',
    markdownUrl: 'http://x/essays/baking-bread.md',
  };
  const index = AskIndex.load(JSON.parse(JSON.stringify(AskIndex.build([bakery]))));

  it('leads with the section that tells the way asked, not the one about the way set aside', () => {
    const result = index.search('How do I check that bread is done instead of tapping the crust?', {
      limit: 3,
      types: ['essay'],
    });
    expect(result.sources[0]?.section).toBe('Checking that a loaf is done');
  });
});
