// Which passages an answer quotes once the best is known (answer-passages.ts): after a glossary
// term's definition, the paragraph of its page that answers what the definition leaves out.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { quotedPassages, type QuotingContext } from '../../src/core/ask/answer-passages.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';

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
const concept = (word: string, idf: number) => ({ asked: [word], idf, alternatives: [[word]], named: false });

describe('the passages an answer quotes', () => {
  it("follows a term's definition with the paragraph that says what the definition leaves out", () => {
    // "why do optimistic rollups need fraud proofs": the definition already says "rollup"; the
    // paragraph that repeats it most says nothing of fraud.
    const plan: Plan = { concepts: [concept('rollup', 4), concept('fraud', 3)], weights: new Map() };
    const quoted = quotedPassages(context, 0, plan, parseQuestion('why do optimistic rollups need fraud proofs'));
    expect(quoted.map((each) => each.passage)).toEqual([0, 2]);
  });
});
