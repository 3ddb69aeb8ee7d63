// Names the content never writes beside ones it does (unknown-terms.ts): a numbered standard of a
// family the glossary names, with a number the content never gives it, a release's figure it never
// states (versioned-names.ts), a compound of words the content
// joins to other last words only, and an acronym spelt like an everyday word, decline the question however well the family's page or the other words match.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
const neverMentioned = /never mention/;

describe.runIf(table)('names the content never writes beside ones it does', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'bitcoin-improvement-proposal',
        'Bitcoin Improvement Proposal',
        'A numbered design document that proposes a standard for Bitcoin wallets and nodes. BIP-32 ' +
          'describes wallets that derive every key from one seed, and BIP-39 the words that write the seed down.',
        '',
        ['BIP'],
      ),
      glossaryTerm(
        'proof-of-work',
        'Proof of work',
        'In proof-of-work consensus, miners spend computation to win the right to add the next block to the chain.',
      ),
      glossaryTerm(
        'wrapped-coin',
        'Wrapped coin',
        'A token a contract backs with the coin it wraps: every one-token deposit mints one wrapped unit, ' +
          'redeemable for the deposit at any time.',
      ),
      glossaryTerm(
        'concentrated-liquidity',
        'Concentrated liquidity',
        'Swapper v3 lets a liquidity provider put deposits within a price range; Swapper v2 spread them over every price.',
      ),
      glossaryTerm(
        'context-window',
        'Context window',
        'The most text a language model reads at once, counted in tokens. Kettlebot 1.5 reads a million tokens ' +
          'and Kettlebot 2 two million; in Stage 2 of training the window is widened.',
      ),
      glossaryTerm(
        'boilr',
        'Boilr',
        'A family of kettle-control models from Boilr Labs. Boilr-3, with 7 billion parameters, was trained on ' +
          '2 trillion tokens of manuals. Boilr-4 followed in March 2025 and reads recipes as well; Boilr-4o, ' +
          'its sibling, takes spoken orders.',
      ),
      glossaryTerm(
        'summary-evaluation',
        'Summary evaluation',
        'Scoring a summary model by counting the words its summaries share with summaries written by people; ' +
          'the scores are computed over a test set of documents.',
      ),
      glossaryTerm(
        'steam-art',
        'Steam art',
        'Pictures drawn by kettle models. Cloud Painter made them popular. Kettle Gold lost about $18 ' +
          'million when its boilers failed in May 2018.',
      ),
    ]);
  }, 60_000);

  it('declines a figure of a name the content writes but never states one of', () => {
    const asked = index.search('How much did Cloud Painter lose?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/mention “Cloud Painter” but never state that figure/);
    // Any figure in a sentence naming it states one, whatever its words ("lose", "lost": ask-dev4).
    expect(
      index.search('How much did Kettle Gold lose when its boilers failed?', options).no_answer_reason ?? '',
    ).not.toMatch(/never state that figure/);
  });

  it('declines a definition of one word the content never uses, wherever it is placed', () => {
    const asked = index.search('What is a nullifier in proof-of-work consensus?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/never mention “nullifier”/);
    expect(index.search('What is a miner in proof-of-work consensus?', options).answer?.slug).toBe('proof-of-work');
  });

  it('declines a version the content never writes beside versions it does', () => {
    expect(index.search('How do Swapper v4 pools concentrate liquidity?', options).no_answer_reason).toMatch(
      /never mention .*v4/,
    );
    expect(index.search('How do Swapper v3 pools concentrate liquidity?', options).no_answer_reason ?? '').not.toMatch(
      neverMentioned,
    );
  });

  it('declines a model version the content never writes beside versions it does', () => {
    for (const question of [
      "How big is Kettlebot 3's context window?",
      'the context window of Kettlebot 2.5?',
      'whats the context window of kettlebot 3 lol',
    ]) {
      const asked = index.search(question, options);
      expect(asked.answer).toBeNull();
      expect(asked.no_answer_reason).toMatch(/never mention .*[Kk]ettlebot 2?\.?[35]/);
    }
    for (const question of ["How big is Kettlebot 2's context window?", 'the context window of Kettlebot 1.5?'])
      expect(index.search(question, options).answer?.slug).toBe('context-window');
    // A size is no version: "Kettlebot 70B" is a Kettlebot 2 of 70 billion parameters.
    expect(index.search('How big is the context window of Kettlebot 70B?', options).answer?.slug).toBe(
      'context-window',
    );
    // Everyday words and figures are no names with versions: "Stage 3", "March 2023".
    expect(index.search('How is the context window widened in Stage 3 of training?', options).answer?.slug).toBe(
      'context-window',
    );
  });

  it('declines a numbered standard of a family the glossary names that the content never writes', () => {
    const asked = index.search('What is the BIP-44 standard for wallets?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/BIP-44/);
  });

  it('answers a number of the family the content writes, with or without its hyphen', () => {
    for (const question of ['What is the BIP-39 standard for wallets?', 'what does BIP39 write down'])
      expect(index.search(question, options).answer?.slug).toBe('bitcoin-improvement-proposal');
  });

  it('declines a compound whose first words the content joins to other last words only', () => {
    const asked = index.search('How does proof-of-space consensus choose who adds the next block?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/proof-of-space/);
    const written = index.search('How does proof-of-work consensus choose who adds the next block?', options);
    expect(written.answer?.slug).toBe('proof-of-work');
  });

  it('declines a compound "… of …" whose last words the content joins to another first word only', () => {
    // Beside "proof-of-work", a "test-of-work" is another kind.
    const asked = index.search('How does test-of-work consensus choose who adds the next block?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/test-of-work/);
  });

  it('does not take a word the content joins to the first words for another last word', () => {
    // The content's "one-token" (indexed "onetoken") is no "one-to-…" compound.
    const asked = index.search('What keeps a wrapped coin redeemable one-to-one for its deposit?', options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
  });

  it('declines an acronym spelt like an everyday word the content never uses', () => {
    const asked = index.search('How do I compute SALSA scores to evaluate my summary model?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(neverMentioned);
  });

  it('declines a figure of a release the content writes but never states it of', () => {
    for (const question of ['How many parameters does Boilr-4 have?', 'How much did it cost to train Boilr-4?']) {
      const asked = index.search(question, options);
      expect(asked.answer).toBeNull();
      expect(asked.no_answer_reason).toMatch(/mention “Boilr-4” but never state that figure/);
    }
    expect(index.search('how many parameters does boilr-4 have', options).no_answer_reason).toMatch(
      /never state that figure/,
    );
    // The release whose figure is stated, and what else is asked of the other one, are answered.
    expect(index.search('How many parameters does Boilr-3 have?', options).answer?.slug).toBe('boilr');
    expect(index.search('When did Boilr-4 come out?', options).answer?.slug).toBe('boilr');
    // So are everyday words before a number and two releases side by side (review of 30 November).
    expect(index.search('How many summaries are scored in Stage 2?', options).no_answer_reason ?? '').not.toMatch(
      /never state that figure/,
    );
    expect(
      index.search('How many more parameters does Boilr-4 have than Boilr-3?', options).no_answer_reason ?? '',
    ).not.toMatch(/never state that figure/);
  });

  it('reads a release named with an "o" after its number as a release of its own', () => {
    // Asked as "how big", or with the unit asked for ("…, in tokens?").
    for (const question of ['How many parameters does Boilr-4o have?', 'How big is Boilr-4o, in parameters?']) {
      const asked = index.search(question, options);
      expect(asked.answer, question).toBeNull();
      expect(asked.no_answer_reason).toMatch(/mention “Boilr-4o” but never state that figure/);
    }
    // A release whose figure the content states, asked the same ways, is answered.
    expect(index.search('How big was the training set of Boilr-3, in tokens?', options).answer?.slug).toBe('boilr');
  });

  it('reads a question word in capitals as stress', () => {
    const asked = index.search('WHY are summary models scored against summaries written by people?', options);
    expect(asked.answer?.slug).toBe('summary-evaluation');
  });
});
