// A question's word whose Porter stem ends in i for a final y ("strawberry" → strawberri) is found
// in the text as written, when an answer's paragraph and sentences are chosen (excerpts.ts).
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { conceptPattern } from '../../src/core/ask/excerpts.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { indexTerm } from '../../src/core/ask/text.ts';
import { essayPassage, sectionQuoting } from '../support/ask-documents.ts';

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
    const context = sectionQuoting([
      essayPassage('Prices are counted in tokens. Counting them tells you what a request costs.'),
      essayPassage('A model asked about strawberry sees two tokens, not ten letters.'),
    ]);
    const plan: Plan = { concepts: [concept('count', 3), concept('strawberry', 5)], weights: new Map() };
    const quoted = quotedPassages(context, 0, plan, parseQuestion("why can't a model count the r's in strawberry"));
    expect(quoted.filter((each) => !each.alone).map((each) => each.passage)).toEqual([1]);
  });
});
