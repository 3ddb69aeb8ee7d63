// A term's lead followed by another term the question names (ask-index.ts, NAMED_TERM_SHARE): when
// a question names two terms and both rank close, the second's best sentences follow the first's
// quote; a term that ranks as close but that the question does not name adds nothing.
import { describe, expect, it } from 'vitest';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const kettle = glossaryTerm(
  'kettle',
  'Kettle',
  'A kettle is a metal pot with a spout that heats water over a flame or an element.',
  'A kettle whistles when its water boils, as steam escapes through the narrow spout.',
);
const teapot = glossaryTerm(
  'teapot',
  'Teapot',
  'A teapot is a ceramic pot in which tea leaves steep in hot water before serving.',
  'A teapot keeps the water hot while the leaves steep, and its lid holds the heat in for several minutes.',
);
/** Other terms of the kitchen, so that a word's rarity means something. */
const others = ['spoon', 'plate', 'oven', 'fridge'].map((name) =>
  glossaryTerm(
    name,
    name,
    `A ${name} is a thing found in a kitchen drawer or on a counter.`,
    `People clean the ${name} after dinner.`,
  ),
);
const index = loadedIndex([kettle, teapot, ...others]);
const quotedFrom = (question: string) =>
  index.search(question, { limit: 5, types: ['essay', 'glossary'] }).answer?.passages.map((each) => each.slug);

describe("another term's quote after a term's", () => {
  it('follows the lead with the other term the question names', () => {
    const slugs = quotedFrom('should I pour water from the kettle into the teapot while it boils');
    expect(slugs?.[0]).toBe('kettle');
    expect(slugs).toContain('teapot');
  });

  it('adds no term the question does not name, however close it ranks', () => {
    const slugs = quotedFrom('should I pour water from the kettle onto leaves to steep while it boils');
    expect(slugs?.[0]).toBe('kettle');
    expect(slugs).not.toContain('teapot');
  });
});
