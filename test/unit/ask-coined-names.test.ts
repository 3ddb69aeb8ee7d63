// A word written with a capital after a small letter ("HyDE", "GraphRAG") is a coined name
// (unknown-terms.ts), not the everyday word spelt the same way that the word vectors hold ("Hyde"):
// a question about one the content never writes is declined however well its other words match.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe.runIf(table)('a coined name written in mixed case', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'summary-evaluation',
        'Summary evaluation',
        'Scoring a summary model by counting the words its summaries share with summaries written by people; ' +
          'the ReCaP score does so over a test set of documents.',
      ),
    ]);
  }, 60_000);

  it('declines a coined name the content never writes, though an everyday word is spelt like it', () => {
    const asked = index.search('How does the SpiCE score evaluate a summary model?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/never mention .*SpiCE/);
  });

  it('answers a coined name the content writes', () => {
    const asked = index.search('How does the ReCaP score evaluate a summary model?', options);
    expect(asked.answer?.slug).toBe('summary-evaluation');
  });
});
