// Words beside a question's asking clause that the content uses only in passing ("puzzled", in one
// passage) are the asker's talk, as everyday words the content never uses are: "what is a rollup?
// still puzzled tbh" is answered as "what is a rollup?", while a question the content does not
// answer is still declined however it is wrapped.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

describe.runIf(readWordVectors())('words the content uses in passing, beside the asking clause', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'rollup',
        'Rollup',
        'A rollup executes transactions off the main chain and posts their data and a proof back to it.',
        'Rollups lower fees because many transactions share the cost of one posting to the main chain.',
      ),
      glossaryTerm(
        'sidechain',
        'Sidechain',
        'A separate chain with its own validators, bridged to the main chain.',
        'Newcomers are often puzzled that its security owes nothing to the main chain.',
      ),
    ]);
  }, 60_000);

  it('are talk: the question is answered as it is asked plainly', () => {
    const plain = index.search('what is a rollup?', options);
    const wrapped = index.search('what is a rollup? still puzzled', options);
    expect(plain.answer?.slug).toBe('rollup');
    expect(wrapped.answer?.slug).toBe('rollup');
  });

  it('leave a question about something the content lacks declined', () => {
    expect(index.search('what is a kitchen tap? still puzzled', options).answer).toBeNull();
  });

  it('count chat’s shorthand, a short lowercase word no one else uses, as talk; not a longer name', () => {
    expect(index.search('what is a rollup? smh', options).answer?.slug).toBe('rollup');
    expect(index.search('fwiw, what is a rollup?', options).answer?.slug).toBe('rollup');
    expect(index.search('i trade on kraken. what is a rollup?', options).answer).toBeNull();
  });
});
