// A question about a year later than any the content tells of ("Will ETH trade above $10,000 in
// 2027?", "… will reach $10,000 by the end of 2027. How likely is that?": ask-dev10, ask-dev82)
// asks for a prediction or for news the content cannot hold; it is declined so, while a question
// about a year the content tells of is answered.
import { describe, expect, it } from 'vitest';
import { latestYear, laterYear, untoldOutcome, untoldSuccessor } from '../../src/core/ask/later-years.ts';
import { essayDocument, fillerTerms, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

describe('latestYear', () => {
  it('reads the latest year the texts date events and citations by', () => {
    expect(latestYear(['Steamco opened in May 2021 (Potter et al., 2019).', 'It closed in 2024.'])).toBe(2024);
  });

  it('leaves numbers in formulas and names, and texts with no year', () => {
    expect(latestYear(['Since EIP-2028 in 2019, a byte costs 16 gas.', 'Here 2^11 = 2048 = 89 · 23 + 1.'])).toBe(2019);
    expect(latestYear(['A kettle holds 17 cups.'])).toBeUndefined();
  });
});

describe('laterYear', () => {
  it('finds a year a question dates by that is later than the latest', () => {
    expect(laterYear('A friend claims Steamco will double by the end of 2027. How likely is that?', 2026)).toBe('2027');
    expect(laterYear('my buddy swears kettles flip teapots by 2030 thoughts??', 2026)).toBe('2030');
    expect(laterYear('Will kettles cost less in March 2028?', 2026)).toBe('2028');
  });

  it('leaves years told of, counts, and questions with no year', () => {
    expect(laterYear('What did Steamco ship in 2025?', 2026)).toBeUndefined();
    expect(laterYear('Why does a context of 2048 tokens cost more?', 2026)).toBeUndefined();
    expect(laterYear('What happens after 2030 validators join?', 2026)).toBeUndefined();
    expect(laterYear('Will kettles get cheaper?', 2026)).toBeUndefined();
    expect(laterYear('Will kettles cost less in 2028?', undefined)).toBeUndefined();
  });
});

// ask-dev90: "What blob target and maximum will the next blob-parameter-only fork after BPO2 set?",
// answered with BPO2's own figures; the content's story of blob forks ends at BPO2.
describe('untoldSuccessor', () => {
  const told = ['Steamco shipped the K2 kettle in 2023.', 'For a year after the K2 nothing changed.'];
  const sentences = (name: string) =>
    [...told, 'The K3 came in 2024 and is the latest.'].filter((s) => s.includes(name));

  it('finds a release asked the successor of that no sentence tells anything after', () => {
    expect(untoldSuccessor('What will the next kettle model after K3 boil?', sentences)).toBe('K3');
    expect(untoldSuccessor('whats the next steamco release after k3', (name) => sentences(name.toUpperCase()))).toBe(
      'k3',
    );
  });

  it('reads a name with a hyphen, or a revision named by its date', () => {
    // A hyphen escaped in a Unicode-mode pattern threw ("the next release after GPT-4o").
    expect(untoldSuccessor('what came as the next release after K3-Pro', sentences)).toBe('K3-Pro');
    expect(untoldSuccessor("what's the next spec revision after 2026-07-28 gonna change?", sentences)).toBe(
      '2026-07-28',
    );
  });

  it('leaves a release the content tells what came after, and a next that is no release', () => {
    expect(untoldSuccessor('What was the next kettle model after the K2?', sentences)).toBeUndefined();
    expect(untoldSuccessor('What is the next step after boiling?', sentences)).toBeUndefined();
    expect(untoldSuccessor('What model came after the K3?', sentences)).toBeUndefined();
  });
});

describe('untoldOutcome', () => {
  const told = [
    'In 2023 a court ordered Steamco to pay a fine of 600 euros.',
    'The Brewlux recall finished in 2024.',
    'The kettle thief was never caught.',
  ];
  const sentences = (word: string) => told.filter((s) => s.toLowerCase().includes(word.toLowerCase().slice(0, 4)));

  it('finds whether something ever happened after what the content tells, told nowhere', () => {
    // "ordered to pay" tells no payment.
    expect(untoldOutcome('so did Steamco ever actually pay that fine?', sentences)).toBe(
      'Steamco ever actually pay that fine',
    );
    // A subject that points back takes its name from before "did".
    expect(untoldOutcome('who took the Steamco fine money, did they ever get caught?', sentences)).toBe(
      'they ever get caught',
    );
    // Its last clause, not the chat before it: "one" is no name of them.
    const ledIn = 'sorry one more - who took the fine money, did they ever get caught?';
    expect(untoldOutcome(ledIn, () => ['At most one thief a year gets caught.'])).toBe('they ever get caught');
  });

  it('leaves an outcome told, what happened at all, and questions without "did … ever"', () => {
    // Told later ("never caught"), or told as done ("finished").
    expect(untoldOutcome('did the kettle thief ever get caught?', sentences)).toBeUndefined();
    expect(untoldOutcome('did the Brewlux recall ever finish?', sentences)).toBeUndefined();
    expect(untoldOutcome('did Steamco ever have a recall?', sentences)).toBeUndefined();
    expect(untoldOutcome('has that ever happened to a kettle?', sentences)).toBeUndefined();
    expect(untoldOutcome('did Steamco pay the fine?', sentences)).toBeUndefined();
  });
});

describe('a question about a year later than the content tells of', () => {
  const index = loadedIndex(
    [
      essayDocument(
        'kettle-prices',
        'Kettle prices',
        [
          'Steamco kettles cost 40 euros in 2023 and 35 euros in 2024, as steel got cheaper.',
          'The Brewlux model came in 2022; after the Brewlux came the Steamlux, the latest model.',
        ],
        [],
      ),
      ...fillerTerms(30),
    ],
    NO_WORD_VECTORS,
  );

  it('is declined, saying the content tells of nothing so late', () => {
    const result = index.search('How much will Steamco kettles cost in 2027?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/tell of nothing as late as 2027/);
  });

  it('is declined for the next release after the last one the content tells of', () => {
    const result = index.search('What will the next kettle model after the Steamlux cost?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/tell of nothing after “Steamlux”/);
    // Asked after a chat lead-in and a dash, which set the question apart from its circumstances.
    const joined = index.search(
      'sry one more — when is the next kettle model after the Steamlux and what will it cost?',
      both,
    );
    expect(joined.no_answer_reason).toMatch(/tell of nothing after “Steamlux”/);
    // The content tells what came after the Brewlux: whatever else it finds, not this reason.
    const told = index.search('What was the next kettle model after the Brewlux?', both).no_answer_reason;
    expect(told ?? '').not.toMatch(/tell of nothing after/);
  });

  it('is declined for whether what the content tells ever led somewhere', () => {
    const result = index.search('did the Steamlux ever get recalled?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/never tell what came of it later \(“the Steamlux ever get recalled”\)/);
  });

  it('is answered for a year the content tells of', () => {
    expect(index.search('How much did Steamco kettles cost in 2024?', both).answer).not.toBeNull();
  });
});
