// A "what is X" asked by the term's bare name (answer-passages.ts): the definition is quoted whole,
// without a paragraph of the term's page, and the essay section ranked beside it follows, within
// the words the definition leaves: the essay often gives the figure or mechanism the definition
// leaves out. Content is made up for this test.
import { describe, expect, it } from 'vitest';
import { essayDocument, fillerTerms, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const index = loadedIndex(
  [
    glossaryTerm(
      'tide-seal',
      'Tide seal',
      'A stamp pressed into a harbour ledger that shows the page was closed before the tide turned. Clerks add it so nobody can write in a late entry.',
      'The custom began in old port towns, where clerks kept ledgers of cargo.\n\nSome harbours still keep it for ceremony.',
    ),
    essayDocument(
      'harbour-records',
      'Harbour records',
      [
        '## Sealing the ledger',
        'A tide seal closes the page with a wax mark of 12 millimetres, pressed by the harbour master at the turn of the tide.',
        'Ledgers were later kept in stone rooms.',
      ],
      ['sealing-the-ledger'],
    ),
    ...fillerTerms(40),
  ],
  NO_WORD_VECTORS,
);

describe('a definition asked by the bare name', () => {
  it('is quoted whole and followed by the essay section ranked beside it, not the page body', () => {
    const result = index.search('what is a tide seal?', { limit: 5, types: ['essay', 'glossary'] });
    const passages = result.answer!.passages;
    expect(passages[0]).toMatchObject({ type: 'glossary', slug: 'tide-seal' });
    expect(passages[0]!.text).toContain('closed before the tide turned');
    expect(passages.map((passage) => passage.slug)).toEqual(['tide-seal', 'harbour-records']);
    expect(result.answer!.text).toContain('12 millimetres');
    expect(result.answer!.text).not.toContain('old port towns');
  });
});
