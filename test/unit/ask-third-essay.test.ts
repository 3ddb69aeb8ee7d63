// An essay section after a term when the second source is another term (ask-index.ts,
// THIRD_ESSAY_SHARE): the term says what the thing is, the essay close behind often why, so its
// best sentences follow the term's quote; the other term's page, not asked by name, adds nothing.
import { describe, expect, it } from 'vitest';
import { essayDocument, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const kettle = glossaryTerm(
  'kettle',
  'Kettle',
  'A kettle is a metal pot with a spout that heats water over a flame or an element.',
  'A kettle is often made of steel or copper, and many have a handle that stays cool.',
);
const teapot = glossaryTerm(
  'teapot',
  'Teapot',
  'A teapot is a ceramic pot with a spout in which tea leaves steep in hot water.',
  'A teapot keeps the water hot while the leaves steep; unlike a kettle pot it never whistles from its spout.',
);
const essay = essayDocument(
  'kitchen-sounds',
  'Kitchen sounds',
  [
    '## Noises at home',
    'A pot whistles because steam escaping through a narrow spout vibrates in a small chamber, and that vibration is the whistle you hear.',
  ],
  ['noises-at-home'],
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

describe("an essay section's quote after a term's, the third source", () => {
  it('follows the term with the essay when another term ranks between them', () => {
    const result = loadedIndex([kettle, teapot, essay, ...others]).search(
      'why does a kettle pot whistle from its spout',
      {
        limit: 5,
        types: ['essay', 'glossary'],
      },
    );
    expect(result.sources.slice(0, 3).map((source) => source.slug)).toEqual(['kettle', 'teapot', 'kitchen-sounds']);
    expect(result.answer?.text).toContain('that vibration is the whistle you hear');
    expect(result.answer?.passages.map((passage) => passage.slug)).not.toContain('teapot');
  });
});
