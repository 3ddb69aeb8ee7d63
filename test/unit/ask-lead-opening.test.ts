// The lead reranker's opening feature (lead-rerank.ts): an essay's introduction previews every
// section, so where a section speaks to the question as much, the section leads, not the preview.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { LEAD_WEIGHTS, leadFeatures, leadOf } from '../../src/core/ask/lead-rerank.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { glossaryTerm } from '../support/ask-documents.ts';

const orchard: AskDocument = {
  type: 'essay',
  slug: 'orchard-work',
  title: 'Orchard work',
  aliases: [],
  definition: null,
  body: [
    'An orchard asks for care in every season, and the wax on a fresh cut cracks in the cold.',
    '## Pruning',
    'Pruning in winter leaves cuts that wax seals, though the wax cracks in the cold.',
  ].join('\n\n'),
  anchors: ['pruning'],
  url: 'http://x/essays/orchard-work',
  markdownUrl: 'http://x/essays/orchard-work.md',
};
const built = AskIndex.build([
  glossaryTerm('grafting', 'Grafting', 'Grafting is the joining of a cutting from one plant to the roots of another.'),
  orchard,
]);
const planner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
const opening = built.passages.find((passage) => passage.type === 'essay' && passage.section === null)!;
const section = built.passages.find((passage) => passage.section === 'Pruning')!;
const term = built.passages.find((passage) => passage.slug === 'grafting')!;
/** The introduction a little ahead on the fused score, as a preview that repeats the words asked. */
const featuresOf = (asked: string) => {
  const question = parseQuestion(asked);
  return leadFeatures(
    [
      { score: 1, passage: opening, source: [opening] },
      { score: 0.95, passage: section, source: [section] },
      { score: 0.5, passage: term, source: [term] },
    ],
    question,
    planner.plan(question.content),
  );
};

describe("an essay's introduction as a lead candidate", () => {
  it('marks the introduction only', () => {
    const [onOpening, onSection, onTerm] = featuresOf('wax cracking in the cold?');
    expect(onOpening!.opening).toBe(1);
    expect(onSection!.opening).toBe(0);
    expect(onTerm!.opening).toBe(0);
  });

  it('leads with the section that speaks to the question as much', () => {
    const features = featuresOf('wax cracking in the cold?');
    expect(leadOf(features)).toBe(1);
    expect(leadOf(features, { ...LEAD_WEIGHTS, opening: 0 })).toBe(0);
  });
});
