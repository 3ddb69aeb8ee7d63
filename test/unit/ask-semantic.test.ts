// Issue 50's pieces in process: reciprocal rank fusion of the lexical and semantic rankings, the
// decline's calibration (meaning can vouch for a passage no word of the question reaches, and
// cannot for a far one), and answers chosen by the question's kind rather than by shared words.
import { describe, expect, it } from 'vitest';
import type { AskDocumentType, AskPassage } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import {
  fuse,
  nearestPassages,
  semanticConfidence,
  SIMILARITY_FLOOR,
  SIMILARITY_FULL,
} from '../../src/core/ask/fusion.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { retrofitted } from '../../src/core/ask/retrofit.ts';
import { readWordVectors, WordVectors } from '../../src/core/ask/semantic.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import { glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

/** A glossary term with other names and no page body. */
const term = (slug: string, title: string, aliases: string[], definition: string) =>
  glossaryTerm(slug, title, definition, '', aliases);

const hit = (
  passage: number,
  confidence = 0.3,
): { passage: number; score: number; confidence: number; similarity?: number } => ({
  passage,
  score: 0,
  confidence,
});

describe('fusion', () => {
  it('puts a passage both rankings like above one only the lexical ranking puts first', () => {
    const similarity = Float32Array.from([0.1, 0.5, 0.6]);
    const fused = fuse([hit(0), hit(1)], [hit(2), hit(1)], similarity);
    expect(fused.map((each) => each.passage)).toEqual([1, 0, 2]);
    // Every hit carries its similarity, and the better of its two confidences.
    expect(fused.find((each) => each.passage === 2)?.similarity).toBeCloseTo(0.6);
    expect(fused.find((each) => each.passage === 0)?.confidence).toBe(0.3);
  });

  it('keeps the lexical order when meaning has nothing to add', () => {
    const fused = fuse([hit(3), hit(1), hit(2)], [], new Float32Array(4));
    expect(fused.map((each) => each.passage)).toEqual([3, 1, 2]);
  });

  it('puts the neighbour that covers the question above one that only ranks a place higher', () => {
    // Ranks alone would keep passage 0 first; it answers 0.4 of the question, passage 1 nearly all.
    const fused = fuse([hit(0, 0.4), hit(1, 0.9)], [], new Float32Array(2));
    expect(fused.map((each) => each.passage)).toEqual([1, 0]);
    // Far apart in rank, confidence does not decide alone.
    const apart = fuse([hit(0, 0.4), hit(2), hit(3), hit(4), hit(5), hit(1, 0.9)], [], new Float32Array(6));
    expect(apart[0]?.passage).toBe(0);
  });

  it('takes the nearest passages from the floor up, best first, of the allowed types only', () => {
    const similarity = Float32Array.from([0.9, SIMILARITY_FLOOR - 0.01, 0.7, 0.95, 0.8]);
    expect(nearestPassages(similarity, () => true, 3)).toEqual([3, 0, 4]);
    expect(nearestPassages(similarity, (passage) => passage !== 3, 10)).toEqual([0, 4, 2]);
  });
});

