// Everyday English that neither the word vectors nor SCOWL's lists hold as written: a word made by
// an everyday suffix from one they do hold ("splitter", "bendy", "trackers") names nothing the
// content lacks (unknown-terms.ts, #everydayWord), and a subject in such words is the asker's wording.
import { describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { derivedWords } from '../../src/core/ask/text.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe('a word made by an everyday suffix', () => {
  it('is derived from its word, a doubled consonant written once ("splitter": split)', () => {
    expect(derivedWords('splitter')).toContain('split');
    expect(derivedWords('bendy')).toEqual(['bend']);
    // Too short a remainder is no word of its own.
    expect(derivedWords('under')).toEqual([]);
  });

  it.runIf(table)('is no name the content lacks, where a product name is one', { timeout: 60_000 }, () => {
    const index = loadedIndex([
      glossaryTerm(
        'tokenization',
        'Tokenization',
        'Byte-pair encoding learns which pieces of words to merge into the vocabulary, most frequent pairs first.',
      ),
      glossaryTerm(
        'total-value-locked',
        'Total value locked',
        'The dollar value of the deposits a protocol holds, as crypto dashboards quote it; prices and loops inflate it.',
      ),
      glossaryTerm(
        'activation-function',
        'Activation function',
        "The nonlinear function applied to each neuron's output, such as ReLU, which zeroes negative values.",
      ),
      glossaryTerm('wallet', 'Wallet', 'Software that stores the secret keys of blockchain accounts.'),
    ]);
    const splitter = index.search('how does the splitter learn which pieces of words to merge', options);
    expect(splitter.no_answer_reason ?? '').not.toMatch(/never mention/);
    expect(splitter.answer?.slug).toBe('tokenization');
    // A subject in everyday words ("trackers" is made from "track") and the content's ("crypto"),
    // in quotes or not, describes what it asks about.
    const tracked = index.search(
      "what is the 'total deposited' dollar figure crypto trackers quote, and what are its pitfalls",
      options,
    );
    expect(tracked.no_answer_reason ?? '').not.toMatch(/never mention/);
    // A participle's clause ("applied to each unit's output") describes the subject before it.
    const described = index.search(
      "what is the simple bendy function applied to each unit's output in a model",
      options,
    );
    expect(described.no_answer_reason ?? '').not.toMatch(/never mention/);
    expect(described.answer?.slug).toBe('activation-function');
    const product = index.search('how do I set up a metamask wallet', options);
    expect(product.no_answer_reason).toMatch(/never mention .*“metamask”/);
  });
});
