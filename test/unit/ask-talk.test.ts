// Decline calibration for long, chatty questions, in process: everyday words of talk ("wait",
// "basically", "doing", "enough") count for less of what is asked, so a question the content answers
// is answered however it is typed, while one about something the content does not cover is still
// declined. Uses the project's word vectors, whose table lists everyday English most frequent first.
import { describe, expect, it } from 'vitest';
import type { AskOptions } from '../../src/core/ask/ask-index.ts';
import type { Concept, Plan } from '../../src/core/ask/query-plan.ts';
import { readWordVectors, WordVectors } from '../../src/core/ask/semantic.ts';
import { talkWeighed } from '../../src/core/ask/situation.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const documents = [
  glossaryTerm(
    'liquidation',
    'Liquidation',
    'The forced sale of a borrower’s collateral when its value falls below what the loan requires.',
    'The liquidator repays part of the debt and receives the collateral at a discount, a bonus of about five to ten percent.',
    ['liquidator', 'liquidators'],
  ),
  glossaryTerm(
    'lending-protocol',
    'Lending protocol',
    'A smart contract that lends deposited tokens to borrowers who lock collateral worth more than the loan.',
    'Interest rates follow how much of the pool is borrowed.',
  ),
  glossaryTerm(
    'neural-network',
    'Neural network',
    'A model built from layers of weighted sums and simple nonlinear functions, trained by gradient descent.',
    'Each layer transforms the output of the one before it.',
  ),
];

const index = loadedIndex(documents);
const glossary: AskOptions = { limit: 3, types: ['glossary'] };

const concept = (word: string, named = false): Concept => ({
  asked: [word],
  idf: 4,
  alternatives: [[word]],
  named,
});

describe('words of talk in a long question', () => {
  const vectors = new WordVectors(readWordVectors()!, () => 1);
  const plan: Plan = {
    concepts: [
      concept('really'),
      concept('doing'),
      concept('liquidators'),
      concept('collateral'),
      concept('Ethereum', true),
    ],
    weights: new Map(),
  };
  const long = 'ok so what am I really doing here, my liquidators keep taking the collateral on Ethereum';

  it('count for less: everyday English words weigh less, the content’s words and names as much', () => {
    const weighed = talkWeighed(plan, long, vectors);
    const idf = Object.fromEntries(weighed.concepts.map((each) => [each.asked[0], each.idf]));
    expect(idf['really']).toBeLessThan(4);
    expect(idf['doing']).toBeLessThan(4);
    expect(idf).toMatchObject({ liquidators: 4, collateral: 4, Ethereum: 4 });
  });

  it('count fully in a short question, where every word is chosen', () => {
    expect(talkWeighed(plan, 'what am I doing wrong', vectors)).toBe(plan);
  });
});

describe('long chatty questions', () => {
  it('answers one the content covers, whatever words of talk surround it', () => {
    const result = index.search(
      'wait so liquidators basically get free money?? how big is the bonus they get',
      glossary,
    );
    expect(result.answer?.slug).toBe('liquidation');
  }, 60_000);

  it('still declines a long one about what the content does not cover', () => {
    const result = index.search(
      'ok so I was wondering how the kernel size of a convolutional layer changes its receptive field',
      glossary,
    );
    expect(result.answer).toBeNull();
  }, 60_000);
});
