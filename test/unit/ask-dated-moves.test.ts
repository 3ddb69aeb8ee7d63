// A question why something moved in a given year ("Why did Bitcoin's price fall so much during
// 2022?": ask-dev19, ask-dev21, and NFT prices and Solana's outages in ask-dev20 and ask-dev22) asks
// market history: it is answered only where the content tells that move of that thing in that year,
// and declined with its own reason where a passage only sets the name beside the year.
import { describe, expect, it } from 'vitest';
import { datedMove, tellsMove } from '../../src/core/ask/dated-moves.ts';
import { essayDocument, essayPassage, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const index = loadedIndex(
  [
    essayDocument(
      'kettle-markets',
      'Kettle markets',
      [
        '## The Steamco run',
        'In May 2022 buyers pulled their deposits out of Steamco. The price slipped below its floor, and the Boilr reserve was sold into falling markets without restoring confidence.',
        'That month redemptions minted Fizz tokens in enormous quantities, its price collapsed, and by the end of 2022 the two kettle makers had lost most of their value.',
        '## The Kettlebot recall',
        'On 12 March 2020 Kettlebot shares fell by about 43% within the day when a recall was announced.',
        '## Warmly',
        'In June 2021 Warmly, a maker of travel kettles, went through the same loop in miniature.',
        '## The bank weekend',
        'On Friday 10 March 2023 the bank that held Steamco cash closed.',
        'Nobody could redeem until Monday. Tepid, which by then was backed mostly by Steamco deposits, fell with it.',
        '## Steel',
        'Kettle shares can rise or fall with the price of steel.',
      ],
      ['the-steamco-run', 'the-kettlebot-recall', 'warmly', 'the-bank-weekend', 'steel'],
    ),
  ],
  NO_WORD_VECTORS,
);

describe('datedMove', () => {
  it('reads what moved, which way and the year', () => {
    expect(datedMove("Why did Bitcoin's price fall so much during 2022?")).toEqual({
      subject: ['Bitcoin'],
      year: '2022',
      rising: false,
    });
    expect(datedMove('Why did the price of bitcoin fall so much in 2022?')?.subject).toEqual(['bitcoin']);
    expect(datedMove("Why did Solana's price keep going down in 2022?")?.subject).toEqual(['Solana']);
    expect(datedMove('how come the eth price went up so much in early 2021')).toMatchObject({
      year: '2021',
      rising: true,
    });
    expect(datedMove('What caused UST to slip below a dollar in May 2022?')?.subject).toEqual(['UST']);
    // A move that causes another is part of what moved (review of 30 November).
    expect(datedMove("Why did Silicon Valley Bank's collapse make USDC lose its peg in 2023?")?.subject).toContain(
      'USDC',
    );
    expect(datedMove("Stablecoins: why did USDC's price fall in 2023?")?.subject).toEqual(['USDC']);
    // More verbs and ways of writing the year (review of 30 November).
    expect(datedMove("Why did bitcoin's price plummet in Q2 2022?")?.year).toBe('2022');
    expect(datedMove("Why did ETH's price dip during the 2022 bear market?")?.subject).toEqual(['ETH']);
    expect(datedMove("Why did USDC's price slide in the summer of 2023?")?.year).toBe('2023');
    expect(datedMove('Why did UNI lose most of its value in 2022?')?.subject).toEqual(['UNI']);
    // A market's move, a move after or since a year, a price lagging another (ask-dev35, ask-dev38, ask-dev40).
    expect(datedMove('Why did the crypto market crash so hard in 2018?')?.subject).toEqual(['crypto', 'market']);
    expect(datedMove('Why did NFT prices crash so hard after the 2021 boom?')).toMatchObject({ year: '2021' });
    expect(datedMove("Why has ETH's price lagged behind bitcoin's since 2024?")).toMatchObject({
      subject: ['ETH'],
      rising: false,
    });
    // A market's yield or rate moves as a price does (ask-dev81).
    expect(datedMove('Why did US Treasury yields climb above 4% in 2023?')).toMatchObject({
      year: '2023',
      rising: true,
    });
    expect(datedMove('Why did interest rates rise so fast in 2022?')?.subject).toEqual(['interest', 'rates']);
  });

  it('leaves a move of anything but a price, a removal, an undated move and a year that dates no move', () => {
    // Review of 30 November: thefts, deposits and profits are told in the content's own verbs.
    expect(datedMove('Why did The DAO lose about 3.6 million ETH in 2016?')).toBeUndefined();
    expect(datedMove("Why did Tether's profits rise to around $13 billion in 2024?")).toBeUndefined();
    expect(
      datedMove('Why did the money in DeFi jump from about $1 billion to over $10 billion in 2020?'),
    ).toBeUndefined();
    expect(datedMove('Why did total value locked in DeFi jump in 2020?')).toBeUndefined();
    expect(datedMove('Why did Wormhole lose $320 million worth of ETH in 2022?')).toBeUndefined();
    expect(datedMove('Why did MCP drop the SSE transport in March 2025?')).toBeUndefined();
    expect(datedMove('Why did MCP drop sessions in its 2026 revision?')).toBeUndefined();
    expect(datedMove("Why did bitcoin's price fall so much?")).toBeUndefined();
    expect(datedMove('Why did the price drop in 2021?')).toBeUndefined();
    expect(datedMove('How does a stablecoin lose its peg?')).toBeUndefined();
  });
});

describe('tellsMove', () => {
  const named =
    (...terms: string[]) =>
    (term: string) =>
      terms.includes(term);
  const passages = [
    essayPassage(
      'In May 2022 buyers pulled deposits out of Steamco. The price slipped below its floor, and the Boilr reserve was sold into falling markets.',
    ),
    essayPassage('Kettlebot shares fell by 43% in 2020. Shares can rise or fall with steel.'),
    essayPassage('In June 2021 Warmly, a kettle maker, went through the same loop.'),
  ];

  it('needs the thing itself to move its way in a passage of that year', () => {
    expect(tellsMove({ subject: ['Kettlebot'], year: '2020', rising: false }, named('kettlebot'), passages)).toBe(true);
    expect(tellsMove({ subject: ['Kettlebot'], year: '2020', rising: true }, named('kettlebot'), passages)).toBe(false);
    expect(tellsMove({ subject: ['Kettlebot'], year: '2022', rising: false }, named('kettlebot'), passages)).toBe(
      false,
    );
    // A name beside a falling market, or a move that only can happen, tells no move of the name.
    expect(tellsMove({ subject: ['Boilr'], year: '2022', rising: false }, named('boilr'), passages)).toBe(false);
    expect(tellsMove({ subject: ['Steel'], year: '2020', rising: true }, named('steel'), passages)).toBe(false);
    // A sentence that opens on the year with the name as its subject tells what happened to it then.
    expect(tellsMove({ subject: ['Warmly'], year: '2021', rising: false }, named('warmli'), passages)).toBe(true);
  });

  it("reads the year from the move's section, past a clause between commas after the name", () => {
    const section = [
      essayPassage('On Friday 10 March 2023 the bank that held Steamco cash closed.'),
      essayPassage('Tepid, which by then was backed mostly by Steamco deposits, fell with it.'),
    ];
    const move = { subject: ['Tepid'], year: '2023', rising: false };
    expect(tellsMove(move, named('tepid'), section, () => [0, 1])).toBe(true);
    expect(tellsMove(move, named('tepid'), section)).toBe(false);
  });
});

describe('a question why something moved in a year', () => {
  it('is declined when no passage of that year tells the move', () => {
    for (const question of [
      "Why did Boilr's price fall so much in 2022?",
      'Why did the price of Kettlebot shares rise in 2022?',
    ]) {
      const result = index.search(question, both);
      expect(result.answer, question).toBeNull();
      expect(result.no_answer_reason, question).toMatch(
        /never tell what happened to “(?:Boilr|Kettlebot shares)” in 20/,
      );
    }
  });

  it('is answered where the content tells it', () => {
    expect(index.search("Why did Kettlebot's price fall so much in March 2020?", both).answer).not.toBeNull();
    // "its price collapsed" after the name; the year opening a sentence whose subject it is.
    expect(index.search("Why did Fizz's price crash in 2022?", both).answer).not.toBeNull();
    expect(index.search("Why did Warmly's price collapse in 2021?", both).answer).not.toBeNull();
    // The year told a paragraph before, in the same section; a clause between commas after the name.
    expect(
      index.search('Why did the price of Tepid fall with Steamco in March 2023?', both).no_answer_reason ?? '',
    ).not.toMatch(/never tell what happened/);
  });
});
