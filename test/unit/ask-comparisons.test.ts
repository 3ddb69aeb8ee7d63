// Comparison questions, in process: the sides are named before a colon however long the question
// after it, and an essay section whose heading names both sides leads, since it sets them against
// each other where a side's own definition does not.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import type { AskOptions } from '../../src/core/ask/ask-index.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { COMPARISON_MAX_WORDS } from '../../src/core/ask/answer-shape.ts';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const retrieval: AskDocument = {
  type: 'essay',
  slug: 'retrieval',
  title: 'Retrieval in practice',
  aliases: [],
  definition: null,
  body: [
    'Finding the right passages decides what a search system can answer.',
    '## Dense versus sparse: what the evidence says',
    'On most benchmarks neither kind of retrieval wins outright: dense retrieval matches meaning, sparse retrieval matches rare words exactly, and combining them beats either.',
    '## Algorithmic: backing by the system’s own token',
    'An algorithmic stablecoin is backed by the system’s own token, which is minted when the coin is redeemed.',
    '## Consensus by stake',
    'Each design gives someone the say over the next block: under stake, a validator with a larger deposit.',
  ].join('\n\n'),
  anchors: ['dense-versus-sparse-what-the-evidence-says', 'algorithmic', 'consensus-by-stake'],
  url: 'http://x/essays/retrieval',
  markdownUrl: 'http://x/essays/retrieval.md',
};

const documents = [
  retrieval,
  glossaryTerm(
    'dense-retrieval',
    'Dense retrieval',
    'Retrieval that compares embedding vectors of the query and the documents.',
    'Dense retrieval finds passages that share meaning but no words with the query.',
  ),
  glossaryTerm(
    'sparse-retrieval',
    'Sparse retrieval',
    'Retrieval that scores documents by the rare words they share with the query, as BM25 does.',
    'Sparse retrieval finds exact names and codes that embeddings blur.',
  ),
  glossaryTerm(
    'algorithmic-stablecoin',
    'Algorithmic stablecoin',
    'A stablecoin that holds its price by minting and burning a partner token rather than holding reserves.',
    '',
  ),
  glossaryTerm(
    'reserve-backed-stablecoin',
    'Reserve-backed stablecoin',
    'A stablecoin backed one to one by reserves of cash and bonds held by its issuer.',
    '',
  ),
  glossaryTerm(
    'proof-of-work',
    'Proof of work',
    'Consensus in which miners spend computation, and the chain with the most work wins.',
    '',
    ['mining'],
  ),
  glossaryTerm(
    'proof-of-stake',
    'Proof of stake',
    'Consensus in which validators lock a deposit, and votes are weighted by it.',
    '',
    ['staking'],
  ),
  glossaryTerm(
    'hard-fork',
    'Hard fork',
    'A change to the rules of a chain that older software rejects, so every node must upgrade.',
    [
      'Upgrades of this kind are usually scheduled and ship under a name.',
      'The opposite is a soft fork, which only tightens the rules, so blocks of upgraded nodes still look valid to old ones. A hard fork loosens the rules, so old nodes reject the new blocks.',
      'A hard fork can split a community when some refuse to upgrade.',
    ].join('\n\n'),
    ['soft fork'],
  ),
  glossaryTerm(
    'chain-rule',
    'Heaviest chain',
    'The rule that nodes follow the chain with the most work, so a long chain of easy blocks cannot beat a hard one.',
    'At a fork each node takes the heavier branch.',
  ),
];

const index = loadedIndex(documents, NO_WORD_VECTORS);
const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };

