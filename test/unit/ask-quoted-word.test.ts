// A word the asker quotes is asked in any of its forms ("an AI chatbot "hallucinated"" of a page on
// hallucination: ask-dev62, ask-dev66, ask-dev77), or as any other word when the content writes none
// of them ("burnt" of "burned"), while a quoted phrase of several words must be written as quoted
// (passage-ranking.ts).
import { describe, expect, it } from 'vitest';
import { glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const index = loadedIndex(
  [
    glossaryTerm(
      'hallucination',
      'Hallucination',
      'What people mean when they say an AI chatbot or a model is making things up: it states ' +
        'something false with confidence, such as an invented quotation.',
    ),
    glossaryTerm(
      'base-fee',
      'Base fee',
      'The part of a transaction fee that the protocol sets for each block; it is burned rather than paid to anyone.',
    ),
    glossaryTerm(
      'proof-of-work',
      'Proof of work',
      'Miners spend computation to win the right to add the next block to the chain.',
    ),
  ],
  NO_WORD_VECTORS,
);

describe('a quoted word', () => {
  it('is found in any of its forms', () => {
    for (const question of [
      'When people say an AI chatbot "hallucinated", what do they mean by that?',
      'When people say a model is "hallucinating", what do they mean?',
    ])
      expect(index.search(question, both).answer?.slug, question).toBe('hallucination');
  });

  it('is searched as any other word when no passage holds it in any form', () => {
    // "burnt" and "burned" are two terms: no passage holds the quoted one, so the quote is set aside.
    expect(index.search('Why is the base fee "burnt" instead of paid to anyone?', both).answer?.slug).toBe('base-fee');
  });

  it('leaves a quoted phrase of several words to be written as quoted', () => {
    const asked = index.search('What does "proof of burn" mean?', both);
    expect(asked.answer).toBeNull();
  });
});
