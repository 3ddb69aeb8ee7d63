// What a question's circumstances do not ask: live data a sentence of circumstance says a system
// reads (question-reading.ts), and what the asker says of a name they quote (unknown-terms.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
const liveData = /live data/;
const neverMentioned = /never mention/;

describe.runIf(table)('what circumstances and quoted names ask', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'price-oracle',
        'Price oracle',
        'A contract that reports the price of a token to other contracts.',
        'Reading the spot price of a single pool is risky: one large trade moves it within a block, and a ' +
          'lender that trusts it can be drained. A time-weighted average over many blocks resists that.',
      ),
      glossaryTerm(
        'tool-use',
        'Tool use',
        'A language model calling functions that act on the world.',
        'Private data, untrusted input and a way to send data out together form what some call the ' +
          'silent triangle: an attacker who writes the input can make the model leak the data.',
      ),
      ...fillerTerms(30),
    ]);
  }, 60_000);

  it('does not read a price a system reads in the circumstances as live data asked for', () => {
    const asked = index.search(
      'Our lending contract reads the collateral price from one pool current spot price. A reviewer flagged it. Why?',
      options,
    );
    expect(asked.no_answer_reason ?? '').not.toMatch(liveData);
  });

  it('still declines live data asked for, or pointed back at by the question', () => {
    expect(index.search('what is the current price of the token?', options).no_answer_reason).toMatch(liveData);
    expect(
      index.search('I need the current price of the token. Can you tell me what it is?', options).no_answer_reason,
    ).toMatch(liveData);
  });

  it('looks for the words a question quotes, not what it says of them', () => {
    const asked = index.search("What is the 'silent triangle' people mention for tool use?", options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
  });

  it('still declines a quoted name the content never says', () => {
    const asked = index.search("What is the 'silent square' people mention for tool use?", options);
    expect(asked.no_answer_reason).toMatch(neverMentioned);
  });
});
