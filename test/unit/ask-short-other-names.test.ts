// A term's short other name ("DAN" of a jailbreak) counts in a sentence as a word of its own, not as
// the start of any word ("dangerous"), when an answer's sentences are chosen (excerpts.ts); the words
// as asked stay prefixes of the words they stem from.
import { describe, expect, it } from 'vitest';
import { answerSentences, conceptPattern } from '../../src/core/ask/excerpts.ts';
import type { Concept, Plan } from '../../src/core/ask/query-plan.ts';
import { indexTerm } from '../../src/core/ask/text.ts';
import { essayPassage } from '../support/ask-documents.ts';

const named = (word: string, idf: number, ...others: string[]): Concept => ({
  asked: [word],
  idf,
  alternatives: [[indexTerm(word)!], ...others.map((other) => [indexTerm(other)!])],
  named: true,
});

describe("a term's short other name", () => {
  it('matches the name and its plural, not a longer word it starts', () => {
    const pattern = conceptPattern(named('rootkit', 1, 'RKT'));
    expect(pattern.test('An RKT hides itself.')).toBe(true);
    expect(pattern.test('Two RKTs were found.')).toBe(true);
    expect(pattern.test('The rktools package is unrelated.')).toBe(false);
  });

  it('keeps the words as asked as prefixes', () => {
    expect(conceptPattern(named('run', 1)).test('She runs the node herself.')).toBe(true);
    expect(conceptPattern(named('run', 1)).test('A runtime check.')).toBe(true);
  });

  it('quotes the sentence that names both sides over one that only starts a word with the name', () => {
    const passage = essayPassage(
      'Spoofing came first. ' +
        'Later work described the more dangerous form of spoofing, aimed at routers. ' +
        'Tampering differs from a jailbreak: in spoofing the sender is forged.',
    );
    const plan: Plan = {
      concepts: [named('spoofing', 5), named('jailbreak', 4, 'DAN')],
      weights: new Map(),
    };
    expect(answerSentences(passage, plan, 12)).toBe(
      'Tampering differs from a jailbreak: in spoofing the sender is forged.',
    );
  });
});