describe('comparison questions', () => {
  it('reads the sides before a colon, not the question after it', () => {
    expect(parseQuestion('Quadratic voting vs quadratic funding: how do they differ?').sides).toEqual([
      'Quadratic voting',
      'quadratic funding',
    ]);
  });

  it('reads the sides in the sentence or clause that compares, not the talk before it', () => {
    expect(parseQuestion('I keep reading about both and still do not get it. Rollup vs sidechain?').sides).toEqual([
      'Rollup',
      'sidechain',
    ]);
    expect(parseQuestion('one thing I never understood: quadratic voting versus quadratic funding').sides).toEqual([
      'quadratic voting',
      'quadratic funding',
    ]);
  });

  it("reads a comparison's sides without the words that stress it or say when", () => {
    expect(parseQuestion('is proof of stake just straight up better than proof of work now?').sides).toEqual([
      'proof of stake',
      'proof of work',
    ]);
    expect(parseQuestion('are rollups really much cheaper than sidechains these days').sides).toEqual([
      'rollups',
      'sidechains',
    ]);
  });

  it('reads everyday ways of setting two things side by side as comparisons', () => {
    for (const asked of [
      'which is better, proof of work or proof of stake?',
      'is proof of work safer than proof of stake?',
      'should I use proof of work or proof of stake',
      'pros and cons of proof of work and proof of stake',
    ]) {
      expect(parseQuestion(asked)).toMatchObject({ intent: 'comparison', sides: ['proof of work', 'proof of stake'] });
      const result = index.search(asked, both);
      expect(
        result.answer?.passages.map((passage) => passage.slug),
        asked,
      ).toEqual(['proof-of-work', 'proof-of-stake']);
    }
    // An either-or that compares nothing stays what it is.
    expect(parseQuestion('is staking safe or not').intent).not.toBe('comparison');
    // Figures set side by side are no two things to compare.
    expect(parseQuestion('our new prompt scored 64% versus 61% for the old one, is that real').intent).not.toBe(
      'comparison',
    );
    expect(parseQuestion('my swap cost $12 compared to $3 yesterday, why').intent).not.toBe('comparison');
    expect(parseQuestion('Llama 3 vs Mistral 7B').sides).toEqual(['Llama 3', 'Mistral 7B']);
  });

  it('reads two things named before a colon and asked which is better as a comparison', () => {
    const asked = 'proof of work or proof of stake: which one is safer for a small chain?';
    expect(parseQuestion(asked)).toMatchObject({ intent: 'comparison', sides: ['proof of work', 'proof of stake'] });
    expect(index.search(asked, both).answer?.passages.map((passage) => passage.slug)).toEqual([
      'proof-of-work',
      'proof-of-stake',
    ]);
    // A side the content never covers declines the comparison, as "X vs Y" would.
    const vendor = index.search('Hetzner or proof of stake: which is cheaper to run a node on?', both);
    expect(vendor.answer).toBeNull();
    // Asked what each catches rather than which is better, the question is read as it was.
    expect(parseQuestion('proof of work or proof of stake: which catches what').intent).not.toBe('comparison');
  });

  it('reads a trade-off asked after the sides, a difference in some respect and one side beating the other', () => {
    for (const [asked, sides] of [
      ['Paxos or Raft: what is the trade-off around leader election?', ['Paxos', 'Raft']],
      ['Paxos or Raft: how do they differ when a node fails?', ['Paxos', 'Raft']],
      ['How do Paxos and Raft differ in who gets to lead?', ['Paxos', 'Raft']],
      ['On a flaky network, does Raft beat Paxos?', ['Raft', 'Paxos']],
      ['Can a linear probe outperform full fine-tuning?', ['linear probe', 'full fine-tuning']],
    ] as const)
      expect(parseQuestion(asked), asked).toMatchObject({ intent: 'comparison', sides });
    // After a colon, a question that asks neither which differs nor the trade-off is no comparison.
    expect(parseQuestion('Paxos or Raft: what does a leader do?').intent).not.toBe('comparison');
  });

  it('reads the sides before a dash or a comma that starts the question part', () => {
    for (const [asked, sides] of [
      ["top-k vs top-p sampling, what's actually different?", ['top-k', 'top-p sampling']],
      ['ERC-721 vs ERC-1155 — when would I use which?', ['ERC-721', 'ERC-1155']],
      ['ERC-721 vs ERC-1155—when would I use which?', ['ERC-721', 'ERC-1155']],
      ["optimistic rollup vs zk rollup - what's the practical difference?", ['optimistic rollup', 'zk rollup']],
    ] as const)
      expect(parseQuestion(asked).sides, asked).toEqual(sides);
    // A hyphen inside a name is no break.
    expect(parseQuestion('zk-SNARK vs zk-STARK').sides).toEqual(['zk-SNARK', 'zk-STARK']);
  });

  it('answers both sides however the question part after a dash or comma is worded', () => {
    const result = index.search('proof of work vs proof of stake — which gives the say over the next block?', both);
    expect(result.answer?.passages.slice(0, 2).map((passage) => passage.slug)).toEqual([
      'proof-of-work',
      'proof-of-stake',
    ]);
  });

  it('reads a side written as "it" as the thing the question first asks about', () => {
    expect(parseQuestion('What is proof of stake and how is it different from proof of work?').sides).toEqual([
      'proof of stake',
      'proof of work',
    ]);
    const result = index.search('What is proof of stake and how is it different from proof of work?', both);
    expect(result.answer?.passages.slice(0, 2).map((passage) => passage.slug)).toEqual([
      'proof-of-stake',
      'proof-of-work',
    ]);
  });

  it('reads no question of its own as a side', () => {
    // "how much worse off am I" is what is asked, not a thing set beside "just holding".
    expect(
      parseQuestion('if my pool position lost value, how much worse off am I compared with just holding the coins')
        .sides,
    ).toBeUndefined();
    expect(parseQuestion('How much memory do the weights need at 16-bit versus 4-bit?').sides).toBeUndefined();
    // ask-dev41, ask-dev56, ask-dev92: "… or is there more to it" asks whether the first is all there
    // is; "is there" was a side, which no passage speaks to, and the question was declined.
    expect(parseQuestion('is mev basically just front running or is there more to it').sides).toBeUndefined();
    expect(parseQuestion('is proof of stake just voting or does it do more').sides).toBeUndefined();
    // A first side may ask ("is there …"): it is what is set beside the second (ask-dev82).
    expect(parseQuestion('Is there a standard score for how fast a kettle boils compared with a pan?').sides).toEqual([
      'Is there a standard score for how fast a kettle boils',
      'pan',
    ]);
  });

  it('answers both sides of a long comparison whose question part follows a colon', () => {
    const result = index.search('Mining vs staking: what gives you a say over the next block in each?', both);
    // The section that holds what is asked beyond the sides follows them (see below).
    expect(result.answer?.passages.slice(0, 2).map((passage) => passage.slug)).toEqual([
      'proof-of-work',
      'proof-of-stake',
    ]);
  });

  it('puts the essay section whose heading names both sides first', () => {
    const result = index.search('Dense vs sparse retrieval: which one works better?', both);
    expect(result.sources[0]).toMatchObject({
      slug: 'retrieval',
      section: 'Dense versus sparse: what the evidence says',
    });
    // Each side's own source is still among the first.
    expect(result.sources.slice(0, 3).map((source) => source.slug)).toEqual(
      expect.arrayContaining(['dense-retrieval', 'sparse-retrieval']),
    );
  });

  it('does not let a heading that names only a word of each side lead', () => {
    const result = index.search('How does an algorithmic stablecoin differ from a reserve-backed one?', both);
    expect(result.sources[0]).toMatchObject({ slug: 'algorithmic-stablecoin' });
  });

  it('quotes the page both sides name, at the paragraph that sets them against each other', () => {
    // "soft fork" is another name of the hard fork's page: the sides share it.
    const result = index.search("What's the difference between a hard fork and a soft fork?", both);
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(['hard-fork', 'hard-fork']);
    expect(result.answer?.text).toContain('only tightens the rules');
    expect(result.answer?.text).toContain('old nodes reject the new blocks');
  });
});