describe('decline calibration', () => {
  it('gives meaning no say below the floor and full say from the top of the scale', () => {
    expect(semanticConfidence(SIMILARITY_FLOOR - 0.1)).toBe(0);
    expect(semanticConfidence(SIMILARITY_FULL)).toBe(1);
    const middle = semanticConfidence((SIMILARITY_FLOOR + SIMILARITY_FULL) / 2);
    expect(middle).toBeGreaterThan(0.4);
    expect(middle).toBeLessThan(0.6);
  });

  it('raises a hit that no word reaches to the confidence its meaning earns', () => {
    const [fused] = fuse([], [hit(0, 0)], Float32Array.from([SIMILARITY_FULL]));
    expect(fused?.confidence).toBeCloseTo(1);
  });

  const table = readWordVectors();
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  it.runIf(table)('still declines a question far from everything the content says', { timeout: 60_000 }, () => {
    const index = loadedIndex([
      term('gas', 'Gas', [], 'The fee paid to validators for the computation a blockchain transaction uses.'),
      term('oracle', 'Oracle', [], 'A service that brings prices and other outside data onto a blockchain.'),
      term('slashing', 'Slashing', [], 'The penalty that destroys part of a validator deposit for signing twice.'),
    ]);
    const far = index.search('how do I bake sourdough bread at home', { limit: 3, types: ['glossary', 'essay'] });
    expect(far.answer).toBeNull();
    expect(far.confidence).toBeLessThan(0.55);
  });

  it.runIf(table)(
    'declines a question naming what neither the content nor the word vectors know, however few its words',
    { timeout: 60_000 },
    () => {
      const index = loadedIndex([
        term(
          'wallet',
          'Wallet',
          [],
          'Software or a device that stores the secret keys of blockchain accounts and uses them to approve ' +
            'transactions. Setting one up creates a key pair and a recovery phrase to write down.',
        ),
        term('gas', 'Gas', [], 'The fee paid to validators for the computation a blockchain transaction uses.'),
        term('oracle', 'Oracle', [], 'A service that brings prices and other outside data onto a blockchain.'),
      ]);
      const options = { limit: 3, types: ['glossary', 'essay'] satisfies AskDocumentType[] };
      // "metamask" is no word of the content's nor of everyday English: a product the content never covers.
      const named = index.search('how do I set up a metamask wallet', options);
      expect(named.answer).toBeNull();
      expect(named.no_answer_reason).toMatch(/never mention “metamask”/);
      // The same question about the thing the content does cover is answered.
      const covered = index.search('how do I set up a wallet', options);
      expect(covered.answer?.slug).toBe('wallet');
      // A known word with an everyday prefix or suffix is no name: "outvote" is voting, "wordy" words.
      for (const asked of ['can outside data sources outvote an oracle', 'why are wallet recovery phrases so wordy'])
        expect(index.search(asked, options).no_answer_reason ?? '', asked).not.toMatch(/never mention/);
    },
  );

  it('does not decline a subject described rather than named as something the content never mentions', () => {
    const index = loadedIndex(
      [
        term(
          'non-fungible-token',
          'Non-fungible token',
          [],
          'A unique digital token recording ownership of one item, such as a collectible, that cannot be copied or swapped one for one.',
        ),
        term('gas', 'Gas', [], 'The fee paid to validators for the computation a blockchain transaction uses.'),
      ],
      NO_WORD_VECTORS,
    );
    const described = index.search('what is a digital collectible that cannot be copied', {
      limit: 3,
      types: ['glossary'],
    });
    expect(described.no_answer_reason ?? '').not.toMatch(/never mention/);
    expect(described.answer?.slug).toBe('non-fungible-token');
    // A name of several words that nothing here says is still declined as unknown.
    const unknown = index.search('what is a digital collectible token standard', { limit: 3, types: ['glossary'] });
    expect(unknown.answer).toBeNull();
    expect(unknown.no_answer_reason).toMatch(/never mention/);
  }, 60_000);

  it.runIf(table)('has word vectors for everyday words and the content’s own', () => {
    const words = new WordVectors(table!, () => 1);
    for (const word of ['phone', 'cheating', 'price', 'validator', 'rollup']) expect(words.has(word), word).toBe(true);
  });
});

