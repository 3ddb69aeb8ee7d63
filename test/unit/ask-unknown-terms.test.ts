// What a question asks about that the content never names (unknown-terms.ts): a subject of several
// words no passage says, or a word no dictionary has, declines the question; a clause, a figure, a
// superlative or a sound of hesitation names nothing and leaves the question to the evidence.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const term = glossaryTerm;

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
const neverMentioned = /never mention/;

describe.runIf(table)('what the content never names', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      term(
        'kv-cache',
        'KV cache',
        'The keys and values of earlier tokens kept in GPU memory during inference; it grows with every ' +
          'token of every conversation, eating into memory until it takes more than the model weights.',
      ),
      term(
        'confidence-interval',
        'Confidence interval',
        'A range around a measured score: the margin of error of a benchmark shrinks with the square ' +
          'root of its number of questions.',
      ),
      term(
        'adam-optimizer',
        'Adam optimizer',
        'The algorithm most used for updating the weights of a network during training, from running ' +
          'averages of its gradients.',
      ),
      term('depeg', 'Depeg', 'A stablecoin depegs when its price leaves the value it promises to hold.'),
      term(
        'wallet',
        'Wallet',
        'Software that stores the secret keys of blockchain accounts.',
        'A hardware wallet keeps the keys on a separate device that never goes online.',
        ['crypto wallet'],
      ),
      term(
        'liquidity-pool',
        'Liquidity pool',
        'Two tokens locked in a contract that anyone can trade against, priced by a formula.',
        'Whoever deposits into the pool earns a share of the trading fees.',
        ['pool'],
      ),
      term('seed-phrase', 'Seed phrase', 'Twelve or twenty-four words from which a wallet derives all of its keys.'),
      term('proof-of-work', 'Proof of work', 'Consensus in which miners spend computation on every block.', '', [
        'mining',
      ]),
      term('loss-function', 'Loss function', 'The number training lowers: how wrong the outputs are.', '', ['loss']),
      term(
        'impermanent-loss',
        'Impermanent loss',
        'What a liquidity provider gives up against holding the two tokens when their prices move apart.',
      ),
      term(
        'restaking',
        'Restaking',
        'Staking the same deposit again to secure other services, which helps a new service bootstrap its security.',
      ),
    ]);
  }, 60_000);

  it('reads a clause after "what is" as a question, not a name', () => {
    const asked = index.search(
      'our server runs out of GPU memory in long conversations, what is eating the memory',
      options,
    );
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(asked.answer?.slug).toBe('kv-cache');
  });

  it('reads a figure as how much, and a superlative as which of a kind', () => {
    const figure = index.search("what's the 95% margin of error on a benchmark", options);
    expect(figure.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(figure.answer?.slug).toBe('confidence-interval');
    const superlative = index.search('what is the most popular algorithm for updating network weights', options);
    expect(superlative.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(superlative.answer?.slug).toBe('adam-optimizer');
  });

  it('reads chat shorthand as no name', () => {
    const asked = index.search('how long til a stablecoin depegs tbh', options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(asked.answer?.slug).toBe('depeg');
  });

  it('sets aside a word that stresses the question before looking for its subject', () => {
    const asked = index.search('what does the square root even mean for benchmark questions', options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(asked.answer?.slug).toBe('confidence-interval');
  });

  it('reads a known word with "-able" as no name', () => {
    const asked = index.search('when a stablecoin depegs from its price, is that forkable', options);
    expect(asked.no_answer_reason ?? '').not.toMatch(/never mention .*forkable/);
  });

  it('reads a sound of hesitation as no name', () => {
    const asked = index.search("uhh what does it mean when a stablecoin 'depegged'", options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(asked.answer?.slug).toBe('depeg');
  });

  it('declines a kind of a term the content never names, not a kind it writes or a term of a term', () => {
    // "pool" is the liquidity pool's other name, and each word is used, but never "bootstrapping pool".
    expect(index.search("What's a liquidity bootstrapping pool?", options).no_answer_reason).toMatch(
      /never mention .*liquidity bootstrapping pool/,
    );
    expect(index.search('what is a dark pool', options).answer).toBeNull();
    // "mining" names a term of its own, but no passage speaks of a mining pool.
    expect(index.search('what is a mining pool', options).answer).toBeNull();
    expect(index.search('What is a hardware wallet?', options).answer?.slug).toBe('wallet');
    expect(index.search('what is a crypto wallet seed phrase', options).answer?.slug).toBe('seed-phrase');
    // A whole subject that names a term, misspelt as the stems forgive, is no kind of the last word's term.
    expect(index.search('explain impermanant loss', options).answer?.slug).toBe('impermanent-loss');
  });

  it('reads a name in the circumstances alone as where the asker is, not what is asked', () => {
    const asked = index.search(
      'I put two tokens into a liquidity pool through the Zorbix dashboard and their prices moved apart. Any ideas?',
      options,
    );
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    // A question that points back at the circumstances asks of the name.
    expect(
      index.search('I keep my keys in the Zorbix app. Is it a hardware wallet?', options).no_answer_reason,
    ).toMatch(/never mention .*Zorbix/);
  });

  it("reads a subject in everyday words after the circumstances as the asker's wording, not a name", () => {
    const situated = index.search(
      'I put two tokens into a liquidity pool and their prices keep moving apart every week. What is the sensible precaution?',
      options,
    );
    expect(situated.no_answer_reason ?? '').not.toMatch(neverMentioned);
    // Asked alone, the same words are a subject the content never names.
    expect(index.search('what is the sensible precaution', options).no_answer_reason).toMatch(
      /never mention .*sensible precaution/,
    );
  });

  it('still declines a subject no passage says, a superlative of it included, and a product name', () => {
    expect(index.search('what is the best pizza topping', options).no_answer_reason).toMatch(
      /never mention .*pizza topping/,
    );
    expect(index.search('how does the memory palace technique work', options).no_answer_reason).toMatch(neverMentioned);
    expect(index.search('how do I set up a metamask wallet', options).no_answer_reason).toMatch(/“metamask”/);
  });
});
