// The thing a question names as its subject ("a graph neural network", "a sealed bid token sale")
// is what it asks about: a page that never says one of its domain words explains something else,
// however well the rest of its words match (decline.ts, speaksToSubject).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe.runIf(table)('a subject the answering page never names', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'neural-network',
        'Neural network',
        'Layers of weights that turn an input into an output; training adjusts the weights so the ' +
          'network passes each input through to a better prediction.',
        'Each layer multiplies what it receives by its weights and passes the result to the next layer.',
      ),
      glossaryTerm(
        'token-sale',
        'Token sale',
        'A project sells a new token to the public before it launches, to raise money for building it.',
        'The price of each token is fixed by the project or set by the buyers bidding for it.',
      ),
      glossaryTerm(
        'staking',
        'Staking',
        'Locking tokens as a bond that validators lose when they break the rules of a chain.',
      ),
    ]);
  }, 240_000);

  it('declines how a kind of a term acts when the term page never names the kind', () => {
    expect(index.search('How does a graph neural network pass messages between nodes?', options).answer).toBeNull();
  });

  it('answers how the term itself acts from its page', () => {
    const asked = index.search('How does a neural network pass its input through its layers?', options);
    expect(asked.answer?.slug).toBe('neural-network');
  });
});
