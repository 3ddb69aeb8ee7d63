// A what-is question whose subject is followed by a second question or by chat ("what is x402 lol
// is 402 even a real http code"): the subject ends there, so the term it names is asked, not a
// phrase of the whole rest that the content never names.
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { essayDocument, fillerTerms, loadedIndex } from '../support/ask-documents.ts';

const payments = essayDocument(
  'paying-agents',
  'Agents that pay',
  [
    'Software agents increasingly pay for what they use.',
    '## Payments over the web',
    'Zorb, a proposal published in 2025, revives the long-unused status code 402 so that a server can ask to be paid before it answers a request.',
  ],
  ['payments-over-the-web'],
);
const index = loadedIndex([payments, ...fillerTerms(20)]);
const both = { limit: 5, types: ['essay', 'glossary'] } as const;

describe("a subject's end", () => {
  it('comes at a question mark with more after it', () => {
    expect(parseQuestion('what is zorb? is that status code even real').subject?.head).toBe('zorb');
  });

  it('comes at a chat interjection', () => {
    expect(parseQuestion('what is zorb lol is the status code even real').subject?.head).toBe('zorb');
  });

  it('lets the term be answered when chat or a second question follows it', () => {
    for (const question of [
      'ok so what is zorb lol is 402 even a real status code',
      'what is zorb? is 402 a real status code',
    ]) {
      const result = index.search(question, both);
      expect(result.answer?.slug, question).toBe('paying-agents');
    }
  });
});
