// A section that leads a comparison by discussing both sides says one of them whole: a side's own
// word can be everyday ("work" of "proof of work"), and a section on something else that happens to
// use it, beside what is asked ("secure"), says nothing of the two.
import { describe, expect, it } from 'vitest';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const storage = essayDocument(
  'storage-networks',
  'Paying for disk space',
  [
    'Networks that rent out disk space need a way to check that a host still keeps the files it was paid for.',
    '## Audits and their proofs',
    'An audit is secure when a host that threw the data away cannot answer it: the proofs are cheap to check, the work of faking them is not, and free space on a disk proves nothing by itself. Auditors keep these proofs secure against replay by asking about a fresh random block each time.',
    '## Proof of capacity',
    'Proof of capacity chains choose block makers by the disk they fill with plotted data; an attacker needs more disk than the honest farmers hold.',
  ],
  ['audits-and-their-proofs', 'proof-of-capacity'],
);
const index = loadedIndex(
  [
    storage,
    glossaryTerm(
      'proof-of-capacity',
      'Proof of capacity',
      'A way of picking who adds the next block by how much disk a participant has filled with precomputed data.',
      '',
      ['proof of space'],
    ),
    glossaryTerm(
      'proof-of-work',
      'Proof of work',
      'A way of picking who adds the next block by making machines race to solve a costly puzzle that is cheap to check.',
      '',
      ['mining'],
    ),
  ],
  NO_WORD_VECTORS,
);

describe('a comparison led by a section that discusses both sides', () => {
  it('is not led by a section that says neither side whole', () => {
    const result = index.search('is proof of space less secure than proof of work', both);
    expect(result.sources[0]).not.toMatchObject({ slug: 'storage-networks', section: 'Audits and their proofs' });
    expect(result.answer).not.toBeNull();
  });
});
