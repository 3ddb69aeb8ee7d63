// A situation's story gives the figures of its case ("I put in 10 ETH at 2,000 USDC and borrowed
// 12,000 USDC …. How far can ETH fall before I am liquidated?"): a worked example that repeats them
// is set up by them, and its answer is the result it reaches (excerpts.ts, workedResult), though
// the figures are the circumstances' (Plan.whole), not the question part's.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Concept, Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';

const passageOf = (text: string): AskPassage => ({
  type: 'essay',
  slug: 'lending',
  title: 'Lending: loans against collateral',
  section: 'Loans against collateral',
  kind: 'paragraph',
  url: 'http://x/essays/lending#loans',
  markdownUrl: 'http://x/essays/lending.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: ['Loans against collateral'],
  namesWeigh: true,
  mentions: [],
  context: '',
});
const concept = (word: string, idf: number, circumstance = false): Concept => ({
  asked: [word],
  idf,
  alternatives: [[word]],
  named: false,
  ...(circumstance ? { circumstance } : {}),
});
const worked =
  'Suppose you deposit 10 ETH at 2,000 USDC with an 80% threshold and borrow 12,000 USDC; if ETH falls far enough you are liquidated. ' +
  'Your health factor is the value times the threshold over the debt, 20,000 × 0.8 / 12,000 ≈ 1.33. ' +
  'Here that happens when the price drops below 12,000 / (10 × 0.8) = 1,500, a quarter lower.';
// The question part "How far can ETH fall before I am liquidated": its own concepts.
const asked = [concept('eth', 3), concept('fall', 2), concept('liquidat', 3)];
// The story's figures, read as the circumstances of the whole question.
const story = ['10', '2', '000', '12', '80'].map((figure) => concept(figure, 3, true));

describe("a situation's figures in a worked example", () => {
  it('take the answer to the result the example reaches, not its setup that repeats them', () => {
    const plan: Plan = { concepts: asked, weights: new Map(), prefer: 'number', whole: [...asked, ...story] };
    expect(answerSentences(passageOf(worked), plan, 30)).toContain('drops below 12,000 / (10 × 0.8) = 1,500');
  });

  it('leave a question without a story to the sentence that answers its own words', () => {
    const plan: Plan = { concepts: asked, weights: new Map(), prefer: 'number' };
    expect(answerSentences(passageOf(worked), plan, 30)).toContain('if ETH falls far enough');
  });
});
