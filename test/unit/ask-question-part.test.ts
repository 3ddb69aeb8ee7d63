// A long question's question part (question.ts questionClause): a short question that is a
// sentence of its own ("Why not?") is what the message asks, its circumstances before it; two
// words at the end of a sentence that tells the rest ("…, what now") are not.
import { describe, expect, it } from 'vitest';
import { questionClause } from '../../src/core/ask/question.ts';

describe('a short question after a long situation', () => {
  it('is the question part when it is a sentence of its own', () => {
    const asked =
      'I wanted to run an order book for our token on Ethereum like a stock exchange does. ' +
      'A friend says nobody builds one that way on-chain. Why not?';
    expect(questionClause(asked)).toBe('Why not');
  });

  it('is not the question part after a comma, where it ends the sentence that tells the rest', () => {
    const asked =
      'we have one small GPU, an open model and two thousand labelled replies, and we need answers in our format, what now';
    expect(questionClause(asked)).toBeUndefined();
  });

  it('still takes a question part of three words or more after a comma', () => {
    const asked =
      'our team keeps getting different replies from the model for the same prompt every single time, what setting controls that';
    expect(questionClause(asked)).toBe('what setting controls that');
  });
});