// A comparison whose sides an essay section sets against each other: the section says what was
// asked (how they differ), each side's definition what it is, in its first sentence.
const rollups = essayDocument(
  'rollups',
  'Rollups in practice',
  [
    'Rollups move execution off the main chain and post their data back to it.',
    '## Optimistic versus ZK rollups: getting your money out',
    'The two designs differ most when you withdraw. An optimistic rollup makes every withdrawal wait out a challenge window of about seven days, in case someone proves the batch wrong. A ZK rollup proves each batch up front, so a withdrawal is final within minutes to hours, once the proof is verified.',
    'Liquidity providers bridge the wait for a fee, paying out on the main chain at once.',
  ],
  ['optimistic-versus-zk-rollups-getting-your-money-out'],
);
const rollupTerms = [
  glossaryTerm(
    'optimistic-rollup',
    'Optimistic rollup',
    'A layer 2 that posts batches of transactions and assumes they are correct unless someone proves otherwise. Anyone watching can submit a fraud proof during the challenge period. Arbitrum and Optimism are the best known examples of the design in use today.',
    '',
  ),
  glossaryTerm(
    'zk-rollup',
    'ZK rollup',
    'A layer 2 that posts each batch with a short cryptographic proof that every transaction in it was processed correctly. The main chain checks that proof instead of re-running the transactions. Proving is expensive, so provers run on specialised hardware.',
    '',
  ),
  glossaryTerm(
    'sidechain',
    'Sidechain',
    'A separate blockchain with its own validators, connected to a main chain by a bridge. Its security is its own, not the main chain’s. Assets move across through the bridge contract.',
    '',
  ),
];
const rollupIndex = loadedIndex([rollups, ...rollupTerms], NO_WORD_VECTORS);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const firstSentence = (slug: string) => rollupTerms.find((term) => term.slug === slug)!.definition!.split('. ')[0]!;

