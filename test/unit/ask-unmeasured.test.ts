// A figure asked of something the content writes of but never beside a figure ("How much electricity
// does Bitcoin mining use per year?": ten unanswerable questions in eight development sets) is
// declined so; where the content gives the figure, also in a word alike ("energy"), it is answered.
import { describe, expect, it } from 'vitest';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import { measuredWord, neverMeasured, statesFigureAsked } from '../../src/core/ask/unmeasured.ts';
import {
  essayDocument,
  essayPassage,
  fillerTerms,
  glossaryTerm,
  loadedIndex,
  NO_WORD_VECTORS,
} from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

describe('measuredWord', () => {
  it('reads what a figure question measures, with the words the content may write for it', () => {
    expect(measuredWord('How much electricity does Bitcoin mining use per year?')).toMatchObject({
      written: 'electricity',
      alike: ['electr', 'energi'],
    });
    expect(measuredWord('How many validators are there?')?.written).toBe('validators');
  });

  // ask-dev90: "deepseek r1 how much did training cost in $$", answered with a passage on its training
  // method that states no price.
  it('reads a price asked by its verb, stated only in money', () => {
    const cost = measuredWord('How much did it cost to train DeepSeek-R1?');
    expect(cost).toMatchObject({ written: 'cost' });
    expect(cost?.alike).toContain('price');
    expect(cost?.figure.test('The run cost about $5.6 million.')).toBe(true);
    expect(cost?.figure.test('Each token costs about 6 operations per parameter.')).toBe(false);
    expect(measuredWord('how much does chainlink charge to send a message')?.written).toBe('charge');
    expect(measuredWord('How much electricity does it use?')?.figure.test('6 operations')).toBe(true);
  });

  it('reads what a share question counts, the word before its verb', () => {
    expect(measuredWord('What percentage of US hospitals use AI for notes?')?.written).toBe('hospitals');
    expect(measuredWord('What share of Ethereum blocks are built through MEV-Boost?')?.written).toBe('blocks');
  });

  it('leaves a first word that only qualifies what is measured, and questions of no figure', () => {
    expect(measuredWord('How much impermanent loss do you take if the price doubles?')).toBeUndefined();
    expect(measuredWord('how many dishonest participants can a consensus protocol survive')).toBeUndefined();
    expect(measuredWord('How much of my deposit will come back?')).toBeUndefined();
    expect(measuredWord('Why does mining use electricity?')).toBeUndefined();
  });
});

describe('statesFigureAsked', () => {
  // One passage of two sentences, as the index splits it.
  const text = 'Steamco reported profits of roughly 40 million euros for 2024. Boilco was founded in 2019.';
  const told = [{ text, sentences: sentenceStarts(text) }];

  it('finds a sentence stating the figure asked of the name and year asked', () => {
    expect(statesFigureAsked('How much profit did Steamco make in 2024?', told)).toBe(true);
    expect(statesFigureAsked('How much profit did Steamco report?', told)).toBe(true);
  });

  it('finds none for another year, another name, no name, or no figure asked', () => {
    expect(statesFigureAsked('How much profit did Steamco make in 2023?', told)).toBe(false);
    expect(statesFigureAsked('How much profit did Boilco make in 2024?', told)).toBe(false);
    expect(statesFigureAsked('how much profit do kettle makers make', told)).toBe(false);
    expect(statesFigureAsked('Why did Steamco report a profit in 2024?', told)).toBe(false);
  });
});

