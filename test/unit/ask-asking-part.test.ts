// The part of a message that asks: talk before or after the asking clause ("real talk, …", "… ? be
// honest", "… (newbie here)", "…, right?") is set aside when it names nothing, so that the question
// is read from its own first words; words that name something, or that the question points back at,
// stay. The judgement of what is talk is the index's (everyday English, no name, no word of the
// content's own); here a stand-in for it, then the index's own.
import { describe, expect, it } from 'vitest';
import type { AskOptions } from '../../src/core/ask/ask-index.ts';
import { askingPart } from '../../src/core/ask/asking-part.ts';
import { readQuestion } from '../../src/core/ask/question-reading.ts';
import { Speller } from '../../src/core/ask/speller.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

/** Talk, for these tests: anything that does not mention a ledger, a pool or Ledgerly. */
const isTalk = (words: string) => !/ledger|pool|Ledgerly|Poolify/i.test(words);

describe('the asking part of a message', () => {
  it.each([
    ['straight talk, what is a ledger?', 'what is a ledger?'],
    ['one more thing: what is a ledger?', 'what is a ledger?'],
    ['newbie q -- what is a ledger?', 'what is a ledger?'],
    ['so essentially why do ledgers need blocks?', 'why do ledgers need blocks?'],
    ['would somebody explain how a ledger stays in sync?', 'how a ledger stays in sync?'],
    ['A colleague brought it up over lunch and I froze. why do ledgers need blocks?', 'why do ledgers need blocks?'],
    ['what is a ledger? no judgement please', 'what is a ledger?'],
    ['what is a ledger (total beginner)', 'what is a ledger'],
    ['a ledger is append-only, correct?', 'a ledger is append-only?'],
    ['what is a ledger, or am I missing something?', 'what is a ledger?'],
    // Chat drops the comma before "or am I …", a question after the asker: read as its own question.
    [
      'is a ledger the same thing as a pool or am i mixing stuff up',
      'is a ledger the same thing as a pool? am i mixing stuff up?',
    ],
    ['is a ledger append-only or am i wrong', 'is a ledger append-only? am i wrong?'],
    // "or am I better off …" is the question's other option, not a question about the asker.
    [
      'should I keep a paper ledger or am I better off with a spreadsheet',
      'should I keep a paper ledger or am I better off with a spreadsheet',
    ],
  ])('reads %j as %j', (message, asked) => {
    expect(askingPart(message, isTalk)).toBe(asked);
  });

  it('keeps words around the question that name something', () => {
    expect(askingPart('Ledgerly vs Poolify, which one is cheaper?', isTalk)).toBe(
      'Ledgerly vs Poolify, which one is cheaper?',
    );
    expect(askingPart('what is a ledger? I run a pool', isTalk)).toBe('what is a ledger? I run a pool');
  });

  it('keeps a preamble the question points back at, and a second question after the first', () => {
    const everything = () => true;
    expect(askingPart('these giant shared notebooks, do they ever get full?', everything)).toBe(
      'these giant shared notebooks, do they ever get full?',
    );
    expect(askingPart('wait is that free money?? how big is the reward', everything)).toBe(
      'wait is that free money?? how big is the reward',
    );
    expect(askingPart('what is a ledger? and how long does it last', everything)).toBe(
      'what is a ledger? and how long does it last',
    );
  });

  it('keeps a long clause before the question: it tells what happened', () => {
    const told = 'my neighbour bought a coin at noon and sold at dusk, did I miss something?';
    expect(askingPart(told, () => true)).toBe(told);
  });

  it('leaves the message as it is when nothing would be left to ask', () => {
    expect(askingPart('what?', () => true)).toBe('what?');
  });
});

describe('talk around a question in the index', () => {
  const index = loadedIndex([
    glossaryTerm(
      'liquidation',
      'Liquidation',
      'The forced sale of a borrower’s collateral when its value falls below what the loan requires.',
      'The liquidator repays part of the debt and receives the collateral at a discount.',
    ),
    glossaryTerm(
      'lending-protocol',
      'Lending protocol',
      'A smart contract that lends deposited tokens to borrowers who lock collateral worth more than the loan.',
      'Interest rates follow how much of the pool is borrowed.',
    ),
  ]);
  const options: AskOptions = { limit: 3, types: ['glossary'] };
  const plain = index.search('what is a liquidation?', options);

  it.each([
    'genuine question - what is a liquidation?',
    'what is a liquidation? my cousin would not stop talking about it',
    'what is a liquidation (total beginner)',
  ])('answers %j as the plain question, with the definition', (message) => {
    const result = index.search(message, options);
    expect(result.answer?.text).toBe(plain.answer?.text);
    expect(result.sources[0]?.slug).toBe('liquidation');
    expect(result.query).toBe(message);
  });

  it('keeps words after the question that name something the content never covers', () => {
    expect(index.search('what is a liquidation? my cousin asked', options).answer).not.toBeNull();
    // "Zorblax" is no word of the content's or of everyday English: kept, it is a name the content never covers.
    const named = index.search('what is a liquidation? Zorblax asked', options);
    expect(named.answer).toBeNull();
    expect(named.no_answer_reason).toMatch(/Zorblax/);
  });
});

describe('what the site declines, read from the sentence that asks', () => {
  const speller = new Speller(new Map());

  it('does not take a day in the circumstances for a request for live data', () => {
    expect(
      readQuestion('We talked about it over dinner yesterday. What is a ledger?', speller).declined,
    ).toBeUndefined();
    expect(
      readQuestion('My tutor brought it up today! How does a ledger stay in sync?', speller).declined,
    ).toBeUndefined();
  });

  it('still declines what the asking sentence asks for', () => {
    expect(readQuestion('What is the price of ether today?', speller).declined).toBe('live');
    expect(readQuestion('I sold my coins last spring. Should I buy back in?', speller).declined).toBe('advice');
    expect(readQuestion('what is a ledger today', speller).declined).toBe('live');
    // Only a day is excused in the circumstances: a price asked before the question still is live data.
    expect(readQuestion('I need the current price of ether. Can you help?', speller).declined).toBe('live');
    expect(readQuestion('I need the current price of ether. Can you give me that?', speller).declined).toBe('live');
  });

  it('reads live data as what a plan is for when the asking sentence weighs the plan', () => {
    // ask-dev25: "… fine-tune an open model on our catalogue so the assistant knows current prices. Is that a good plan?"
    const plan = 'We want to train our chatbot on the catalogue so it knows current prices. Is that a good plan?';
    expect(readQuestion(plan, speller).declined).toBeUndefined();
  });

  it('reads a recent event or a price move over a recent span as news', () => {
    expect(readQuestion('Why did the foundation sell its coins last month?', speller).declined).toBe('live');
    expect(readQuestion('why did the price of ether fall last weekend', speller).declined).toBe('live');
    expect(readQuestion('Why is its price so much higher than it was a year ago?', speller).declined).toBe('live');
    expect(readQuestion('has the value of the token dropped lately?', speller).declined).toBe('live');
    expect(readQuestion('did the new model come out yet, and is it better?', speller).declined).toBe('live');
    // Said as circumstance, a recent week is when something happened; and a price alone is no news.
    expect(readQuestion('Our tests passed last month. Do we need to do anything?', speller).declined).toBeUndefined();
    expect(readQuestion('Why does the price move against me when I trade a lot?', speller).declined).toBeUndefined();
  });
});
