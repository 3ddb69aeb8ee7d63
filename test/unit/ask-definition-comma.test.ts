// A definition question that goes on after a comma ("whats limescale, keep seeing it in my
// kettle"): the subject's head is cut at the comma, so the term it names gives the definition
// rather than a term the words after it name.
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const limescale = glossaryTerm(
  'limescale',
  'Limescale',
  'Limescale is a chalky white crust that hard water leaves inside pots and pipes as it evaporates.',
);
const kettle = glossaryTerm(
  'kettle',
  'Kettle',
  'A kettle is a pot with a spout for boiling water, and you keep seeing one in every kitchen.',
  'Hard water leaves a crust in a kettle that needs descaling now and then.',
);
const index = loadedIndex([limescale, kettle, ...fillerTerms(20)]);

describe('a definition that goes on after a comma', () => {
  it("cuts the subject's head at the comma", () => {
    expect(parseQuestion('whats limescale, keep seeing it in my kettle').subject).toEqual({
      full: 'limescale, keep seeing it in my kettle',
      head: 'limescale',
    });
  });

  it('leads with the term the head names', () => {
    const result = index.search('yo whats limescale, keep seeing it in my kettle', {
      limit: 5,
      types: ['essay', 'glossary'],
    });
    expect(result.sources[0]?.url).toBe('http://x/glossary/limescale');
  });
});
