// A section whose heading names one side of a comparison may set the other against it in a sentence
// that leaves its own side to the heading ("This is different from a sluice, …; in a weir the water
// …" under "Weirs: …"): it sets the two apart and leads. And "is X the same thing as Y" compares
// two things when both are glossary terms; with one the content does not define, it is no comparison.
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { essayDocument, fillerTerms, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const canals = essayDocument(
  'canal-works',
  'Canal works',
  [
    'Canals need ways to hold water back and to let it through when boats or floods come.',
    '## River weirs: the quiet spillway',
    'Such a weir is a low wall across the channel that water flows over all the time. This is different from a sluice, where a keeper opens a gate; at a weir nobody decides anything.',
    '## Gates on the towpath',
    'Towpath gates keep cattle off the bank and are shut every evening by the lock keeper on his round.',
  ],
  ['river-weirs-the-quiet-spillway', 'gates-on-the-towpath'],
);
const index = loadedIndex(
  [
    canals,
    glossaryTerm(
      'river-weir',
      'River weir',
      'A low wall built across a river so that water pools behind it and spills over the top.',
    ),
    glossaryTerm('sluice', 'Sluice', 'A channel with a gate that a keeper raises or lowers to let water through.'),
    ...fillerTerms(30),
  ],
  NO_WORD_VECTORS,
);

describe('a comparison set apart by a section about one side', () => {
  it('is led by the section whose sentence sets the other side against its heading', () => {
    const result = index.search('What is the difference between a sluice and a river weir?', both);
    expect(result.sources[0]).toMatchObject({ slug: 'canal-works', section: 'River weirs: the quiet spillway' });
  });
});

describe('whether two things are the same', () => {
  const named = (name: string) => ['jailbreak', 'prompt injection'].includes(name);
  it('compares them when the glossary names both', () => {
    expect(parseQuestion('Is a jailbreak the same thing as a prompt injection?', named).sides).toEqual([
      'jailbreak',
      'prompt injection',
    ]);
  });

  it('is no comparison when one side is no term, or without the glossary', () => {
    expect(parseQuestion('Is a jailbreak the same thing as encrypting?', named).sides).toBeUndefined();
    expect(parseQuestion('Is a jailbreak the same thing as a prompt injection?').sides).toBeUndefined();
  });
});
