// Which passages an answer quotes once the best is known (answer-passages.ts): after a glossary
// term's definition, the paragraph of its page that answers what the definition leaves out.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { quotedPassages, type QuotingContext } from '../../src/core/ask/answer-passages.ts';
import { answerOf } from '../../src/core/ask/answer-shape.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import { wordConcept as concept } from '../support/ask-documents.ts';

const passageOf = (text: string, kind: AskPassage['kind']): AskPassage => ({
  type: 'glossary',
  slug: 'optimistic-rollup',
  title: 'Optimistic rollup',
  section: null,
  kind,
  url: 'http://x/glossary/optimistic-rollup',
  markdownUrl: 'http://x/glossary/optimistic-rollup.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: ['Optimistic rollup'],
  namesWeigh: true,
  mentions: [],
  context: '',
});

const passages = [
  passageOf('A rollup that assumes its batches are valid unless someone proves otherwise.', 'definition'),
  passageOf('Optimistic rollups post their batches to Ethereum. Each rollup batch names its state root.', 'paragraph'),
  passageOf('Anyone can submit a fraud proof within about a week, and a proven fraud reverts the batch.', 'paragraph'),
];
const context: QuotingContext = {
  passages,
  ranking: { paragraphsOf: () => [1, 2], passagesBeside: () => [], definitionOf: () => 0 },
};

describe('the passages an answer quotes', () => {
  it("follows a term's definition with the paragraph that says what the definition leaves out", () => {
    // "why do optimistic rollups need fraud proofs": the definition already says "rollup"; the
    // paragraph that repeats it most says nothing of fraud.
    const plan: Plan = { concepts: [concept('rollup', 4), concept('fraud', 3)], weights: new Map() };
    const quoted = quotedPassages(context, 0, plan, parseQuestion('why do optimistic rollups need fraud proofs'));
    expect(quoted.map((each) => each.passage)).toEqual([0, 2]);
  });
});

describe("the paragraph quoted after a term's definition", () => {
  it('is the one that says what the definition leaves out, also when another paragraph of the page ranked', () => {
    // "why do optimistic rollups need fraud proofs", with the paragraph that repeats "rollup" ranked first
    const plan: Plan = { concepts: [concept('rollup', 4), concept('fraud', 3)], weights: new Map() };
    const quoted = quotedPassages(context, 1, plan, parseQuestion('why do optimistic rollups need fraud proofs'));
    expect(quoted.map((each) => each.passage)).toEqual([0, 2]);
  });

  it('is quoted by the sentence that says what the definition leaves out, not one that repeats its words', () => {
    // "how do I stop reentrancy bugs in my solidity contract"
    const term = [
      passageOf('Reentrancy: a contract bug in which outside code calls back in too early.', 'definition'),
      passageOf(
        'Variants of reentrancy persist in token hooks. Hooks call into the recipient. ' +
          'Audits still find them every year. ' +
          'The standard fix is checks-effects-interactions: validate, update state, and only then call out.',
        'paragraph',
      ),
    ];
    const termContext: QuotingContext = {
      passages: term,
      ranking: { paragraphsOf: () => [1], passagesBeside: () => [], definitionOf: () => 0 },
    };
    const plan: Plan = {
      concepts: [concept('reentr', 4), concept('bug', 1), concept('solid', 2.5)],
      weights: new Map(),
      prefer: 'procedure',
    };
    const question = parseQuestion('how do i stop reentrancy bugs in my solidity contract');
    const quoted = quotedPassages(termContext, 0, plan, question);
    const answer = answerOf(quoted.map((each) => ({ passage: term[each.passage]!, plan: each.plan })));
    expect(answer.text).toContain('The standard fix is');
  });
});

describe("the paragraph an essay section's answer quotes", () => {
  const essayParagraph = (text: string): AskPassage => ({
    ...passageOf(text, 'paragraph'),
    type: 'essay',
    slug: 'ai-and-chains',
    title: 'AI and chains: AI as an oracle',
    section: 'AI as an oracle',
  });
  // "why is it risky to use a model as an oracle": both paragraphs name the oracle and the model,
  // the section's subject; only the second says what is risky. The first pairs more of the
  // subject's words, so by the words' weights alone it would answer.
  const section = [
    essayParagraph('Contracts use an oracle for prices. A model can serve as the oracle for harder questions.'),
    essayParagraph('An oracle answer can be risky. Nodes must agree on it. A sampled model may not.'),
  ];
  const sectionContext: QuotingContext = {
    passages: section,
    ranking: { paragraphsOf: () => [], passagesBeside: () => [0, 1], definitionOf: () => undefined },
  };
  const plan: Plan = {
    concepts: [concept('oracl', 3), concept('model', 2), concept('risk', 2), concept('us', 0.5)],
    weights: new Map(),
  };
  const question = parseQuestion('why is it risky to use a model as an oracle');

  it('weighs the words every paragraph shares less than those that tell the paragraphs apart', () => {
    expect(
      quotedPassages(sectionContext, 0, plan, question)
        .filter((each) => !each.alone)
        .map((each) => each.passage),
    ).toEqual([1]);
    // Quoted by the question's own plan: only the choice of paragraph reads the section's words.
    expect(quotedPassages(sectionContext, 0, plan, question).find((each) => !each.alone)!.plan).toBe(plan);
  });

  it('keeps the paragraph that names more of what is asked when the words that tell them apart favour it', () => {
    const apart: Plan = { ...plan, concepts: [...plan.concepts, concept('price', 3)] };
    expect(
      quotedPassages(sectionContext, 1, apart, question)
        .filter((each) => !each.alone)
        .map((each) => each.passage),
    ).toEqual([0]);
  });
});

