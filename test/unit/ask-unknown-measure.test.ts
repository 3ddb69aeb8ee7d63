// What a figure question measures ("how much carbon …", "how many bones …"), in a word the content
// never uses, declines it as asking about something the content never mentions (unknown-terms.ts):
// the content states no figure of it, however well the question's other words match a page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe.runIf(readWordVectors())('a figure question about what the content never measures', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'kettle',
        'Kettle',
        'A kettle boils water with an electric element; a full kettle of water takes about three minutes and draws 2,000 watts.',
        'Hard water leaves limescale inside the kettle, which a descaler dissolves.',
      ),
      ...fillerTerms(40),
    ]);
  }, 60_000);

  it('is declined when the word measured is one the content never uses', () => {
    const result = index.search('How much carbon was emitted by boiling a full kettle of water?', options);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/never mention.*carbon/);
  });

  it('is answered when the content uses the word measured', () => {
    const result = index.search('How much water does a full kettle boil?', options);
    expect(result.no_answer_reason ?? '').not.toMatch(/never mention/);
    expect(result.sources[0]?.slug).toBe('kettle');
  });
});