describe('neverMeasured', () => {
  const FIGURE = /\d/;
  const electricity = { written: 'electricity', alike: ['electr', 'energi'], figure: FIGURE };
  const passages = [
    essayPassage('Kettles run on electricity. They boil water quickly.'),
    essayPassage('A new element cut the kettle energy use by 40%. Owners noticed.'),
    essayPassage('Pools lose when prices move, about 5.7% for a doubling. This is called slippage.'),
  ];

  it('is true where every sentence that writes the word states no figure of what is asked', () => {
    expect(neverMeasured(electricity, ['toaster'], [0, 1], passages)).toBe(true);
    expect(neverMeasured(electricity, [], [0], passages)).toBe(true);
  });

  it('is false where a figure and what is asked stand beside the word, or the word is never written', () => {
    expect(neverMeasured(electricity, ['kettl'], [0, 1], passages)).toBe(false);
    // The figure in the sentence before the one that writes the word.
    expect(neverMeasured({ written: 'slippage', alike: ['slippag'], figure: FIGURE }, [], [2], passages)).toBe(false);
    expect(neverMeasured(electricity, [], [], passages)).toBe(false);
  });

  it('counts a figure only beside what it is of, where that is given', () => {
    const cups = { written: 'cups', alike: ['cup'], figure: FIGURE };
    const held = [essayPassage('A Steamco kettle holds 17 cups. The Brewlin came later.')];
    expect(neverMeasured(cups, [], [0], held, false, ['steamco'])).toBe(false);
    expect(neverMeasured(cups, [], [0], held, false, ['potwick'])).toBe(true);
  });

  it('counts a figure beside the word itself only with what else is asked, unless the word is a name', () => {
    const energy = { written: 'energy', alike: ['energi', 'electr'], figure: FIGURE };
    expect(neverMeasured(energy, ['chatbot'], [1], passages)).toBe(true);
    expect(neverMeasured(energy, ['chatbot'], [1], passages, true)).toBe(false);
  });
});

describe('a figure question of something never measured', () => {
  const index = loadedIndex(
    [
      essayDocument(
        'kettles',
        'Kettles',
        [
          '## Boiling',
          'A kettle uses electricity to boil water for tea. Most kettles switch off by themselves.',
          'A Steamco kettle holds 17 cups of water. It cost $40 when it came out.',
          '## Toasting',
          'A new element cut the Steamco toaster energy bill by 40% in 2024.',
          '## Grids',
          'The energy a kitchen network draws fell by 12% in 2023.',
          '## Travel',
          'The KTX came out in 2023.',
          '## Workshops',
          'Building the first workshop cost two years of work.',
        ],
        ['boiling', 'toasting', 'grids', 'travel', 'workshops'],
      ),
      glossaryTerm('brewnet', 'Brewnet', 'A network of coffee machines that share one water tank.'),
      ...fillerTerms(30),
    ],
    NO_WORD_VECTORS,
  );

  it('is declined, saying the content states no figure of it', () => {
    const result = index.search('How much electricity does a kettle use?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/mention “electricity” but never state a figure of it/);
  });

  it('is declined for a price where the content states a cost in other than money', () => {
    const result = index.search('How much did building the first workshop cost?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/mention “cost” but never state a figure of it/);
    expect(index.search('How much did a Steamco kettle cost?', both).answer).not.toBeNull();
  });

  // ask-dev93: "What percentage of US hospitals use generative AI tools for clinical documentation?",
  // answered from a passage on fine-tuning for medical notes; "hospitals" is everyday English, which
  // the unknown-word rules leave, but a figure of things the content never writes it cannot give.
  it('is declined when what is counted is never written, saying so', () => {
    for (const question of ['What percentage of bakeries use a kettle?', 'How many bakeries use a Steamco kettle?']) {
      const result = index.search(question, both);
      expect(result.answer, question).toBeNull();
      expect(result.no_answer_reason).toMatch(/never mention “bakeries”/);
    }
  });

  it('is answered where the content states the figure, in its own word for it', () => {
    expect(index.search('How much electricity did the Steamco toaster save in 2024?', both).answer).not.toBeNull();
    expect(index.search('How many cups does a Steamco kettle hold?', both).answer).not.toBeNull();
  });

  // ask-dev83: "How many questions are in the GPQA benchmark?", answered with MMLU's 16,000 questions;
  // an acronym, which figurelessNames (versioned-names.ts) does not read as a name.
  it('takes a figure of a name mentioned in passing only beside that name', () => {
    const result = index.search('How many cups does the KTX hold?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/mention “cups” but never state a figure of it/);
  });

  it('takes an energy figure only beside the name asked, not beside a plain word it shares', () => {
    const result = index.search('How much electricity does the Brewnet network use in a year?', both);
    expect(result.answer).toBeNull();
    // Of the electricity, or of Brewnet, a name whose sentences state no figure (versioned-names.ts).
    expect(result.no_answer_reason).toMatch(/never state (?:a|that) figure of it/);
  });
});
