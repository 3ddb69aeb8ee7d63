// A long question's question part, read apart from its circumstances (question-reading.ts): live
// data is declined when the question part asks for it, not when the circumstances say when
// something happened; advice stays declined wherever it is asked for, and a "who" question part
// is found like any other.
import { describe, expect, it } from 'vitest';
import { readQuestion } from '../../src/core/ask/question-reading.ts';
import { questionClause } from '../../src/core/ask/question.ts';
import { Speller, vocabularyOf } from '../../src/core/ask/speller.ts';

const content = [
  'A token approval lets a contract move your tokens; an unlimited approval stays until it is revoked.',
  'A multisig council can upgrade contracts; token holders vote on proposals after a timelock delay.',
];
const speller = new Speller(vocabularyOf(content), [], () => false);
const read = (asked: string) => readQuestion(asked, speller);

describe('the scope of a long question', () => {
  it('answers a question whose circumstances mention today, when its question part asks no live data', () => {
    const asked = read(
      'Last year my wallet gave a lending app an unlimited token approval and I forgot about it. ' +
        'This morning the news said that app was drained today. Can it still move my tokens?',
    );
    expect(asked.situation).toBeDefined();
    expect(asked.declined).toBeUndefined();
  });

  it('still declines a question part that asks for live data', () => {
    const asked = read(
      'I hold some tokens in a wallet that gave a lending app an unlimited token approval last year, ' +
        'what is the current price of that token',
    );
    expect(asked.declined).toBe('live');
  });

  it('still declines advice asked for in the circumstances', () => {
    const asked = read(
      'My cousin keeps telling me this governance token is worth buying before the council upgrades ' +
        'the contracts and the holders vote, is that sensible?',
    );
    expect(asked.declined).toBe('advice');
  });

  it('finds a question part that starts with "who"', () => {
    expect(
      questionClause(
        'Our protocol has a council of five signers that can upgrade the contracts at once while holders vote slowly, who decides in the end?',
      ),
    ).toBe('who decides in the end');
  });
});
