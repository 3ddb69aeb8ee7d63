// A name the circumstances give is what a long question asks about when its question part points
// back at it ("Someone suggested GraphRAG. How does it build its graph?") or chooses among the
// options they named ("… between RISC Zero and SP1 … Which should I pick?"), and a name with its
// number joined ("Halo2") is a name like any other (unknown-terms.ts): the content never writing it
// declines the question, however well its other words match.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
const neverMentioned = /never mention/;

describe.runIf(table)('names the circumstances give, and names with a number joined', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'hybrid-search',
        'Hybrid search',
        'Retrieval that runs BM25 and vector search over the same documents and merges their rankings.',
        'Hybrid search builds two indexes, one of words and one of embeddings, and fuses the two ranked lists.',
      ),
      ...fillerTerms(30),
    ]);
  }, 60_000);

  it('declines a question part pointing back at a name the content never writes', () => {
    const asked = index.search(
      'Our search system struggles with questions that span many documents. Someone suggested GlintRAG. ' +
        'How does it build its indexes?',
      options,
    );
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/never mention .*GlintRAG/);
  });

  it('still answers when the question part asks about something else', () => {
    const asked = index.search(
      'Our search system struggles with questions that span many documents. Someone suggested GlintRAG. ' +
        'How does hybrid search build its indexes?',
      options,
    );
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
  });

  it('reads a question clause joined by "and" before the question part as asked too', () => {
    const asked = index.search('Is there a cap on GlintRAG indexes, and how many are built each day?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/never mention .*GlintRAG/);
  });

  it('declines a choice among options the content does not name', () => {
    const asked = index.search(
      "I'm building document search and trying to decide between Quarz Nine and hybrid search for ranking. " +
        'My documents are long. Which should I pick?',
      options,
    );
    expect(asked.no_answer_reason).toMatch(/never mention .*Quarz Nine/);
  });

  it('declines a name with its number joined that the content never writes, not one it writes', () => {
    expect(index.search('How does Vela2 build its indexes?', options).no_answer_reason).toMatch(
      /never mention .*Vela2/,
    );
    expect(index.search('How does BM25 rank documents in hybrid search?', options).no_answer_reason ?? '').not.toMatch(
      neverMentioned,
    );
  });
});
