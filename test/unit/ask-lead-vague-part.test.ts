// A situation's question part of two plain words ("…, what failure mode is this", "…, how big is
// the hit") says what kind of answer is wanted, not what of: the lead reranker reads its subject
// from the whole question, circumstances too (query-plan.ts, asksVaguely), as it did for one word.
import { describe, expect, it } from 'vitest';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { leadFeatures, leadOf } from '../../src/core/ask/lead-rerank.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { essayDocument } from '../support/ask-documents.ts';

const notes = essayDocument(
  'notes',
  'Notes on two systems',
  [
    'An introduction to two systems that go wrong in their own ways.',
    '## Failure modes of a currency peg',
    'A pegged coin breaks when holders redeem faster than the reserve can pay them out.',
    '## Old and new documents in a search index',
    'A search index that keeps old and new documents side by side returns both, and answers mix them.',
  ],
  ['failure-modes-of-a-currency-peg', 'old-and-new-documents-in-a-search-index'],
);
const built = AskIndex.build([notes]);
const read = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
const sectionOf = (heading: string) => built.passages.find((passage) => passage.section?.startsWith(heading))!;
const candidates = [sectionOf('Failure'), sectionOf('Old and new')].map((passage) => ({
  score: 1,
  passage,
  source: [passage],
}));

describe('a situation whose question part asks in two plain words', () => {
  it('is led by the section on its circumstances, not the one whose heading names the two words', () => {
    const question = parseQuestion(
      'our search index holds old and new documents and mixes them, what failure mode is this',
    );
    const plan = {
      ...read.plan('failure mode'),
      whole: read.plan('search index old new documents mixes failure mode').concepts,
    };
    expect(plan.concepts).toHaveLength(2);
    const features = leadFeatures(candidates, question, plan);
    expect(features[1]!.subject).toBeGreaterThan(features[0]!.subject);
    expect(leadOf(features)).toBe(1);
  });
});
