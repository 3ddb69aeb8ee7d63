// The lead reranker's caseTreats feature (lead-rerank.ts): a long question that names a glossary term
// only while telling its circumstances, and asks something of its own, is led by the section that
// treats the term and speaks to more of the case, not by the term's definition.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { LEAD_WEIGHTS, leadFeatures, leadOf } from '../../src/core/ask/lead-rerank.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { situatedPlan } from '../../src/core/ask/situation.ts';
import { glossaryTerm } from '../support/ask-documents.ts';

const orchard: AskDocument = {
  type: 'essay',
  slug: 'orchard-work',
  title: 'Orchard work',
  aliases: [],
  definition: null,
  body: [
    'An introduction to the work of an orchard through the year.',
    '## Grafting in a cold spring',
    'A graft made in a cold spring often fails because the wax cracks and the scion dries before the rootstock wakes.',
    '## Pruning',
    'Pruning opens the crown to light.',
  ].join('\n\n'),
  anchors: ['grafting-in-a-cold-spring', 'pruning'],
  url: 'http://x/essays/orchard-work',
  markdownUrl: 'http://x/essays/orchard-work.md',
};
const built = AskIndex.build([
  glossaryTerm('grafting', 'Grafting', 'Grafting is the joining of a cutting from one plant to the roots of another.'),
  orchard,
]);
const planner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
const term = built.passages.find((passage) => passage.slug === 'grafting')!;
const section = built.passages.find((passage) => passage.section === 'Grafting in a cold spring')!;
const SITUATION = 'I did some grafting on my old apple tree this spring and the wax cracked in the cold.';
/** The term ahead by half, as fusion leaves a name the circumstances match exactly. */
const featuresOf = (asked: string, situation: string | null = SITUATION) => {
  const question = parseQuestion(asked);
  return leadFeatures(
    [
      { score: 1, passage: term, source: [term] },
      { score: 0.5, passage: section, source: [section] },
    ],
    question,
    situatedPlan(planner, question, situation ?? undefined),
  );
};

describe('a section that treats a term the circumstances name', () => {
  it('marks the section when the question part asks something of its own', () => {
    const [onTerm, onSection] = featuresOf('what went wrong with the scion?');
    expect(onSection!.caseTreats).toBe(1);
    expect(onTerm!.caseTreats).toBe(0);
  });

  it('leads with that section rather than the definition', () => {
    const features = featuresOf('what went wrong with the scion?');
    expect(leadOf(features)).toBe(1);
    expect(leadOf(features, { ...LEAD_WEIGHTS, caseTreats: 0 })).toBe(0);
  });

  it('is no feature when the question part names the term itself', () => {
    for (const each of featuresOf('what is grafting?')) expect(each.caseTreats).toBe(0);
  });

  it('is no feature when the question part points back at what the circumstances named', () => {
    for (const each of featuresOf('what did they mean by it?')) expect(each.caseTreats).toBe(0);
  });

  it('is no feature of a question without circumstances', () => {
    for (const each of featuresOf('what went wrong with the scion?', null)) expect(each.caseTreats).toBe(0);
  });
});
