// Comparatives and superlatives in a question ("so much faster", "the cheapest") speak to a text
// that states the plain degree ("runs are fast"): Porter's stemmer keeps "faster" apart from "fast",
// so the question's word takes its plain degree as an alternative, while nouns that end the same
// way ("validator", "layer") stay as they are.
import { describe, expect, it } from 'vitest';
import type { AskOptions } from '../../src/core/ask/ask-index.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { positiveDegree } from '../../src/core/ask/text.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

describe('plain degree of an everyday adjective', () => {
  it.each([
    ['faster', 'fast'],
    ['fastest', 'fast'],
    ['cheaper', 'cheap'],
    ['bigger', 'big'],
    ['biggest', 'big'],
    ['easier', 'easy'],
    ['safest', 'safe'],
    ['larger', 'large'],
  ])('reads %s as %s', (asked, plain) => {
    expect(positiveDegree(asked)).toBe(plain);
  });

  it.each(['validator', 'layer', 'transformer', 'order', 'user', 'sender', 'fast', 'interest', 'forest'])(
    'leaves %s as it is',
    (word) => {
      expect(positiveDegree(word)).toBe(word);
    },
  );
});

const documents = [
  glossaryTerm(
    'redemption-run',
    'Redemption run',
    'A rush of holders asking a token issuer for their money back at once.',
    'On a public chain a redemption run is fast: every holder sees the same news and can leave within minutes, at any hour.',
  ),
  glossaryTerm(
    'deposit-insurance',
    'Deposit insurance',
    'A guarantee that a bank’s depositors are repaid up to a limit if the bank fails.',
    'Insurance makes a bank run less likely, and the run itself moves at the speed of branches and wire transfers.',
  ),
];

describe('a question that compares by degree', () => {
  const index = loadedIndex(documents);
  const options: AskOptions = { limit: 3, types: ['glossary'] };

  it('plans a comparative with its plain degree as an alternative', () => {
    const planner = new QueryPlanner(new Map([['fast', [0, 1]]]), 2, []);
    const faster = planner.plan('why so much faster').concepts.find((concept) => concept.asked[0] === 'faster');
    expect(faster?.alternatives).toContainEqual(['fast']);
  });

  it('is answered by the passage that states the plain degree, not declined for a word no text says', () => {
    const result = index.search('why are runs on a token faster', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('redemption-run');
    expect(result.answer?.text).toMatch(/is fast/);
  });
});
