// A long question's scope (question-reading.ts): live data and advice are declined wherever the
// question names them, its circumstances included (read from the question part alone, live data
// let through unanswerable questions on two unseen sets); a "who" question part is found like any other.
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
  it('declines live data named in the circumstances, though the question part asks none', () => {
    const asked = read(
      'I hold a token whose current price fell this morning after a lending app gave it an unlimited ' +
        'token approval. Can that app still move my tokens?',
    );
    expect(asked.situation).toBeDefined();
    expect(asked.declined).toBe('live');
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
