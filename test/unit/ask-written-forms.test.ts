// A question's word whose Porter stem ends in i for a final y ("strawberry" → strawberri) is found
// in the text as written, when an answer's paragraph and sentences are chosen (excerpts.ts).
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { quotedPassages, type QuotingContext } from '../../src/core/ask/answer-passages.ts';
import { conceptPattern } from '../../src/core/ask/excerpts.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import { indexTerm } from '../../src/core/ask/text.ts';

const paragraph = (text: string): AskPassage => ({
  type: 'essay',
  slug: 'tokens',
  title: 'Tokens',
  section: 'What tokens cost',
  kind: 'paragraph',
  url: 'http://x/essays/tokens#what-tokens-cost',
  markdownUrl: 'http://x/essays/tokens.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: [],
  namesWeigh: false,
  mentions: [],
  context: '',
});
const concept = (word: string, idf: number) => {
  const term = indexTerm(word)!;
  return { asked: [word], idf, alternatives: [[term]], named: false };
};

describe('a stem whose final y became i', () => {
  it('matches its word as written', () => {
    expect(indexTerm('strawberry')).toBe('strawberri');
    expect(conceptPattern(concept('strawberry', 1)).test('How many letters are in "strawberry"?')).toBe(true);
    expect(conceptPattern(concept('key', 1)).test('The key dimension sets the scale.')).toBe(true);
    expect(conceptPattern(concept('strawberries', 1)).test('Strawberries are red.')).toBe(true);
  });

  it("chooses the section's paragraph that names the word as written", () => {
    // "why can't a model count the letters in strawberry": the opening paragraph counts tokens, the
    // later one names the word asked about.
    const passages = [
      paragraph('Prices are counted in tokens. Counting them tells you what a request costs.'),
      paragraph('A model asked about strawberry sees two tokens, not ten letters.'),
    ];
    const context: QuotingContext = {
      passages,
      ranking: { paragraphsOf: () => [], passagesBeside: () => [0, 1], definitionOf: () => undefined },
    };
    const plan: Plan = { concepts: [concept('count', 3), concept('strawberry', 5)], weights: new Map() };
    const quoted = quotedPassages(context, 0, plan, parseQuestion("why can't a model count the r's in strawberry"));
    expect(quoted.map((each) => each.passage)).toEqual([1]);
  });
});
