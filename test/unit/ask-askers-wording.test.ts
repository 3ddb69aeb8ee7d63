// The asker's own wording (situation.ts unusedWeighed, query-plan.ts, index-build.ts spellerFor):
// everyday English no passage uses ("legit", "bunch") is neither a typo of a word the content uses
// nor a rare part of what is asked that sinks every passage's coverage; a figure glued to its unit
// ("4bit") is read as the content writes it ("4-bit").
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { spellerFor } from '../../src/core/ask/index-build.ts';
import { type Concept, type Plan, QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { withoutChat } from '../../src/core/ask/question.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { unusedWeighed } from '../../src/core/ask/situation.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const concept = (word: string, idf: number, named = false): Concept => ({
  asked: [word],
  idf,
  alternatives: [[word]],
  named,
});

describe('words no passage uses', () => {
  const plan: Plan = {
    concepts: [concept('worldcoin', 7), concept('legit', 8), concept('eyeball', 8)],
    whole: [concept('worldcoin', 7), concept('legit', 8)],
    weights: new Map(),
  };
  const askersOwn = (each: Concept) => each.asked[0] !== 'worldcoin';

  it('count less when the question is also about something the content covers', () => {
    const weighed = unusedWeighed(plan, { askersOwn, aboutContent: (each) => each.asked[0] === 'worldcoin' });
    const idf = (concepts: readonly Concept[] | undefined, word: string) =>
      concepts?.find((each) => each.asked[0] === word)?.idf ?? NaN;
    expect(idf(weighed.concepts, 'legit')).toBeLessThan(8);
    expect(idf(weighed.concepts, 'eyeball')).toBeLessThan(8);
    expect(idf(weighed.whole, 'legit')).toBeLessThan(8);
    // What the content covers keeps its weight.
    expect(idf(weighed.concepts, 'worldcoin')).toBe(7);
  });

  it('keep their weight when nothing else is about the content ("who won the world cup")', () => {
    expect(unusedWeighed(plan, { askersOwn, aboutContent: () => false })).toBe(plan);
  });
});

describe('a figure glued to its unit', () => {
  const postings = (...terms: string[]) => new Map(terms.map((term) => [term, [0, 1]]));

  it('is read as the figure and the unit when the content writes them apart', () => {
    const planner = new QueryPlanner(postings('4', 'bit', 'quantiz'), 10, []);
    const asked = planner.plan('my 4bit quantized model').concepts.map((each) => each.asked.join(' '));
    expect(asked).toContain('4');
    expect(asked).toContain('bit');
    expect(asked).not.toContain('4bit');
  });

  it('stays one word when the content writes it so', () => {
    const planner = new QueryPlanner(postings('4bit', 'quantiz'), 10, []);
    expect(planner.plan('my 4bit model').concepts.map((each) => each.asked.join(' '))).toContain('4bit');
  });
});

describe('chat shorthand', () => {
  it('is set aside in lowercase ("ppl": people), kept as an acronym ("PPL": perplexity)', () => {
    expect(withoutChat('why do ppl farm airdrops')).toBe('why do farm airdrops');
    expect(withoutChat('how is PPL computed')).toBe('how is PPL computed');
    // A question typed all in capitals writes no acronym.
    expect(withoutChat('WHY DO PPL FARM AIRDROPS')).toBe('WHY DO FARM AIRDROPS');
  });

  it("sets aside the asker's address and shortened words, which name nothing the content lacks", () => {
    // Read as names, "bro" and "abt" declined these as asking about something never mentioned.
    expect(withoutChat('bro what even is a merkle tree')).toBe('what even is a merkle tree');
    expect(withoutChat('i keep hearing abt the dao hack, what happened')).toBe(
      'i keep hearing the dao hack, what happened',
    );
    expect(withoutChat('do i rly need a full node')).toBe('do i need a full node');
  });
});

describe('chat shorthand in capitals', () => {
  const glossaryNames = (word: string) => word === 'PPL';

  it('is set aside unless the glossary names it ("IMO", "DM" are chat; "PPL" is perplexity)', () => {
    expect(withoutChat('what is a rollup IMO', glossaryNames)).toBe('what is a rollup');
    expect(withoutChat('a stranger in a discord DM asked for my seed phrase', glossaryNames)).toBe(
      'a stranger in a discord asked for my seed phrase',
    );
    expect(withoutChat('how is PPL computed', glossaryNames)).toBe('how is PPL computed');
  });
});

describe.runIf(readWordVectors())('a question with chat shorthand in capitals', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'rollup',
        'Rollup',
        'A rollup executes transactions off the main chain and posts their data back to it.',
        'A rollup inherits the security of the chain it posts to.',
      ),
      glossaryTerm('perplexity', 'Perplexity', 'Perplexity measures how surprised a model is by text.', '', ['PPL']),
    ]);
  }, 60_000);

  it('is answered as the question without it, not declined as a name the content lacks', () => {
    expect(index.search('what is a rollup IMO', options).answer).not.toBeNull();
    expect(index.search('how is PPL computed', options).sources[0]?.slug).toBe('perplexity');
  });
});

describe('the speller and everyday English', () => {
  const passage = (text: string) => ({ text, names: [] }) as unknown as Parameters<typeof spellerFor>[0][number];
  const passages = [passage('The logit of each token is a raw score.'), passage('A logit becomes a probability.')];

  it('leaves a word of everyday English alone, though it is a letter from a word the content uses', () => {
    const everyday = (word: string) => word.toLowerCase() === 'legit';
    expect(spellerFor(passages, new Map(), [], everyday).correct('is it legit')).toBeUndefined();
    // Without knowing the word, the speller reads it as a typo.
    expect(spellerFor(passages, new Map()).correct('is it legit')?.text).toBe('is it logit');
  });
});

describe.runIf(readWordVectors())('a question with slang in it', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'logit',
        'Logit',
        'A logit is the raw score a model gives each token before softmax turns scores into probabilities.',
        'The logit of each token is scaled by the temperature.',
      ),
    ]);
  }, 60_000);

  it('is searched as typed when a word is everyday English, not a typo', () => {
    expect(index.search('is a logit legit', options).searched_for).toBeNull();
  });
});