describe('answer choice', () => {
  const text =
    'Flash loans appeared on Aave in 2020 and are now offered by several protocols. ' +
    'A flash loan is an uncollateralised loan that must be borrowed and repaid within one transaction, or the whole transaction reverts. ' +
    'Because nothing is at risk for the lender, no collateral is needed. ' +
    'Loans of this kind have also funded many attacks on protocols with weak price sources.';
  const passage: AskPassage = {
    type: 'glossary',
    slug: 'flash-loan',
    title: 'Flash loan',
    section: null,
    kind: 'paragraph',
    url: 'http://x/glossary/flash-loan',
    markdownUrl: 'http://x/glossary/flash-loan.md',
    text,
    sentences: sentenceStarts(text),
    explains: 1,
    names: ['Flash loan'],
    namesWeigh: false,
    mentions: [],
    context: '',
  };
  const flashLoans = { asked: ['flash', 'loans'], idf: 3, alternatives: [['flash', 'loan']], named: true };
  const protocols = { asked: ['protocols'], idf: 1, alternatives: [['protocol']], named: false };
  // "what are flash loans in lending protocols", unless other concepts are given.
  const plan = (prefer: Plan['prefer'], concepts: Plan['concepts'] = [flashLoans, protocols]): Plan => ({
    concepts,
    weights: new Map([
      ['flash', 1],
      ['loan', 1],
      ['protocol', 1],
    ]),
    prefer,
  });

  it('quotes the sentence that says what a thing is for a definition, not the one with the most shared words', () => {
    const answer = answerSentences(passage, plan('definition'), 90);
    expect(answer).toContain('A flash loan is an uncollateralised loan');
    expect(answer).not.toContain('appeared on Aave in 2020');
  });

  it('quotes the sentence that gives a reason for a why question', () => {
    // "why do flash loans need no collateral": the reason, not the definition that shares more words.
    const collateral = { asked: ['collateral'], idf: 2, alternatives: [['collater']], named: false };
    // No words to spare (room 0): the answering sentence and the neighbour it carries on with.
    const answer = answerSentences(passage, plan('explanation', [flashLoans, collateral]), 90, 0);
    expect(answer.startsWith('Because nothing is at risk')).toBe(true);
  });

  it('quotes a sentence that leans on the one before together with it', () => {
    // "what funds exploits": the answering sentence begins "This"; what it is, the sentence before says.
    const exploits = { asked: ['exploits'], idf: 3, alternatives: [['exploit']], named: false };
    const leaning =
      'Because nothing is at risk for the lender, no collateral is needed. This has also funded many exploits.';
    const longer = `${text} ${leaning} Lenders earn a small fee on each one, paid when the loan is repaid.`;
    const answer = answerSentences(
      { ...passage, text: longer, sentences: sentenceStarts(longer) },
      plan(undefined, [exploits]),
      90,
    );
    expect(answer).toBe(leaning);
  });

  it('quotes at most two whole sentences, the answering one and a neighbour, with no words to spare', () => {
    const answer = answerSentences(passage, plan('definition'), 90, 0);
    const sentences = answer.match(/[^.]+\./g) ?? [];
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(2);
    expect(text).toContain(answer);
  });

  it('adds to the two sentences only within the words the answer may take, in the passage order', () => {
    const pair = answerSentences(passage, plan('definition'), 90, 0);
    for (const room of [30, 45, 60, 90]) {
      const answer = answerSentences(passage, plan('definition'), 90, room);
      expect(text).toContain(answer);
      expect(answer).toContain(pair);
      if (answer !== pair) expect(answer.split(' ').length).toBeLessThanOrEqual(room);
    }
  });
});

describe('word vectors fitted to the glossary', () => {
  const table = readWordVectors();
  const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, at) => sum + value * b[at]!, 0);
  const definition = 'the penalty that destroys part of a deposit for breaking the rules';

  it.runIf(table)('moves a name towards what its definition says, and leaves other words alone', () => {
    const general = new WordVectors(table!, () => 1);
    const fitted = new WordVectors(retrofitted(table!, general, [{ names: ['Slashing'], definition }]), () => 1);
    const meaning = general.embed([{ text: definition, weight: 1 }])!;
    const before = cosine(general.embed([{ text: 'slashing', weight: 1 }])!, meaning);
    const after = cosine(fitted.embed([{ text: 'slashing', weight: 1 }])!, meaning);
    expect(after).toBeGreaterThan(before + 0.2);
    expect(
      cosine(fitted.embed([{ text: 'phone', weight: 1 }])!, general.embed([{ text: 'phone', weight: 1 }])!),
    ).toBeCloseTo(1, 2);
  });

  it.runIf(table)('gives a name the table lacks the vector of its definition', () => {
    const general = new WordVectors(table!, () => 1);
    expect(general.has('zorblefee')).toBe(false);
    const fitted = new WordVectors(retrofitted(table!, general, [{ names: ['Zorblefee', 'ZF'], definition }]), () => 1);
    expect(fitted.has('zorblefee')).toBe(true);
    const meaning = general.embed([{ text: definition, weight: 1 }])!;
    expect(cosine(fitted.embed([{ text: 'zorblefee', weight: 1 }])!, meaning)).toBeGreaterThan(0.95);
  });
});

