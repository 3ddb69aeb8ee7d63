// Two sides whose best passage is one essay passage that names both ("What MiCA and the GENIUS Act
// change"): each side then looks past that passage, not past the whole essay, so neither is declined
// for a side found in an unrelated page.
import { describe, expect, it } from 'vitest';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] } as const;

const rules = essayDocument(
  'reserve-rules',
  'How reserve laws differ',
  [
    'Reserve laws decide what may back a token that promises to be worth one unit of money.',
    '## What the Alpha Act and the Beta Act change',
    'The Alpha Act and the Beta Act differ.',
    '## Deposits',
    'Issuers covered by the Alpha Act must hold their reserves as bank deposits, with at least thirty percent of them at banks other than their own, and publish the list of banks every quarter.',
    '## Bills',
    'Issuers covered by the Beta Act may hold short government bills of ninety days or less beside deposits, and must publish a report of their holdings every month.',
  ],
  ['what-the-alpha-act-and-the-beta-act-change', 'deposits', 'bills'],
);
const lawTerms = [
  glossaryTerm(
    'reserve',
    'Reserve',
    'The assets that back a token, such as deposits; the Alpha Act names which count.',
  ),
  glossaryTerm('acting', 'Acting agent', 'An agent that alternates thinking and acting: each act is a call to a tool.'),
];

describe('two sides whose best passage is one essay passage naming both', () => {
  const index = loadedIndex([rules, ...lawTerms], NO_WORD_VECTORS);

  it('is answered from that essay, not declined for a side found elsewhere', () => {
    const result = index.search('How do the Alpha Act and the Beta Act differ in their reserve rules?', both);
    expect(result.answer).not.toBeNull();
    expect(result.answer!.slug).toBe('reserve-rules');
    expect(result.answer!.text).toMatch(/thirty percent|ninety days/);
  });
});
