// The home section of a glossary term (lead-home.ts) may lead a plain what-is question, and the
// guard that keeps a what-is question on the term's definition reads it through talk around it
// (question-reading.ts, definedSubjects).
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { isHome } from '../../src/core/ask/lead-home.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { definedSubjects } from '../../src/core/ask/question-reading.ts';
import { glossaryTerm } from '../support/ask-documents.ts';

const garden: AskDocument = {
  type: 'essay',
  slug: 'kitchen-garden',
  title: 'The kitchen garden',
  aliases: [],
  definition: null,
  body: [
    'A season in a small kitchen garden, from the first sowing to the last harvest.',
    '## Composting',
    'Peelings, grass cuttings and dry leaves are layered in a bin and turned each month until they crumble.',
  ].join('\n\n'),
  anchors: ['composting'],
  url: 'http://x/essays/kitchen-garden',
  markdownUrl: 'http://x/essays/kitchen-garden.md',
};
const built = AskIndex.build([
  glossaryTerm('composting', 'Composting', 'Composting is the rotting down of plant waste into soil food.'),
  garden,
]);
const term = built.passages.find((passage) => passage.slug === 'composting')!;
const home = built.passages.find((passage) => passage.section === 'Composting')!;

describe('isHome', () => {
  it('lets the home lead a what-is question that asks nothing beyond the term', () => {
    expect(isHome('definition', home, 0, term, 0, false)).toBe(true);
  });

  it('asks more than the term of a question told amid its circumstances, and of other kinds', () => {
    expect(isHome('definition', home, 0, term, 0, true)).toBe(false);
    expect(isHome('procedure', home, 0, term, 0, false)).toBe(false);
    expect(isHome('procedure', home, 0.5, term, 0, false)).toBe(true);
  });
});

describe('definedSubjects', () => {
  const fulls = (asked: string) => [...definedSubjects(parseQuestion(asked))].map((subject) => subject.full);

  it('reads the term of a what-is question with talk after it', () => {
    expect(fulls('what is compost? be straight with me')).toContain('compost');
  });

  it('reads the term of a what-is question with talk before it', () => {
    expect(fulls('real question - what is a compost bin?')).toContain('compost bin');
  });

  it('reads no term where no part asks what something is', () => {
    expect(fulls('how do I turn a compost heap - by hand?')).toEqual([]);
  });
});
