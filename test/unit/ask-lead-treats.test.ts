// The lead reranker's treats feature (lead-rerank.ts): for a how-question, the section whose heading
// names the leading glossary term and says more leads over the term, which only says what it is.
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
    'An introduction to the work of an orchard through the year.',
    '## Old varieties live on through grafting',
    'A scion from the old tree is cut at a slant and bound to young rootstock, and the pair is sealed with wax.',
    '## Grafting',
    'A scion from the old tree is cut at a slant and bound to young rootstock, and the pair is sealed with wax.',
  ].join('\n\n'),
  anchors: ['old-varieties-live-on-through-grafting', 'grafting'],
  url: 'http://x/essays/orchard-work',
  markdownUrl: 'http://x/essays/orchard-work.md',
};
const built = AskIndex.build([
  glossaryTerm('grafting', 'Grafting', 'Grafting is the joining of a cutting from one plant to the roots of another.'),
  orchard,
]);
const planner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
const term = built.passages.find((passage) => passage.slug === 'grafting')!;
const sectionOf = (heading: string) => built.passages.find((passage) => passage.section === heading)!;
/** The term ahead by `behind`, as fusion leaves a name the question matches exactly. */
const featuresOf = (asked: string, heading = 'Old varieties live on through grafting', behind = 0.5) => {
  const question = parseQuestion(asked);
  const section = sectionOf(heading);
  return leadFeatures(
    [
      { score: 1, passage: term, source: [term] },
      { score: behind, passage: section, source: [section] },
    ],
    question,
    planner.plan(question.content),
  );
};

describe('a section that treats the leading term', () => {
  it('marks a section whose heading names the term and says more, for a how-question', () => {
    const [onTerm, onSection] = featuresOf('how do I graft an old apple tree?');
    expect(onSection!.treats).toBe(1);
    expect(onTerm!.treats).toBe(0);
  });

  it('leads with that section rather than the definition', () => {
    const features = featuresOf('how do I graft an old apple tree?');
    expect(leadOf(features)).toBe(1);
    expect(leadOf(features, { ...LEAD_WEIGHTS, treats: 0 })).toBe(0);
  });

  it('is no feature of a heading that is only the term name', () => {
    for (const each of featuresOf('how do I graft an old apple tree?', 'Grafting')) expect(each.treats).toBe(0);
  });

  it('is no feature of a question that asks what the thing is', () => {
    for (const each of featuresOf('what is grafting?')) expect(each.treats).toBe(0);
  });
});
