// A question why a figure was chosen ("Why is Bitcoin's supply capped at exactly 21 million coins?":
// ask-dev25, ask-dev26; 32 ETH and 12-second slots: ask-dev22, ask-dev26) is answered only where the
// content gives a reason beside the figure; where it only states the figure, it is declined so.
import { describe, expect, it } from 'vitest';
import { chosenFigure, chosenName, unreasonedFigure } from '../../src/core/ask/chosen-figures.ts';
import { essayDocument, essayPassage, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const index = loadedIndex(
  [
    essayDocument(
      'kettle-design',
      'Kettle design',
      [
        'A Steamco kettle holds exactly 17 cups of water. Its element draws 2,000 watts.',
        'The lid opens at 80 degrees so that steam escapes before the handle gets hot.',
        'Steamco ships its kettles under model names such as Brewlin (2023) and Potwick (2024).',
      ],
      [],
    ),
  ],
  NO_WORD_VECTORS,
);

describe('chosenFigure', () => {
  it('reads the figure a question asks the reason for', () => {
    expect(chosenFigure("Why is Bitcoin's supply capped at exactly 21 million coins?")?.written).toBe(
      '21 million coins',
    );
    expect(chosenFigure('Why did Ethereum choose 32 ETH as the amount needed to run a validator?')?.written).toBe(
      '32 ETH',
    );
    expect(chosenFigure('Why did Ethereum set the slot time at 12 seconds?')?.written).toBe('12 seconds');
    // Any verb with "exactly" (ask-dev83).
    expect(
      chosenFigure("Why does GPT-2's vocabulary have exactly 50,257 tokens rather than a round number?")?.written,
    ).toBe('50,257 tokens');
    expect(chosenFigure('Why does a kettle have 17 cups?')).toBeUndefined();
    // ask-dev32: a number written as a word, found as a word or in digits.
    const ten = chosenFigure("Why was Bitcoin's block time set at ten minutes?")!;
    expect(ten.written).toBe('ten minutes');
    expect(ten.pattern.test('a block about every ten minutes')).toBe(true);
    expect(ten.pattern.test('a 10-minute block time')).toBe(true);
    expect(ten.pattern.test('often, minutes later')).toBe(false);
    // ask-dev30: "cap … at".
    expect(chosenFigure("Why did Satoshi cap Bitcoin's supply at exactly 21 million coins?")?.written).toBe(
      '21 million coins',
    );
    // How long something took is asked the reason for as a chosen figure is (two new sets, 2 December).
    expect(chosenFigure('Why did it take six days for anyone to notice the kettle was gone?')?.written).toBe(
      'six days',
    );
  });

  it('leaves reasons for anything but a chosen figure', () => {
    expect(chosenFigure('Why do withdrawals from an optimistic rollup take about a week?')).toBeUndefined();
    expect(chosenFigure('Why does an agent that gets each step right 95% of the time still fail?')).toBeUndefined();
    expect(chosenFigure("Why is Bitcoin's supply capped?")).toBeUndefined();
    // A figure the content works out is needed, not chosen (review of 30 November).
    expect(chosenFigure('Why does Ethereum finality need 13 minutes?')).toBeUndefined();
    // What the asker set is no designer's choice (a new set, 2 December).
    expect(chosenFigure('why does our kettle still boil over even though we set the dial to 0?')).toBeUndefined();
    expect(chosenFigure('Ethereum staking: why did they choose 32 ETH?')?.written).toBe('32 ETH');
    expect(chosenFigure('Why is the block gas target set at 50% of the limit?')?.written).toBe('50%');
    // Two new sets of 2 December: a currency sign, a longer thing set, and two words after the figure.
    expect(
      chosenFigure('Why did the club set its kettle-club membership cut-off for junior players at $10 billion?')
        ?.written,
    ).toBe('10 billion');
    expect(chosenFigure('Why did Steamco pick 8 steam vents of 6 mm rather than some other split?')?.written).toBe(
      '8 steam vents',
    );
  });

  it('finds the figure as the content writes it, not inside another number', () => {
    const figure = chosenFigure('Why did Ethereum choose 12 seconds per slot?')!;
    expect(figure.pattern.test('Time is divided into 12-second slots.')).toBe(true);
    expect(figure.pattern.test('The base fee rises by up to 12.5% a block.')).toBe(false);
    expect(figure.pattern.test('It took 112 seconds.')).toBe(false);
    // Digits as a word when they count something, either of two words as its unit.
    const vents = chosenFigure('Why did Steamco pick 8 steam vents?')!;
    expect(vents.pattern.test('The lid has eight vents of 6 mm.')).toBe(true);
    expect(chosenFigure('Why did Steamco cap sales at 10 billion?')!.pattern.test('It took ten billion years.')).toBe(
      false,
    );
  });
});

describe('unreasonedFigure', () => {
  const any = () => true;
  const passages = [
    essayPassage('A block holds 17 cups. Its element draws 2,000 watts.'),
    essayPassage('The lid opens at 80 degrees. That is low enough for steam to escape first.'),
  ];

  it('is true where the content states the figure and gives no reason beside it', () => {
    expect(unreasonedFigure(chosenFigure('Why did Steamco pick 17 cups?')!, passages, any)).toBe(true);
    // Stated of something else than what is asked.
    expect(unreasonedFigure(chosenFigure('Why did Steamco pick 17 cups?')!, passages, () => false)).toBe(false);
  });

  it('takes a reason in the next sentence only when that sentence goes on from the figure', () => {
    // ask-dev26, ask-dev27: "Because running validators takes skill …" after "32 ETH" is no reason for 32 ETH.
    const unrelated = [essayPassage('A kettle holds 17 cups. Because descaling takes time, most owners skip it.')];
    expect(unreasonedFigure(chosenFigure('Why did Steamco pick 17 cups?')!, unrelated, any)).toBe(true);
    const related = [
      essayPassage('A kettle holds 17 cups. This keeps a family of four in tea because cups are small.'),
    ];
    expect(unreasonedFigure(chosenFigure('Why did Steamco pick 17 cups?')!, related, any)).toBe(false);
    // Review of 1 December: "most tokens use 18, matching ether's wei" gives the reason for 18 decimals.
    const matching = [essayPassage('Most kettles hold 17 cups, matching the size of a teapot.')];
    expect(unreasonedFigure(chosenFigure('Why did Steamco pick 17 cups?')!, matching, any)).toBe(false);
  });

  it('is false where a reason follows the figure, or where the content never states it', () => {
    expect(unreasonedFigure(chosenFigure('Why is the lid set to open at 80 degrees?')!, passages, any)).toBe(false);
    expect(unreasonedFigure(chosenFigure('Why did Steamco pick 9 cups?')!, passages, any)).toBe(false);
  });
});

describe('a question why a figure was chosen', () => {
  it('is declined, saying the content states the figure without a reason', () => {
    const result = index.search('Why did Steamco choose exactly 17 cups for its kettle?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/state “17 cups” but never say why/);
  });

  it('is answered where the content gives the reason', () => {
    expect(index.search('Why is the kettle lid set to open at 80 degrees?', both).answer).not.toBeNull();
  });
});

// ask-dev82, ask-dev83: "Why was Ethereum's May 2025 upgrade given the name 'Pectra'?" The content
// names upgrades and says where a name comes from only now and then.
describe('a question why a name was given', () => {
  it('reads a capitalised name after "named", "called", "given the name", not a term in lowercase', () => {
    expect(chosenName("Why was Steamco's 2024 kettle given the name 'Potwick'?")?.written).toBe('Potwick');
    expect(chosenName('why is the new kettle called Brewlin')?.written).toBe('Brewlin');
    expect(chosenName("why's it called descaling if the scale stays")).toBeUndefined();
    expect(chosenName('What is the kettle called Brewlin?')).toBeUndefined();
  });

  it('is declined where the content writes the name and never says where it comes from', () => {
    const result = index.search("Why was Steamco's 2024 kettle given the name Potwick?", both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/“Potwick” but never say why/);
  });

  it('is not declined so where the content says what the name is after', () => {
    const named = chosenName('Why is the little kettle called Kettlet?')!;
    const any = () => true;
    expect(unreasonedFigure(named, [essayPassage('The Kettlet is named after the small pot it copies.')], any)).toBe(
      false,
    );
    expect(unreasonedFigure(named, [essayPassage('The Kettlet holds two cups.')], any)).toBe(true);
  });
});
