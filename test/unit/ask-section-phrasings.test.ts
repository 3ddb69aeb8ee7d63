// An essay's "asked" phrasings (front matter, per `##` or `###` section) bring that section to a question in
// the reader's words, which the section's own text never uses; they are ranked, never quoted.
import { describe, expect, it } from 'vitest';
import { type AskDocument, OPENING_SECTION, passagesOf } from '../../src/core/ask/ask-documents.ts';
import { AskIndex, type AskOptions } from '../../src/core/ask/ask-index.ts';
import { DIMENSIONS, passageVectorsOf } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const body = [
  'Lending protocols let anyone borrow against tokens they deposit, with no bank in between.',
  '## Collateral ratios',
  'A borrower deposits more value than they take out: 150 dollars of ether secures at most 100 dollars of stablecoins. The surplus absorbs price moves between the moment a position weakens and the moment anyone acts on it.',
  '## Liquidation',
  'When the health factor of a position falls below one, anyone may repay part of the debt and seize collateral at a discount. The discount pays keepers to watch every position around the clock.',
  '### Cascades',
  'Seized collateral is sold at once, which pushes its market value lower and weakens further positions in turn.',
].join('\n\n');

const lending = (asked: AskDocument['sectionsAsked']): AskDocument => ({
  type: 'essay',
  slug: 'lending',
  title: 'Lending without banks',
  aliases: [],
  ...(asked ? { sectionsAsked: asked } : {}),
  definition: null,
  body,
  anchors: ['collateral-ratios', 'liquidation', 'cascades'],
  url: 'http://x/essays/lending',
  markdownUrl: 'http://x/essays/lending.md',
});

const PHRASINGS = {
  Liquidation: ['why did my loan get closed when the market crashed', 'who takes my deposit if I owe too much'],
  [OPENING_SECTION]: ['can I get credit on chain without a bank'],
};

const other = glossaryTerm(
  'market',
  'Market',
  'A place where buyers and sellers meet, and prices move with what they are willing to pay.',
  'When a market crashed in the past, traders closed positions and prices fell further.',
);

const indexOf = (essay: AskDocument) => loadedIndex([essay, other]);
const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };
const QUESTION = 'why did my loan get closed when the market crashed';

describe("an essay section's asked phrasings", () => {
  it('bring the section first for a question in those words', () => {
    const result = indexOf(lending(PHRASINGS)).search(QUESTION, both);
    expect(result.sources[0]).toMatchObject({ slug: 'lending', section: 'Liquidation' });
    expect(result.answer).toMatchObject({ slug: 'lending', section: 'Liquidation' });
    // Ranked, never quoted: the answer is the section's own text.
    expect(result.answer?.text).not.toMatch(/my loan/);
  });

  it("leave the passages' semantic vectors as the sections' own words make them", () => {
    // Word weights (IDF) shift a little as the phrasings add words to the index; meaning does not.
    const vectors = (essay: AskDocument) => passageVectorsOf(AskIndex.build([essay, other]).passageVectors ?? '');
    const [asked, plain] = [vectors(lending(PHRASINGS)), vectors(lending(undefined))];
    expect(asked.length).toBe(plain.length);
    for (let at = 0; at < asked.length; at += DIMENSIONS) {
      const [a, b] = [asked.subarray(at, at + DIMENSIONS), plain.subarray(at, at + DIMENSIONS)];
      const dot = a.reduce((sum, value, index) => sum + value * b[index]!, 0);
      const norm = (v: Float32Array) => Math.hypot(...v);
      expect(dot / (norm(a) * norm(b))).toBeGreaterThan(0.98);
    }
  });

  it('are what finds it: without them the same question goes elsewhere', () => {
    const result = indexOf(lending(undefined)).search(QUESTION, both);
    expect(result.sources[0]).not.toMatchObject({ slug: 'lending', section: 'Liquidation' });
  });

  it("go with the passages under their heading only, and the opening's with the opening", () => {
    const passages = passagesOf(lending(PHRASINGS));
    const askedOf = (section: string | null) =>
      passages.filter((passage) => passage.section === section).map((passage) => passage.asked);
    expect(askedOf('Liquidation')).toEqual([expect.stringContaining('who takes my deposit')]);
    // A ### part is a section of its own: keyed by its heading, or with none.
    expect(askedOf('Cascades')).toEqual([undefined]);
    expect(askedOf('Collateral ratios')).toEqual([undefined]);
    expect(askedOf(null)).toEqual([expect.stringContaining('credit on chain')]);
  });
});
