// The speller's second edit and derived words (speller.ts): a long word two edits from a content word
// is a typo of it only when one of the edits is a swap, and a known word with an everyday prefix or
// suffix is no typo at all.
import { describe, expect, it } from 'vitest';
import { oneEditAfterSwap, Speller, vocabularyOf } from '../../src/core/ask/speller.ts';

// A correction must be a word the content uses twice or more.
const content = [
  'A blockchain is a ledger; every blockchain keeps a trainable record. The model is trainable.',
  'Validators reported the fault and reported it again. Ethereum launched; the network launched early.',
  'A transformer reads tokens; the transformer attends. Traders trade tokens and trade them again.',
  'Posted messages are posted to the chain. A growing chain keeps growing.',
];

describe('oneEditAfterSwap', () => {
  it('tells a swap and an edit from two other edits', () => {
    expect(oneEditAfterSwap('blokchian', 'blockchain')).toBe(true);
    expect(oneEditAfterSwap('tranofrmer', 'transformer')).toBe(true);
    expect(oneEditAfterSwap('tradeable', 'trainable')).toBe(false);
    expect(oneEditAfterSwap('launchpad', 'launched')).toBe(false);
  });
});

describe('the speller and words two edits away', () => {
  const speller = new Speller(vocabularyOf(content), []);

  it('corrects a long word a swap and one edit away', () => {
    expect(speller.suggest('blokchian')).toBe('blockchain');
    expect(speller.suggest('tranofrmer')).toBe('transformer');
  });

  it('leaves a long word two other edits away alone', () => {
    expect(speller.suggest('launchpad')).toBeUndefined();
    expect(speller.suggest('grokking')).toBeUndefined();
  });

  it('leaves a known word with an everyday prefix or suffix alone', () => {
    expect(speller.suggest('tradeable')).toBeUndefined();
    expect(speller.suggest('reposted')).toBeUndefined();
  });

  it('still corrects a slip whose letters happen to start with a prefix', () => {
    expect(speller.suggest('reprted')).toBe('reported');
  });
});
