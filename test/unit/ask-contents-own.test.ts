// A word the content uses that is no everyday English ("worldcoin", named in one passage) says what
// a question is about however rarely the content uses it (ask-index.ts #contentsOwn): the asker's
// own wording beside it ("legit", "eyeball") then counts half (situation.ts unusedWeighed), as it
// does beside a word the content uses a lot.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

/** Everyday words for filler definitions, so that the index is as large as a real one and a word in one passage is rare. */
const FILLER = 'river garden window kitchen letter market island winter bridge candle'.split(' ');

describe.runIf(readWordVectors())('a rare word of the content beside the asker’s own wording', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists and embeds every passage: seconds on a shared CPU.
  beforeAll(() => {
    const filler = Array.from({ length: 300 }, (_, at) =>
      glossaryTerm(
        `filler-${at}`,
        `Filler ${at}`,
        `A ${FILLER[at % FILLER.length]} near the ${FILLER[(at * 7 + 3) % FILLER.length]} is a place to rest.`,
      ),
    );
    index = loadedIndex([
      glossaryTerm(
        'proof-of-personhood',
        'Proof of personhood',
        'Proof of personhood gives each human one account, so that one person cannot pose as many.',
        'Zorblecoin scans irises to give each person a single identity; regulators have questioned it.',
      ),
      ...filler,
    ]);
  }, 120_000);

  it('is what the question is about: the passage that names it answers', () => {
    const result = index.search('is zorblecoin actually legit? the eyeball scanning thing', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('proof-of-personhood');
  });
});
