// The lead reranker's figure feature (lead-rerank.ts): for a how-much question, the source whose
// sentence puts a number next to what is asked leads over one that only holds some number; a figure
// asked after other words ("by what percentage …") is one too, and the measure it names ("how long")
// is no subject of the question.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { askedKind } from '../../src/core/ask/answer-kind.ts';
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

describe('a figure asked after other words', () => {
  it('is read as a figure wherever the question part asks it ("what percentage …")', () => {
    // Not a quantity by its first words, but its answer is a figure all the same (answerKind).
    const question = parseQuestion('by what percentage can the base fee rise after a full block?');
    expect(question.intent).not.toBe('quantity');
    expect(askedKind(question)).toBe('figure');
    const [onTerm, onSection] = featuresOf('by what percentage can the base fee rise after a full block?');
    expect(onSection!.figure).toBeGreaterThan(onTerm!.figure);
  });
});

describe('the measure a figure question names', () => {
  // A section headed "How long a turn may wait" names "long" as a word of its heading; the term for
  // a turn does not. "How long is a turn" asks a duration of a turn: "long" is what the figure is.
  const timing = AskIndex.build([
    glossaryTerm('turn', 'Turn', 'A turn is a 30-second window in which one player may move a piece.'),
    {
      ...market,
      slug: 'timing',
      title: 'Timing',
      body: [
        'An introduction to clocks.',
        '## How long a turn may wait',
        'Each turn waits for the slowest player.',
      ].join('\n\n'),
      anchors: ['how-long-a-turn-may-wait'],
    },
  ]);
  const timingPlanner = new QueryPlanner(
    new Map(Object.entries(timing.postings)),
    timing.passages.length,
    timing.names,
  );
  const turn = timing.passages.find((passage) => passage.slug === 'turn')!;
  const waiting = timing.passages.find((passage) => passage.section === 'How long a turn may wait')!;
  const subjects = (asked: string) => {
    const question = parseQuestion(asked);
    return leadFeatures(
      [
        { score: 1, passage: turn, source: [turn] },
        { score: 1, passage: waiting, source: [waiting] },
      ],
      question,
      timingPlanner.plan(question.content),
    ).map((features) => features.subject);
  };

  it('is no subject: the term and the section both name all that is asked about', () => {
    expect(subjects('how long is a turn?')).toEqual([1, 1]);
  });

  it('is a subject where it is no measure asked', () => {
    const [onTerm, onSection] = subjects('why is a long turn a problem?');
    expect(onSection).toBeGreaterThan(onTerm!);
  });
});
