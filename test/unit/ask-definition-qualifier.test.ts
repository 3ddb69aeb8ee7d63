// A definition question whose subject is qualified by a clause of when or while ("what is
// limescale when brewing tea"): the subject's head is cut before the clause, as it is before "in"
// or "for", so the term it names gives the definition rather than a term the clause's words name.
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const limescale = glossaryTerm(
  'limescale',
  'Limescale',
  'Limescale is a chalky white crust that hard water leaves inside pots and pipes as it evaporates.',
);
const brewing = glossaryTerm(
  'brewing',
  'Brewing',
  'Brewing tea means steeping leaves in water just off the boil, and hard water brewing leaves a film on the tea.',
  'When brewing tea, the water and the steeping time decide the taste more than the leaves do.',
  ['tea brewing', 'brewing tea'],
);
const index = loadedIndex([limescale, brewing, ...fillerTerms(20)]);

describe('a definition qualified by a when or while clause', () => {
  it("cuts the subject's head before the clause", () => {
    expect(parseQuestion('what is limescale when brewing tea').subject).toEqual({
      full: 'limescale when brewing tea',
      head: 'limescale',
    });
    expect(parseQuestion('what is a deadlock while two threads wait').subject?.head).toBe('deadlock');
  });

  it('reads no subject where the question describes what it asks the name of', () => {
    // "What is the delay between a vote passing and the change taking effect called?" (ask-dev72):
    // its words are a description, not a name to look up.
    expect(parseQuestion('What is the crust that hard water leaves inside a kettle called?').subject).toBeUndefined();
    // A subject that points back at a story is still one.
    expect(parseQuestion('What is that crust called?').intent).toBe('definition');
  });

  it('leads with the term the head names', () => {
    const result = index.search('What is limescale when brewing tea?', { limit: 5, types: ['essay', 'glossary'] });
    expect(result.sources[0]?.url).toBe('http://x/glossary/limescale');
  });
});
