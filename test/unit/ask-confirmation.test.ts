// A claim put for confirmation, as chat does ("… right?", "… or nah", "…, is that true"): it doubts
// the claim, and among the lead's candidates an essay section, which can correct it, suits it
// better than a term's definition (lead-rerank.ts, the type feature).
import { describe, expect, it } from 'vitest';
import { asksConfirmation, doubtsClaim } from '../../src/core/ask/answer-kind.ts';
import { leadFeatures } from '../../src/core/ask/lead-rerank.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { essayPassage } from '../support/ask-documents.ts';

describe('a claim put for confirmation', () => {
  it('is read from a tag after the claim', () => {
    for (const asked of [
      'so a kettle boils faster with the lid on, right?',
      'kettles boil faster with a lid right',
      'a lid makes the kettle boil faster, yeah?',
      'does a lid make the kettle boil faster or nah',
      'my aunt says a lid halves the time, is that true',
    ])
      expect([asked, asksConfirmation(parseQuestion(asked))]).toEqual([asked, true]);
  });

  it('is not read from a word that only ends a question', () => {
    for (const asked of [
      'Does the water in my kettle even have to be fresh to be correct?',
      'Which way should the lid face, left or right?',
      'Why does a lid make the kettle boil faster?',
    ])
      expect([asked, asksConfirmation(parseQuestion(asked))]).toEqual([asked, false]);
  });

  it('doubts the claim', () => {
    expect(doubtsClaim(parseQuestion('a lid makes the kettle boil faster, right?'))).toBe(true);
    expect(doubtsClaim(parseQuestion('a lid makes the kettle boil faster'))).toBe(false);
  });

  it('suits an essay section better than a definition among the lead candidates', () => {
    const section = essayPassage('A lid keeps the steam in, so the kettle boils a little sooner, not twice as fast.');
    const term = essayPassage('A kettle lid is the cover on top of a kettle.', {
      type: 'glossary',
      kind: 'definition',
      slug: 'kettle-lid',
      title: 'Kettle lid',
      section: null,
      names: ['Kettle lid'],
    });
    const planner = new QueryPlanner(new Map(), 2, []);
    const typeOf = (asked: string) => {
      const question = parseQuestion(asked);
      const candidates = [term, section].map((passage) => ({ score: 1, passage, source: [passage] }));
      return leadFeatures(candidates, question, planner.plan(question.content)).map((features) => features.type);
    };
    expect(typeOf('a kettle lid makes it boil twice as fast, right?')).toEqual([-1, 1]);
    expect(typeOf('a kettle lid makes it boil twice as fast')).toEqual([0, 0]);
  });
});