describe('decline calibration: names inside a longer subject, and words of chat', () => {
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Lexical only (no vectors): what is tested is which questions are declined before ranking.
  const index = () =>
    loadedIndex(
      [
        term(
          'seed-phrase',
          'Seed phrase',
          ['recovery phrase'],
          'A list of 12 or 24 ordinary words from which a crypto wallet derives its keys.',
        ),
        term(
          'merkle-tree',
          'Merkle tree',
          [],
          'A tree of hashes whose root sums up a list of items, exactly and briefly.',
        ),
        term(
          'rollup',
          'Rollup',
          [],
          'A chain that executes transactions away from the main chain and posts their data back.',
        ),
        term(
          'proof-of-work',
          'Proof of work',
          [],
          'A consensus rule in which miners spend computation to propose blocks; its history is long, as Solana is not.',
        ),
        term(
          'optimistic-verification',
          'Optimistic verification',
          [],
          "Checking a result only when someone challenges it, which meets the verifier's dilemma: when cheating is rare, checking earns nothing.",
        ),
        term(
          'sequencer',
          'Sequencer',
          [],
          'The node that orders a rollup’s transactions; when it goes offline, the options left are to wait or to force transactions through the main chain.',
        ),
      ],
      NO_WORD_VECTORS,
    );

  it('finds a possessive subject the content writes with its apostrophe', () => {
    const result = index().search("what is the verifier's dilemma", options);
    expect(result.no_answer_reason ?? '').not.toMatch(/never mention/);
    expect(result.answer?.slug).toBe('optimistic-verification');
  }, 60_000);

  it('reads a subject with a pronoun as part of a sentence, not as a name the content never mentions', () => {
    const asked = 'I run a rollup and its sequencer went offline for an hour, what are my options';
    const result = index().search(asked, options);
    expect(result.no_answer_reason ?? '').not.toMatch(/never mention/);
    expect(result.answer?.slug).toBe('sequencer');
  }, 60_000);

  it('answers a subject that names a term among words the content uses', () => {
    const ask = index();
    expect(ask.search('what is a crypto wallet seed phrase', options).answer?.slug).toBe('seed-phrase');
    expect(ask.search('what is a merkle tree exactly', options).answer?.slug).toBe('merkle-tree');
  }, 60_000);

  it('still declines a subject of several words none of which names a term', () => {
    const declined = index().search("how does solana's proof of history work", options);
    expect(declined.answer).toBeNull();
    expect(declined.no_answer_reason).toMatch(/never mention/);
  }, 60_000);

  it('reads contractions typed without an apostrophe and words of chat as no part of what is asked', () => {
    const ask = index();
    for (const asked of ['whats a rollup', 'ok but like what is a rollup lol', 'ELI5 rollups please']) {
      const result = ask.search(asked, options);
      expect(result.no_answer_reason ?? '', asked).not.toMatch(/never mention/);
      expect(result.answer?.slug, asked).toBe('rollup');
    }
  }, 60_000);
});

describe('answer choice: a glossary paragraph follows its term’s definition', () => {
  it('quotes the definition first, then the paragraph that matched', () => {
    const index = loadedIndex(
      [
        {
          type: 'glossary',
          slug: 'flash-loan',
          title: 'Flash loan',
          aliases: [],
          definition: 'A loan with no collateral that must be borrowed and repaid within one transaction.',
          body: 'Arbitrage traders borrow fifty million dollars this way to exploit price gaps between exchanges.',
          anchors: [],
          url: 'http://x/glossary/flash-loan',
          markdownUrl: 'http://x/glossary/flash-loan.md',
        },
      ],
      NO_WORD_VECTORS,
    );
    const result = index.search('how do arbitrage traders exploit price gaps between exchanges', {
      limit: 3,
      types: ['glossary'],
    });
    expect(result.answer?.slug).toBe('flash-loan');
    expect(result.answer?.passages.map((passage) => passage.text)).toEqual([
      'A loan with no collateral that must be borrowed and repaid within one transaction.',
      'Arbitrage traders borrow fifty million dollars this way to exploit price gaps between exchanges.',
    ]);
    // Asked what it is, the definition alone answers.
    expect(index.search('what is a flash loan', { limit: 3, types: ['glossary'] }).answer?.passages).toHaveLength(1);
  }, 60_000);
});

