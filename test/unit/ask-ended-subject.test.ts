// A question that asks why a named company met its end ("why did FTX collapse in 2022") is about
// that name: when the content only dates the event ("after the collapse of FTX in November 2022")
// and never says what the name is, it is declined as mentioned only in passing.
import { describe, expect, it } from 'vitest';
import { endedSubject } from '../../src/core/ask/asked-event.ts';
import { essayDocument, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const index = loadedIndex(
  [
    essayDocument(
      'kettle-makers',
      'Kettle makers',
      [
        'Makers publish proof that their kettles meet the safety standard. It became common after the collapse of Steamco in March 2021, when buyers were left with kettles nobody would repair.',
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
});