describe('a comparison answered from the section that compares its sides', () => {
  const result = rollupIndex.search(
    "Optimistic rollup vs ZK rollup: what's the practical difference when I withdraw?",
    both,
  );

  it('quotes each side by the first sentence of its definition, then the section', () => {
    expect(result.sources[0]).toMatchObject({
      slug: 'rollups',
      section: 'Optimistic versus ZK rollups: getting your money out',
    });
    const passages = result.answer!.passages;
    expect(passages.map((passage) => passage.slug)).toEqual(['optimistic-rollup', 'zk-rollup', 'rollups']);
    expect(passages[0]!.text).toBe(`${firstSentence('optimistic-rollup')}.`);
    expect(passages[1]!.text).toBe(`${firstSentence('zk-rollup')}.`);
    expect(result.answer!.text).not.toContain('Arbitrum and Optimism');
    // The section's sentences that say how withdrawals differ: the key fact of the question.
    expect(passages[2]!.text).toContain('challenge window of about seven days');
    expect(passages[2]!.text).toContain('within minutes to hours');
  });

  it('stays within about 120 words, in whole sentences, none of them twice', () => {
    const text = result.answer!.text;
    expect(words(text)).toBeLessThanOrEqual(COMPARISON_MAX_WORDS);
    const sentences = text.split(/(?<=[.?!])\s+/);
    expect(sentences.every((sentence) => /^[A-Z]/.test(sentence) && /[.?!]$/.test(sentence))).toBe(true);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('keeps the whole definitions when no section compares the sides', () => {
    const apart = rollupIndex.search('optimistic rollup vs sidechain', both);
    expect(apart.answer!.passages.map((passage) => passage.slug)).toEqual(['optimistic-rollup', 'sidechain']);
    expect(apart.answer!.text).toContain('Arbitrum and Optimism');
    expect(apart.answer!.text).toContain('Assets move across through the bridge contract.');
  });
});

// Two things the content names once each, in passing: it cannot set them side by side.
const frameworks = essayDocument(
  'training',
  'How networks are trained',
  [
    'Training adjusts the weights of a network to lower its loss on examples.',
    '## Backpropagation',
    'Backpropagation computes every gradient in one backward pass. Frameworks such as Keras do it for you, and the memory it needs grows with the depth of the network.',
    '## Hardware',
    'Accelerators run the matrix products of training in parallel. Compilers such as Triton turn the graph into kernels for each accelerator, and the batch size sets how busy they stay.',
  ],
  ['backpropagation', 'hardware'],
);
const frameworkTerms = [
  glossaryTerm('keras', 'Keras', 'A library for defining and training neural networks in a few lines of code.'),
  glossaryTerm('triton', 'Triton', 'A language and compiler for writing fast accelerator kernels for training.'),
];

describe('a comparison of things the content only mentions in passing', () => {
  it('is declined when neither side is more than a passing mention', () => {
    const passing = loadedIndex([frameworks], NO_WORD_VECTORS);
    const result = passing.search('Keras vs Triton — which should a beginner learn first?', both);
    expect(result.answer).toBeNull();
  });

  it('is answered when the content is about its sides', () => {
    const named = loadedIndex([frameworks, ...frameworkTerms], NO_WORD_VECTORS);
    const result = named.search('Keras vs Triton — which should a beginner learn first?', both);
    expect(result.answer?.passages.slice(0, 2).map((passage) => passage.slug)).toEqual(['keras', 'triton']);
  });
});

// A side that ends in a glossary term's name with words of its own before it ("encoder models like
// BERT"): the term's definition covers it, though few passages hold all of the side's words.
describe('a side that ends in the name of a term the glossary defines', () => {
  const asked = 'Training libraries like Keras vs accelerator compilers like Triton: what is each for?';

  it('is covered by that definition, whatever words come before the name', () => {
    const named = loadedIndex([frameworks, ...frameworkTerms], NO_WORD_VECTORS);
    const result = named.search(asked, both);
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(expect.arrayContaining(['keras', 'triton']));
  });

  it('is still declined when the content only mentions the names in passing', () => {
    const passing = loadedIndex([frameworks], NO_WORD_VECTORS);
    expect(passing.search(asked, both).answer).toBeNull();
  });
});

// An essay section about one side that sets it against the other says how they differ; a side's
// definition says only what it is.
const provers = essayDocument(
  'provers',
  'Proof systems for engineers',
  [
    'Succinct proofs let a verifier check a computation without redoing it.',
    '## Groth16: the smallest proofs',
    'Groth16 gives the smallest proofs known, three group elements, and the cheapest verification. Its setup ceremony must be run again for every circuit.',
    '## PLONK: one setup for every circuit',
    'PLONK removed the ceremony per circuit. Unlike Groth16, PLONK needs one universal setup that serves every circuit below a maximum size, at the price of somewhat larger proofs.',
    '## Sampling',
    'Decoding draws the next token from the head of the distribution.',
    '### Top-k sampling',
    'Top-k sampling keeps a fixed number of the most probable tokens and draws among them.',
    '### Top-p, or nucleus sampling',
    'Top-p sampling keeps the smallest set of tokens whose probabilities add up to p, rather than a fixed count as top-k does.',
  ],
  [
    'groth16-the-smallest-proofs',
    'plonk-one-setup-for-every-circuit',
    'sampling',
    'top-k-sampling',
    'top-p-or-nucleus-sampling',
  ],
);
const proverTerms = [
  glossaryTerm('groth16', 'Groth16', 'A proof system with very small proofs and a trusted setup for each circuit.'),
  glossaryTerm('plonk', 'PLONK', 'A proof system with a universal trusted setup shared by every circuit.'),
  glossaryTerm('top-k-sampling', 'Top-k sampling', 'Drawing the next token from the k most probable tokens.'),
  glossaryTerm(
    'top-p-sampling',
    'Top-p sampling',
    'Drawing the next token from the most probable tokens that together hold probability p.',
  ),
];
const proverIndex = loadedIndex([provers, ...proverTerms], NO_WORD_VECTORS);

describe('a comparison led by the section that sets its sides against each other', () => {
  it('puts the section that contrasts the sides first, and still answers both sides', () => {
    const result = proverIndex.search("Groth16 vs PLONK, what's the practical difference?", both);
    expect(result.sources[0]).toMatchObject({ slug: 'provers', section: 'PLONK: one setup for every circuit' });
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(
      expect.arrayContaining(['groth16', 'plonk']),
    );
    expect(result.answer?.text).toContain('Unlike Groth16, PLONK needs one universal setup');
  });

  it('reads each side by the words its own passage uses', () => {
    // No passage about PLONK speaks of its verification; the section that contrasts it answers.
    const result = proverIndex.search("Groth16 vs PLONK verification, what's the practical difference?", both);
    expect(result.sources[0]).toMatchObject({ slug: 'provers', section: 'PLONK: one setup for every circuit' });
  });

  it('puts the section that holds a contrasting subsection first', () => {
    const result = proverIndex.search('top-k vs top-p sampling, what is different?', both);
    expect(result.sources[0]).toMatchObject({ slug: 'provers', section: 'Sampling' });
    expect(result.answer?.text).toContain('rather than a fixed count as top-k does');
  });

  it('is led by its sides when no section sets them against each other', () => {
    const result = proverIndex.search('Groth16 vs top-k sampling', both);
    expect(result.sources.slice(0, 2).map((source) => source.slug)).toEqual(['groth16', 'top-k-sampling']);
  });
});

// One side defined by the other: its definition says how the two relate.
const etherIndex = loadedIndex(
  [
    glossaryTerm('ether', 'Ether', 'The native currency of the chain, which pays its fees and its validators.'),
    glossaryTerm(
      'wrapped-ether',
      'Wrapped ether',
      'A token that represents ether one for one, so that contracts which handle only tokens can hold it.',
    ),
    essayDocument(
      'bridges',
      'Bridges',
      [
        'Bridges move value between chains.',
        '## What a bridge does',
        'A bridge locks coins on one chain and mints a claim on the other. Unlike ether itself, wrapped ether on another chain is only as good as the bridge that minted it.',
      ],
      ['what-a-bridge-does'],
    ),
  ],
  NO_WORD_VECTORS,
);

describe('a comparison whose one side is defined by the other', () => {
  const result = etherIndex.search('Ether vs wrapped ether: why do both exist?', both);

  it('is led by the definition that names the other side', () => {
    expect(result.sources[0]).toMatchObject({ slug: 'wrapped-ether' });
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(
      expect.arrayContaining(['ether', 'wrapped-ether']),
    );
  });

  it('is not led by a section about neither side, though it sets them against each other', () => {
    expect(result.sources[0]?.slug).not.toBe('bridges');
  });
});

// A section that discusses both sides, though no sentence of it sets one against the other: it says
// how they play out, which a question asking more of them than what they are wants first.
const consensus = essayDocument(
  'consensus',
  'Agreeing on a log',
  [
    'Replicated services keep one ordered log on several servers.',
    '## Raft: a leader per term',
    'Raft elects one leader per term, and the leader appends every entry to the log of each follower. Teams pick Raft for a cluster of five servers because its single leader keeps the log easy to follow, where each proposer in Paxos may suggest a value for every slot.',
    '## Clocks',
    'Servers stamp each request with the time of their own clock.',
  ],
  ['raft-a-leader-per-term', 'clocks'],
);
const consensusIndex = loadedIndex(
  [
    consensus,
    glossaryTerm('paxos', 'Paxos', 'A family of protocols by which servers agree on one value even when some fail.'),
    glossaryTerm('raft', 'Raft', 'A consensus protocol that elects a leader to order the entries of a replicated log.'),
  ],
  NO_WORD_VECTORS,
);

describe('a comparison that asks more of its sides than what they are', () => {
  it('is led by the essay section that discusses both sides', () => {
    const result = consensusIndex.search('Paxos vs Raft — when would I use which?', both);
    expect(result.sources[0]).toMatchObject({ slug: 'consensus', section: 'Raft: a leader per term' });
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(expect.arrayContaining(['paxos', 'raft']));
  });

  it('is led by the definitions when it asks only how they differ, or whether they are the same', () => {
    for (const asked of [
      'Paxos vs Raft',
      'What is the difference between Paxos and Raft?',
      'Paxos vs Raft: are they the same thing?',
      'I have been reading about this for weeks and still do not get one thing: Paxos vs Raft?',
    ])
      expect(consensusIndex.search(asked, both).sources[0], asked).toMatchObject({ slug: 'paxos' });
  });
});

// Three things set side by side: a section that says something of each, about none of them alone,
// sets them beside each other; a section about one of them, or a sentence listing all, does not.
const ciphers = essayDocument(
  'ciphers',
  'Ciphers for engineers',
  [
    'This essay walks through three ciphers you will meet: Serpent, Twofish and Camellia.',
    '## Serpent: a wide safety margin',
    'Serpent runs thirty-two rounds, where Twofish and Camellia run fewer.',
    '## Picking one',
    'If a wide safety margin matters most, Serpent is the careful pick. If software speed on small chips matters, Twofish holds up well. If a standard body must approve it, Camellia is on the lists.',
  ],
  ['serpent-a-wide-safety-margin', 'picking-one'],
);
const cipherIndex = loadedIndex(
  [
    ciphers,
    glossaryTerm('serpent', 'Serpent', 'A block cipher with many rounds, built for a wide safety margin.'),
    glossaryTerm('twofish', 'Twofish', 'A block cipher with key-dependent tables, fast in software.'),
    glossaryTerm('camellia', 'Camellia', 'A block cipher approved by several standard bodies.'),
  ],
  NO_WORD_VECTORS,
);

describe('a comparison of three things', () => {
  it('reads every side, a third after the two', () => {
    expect(parseQuestion('Serpent vs Twofish vs Camellia: which should I pick?')).toMatchObject({
      intent: 'comparison',
      sides: ['Serpent', 'Twofish'],
      moreSides: ['Camellia'],
    });
  });

  it('is led by the section that says something of each, about none alone', () => {
    for (const asked of ['Serpent vs Twofish vs Camellia: which should I pick?', 'Serpent vs Twofish vs Camellia'])
      expect(cipherIndex.search(asked, both).sources[0], asked).toMatchObject({
        slug: 'ciphers',
        section: 'Picking one',
      });
  });
});
