// The speller never corrects a word into one too short to correct itself (speller.ts): "elon" is
// a name the content lacks, not a slip for the content's "elo", while a slip in a longer word is
// still corrected.
import { describe, expect, it } from 'vitest';
import { Speller, vocabularyOf } from '../../src/core/ask/speller.ts';

const content = [
  'The elo score of a chess player rises when they win; an elo gap predicts the odds.',
  'A ledger keeps every transfer; the ledger is shared by all nodes.',
];

describe('the speller and short words', () => {
  const speller = new Speller(vocabularyOf(content), [], () => false, new Map());

  it('leaves a word one letter longer than a short word of the content as asked', () => {
    expect(speller.correct('who is elon')).toBeUndefined();
  });

  it('still corrects a slip in a word long enough to tell', () => {
    expect(speller.correct('what is a ledgr')?.text).toBe('what is a ledger');
  });
});
