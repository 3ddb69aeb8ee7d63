// A question of two clauses whose second points back at the first ("how does X work, is it safe"):
// the first clause's subject is what is asked about, and a subject the content never says declines
// the question as one read whole would be (unknown-terms.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe.runIf(table)('a subject the clause after it points back at', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'wallet',
        'Wallet',
        'Software that stores the secret keys of blockchain accounts and signs their transactions.',
        'A hardware wallet keeps the keys on a separate device that never goes online, which makes it safe ' +
          'against malware on the computer it is plugged into.',
      ),
      glossaryTerm(
        'exchange',
        'Exchange',
        'A company that holds its customers’ coins and matches their orders; a printed receipt of each ' +
          'trade is kept for the regulator.',
      ),
    ]);
  }, 60_000);

  it('declines when the first clause asks about a subject the content never says', () => {
    const asked = index.search('how does the paper wallet work, is it safe', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/paper wallet/);
  });

  it('answers when the content says the first clause’s subject', () => {
    const asked = index.search('how does the hardware wallet work, is it safe', options);
    expect(asked.answer?.slug).toBe('wallet');
  });
});