describe('decline calibration: proper names the answer must speak of', () => {
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

  it('declines a question about one named chain that the best passage never names', () => {
    const index = loadedIndex(
      [
        term(
          'validator',
          'Validator',
          [],
          'A participant who stakes tokens to propose blocks and vote on them; anyone can become one.',
        ),
        term('bridge', 'Bridge', [], 'A system that moves tokens between chains such as Ethereum and Solana.'),
        term(
          'lending-protocol',
          'Lending protocol',
          ['Aave'],
          'A program that lends deposited tokens to borrowers against collateral.',
        ),
      ],
      NO_WORD_VECTORS,
    );
    const named = index.search('how do I become a validator on Solana', options);
    expect(named.answer).toBeNull();
    expect(named.no_answer_reason).toMatch(/Solana/);
    expect(index.search('how do I become a validator', options).answer?.slug).toBe('validator');
    // A name the glossary gives a term is spoken of by that term's passages.
    expect(index.search('how does Aave lend tokens to borrowers', options).answer?.slug).toBe('lending-protocol');
  }, 60_000);

  it('finds the name in the definition quoted before the paragraph that answers', () => {
    const index = loadedIndex(
      [
        {
          ...term(
            'blob-transaction',
            'Blob transaction',
            [],
            'A type of Ethereum transaction that carries large blobs of data for rollups.',
          ),
          body: 'Nodes keep blob data for about 18 days, long enough for rollups, and then delete it.',
        },
      ],
      NO_WORD_VECTORS,
    );
    const result = index.search('how long do Ethereum nodes keep blob data', options);
    expect(result.answer?.passages.map((passage) => passage.text)).toEqual([
      'A type of Ethereum transaction that carries large blobs of data for rollups.',
      'Nodes keep blob data for about 18 days, long enough for rollups, and then delete it.',
    ]);
  }, 60_000);
});

describe('a situation’s names are part of what is asked', () => {
  it('answers about the term the situation names, not the word of a short question part', () => {
    const index = loadedIndex(
      [
        term(
          'chain-reorganization',
          'Chain reorganization',
          ['reorg'],
          'The replacement of recent blocks by a competing branch of the chain.',
        ),
        term(
          'layer-normalization',
          'Layer normalization',
          [],
          'A step that rescales the outputs of a layer to a normal range.',
        ),
      ],
      NO_WORD_VECTORS,
    );
    const asked =
      'I run a full node at home and earlier I saw a reorg replace the block I had just seen, is that normal';
    expect(index.search(asked, { limit: 3, types: ['glossary'] }).answer?.slug).toBe('chain-reorganization');
  }, 60_000);
});

describe('answer choice: a definition asked more than what it is brings the paragraph that answers', () => {
  const oracle = (): AskIndex =>
    loadedIndex(
      [
        {
          type: 'glossary',
          slug: 'oracle',
          title: 'Oracle',
          aliases: [],
          definition: 'A service that brings prices from outside a blockchain into smart contracts.',
          body: [
            'Every node must reach the same result, so smart contracts cannot make web requests themselves.',
            'Chainlink aggregates reports from many independent operators.',
          ].join('\n\n'),
          anchors: [],
          url: 'http://x/glossary/oracle',
          markdownUrl: 'http://x/glossary/oracle.md',
        },
      ],
      NO_WORD_VECTORS,
    );
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

  it('quotes the definition, then the paragraph of its page whose sentence answers the question', () => {
    const result = oracle().search('how do oracles bring prices into smart contracts', options);
    const [definition, paragraph] = result.answer?.passages.map((passage) => passage.text) ?? [];
    expect(definition).toBe('A service that brings prices from outside a blockchain into smart contracts.');
    expect(paragraph).toContain('smart contracts cannot make web requests themselves.');
  }, 60_000);

  it('still quotes the definition alone when asked what the term is', () => {
    expect(oracle().search('what is an oracle', options).answer?.passages).toHaveLength(1);
  }, 60_000);
});
