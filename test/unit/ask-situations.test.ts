// Situation questions, in process: a long description of the asker's circumstances and then a short
// question part. What the question part names decides whether a passage answers; when it names
// nothing ("which training approach"), the circumstances say which passage is about the question.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex, type AskOptions } from '../../src/core/ask/ask-index.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { situatedPlan, situationShare } from '../../src/core/ask/situation.ts';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const fineTuning: AskDocument = {
  type: 'essay',
  slug: 'fine-tuning',
  title: 'Fine-tuning a language model',
  aliases: [],
  definition: null,
  body: [
    'Fine-tuning adapts a pretrained model to a narrower task.',
    '## Choosing a method',
    'With a few thousand labelled examples and a single card, low-rank adapters are the usual choice: they train a small set of added weights, so an open model learns to answer in the format the examples show.',
    '## Preference tuning',
    'When people can rank answers but not write ideal ones, preference methods learn from the rankings.',
  ].join('\n\n'),
  anchors: ['choosing-a-method', 'preference-tuning'],
  url: 'http://x/essays/fine-tuning',
  markdownUrl: 'http://x/essays/fine-tuning.md',
};

const documents = [
  fineTuning,
  glossaryTerm(
    'gpu',
    'GPU',
    'A graphics processing unit: a chip that runs many arithmetic operations at once, on which models are trained.',
    'A single GPU holds a limited amount of memory, which bounds the size of the model trained on it.',
  ),
  glossaryTerm(
    'training-approach',
    'Curriculum learning',
    'A training approach that shows a model easy examples before hard ones.',
    '',
  ),
];

const index = loadedIndex(documents, NO_WORD_VECTORS);
const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };

describe('situation questions', () => {
  it('reaches the essay section the circumstances describe when the question part names nothing', () => {
    const result = index.search(
      'We have one GPU, an open model and a few thousand labelled examples, and the answers must follow our format. Which training approach?',
      both,
    );
    expect(result.sources[0]).toMatchObject({ slug: 'fine-tuning', section: 'Choosing a method' });
    expect(result.answer?.slug).toBe('fine-tuning');
  });

  it('marks the concepts its circumstances give, apart from those of its question part', () => {
    const serialised = AskIndex.build(documents, NO_WORD_VECTORS);
    const planner = new QueryPlanner(
      new Map(Object.entries(serialised.postings)),
      serialised.passages.length,
      serialised.names,
    );
    const situation = 'We have one GPU and a few thousand labelled examples';
    const plan = situatedPlan(planner, parseQuestion('which training approach'), situation);
    const marked = (concepts: typeof plan.concepts) =>
      concepts.map((concept) => [concept.asked.join(' ').toLowerCase(), concept.circumstance === true]);
    expect(marked(plan.concepts)).toContainEqual(['training', false]);
    expect(marked(plan.concepts)).toContainEqual(['gpu', true]);
    expect(marked(plan.whole ?? [])).toContainEqual(['labelled', true]);
    expect(marked(plan.whole ?? [])).toContainEqual(['training', false]);
  });
});

const table = readWordVectors();

describe('a question part of English’s commonest words after a situation', () => {
  // Building an index with the word vectors reads SCOWL's word lists: seconds on a shared CPU.
  it.runIf(table)('is answered by the passage that covers the circumstances', { timeout: 60_000 }, () => {
    const staking = essayDocument(
      'staking',
      'Running a validator',
      [
        'A validator locks a deposit and signs blocks in turn.',
        '## Being offline',
        'A validator that is offline misses its duties, and the protocol takes a small penalty from its deposit ' +
          'for each missed duty; the deposit stops shrinking once the validator is online again.',
        '## Slashing',
        'A validator that signs two conflicting blocks loses a large part of its deposit.',
      ],
      ['being-offline', 'slashing'],
    );
    const withVectors = loadedIndex(
      [
        staking,
        glossaryTerm('validator', 'Validator', 'A node that holds a deposit and proposes and checks blocks.'),
        glossaryTerm('mempool', 'Mempool', 'The waiting room where transactions go before a block takes them.'),
      ],
      table,
    );
    // "is that right" asks for a judgement of the circumstances, not about rightness: its word
    // counts for less in whether the passage answers, which says nothing of it.
    const result = withVectors.search(
      'Our validator was offline for a day while we travelled and its deposit is smaller now. Is that right?',
      both,
    );
    expect(result.sources[0]).toMatchObject({ slug: 'staking', section: 'Being offline' });
    expect(result.answer?.text).toMatch(/penalty/);
  });
});

describe('a question part that points back at its situation', () => {
  const serialised = AskIndex.build(documents, NO_WORD_VECTORS);
  const planner = new QueryPlanner(
    new Map(Object.entries(serialised.postings)),
    serialised.passages.length,
    serialised.names,
  );

  it('ranks the situation at the share of a question part that names nothing', () => {
    // "Curriculum learning" is a term, yet "it" is what the question asks of: the situation says what.
    const pointing = situationShare(planner, parseQuestion('should we use curriculum learning for it'));
    const vague = situationShare(planner, parseQuestion('which approach should we use'));
    const named = situationShare(planner, parseQuestion('should we use curriculum learning'));
    expect(pointing).toBe(vague);
    expect(named).toBeLessThan(vague);
  });
});

describe('a question part that asks nothing of its own after a story told apart', () => {
  const serialised = AskIndex.build(documents, NO_WORD_VECTORS);
  const planner = new QueryPlanner(
    new Map(Object.entries(serialised.postings)),
    serialised.passages.length,
    serialised.names,
  );

  it('reads the story as a situation’s whole reading', () => {
    // "Is that OK" has no concept of its own: the story is what is asked, and whether a passage
    // answers weighs it as a situation's (decline.ts, situatedCovered).
    const situation = 'We have one GPU and a few thousand labelled examples, so we train on it. Is that OK';
    const plan = situatedPlan(planner, parseQuestion('Is that OK'), situation);
    expect(plan.whole?.map((concept) => concept.asked.join(' ').toLowerCase())).toContain('labelled');
  });

  it('keeps one chatty sentence a plain reading', () => {
    const situation = 'lol we have one GPU and a few thousand labelled examples, is that OK';
    expect(situatedPlan(planner, parseQuestion('is that OK'), situation).whole).toBeUndefined();
    // An abbreviation's full stop ends no sentence.
    const abbreviated = 'we have one GPU, e.g. an A100, and a few thousand labelled examples, is that OK';
    expect(situatedPlan(planner, parseQuestion('is that OK'), abbreviated).whole).toBeUndefined();
  });
});
