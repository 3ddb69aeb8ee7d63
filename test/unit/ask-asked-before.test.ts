// Questions asked before: a question like one of the development sets' unanswerable questions,
// nearer to it than to anything answered, is declined, with that question named in the reason
// (src/core/ask/asked-before.ts).
import { describe, expect, it } from 'vitest';
import { AskedBefore } from '../../src/core/ask/asked-before.ts';
import { UNANSWERED } from '../../src/core/ask/reader-questions.ts';
import { fillerTerms, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const unanswered = [
  'How much does it cost per hour to rent a kiln at the pottery club?',
  'Why did the guild pick exactly 21 glazes for its starter kit?',
  'Kilnworks or Claymaster: which glaze brand should a beginner buy?',
  'Glazemaster crackle finishes?',
  'Is a cracked glaze on a pot still food safe?',
  'How hot does a kiln get when it fires porcelain?',
];
const answered = [
  'How hot does a kiln get when it fires stoneware?',
  'Why does a glaze crack when a pot cools too fast?',
  'What is a glaze?',
];

describe('a question asked before', () => {
  const before = new AskedBefore(unanswered, answered);

  it('is like an unanswerable one asked in other words', () => {
    expect(before.like('what does renting a kiln for an hour cost at a pottery club')).toBe(unanswered[0]);
    expect(before.like('Why exactly 21 glazes in the guild starter kit, not some other number?')).toBe(unanswered[1]);
  });

  it('is not like one when it is as near to a question answered', () => {
    // As near to one asked both ways (a kiln's heat for stoneware answered, for porcelain not).
    expect(before.like('How hot does a kiln get when it fires?')).toBeUndefined();
    expect(before.like('What is a glaze?')).toBeUndefined();
  });

  it('asking what a short name is, is like only one that asks little more', () => {
    const named = new AskedBefore(['What is Glazemaster’s revenue?', 'What is a crackle glaze?'], answered);
    // "Glazemaster" is most of the first one's weight, but it asked something else of the name.
    expect(named.like('Who is Glazemaster?')).toBe('What is Glazemaster’s revenue?');
    expect(named.like('Who is Glazemaster?', true)).toBeUndefined();
    expect(named.like('What is a crackle glaze, anyway?', true)).toBe('What is a crackle glaze?');
  });

  it('is not like one that shares only a rare name with it', () => {
    // "Glazemaster" alone makes them alike by weight (cosine 0.58); the question asks nothing else
    // that one asked.
    expect(before.like('What is Glazemaster?')).toBeUndefined();
  });

  it('is not like one asked of another year', () => {
    const dated = new AskedBefore(['How much profit did the pottery club make in 2023?'], answered);
    expect(dated.like('How much profit did the pottery club make in 2024?')).toBeUndefined();
    expect(dated.like('what profit did the pottery club make in 2023')).toBe(
      'How much profit did the pottery club make in 2023?',
    );
  });

  it('is like none when nothing was asked before', () => {
    expect(new AskedBefore([], answered).like(unanswered[0]!)).toBeUndefined();
  });
});

describe('an index that learned questions no source answers', () => {
  const documents = [
    glossaryTerm('kiln', 'Kiln', 'A kiln is an oven that fires clay to stoneware heat, about 1,200 °C.'),
    glossaryTerm(
      'glaze',
      'Glaze',
      'A glaze is a glassy coat melted onto a pot; it cracks when the pot cools too fast.',
    ),
    ...fillerTerms(20),
  ];
  const options = { limit: 3, types: ['glossary' as const] };

  it('declines a question like one of them, naming it, and answers what the content answers', () => {
    const learned = loadedIndex(documents, NO_WORD_VECTORS, { [UNANSWERED]: unanswered.map((question) => [question]) });
    const unlearned = loadedIndex(documents, NO_WORD_VECTORS);
    const asked = 'Is a glaze on a pot food safe after it cracks?';
    // The content speaks of glazes that crack: without the questions asked before, it answers.
    expect(unlearned.search(asked, options).answer).not.toBeNull();
    const declined = learned.search(asked, options);
    expect(declined.answer).toBeNull();
    expect(declined.no_answer_reason).toContain(`readers have asked questions like “${unanswered[4]}”`);
    // The glossary's own names are questions answered: "what is a glaze" is no kiln rental.
    expect(learned.search('What is a glaze?', options).answer?.passages[0]?.slug).toBe('glaze');
  });

  it('answers a figure a sentence states of the name asked, whatever was asked of another name', () => {
    const potters = [
      glossaryTerm('potter', 'Potter', 'Clayworks reported profits of about 40,000 euros for 2024.'),
      ...fillerTerms(20),
    ];
    const circle = { [UNANSWERED]: [['How much profit did Mudworks make in 2024?']] };
    const learned = loadedIndex(potters, NO_WORD_VECTORS, circle);
    expect(learned.search('How much profit did Clayworks make in 2024?', options).answer?.slug).toBe('potter');
    // Of another year, the sentence states no figure asked, and the question is like Mudworks'.
    expect(learned.search('How much profit did Clayworks make in 2023?', options).answer).toBeNull();
  });
});