describe('an essay paragraph weighed as a whole', () => {
  const essayParagraph = (text: string): AskPassage => ({
    ...passageOf(text, 'paragraph'),
    type: 'essay',
    slug: 'decoding',
    title: 'Decoding: Greedy decoding',
    section: 'Greedy decoding',
  });
  // "why does greedy decoding at temperature 0 vary with batches and near ties": the first
  // paragraph pairs two of the words asked in one sentence; the second speaks to three, one a
  // sentence, so none of its pairs weighs as much as the first's.
  const section = [
    essayParagraph('Greedy decoding ignores temperature entirely. It is cheap.'),
    essayParagraph(
      'Served models batch requests together. Temperature 0 is then only nearly stable. A tiny difference flips a near tie.',
    ),
  ];
  const sectionContext: QuotingContext = {
    passages: section,
    ranking: { paragraphsOf: () => [], passagesBeside: () => [0, 1], definitionOf: () => undefined },
  };
  const plan: Plan = {
    concepts: [concept('temperatur', 2), concept('greed', 2.5), concept('batch', 2), concept('tie', 2)],
    weights: new Map(),
  };

  it('quotes the paragraph that speaks to more of what is asked over the one with the weightier pair', () => {
    const question = parseQuestion('why does greedy decoding at temperature 0 vary with batches and near ties');
    expect(
      quotedPassages(sectionContext, 0, plan, question)
        .filter((each) => !each.alone)
        .map((each) => each.passage),
    ).toEqual([1]);
  });
});

describe('an essay section ranked right after a term', () => {
  // "how long do I wait to withdraw from an optimistic rollup": the term's page says what it is, the
  // essay beside it says how long.
  const essay = (text: string): AskPassage => ({
    ...passageOf(text, 'paragraph'),
    type: 'essay',
    slug: 'scaling',
    title: 'Scaling',
    section: 'Withdrawals',
  });
  const withEssay = [
    ...passages,
    essay('Bridges differ in many ways. Some are run by committees of signers.'),
    essay(
      'A withdrawal waits out the challenge window, seven days on the largest rollups. ' +
        'Liquidity providers front the funds for a fee. Their quotes change with the market every hour, and some close at weekends.',
    ),
  ];
  const essayContext: QuotingContext = {
    passages: withEssay,
    ranking: { paragraphsOf: () => [1, 2], passagesBeside: () => [3, 4], definitionOf: () => 0 },
  };
  const plan: Plan = { concepts: [concept('rollup', 4), concept('withdraw', 3)], weights: new Map() };
  const question = parseQuestion('how long do i wait to withdraw from an optimistic rollup');

  it("adds the section's paragraph that answers best after the term's quote", () => {
    const quoted = quotedPassages(essayContext, 0, plan, question, 3);
    expect(quoted.map((each) => each.passage)).toEqual([0, 1, 4]);
    expect(quoted[2]!.brief).toBe(true);
  });

  it('quotes of it its best sentences within the words the term leaves', () => {
    const quoted = quotedPassages(essayContext, 0, plan, question, 3);
    const answer = answerOf(quoted.map((each) => ({ ...each, passage: withEssay[each.passage]! })));
    expect(answer.passages.at(-1)!.text).toMatch(/^A withdrawal waits out the challenge window, seven days/);
    expect(answer.text).not.toContain('Their quotes change');
  });

  it('adds nothing without an essay section beside the term', () => {
    expect(quotedPassages(essayContext, 0, plan, question).map((each) => each.passage)).toEqual([0, 1]);
  });
});

describe("an essay section's paragraph quoted after a term's page", () => {
  // "why is an unlimited approval risky": the term's page already says what unlimited approvals are
  // for; of the essay beside it, the paragraph that says what the page left out (the risk) is quoted.
  const term = (text: string, kind: AskPassage['kind']): AskPassage => ({
    ...passageOf(text, kind),
    slug: 'approval',
    title: 'Approval',
    names: ['Approval'],
  });
  const essay = (text: string): AskPassage => ({
    ...passageOf(text, 'paragraph'),
    type: 'essay',
    slug: 'tokens',
    title: 'Tokens',
    section: 'Approvals',
    names: [],
    namesWeigh: false,
  });
  const all = [
    term('Permission given to a contract to move tokens on your behalf.', 'definition'),
    term('Most applications ask for an unlimited amount, so that users pay one fee instead of many.', 'paragraph'),
    essay('An unlimited amount spares a fee on every trade. Wallets list such amounts.'),
    essay('The risk lies in the spender. An exploited spender can drain everyone who trusted it.'),
  ];
  const quoting: QuotingContext = {
    passages: all,
    ranking: { paragraphsOf: () => [1], passagesBeside: () => [2, 3], definitionOf: () => 0 },
  };
  const plan: Plan = { concepts: [concept('unlimit', 4), concept('risk', 3)], weights: new Map() };
  const question = parseQuestion('why is an unlimited approval risky');

  it('is the one that says what the quoted paragraph of the page left out, not one repeating it', () => {
    const quoted = quotedPassages(quoting, 0, plan, question, 2);
    expect(quoted.map((each) => each.passage)).toEqual([0, 1, 3]);
    expect(quoted[2]!.brief).toBe(true);
  });

  it('is chosen so also when a paragraph of the page ranked first', () => {
    const quoted = quotedPassages(quoting, 1, plan, question, 2);
    expect(quoted.map((each) => each.passage)).toEqual([0, 1, 3]);
  });
});
