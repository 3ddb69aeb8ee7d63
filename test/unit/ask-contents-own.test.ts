// A word the content uses that is no everyday English ("worldcoin", named in one passage) says what
// a question is about however rarely the content uses it (ask-index.ts #contentsOwn): the asker's
// own wording beside it ("legit", "eyeball") then counts half (situation.ts unusedWeighed), as it
// does beside a word the content uses a lot.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

describe.runIf(readWordVectors())('a rare word of the content beside the asker’s own wording', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists and embeds every passage: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'proof-of-personhood',
        'Proof of personhood',
        'Proof of personhood gives each human one account, so that one person cannot pose as many.',
        'Zorblecoin scans irises to give each person a single identity; regulators have questioned it.',
      ),
      ...fillerTerms(300),
    ]);
  }, 120_000);

  it('is what the question is about: the passage that names it answers', () => {
    const result = index.search('is zorblecoin actually legit? the eyeball scanning thing', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('proof-of-personhood');
  });
});
