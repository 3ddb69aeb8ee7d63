// The lead reranker's figure feature (lead-rerank.ts): for a how-much question, the source whose
// sentence puts a number next to what is asked leads over one that only holds some number.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { LEAD_WEIGHTS, leadFeatures, leadOf } from '../../src/core/ask/lead-rerank.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { glossaryTerm } from '../support/ask-documents.ts';

const market: AskDocument = {
  type: 'essay',
  slug: 'fee-market',
  title: 'The fee market',
  aliases: [],
  definition: null,
  body: [
    'An introduction to how a chain prices its block space.',
    '## After a busy block',
    'After a full block the base fee rises 12.5% at most, so a long burst of demand doubles it within about six blocks.',
  ].join('\n\n'),
  anchors: ['after-a-busy-block'],
  url: 'http://x/essays/fee-market',
  markdownUrl: 'http://x/essays/fee-market.md',
};
const built = AskIndex.build([
  glossaryTerm(
    'base-fee',
    'Base fee',
    'The base fee, which arrived with the London upgrade of 2021, is the least a transaction pays per unit of gas.',
  ),
  market,
]);
const planner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
const term = built.passages.find((passage) => passage.slug === 'base-fee')!;
const section = built.passages.find((passage) => passage.section === 'After a busy block')!;
/** The term ahead by `behind`, as fusion leaves a name the question matches exactly. */
const featuresOf = (asked: string, behind = 0.9) => {
  const question = parseQuestion(asked);
  return leadFeatures(
    [
      { score: 1, passage: term, source: [term] },
      { score: behind, passage: section, source: [section] },
    ],
    question,
    planner.plan(question.content),
  );
};

describe('a figure asked', () => {
  it('counts the words of the question a sentence puts next to a number', () => {
    const [onTerm, onSection] = featuresOf('how much can the base fee rise after a full block?');
    expect(onSection!.figure).toBeGreaterThan(onTerm!.figure);
  });

  it('leads with the sentence that gives the figure, not the term that only holds a year', () => {
    // Well behind in the fused ranking: the figure next to the words asked is what brings it ahead.
    const features = featuresOf('how much can the base fee rise after a full block?', 0.5);
    expect(leadOf(features)).toBe(1);
    expect(leadOf(features, { ...LEAD_WEIGHTS, figure: 0 })).toBe(0);
  });

  it('is no feature of a question that asks no figure', () => {
    for (const each of featuresOf('why does the base fee rise after a full block?')) expect(each.figure).toBe(0);
  });
});

describe('a number joined to its unit', () => {
  const joined = AskIndex.build([
    glossaryTerm('turn', 'Turn', 'A turn is a 30-second window in which one player may move a piece.'),
    glossaryTerm('round', 'Round', 'A round under rule R-7 is the window in which every player moves once.'),
  ]);
  const joinedPlanner = new QueryPlanner(
    new Map(Object.entries(joined.postings)),
    joined.passages.length,
    joined.names,
  );
  const [turn, round] = ['turn', 'round'].map((slug) => joined.passages.find((passage) => passage.slug === slug)!);
  const question = parseQuestion('how long is the window to move?');
  const [onTurn, onRound] = leadFeatures(
    [
      { score: 1, passage: round!, source: [round!] },
      { score: 1, passage: turn!, source: [turn!] },
    ],
    question,
    joinedPlanner.plan(question.content),
  ).reverse();

  it('counts "30-second" as a figure, and a name with digits ("R-7") not', () => {
    expect(onTurn!.figure).toBeGreaterThan(0);
    expect(onRound!.figure).toBe(0);
  });
});
