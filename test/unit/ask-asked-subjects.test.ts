// A question that asks why a named company met its end ("why did FTX collapse in 2022"), or how to
// do something with a named product ("how do I apply for a Gitcoin grant"), is about that name:
// when the content only labels the event ("after the collapse of FTX in November 2022") or never
// says what the product is, it is declined as mentioned only in passing.
import { describe, expect, it } from 'vitest';
import { endedSubject, howToSubject } from '../../src/core/ask/asked-subjects.ts';
import { essayDocument, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const index = loadedIndex(
  [
    essayDocument(
      'kettle-makers',
      'Kettle makers',
      [
        'Makers publish proof that their kettles meet the safety standard. It became common after the collapse of Steamco in March 2021, when buyers were left with kettles nobody would repair.',
        'Buyers can register a kettle for its warranty through Warrantly or by post.',
        'In 2018 Fizzco, a maker of travel kettles, went under when a cheap thermostat made its kettles crack and refunds emptied its accounts.',
        '## Boilr and its recall',
        'Boilr collapsed in 2019 because a faulty thermostat let its kettles boil dry, and the recall cost more than the firm had in reserves.',
      ],
      ['boilr-and-its-recall'],
    ),
  ],
  NO_WORD_VECTORS,
);

describe('endedSubject', () => {
  it('reads the name whose end a question asks the cause of', () => {
    expect(endedSubject('Why did FTX collapse in 2022?')).toBe('FTX');
    expect(endedSubject('Why did the FTX exchange collapse in November 2022?')).toBe('FTX');
    expect(endedSubject('What caused Celsius Network to go bankrupt?')).toBe('Celsius Network');
    expect(endedSubject('Why was Celsius frozen?')).toBe('Celsius');
    expect(endedSubject('What actually caused FTX to collapse in November 2022?')).toBe('FTX');
  });

  it('leaves other questions, small letters and what a name failed to do', () => {
    expect(endedSubject('Why did MakerDAO fail to cover its debt on Black Thursday?')).toBeUndefined();
    expect(endedSubject('why did ftx collapse')).toBeUndefined();
    expect(endedSubject('Why did Plasma lose out to rollups?')).toBeUndefined();
    expect(endedSubject('Why do stablecoins collapse?')).toBeUndefined();
  });
});

describe('a question about why a name met its end', () => {
  it('is declined when the content mentions the name only in passing', () => {
    const result = index.search('Why did Steamco collapse in 2021?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/mention “Steamco” only in passing/);
  });

  it('is answered when the content has a heading for the name', () => {
    expect(index.search('Why did Boilr collapse?', both).answer).not.toBeNull();
  });

  it('is answered when the content writes the name otherwise than as the label of its end', () => {
    // Review of 30 November: "In June 2021 IRON, a partially collateralised stablecoin, …", "minted LUNA".
    expect(index.search('Why did Fizzco go under?', both).answer).not.toBeNull();
  });

  it('reads the grammar of a finished end: "why has X collapsed"', () => {
    expect(index.search('Why has Steamco collapsed?', both).no_answer_reason).toMatch(/“Steamco” only in passing/);
  });
});

describe('howToSubject', () => {
  it('reads the one name a how-to question writes', () => {
    expect(howToSubject('How do I apply for a Gitcoin grant for my project?')).toBe('Gitcoin');
    expect(howToSubject("How can we unstake through Lido's queue?")).toBe('Lido');
  });

  it('leaves questions with no name, two names, or no steps asked', () => {
    expect(howToSubject('How do I make my contract safe against reentrancy?')).toBeUndefined();
    expect(howToSubject('How do I build a RAG chatbot with LangChain?')).toBeUndefined();
    expect(howToSubject('What is Gitcoin?')).toBeUndefined();
  });

  // ask-dev90: "How can I fine-tune a 65-billion-parameter model when all I have is one 48 GB GPU?"
  // was declined as asking about "GB GPU", named only in passing.
  it('reads a unit after a number as a measure, not a name', () => {
    expect(howToSubject('How can I fine-tune a big model when all I have is one 48 GB GPU?')).toBeUndefined();
    expect(howToSubject('How do I cool a 700 W card?')).toBeUndefined();
    expect(howToSubject('How do I rent a GB200 for 3 hours?')).toBe('GB200');
  });
});

describe('a how-to question about a named product', () => {
  it('is declined when the content mentions the product only in passing', () => {
    expect(index.search('How do I register my kettle with Warrantly?', both).no_answer_reason).toMatch(
      /“Warrantly” only in passing/,
    );
  });

  it('is answered when the content says what the name is', () => {
    expect(index.search('How do I get a refund from Fizzco?', both).no_answer_reason ?? '').not.toMatch(/in passing/);
  });
});
