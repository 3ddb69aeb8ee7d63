// A name the glossary writes as an acronym ("DAI", "APY") is named by a question's word only when
// the word is its letters: Porter's stemmer makes "days" the stem of "DAI", and a question that
// says "30 days" is not about a stablecoin. (Its letters still match the word where a passage writes
// it: the index keeps one stem per word.)
import { describe, expect, it } from 'vitest';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';

const planner = new QueryPlanner(new Map(['dai', 'limit', 'stablecoin', 'back'].map((term) => [term, [0, 1]])), 10, [
  { slug: 'stablecoin', names: ['Stablecoin', 'DAI'] },
]);
const named = (question: string, word: string) =>
  planner.plan(question).concepts.find((concept) => concept.asked.includes(word))?.named;

describe('a name written as an acronym', () => {
  it('is not named by an English word that only shares its stem', () => {
    expect(named('the limit is 30 days', 'days')).toBe(false);
    expect(planner.slugsNamed('days')).toEqual([]);
    // …so the term's name is no synonym of it: passages about stablecoins do not rank for "days".
    expect(planner.plan('the limit is 30 days').weights.has('stablecoin')).toBe(false);
  });

  it('is named by its letters, however they are written', () => {
    expect(named('how is DAI backed', 'DAI')).toBe(true);
    expect(named('how is dai backed', 'dai')).toBe(true);
    expect(named('are DAIs backed', 'DAIs')).toBe(true);
    expect(planner.slugsNamed('DAI')).toEqual(['stablecoin']);
  });
});
