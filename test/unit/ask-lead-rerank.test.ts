// The lead reranker (lead-rerank.ts): among the best few sources, the one whose sentences answer the
// kind of question asked leads, and a what-is question stays with the term it names.
import { describe, expect, it } from 'vitest';
import { askedKind } from '../../src/core/ask/answer-kind.ts';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import {
  beyondSides,
  LEAD_WEIGHTS,
  leadFeatures,
  leadOf,
  leadTrace,
  rerankLead,
  type LeadContext,
} from '../../src/core/ask/lead-rerank.ts';
import { essayDocument, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const essay: AskDocument = {
  type: 'essay',
  slug: 'fees',
  title: 'Fees on a busy chain',
  aliases: [],
  definition: null,
  body: [
    'An introduction to what users pay for a transaction and to whom.',
    '## Why fees spike when blocks are full',
    'Fees spike because every block has room for a fixed amount of gas, so when more transactions want in than fit, senders outbid each other for the space. The base fee then rises by up to an eighth per full block, which means a burst of demand doubles the price within a few blocks.',
  ].join('\n\n'),
  anchors: ['why-fees-spike-when-blocks-are-full'],
  url: 'http://x/essays/fees',
  markdownUrl: 'http://x/essays/fees.md',
};
const documents = [
  glossaryTerm(
    'base-fee',
    'Base fee',
    'The base fee is the minimum price per unit of gas that a block charges every transaction, set by the protocol.',
    'The base fee is burned rather than paid to the block proposer.',
  ),
  glossaryTerm('gas', 'Gas', 'Gas is the unit that measures the computation a transaction uses.', ''),
  essay,
];
const serialised = AskIndex.build(documents);
const passages = serialised.passages;
const planner = new QueryPlanner(new Map(Object.entries(serialised.postings)), passages.length, serialised.names);
const at = (match: (passage: (typeof passages)[number]) => boolean) => passages.findIndex(match);
const definition = at((passage) => passage.slug === 'base-fee' && passage.kind === 'definition');
const section = at((passage) => passage.type === 'essay' && passage.section?.startsWith('Why fees') === true);
const sourceOf = Int32Array.from(passages, (_, place) => place);
const context: LeadContext = {
  passages,
  sourceOf,
  beside: (passage) => [passage],
  defined: (question) => (question.subject && /base fee/i.test(question.subject.full) ? definition : undefined),
};
/** The term's definition ranked first, the essay section close behind, as fusion might leave them. */
const fused = [
  { passage: definition, score: 1, coverage: 0.8, confidence: 0.8 },
  { passage: section, score: 0.9, coverage: 0.8, confidence: 0.8 },
];
const lead = (asked: string) => {
  const question = parseQuestion(asked);
  return passages[rerankLead(fused, question, planner.plan(question.content), context, 0.5)[0]!.passage]!;
};

describe('the lead reranker', () => {
  it('reads what kind of answer a question asks for', () => {
    expect(askedKind(parseQuestion('why does the base fee go up when blocks are full'))).toBe('cause');
    expect(askedKind(parseQuestion('how do I pay a lower fee'))).toBe('procedure');
    expect(askedKind(parseQuestion('what is the base fee'))).toBe('definition');
    expect(askedKind(parseQuestion('base fee vs priority fee'))).toBe('contrast');
    expect(askedKind(parseQuestion('how much is the base fee'))).toBe('figure');
  });

  it('leads a why-question with the passage that gives the cause, over a term page that only defines', () => {
    expect(lead('why does the base fee spike when blocks are full').type).toBe('essay');
  });

  it('still leads a what-is question with the term it names', () => {
    expect(lead('what is the base fee').slug).toBe('base-fee');
    // The section's heading names more of this question; the term it asks to define still leads.
    expect(lead('what is the base fee when blocks are full').slug).toBe('base-fee');
  });

  it('keeps the fused lead when the margin is wide', () => {
    const question = parseQuestion('why does the base fee spike when blocks are full');
    const wide = [fused[0]!, { ...fused[1]!, score: 0.1 }];
    const reranked = rerankLead(wide, question, planner.plan(question.content), context, 0.5);
    expect(reranked[0]!.passage).toBe(definition);
  });

  it('tells the fitting script the kind each question was read as', () => {
    const seen: string[] = [];
    leadTrace.observe = (_candidates, _features, kind) => seen.push(kind);
    try {
      lead('why does the base fee spike when blocks are full');
      lead('how much does the base fee rise when blocks are full');
    } finally {
      leadTrace.observe = undefined;
    }
    expect(seen).toEqual(['cause', 'figure']);
  });

  it('leaves a comparison to its sides', () => {
    const question = parseQuestion('fees spike when blocks are full vs a base fee');
    const reranked = rerankLead(fused, question, planner.plan(question.content), context, 0.5);
    expect(reranked).toBe(fused);
  });

  it('never moves a lead across the confidence bar', () => {
    const question = parseQuestion('why does the base fee spike when blocks are full');
    const unsure = [{ ...fused[0]!, confidence: 0.4 }, fused[1]!];
    const reranked = rerankLead(unsure, question, planner.plan(question.content), context, 0.5);
    expect(reranked[0]!.passage).toBe(definition);
  });

  it('scores the cause sentence that speaks to the question above a definition', () => {
    const question = parseQuestion('why does the base fee spike when blocks are full');
    const features = leadFeatures(
      [definition, section].map((passage) => ({ score: 1, passage: passages[passage]!, source: [passages[passage]!] })),
      question,
      planner.plan(question.content),
    );
    expect(features[1]!.kind).toBeGreaterThan(features[0]!.kind);
    expect(leadOf(features)).toBe(1);
  });
});

describe('a long question asking "what is …" of nothing the glossary names', () => {
  const candidates = [definition, section].map((passage) => ({
    score: 1,
    passage: passages[passage]!,
    source: [passages[passage]!],
  }));
  const question = parseQuestion('what are my options');
  const asked = planner.plan(question.content);
  const around = planner.plan('my base fee keeps spiking whenever blocks are full');

  it('suits an essay section when circumstances come before it, since it asks what to do in them', () => {
    const named = around.concepts
      .filter((concept) => concept.named)
      .map((concept) => ({ ...concept, circumstance: true }));
    const plan = { ...asked, concepts: [...asked.concepts, ...named], whole: [...asked.concepts, ...around.concepts] };
    const features = leadFeatures(candidates, question, plan);
    expect(features.map((each) => each.type)).toEqual([-1, 1]);
  });

  it('still suits a definition when it is asked alone', () => {
    const features = leadFeatures(candidates, question, asked);
    expect(features.map((each) => each.type)).toEqual([1, -1]);
  });
});

describe('the lead reranker in a search', () => {
  const index = AskIndex.load(JSON.parse(JSON.stringify(serialised)));
  const options = { limit: 5, types: ['essay', 'glossary'] as const };

  it('answers a what-is question from the term, and a why-question from the essay', () => {
    expect(index.search('what is the base fee', options).sources[0]?.slug).toBe('base-fee');
    expect(index.search('why do fees spike when blocks are full', options).sources[0]?.slug).toBe('fees');
  });
});

describe('a comparison whose sides are names of one term', () => {
  const upgrades: AskDocument = {
    type: 'essay',
    slug: 'upgrades',
    title: 'How chains upgrade',
    aliases: [],
    definition: null,
    body: [
      'An introduction to how the rules of a running chain change.',
      '## Tightening the rules',
      'A soft fork only tightens the rules, so old nodes still accept the new blocks and the chain stays one.',
      '## Changing the rules',
      'A hard fork changes the rules so that old nodes reject the new blocks; every node must upgrade or be left on its own chain.',
    ].join('\n\n'),
    anchors: ['tightening-the-rules', 'changing-the-rules'],
    url: 'http://x/essays/upgrades',
    markdownUrl: 'http://x/essays/upgrades.md',
  };
  const forks = loadedIndex([
    glossaryTerm(
      'hard-fork',
      'Hard fork',
      'A hard fork is a change of a chain’s rules that old nodes reject; a soft fork only tightens them, so old nodes still follow.',
      '',
      ['soft fork'],
    ),
    upgrades,
  ]);

  it('is led by that term, which speaks to both, with each side’s passage after it', () => {
    const result = forks.search('what is the difference between a hard fork and a soft fork', {
      limit: 5,
      types: ['essay', 'glossary'],
    });
    expect(result.sources[0]?.slug).toBe('hard-fork');
    expect(result.sources.slice(1).map((source) => source.section)).toEqual(
      expect.arrayContaining(['Tightening the rules', 'Changing the rules']),
    );
  });
});

describe('what a question asks beyond the term it names', () => {
  const lending: AskDocument = {
    type: 'essay',
    slug: 'lending',
    title: 'Lending without a bank',
    aliases: [],
    definition: null,
    body: [
      'An introduction to loans that a contract makes and collects.',
      '## Liquidations: keeping lenders whole',
      'When a loan falls below its collateral ratio, anyone may repay part of the debt and take collateral at a discount. That discount is the bonus the liquidator earns, usually 5 to 10 percent of what was repaid, and it pays keepers to watch every position.',
    ].join('\n\n'),
    anchors: ['liquidations-keeping-lenders-whole'],
    url: 'http://x/essays/lending',
    markdownUrl: 'http://x/essays/lending.md',
  };
  const built = AskIndex.build([
    glossaryTerm(
      'liquidation',
      'Liquidation',
      'Liquidation is the forced sale of a borrower’s collateral when a loan falls below the collateral ratio it must keep.',
    ),
    lending,
  ]);
  const lendingPlanner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
  const term = built.passages.find((passage) => passage.slug === 'liquidation')!;
  const liquidations = built.passages.find((passage) => passage.section?.startsWith('Liquidations') === true)!;
  const featuresOf = (asked: string) => {
    const question = parseQuestion(asked);
    // The term a little ahead, as fusion leaves a name it matches exactly.
    return leadFeatures(
      [
        { score: 1, passage: term, source: [term] },
        { score: 0.9, passage: liquidations, source: [liquidations] },
      ],
      question,
      lendingPlanner.plan(question.content),
    );
  };

  it('is what the section says and the definition does not: the bonus, how big, usually', () => {
    const [ofTerm, ofSection] = featuresOf('who gets a bonus when a loan is liquidated, and how big is it usually');
    expect(ofSection!.beyond).toBeGreaterThan(ofTerm!.beyond);
    // The term's own name is not part of it: the definition speaks to "loan" alone.
    expect(ofTerm!.beyond).toBeLessThan(0.5);
  });

  it('lets the section lead, which it would not without the feature', () => {
    const features = featuresOf('who gets a bonus when a loan is liquidated, and how big is it usually');
    expect(leadOf(features)).toBe(1);
    // "How big is it" asks a figure, which the section gives next to "bonus" (figure): without it too.
    expect(leadOf(features, { ...LEAD_WEIGHTS, beyond: 0, home: 0, figure: 0 })).toBe(0);
  });

  it('in a search, leads with the section when more is asked, and with the term when only it is', () => {
    const index = AskIndex.load(JSON.parse(JSON.stringify(built)));
    const options = { limit: 5, types: ['essay', 'glossary'] as const };
    const asked = index.search('who gets a bonus when a loan is liquidated, and how big is it usually', options);
    expect(asked.sources[0]?.slug).toBe('lending');
    expect(index.search('what is liquidation', options).sources[0]?.slug).toBe('liquidation');
  });

  it('is nothing when the question asks only of the term', () => {
    const features = featuresOf('liquidation');
    expect(features.map((each) => each.beyond)).toEqual([0, 0]);
    expect(leadOf(features)).toBe(0);
  });
});

describe('a comparison that asks beyond its sides', () => {
  const scaling = essayDocument(
    'scaling',
    'Scaling with rollups',
    [
      'An introduction to rollups and what they promise.',
      '## Getting money out',
      'It is mentioned everywhere. Withdrawals from an optimistic rollup wait about a week for the challenge window to close, while a zk rollup releases funds as soon as its validity proof is verified on Ethereum, within hours.',
    ],
    ['getting-money-out'],
  );
  const documents = [
    glossaryTerm(
      'optimistic-rollup',
      'Optimistic rollup',
      'An optimistic rollup posts its transactions to Ethereum and assumes them valid unless someone challenges them.',
    ),
    glossaryTerm(
      'zk-rollup',
      'ZK rollup',
      'A ZK rollup posts its transactions to Ethereum with a validity proof that they were executed correctly.',
    ),
    scaling,
  ];
  const index = loadedIndex(documents);
  const options = { limit: 5, types: ['essay', 'glossary'] as const };

  it('is led by the section that speaks to what else it asks', () => {
    const asked = index.search('optimistic rollup vs zk rollup: which one lets me withdraw funds sooner?', options);
    expect(asked.sources[0]?.slug).toBe('scaling');
    // Both sides are still answered.
    expect(asked.sources.map((source) => source.slug)).toEqual(
      expect.arrayContaining(['optimistic-rollup', 'zk-rollup']),
    );
  });

  it('is led by its sides when it asks nothing more', () => {
    expect(index.search('optimistic rollup vs zk rollup', options).sources[0]?.slug).toBe('optimistic-rollup');
  });

  it('needs the share of the question beyond its sides, and a section that speaks to it as well as they do', () => {
    const built = AskIndex.build(documents);
    // A source's last passage: the section of the essay on getting money out.
    const read = (slug: string) => {
      const passage = built.passages.findLast((each) => each.slug === slug)!;
      return { passage, source: [passage] };
    };
    const plans = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
    const sides = [read('optimistic-rollup'), read('zk-rollup')];
    const candidates = [read('optimistic-rollup'), read('scaling')];
    expect(beyondSides(sides, candidates, plans.plan('optimistic rollup zk rollup withdraw funds sooner'))).toBe(1);
    expect(beyondSides(sides, candidates, plans.plan('optimistic rollup zk rollup'))).toBe(-1);
    // What else is asked is on the sides' own pages ("valid", "challenges") and not the section's.
    expect(beyondSides(sides, candidates, plans.plan('optimistic rollup zk rollup valid challenges'))).toBe(-1);
    // What else is asked is on no page: the section says no more of it than the sides do.
    expect(beyondSides(sides, candidates, plans.plan('optimistic rollup zk rollup gossip tonight'))).toBe(-1);
  });

  it('is led by its sides when the talk around it is all a section shares with it', () => {
    // The section says "mentioned everywhere", as the talk does: no reason for it to lead.
    expect(
      index.search('real talk: optimistic rollup vs zk rollup, mentioned everywhere', options).sources[0]?.slug,
    ).toBe('optimistic-rollup');
  });
});

describe('the subject of a question that tells its situation first', () => {
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

  it('counts the circumstances too, not only the word its short question part asks of', () => {
    const question = parseQuestion('our search index holds old and new documents and mixes them, what failure is this');
    // The question part asks only of "failure", which one section's heading names; the rest of the
    // question is the other section's.
    const plan = { ...read.plan('failure'), whole: read.plan('search index old new documents mixes failure').concepts };
    const features = leadFeatures(candidates, question, plan);
    expect(features[1]!.subject).toBeGreaterThan(features[0]!.subject);
    expect(leadOf(features)).toBe(1);
  });

  // A question part of two plain words ("…, what failure mode is this") says what kind of answer is
  // wanted, not what of: its subject is read from the whole question too (query-plan.ts, asksVaguely).
  it('counts the circumstances too when the question part asks in two plain words', () => {
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

describe("the lead term's home section", () => {
  const rollups = essayDocument(
    'rollups',
    'Rollups in practice',
    [
      'An introduction to posting batches of transactions to a base chain.',
      '## Optimistic rollups and their challenge window',
      'An optimistic rollup posts its batches without proof and waits a week, the challenge window, during which anyone may show that a batch was wrong by replaying a single disputed step on the base chain.',
      '## Who runs the ordering',
      'A single sequencer orders the transactions of most optimistic rollups, and it may replay a dispute or a batch as it likes.',
    ],
    ['optimistic-rollups-and-their-challenge-window', 'who-runs-the-ordering'],
  );
  const built = AskIndex.build([
    glossaryTerm(
      'optimistic-rollup',
      'Optimistic rollup',
      'An optimistic rollup is a rollup that assumes its batches are valid unless someone proves otherwise.',
    ),
    rollups,
  ]);
  const rollupPlanner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
  const term = built.passages.find((passage) => passage.slug === 'optimistic-rollup')!;
  const home = built.passages.find((passage) => passage.section?.startsWith('Optimistic') === true)!;
  const other = built.passages.find((passage) => passage.section?.startsWith('Who runs') === true)!;
  const featuresOf = (asked: string) => {
    const question = parseQuestion(asked);
    // The term well ahead of its home section, as fusion leaves a name the question matches.
    return leadFeatures(
      [
        { score: 1, passage: term, source: [term] },
        { score: 0.55, passage: home, source: [home] },
        { score: 0.7, passage: other, source: [other] },
      ],
      question,
      rollupPlanner.plan(question.content),
    );
  };

  it('is the section headed by the term, when the question asks more than the term', () => {
    const features = featuresOf('how does an optimistic rollup settle a dispute without replaying the batch');
    expect(features.map((each) => each.home)).toEqual([0, 1, 0]);
  });

  it('lets the home section lead where the term led without it', () => {
    const features = featuresOf('how does an optimistic rollup settle a dispute without replaying the batch');
    expect(leadOf(features)).toBe(1);
    expect(leadOf(features, { ...LEAD_WEIGHTS, home: 0, treats: 0 })).toBe(0);
  });

  it('is nothing when the question asks only of the term', () => {
    expect(featuresOf('optimistic rollup').map((each) => each.home)).toEqual([0, 0, 0]);
  });

  it('is nothing for a topic named without asking anything of it', () => {
    // The same words as the question above, but no why, how or what: chat around a term reads so.
    const features = featuresOf('optimistic rollup settling a dispute without replaying the batch');
    expect(features[1]!.beyond).toBeGreaterThan(features[0]!.beyond);
    expect(features.map((each) => each.home)).toEqual([0, 0, 0]);
  });
});

describe("a section of the lead's essay whose heading asks why", () => {
  const kitchens = essayDocument(
    'kitchens',
    'Running a shared kitchen',
    [
      'An introduction to cooking for many people from one small room.',
      '## Ovens, hobs and the morning rush',
      'Shared kitchens burn bread in the morning rush, when every oven and hob is taken at once and the toast sits forgotten.',
      '## Why the same burns repeat',
      'The same burns repeat because each cook learns the ovens alone, so a lesson one cook paid for is never passed on to the next.',
    ],
    ['ovens-hobs-and-the-morning-rush', 'why-the-same-burns-repeat'],
  );
  const bakery = essayDocument(
    'bakery',
    'A bakery at dawn',
    [
      'An introduction to baking before sunrise.',
      '## Why bakers start early',
      'Bakers start early because dough needs hours to rise before the shop opens.',
    ],
    ['why-bakers-start-early'],
  );
  const built = AskIndex.build([kitchens, bakery]);
  const kitchenPlanner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names);
  const headed = (start: string) => built.passages.find((passage) => passage.section?.startsWith(start) === true)!;
  const rush = headed('Ovens, hobs');
  const repeat = headed('Why the same');
  const early = headed('Why bakers');
  const featuresOf = (asked: string) => {
    const question = parseQuestion(asked);
    // The section that shares the question's words ahead, as fusion leaves it.
    return leadFeatures(
      [
        { score: 1, passage: rush, source: [rush] },
        { score: 0.75, passage: repeat, source: [repeat] },
        { score: 0.7, passage: early, source: [early] },
      ],
      question,
      kitchenPlanner.plan(question.content),
    );
  };

  it('is the why-headed section of the same essay, for a why-question', () => {
    const features = featuresOf('why do shared kitchens keep burning bread in the same way');
    expect(features.map((each) => each.asks)).toEqual([0, 1, 0]);
  });

  it('leads where the section sharing the words led without it', () => {
    const features = featuresOf('why do shared kitchens keep burning bread in the same way');
    expect(leadOf(features)).toBe(1);
    expect(leadOf(features, { ...LEAD_WEIGHTS, asks: 0 })).toBe(0);
  });

  it('is nothing for a question that does not ask why', () => {
    const features = featuresOf('what burns bread in shared kitchens');
    expect(features.map((each) => each.asks)).toEqual([0, 0, 0]);
  });
});
