// A yes-or-no question that doubts a claim ("do we actually need one") is answered by the sentence
// that corrects the claim, not by the one that repeats the question's words most.
import { describe, expect, it } from 'vitest';
import { doubtsClaim } from '../../src/core/ask/answer-kind.ts';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const plan: Plan = {
  concepts: [concept('cache', 2), concept('server', 1.5)],
  weights: new Map([
    ['cache', 1],
    ['server', 1],
  ]),
};
const passage = essayPassage(
  [
    'Cache servers keep copies of pages close to their readers.',
    'A cache server answers from memory, so a page loads quickly.',
    'Tuning one takes some care.',
    'A common misunderstanding is that every site needs a cache server of its own; for a small site the memory of the web server is enough.',
  ].join(' '),
);

describe('a question that doubts a claim', () => {
  it('is told from a question that only stresses a word', () => {
    expect(doubtsClaim(parseQuestion('Do we actually need a cache server?'))).toBe(true);
    expect(doubtsClaim(parseQuestion('so did the cache server really fail or what'))).toBe(true);
    expect(doubtsClaim(parseQuestion('How do I know the cache server really answered?'))).toBe(false);
    expect(doubtsClaim(parseQuestion('Do we need a cache server?'))).toBe(false);
  });

  it('quotes the sentence that corrects the claim', () => {
    expect(answerSentences(passage, plan, 90)).not.toContain('misunderstanding');
    expect(answerSentences(passage, { ...plan, doubts: true }, 90)).toContain('A common misunderstanding');
  });

  it('is read in a why-question that grants a claim and asks why something is still so', () => {
    expect(doubtsClaim(parseQuestion('If the cache server already keeps pages, why do I still need a database?'))).toBe(
      true,
    );
    expect(doubtsClaim(parseQuestion('Why do people still run their own cache server?'))).toBe(true);
    expect(doubtsClaim(parseQuestion('Why does a cache server keep pages in memory?'))).toBe(false);
  });

  it('is read in a question whether two things are the same, and answered by what tells them apart', () => {
    expect(doubtsClaim(parseQuestion('Is a cache server the same thing as a proxy?'))).toBe(true);
    expect(doubtsClaim(parseQuestion("Cache vs proxy: aren't they the same thing?"))).toBe(true);
    expect(doubtsClaim(parseQuestion('Will I always get the same page back from a cache server?'))).toBe(false);
    const same = essayPassage(
      [
        'A cache server is different from a proxy: a proxy forwards every request, while a cache keeps copies.',
        'Both answer requests from a nearby machine.',
        'The two often run on one machine.',
        'A cache server bought from a vendor may also come with a support contract.',
      ].join(' '),
    );
    const asked: Plan = { ...plan, concepts: [concept('cache', 2), concept('proxy', 1.5), concept('vendor', 3)] };
    expect(answerSentences(same, asked, 90)).not.toContain('different from a proxy');
    expect(answerSentences(same, { ...asked, doubts: true }, 90)).toContain('different from a proxy');
  });
});
