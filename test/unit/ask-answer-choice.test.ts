// Answer choice by the question's kind over a whole source: an essay section's answering paragraph
// (not only the one that ranked), a glossary page's paragraph when its definition does not name
// what a what-is question asks.
import { describe, expect, it } from 'vitest';
import type { AskDocument, AskPassage } from '../../src/core/ask/ask-documents.ts';
import type { AskOptions } from '../../src/core/ask/ask-index.ts';
import { answerOf } from '../../src/core/ask/answer-shape.ts';
import { answerSentences, answerWeight } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import { essayDocument, glossaryTerm, loadedIndex, wordConcept as concept } from '../support/ask-documents.ts';

const term = glossaryTerm;

const essay: AskDocument = {
  type: 'essay',
  slug: 'scaling',
  title: 'Scaling a blockchain',
  aliases: [],
  definition: null,
  body: [
    'An introduction about throughput in general.',
    '## Why the base layer stays slow',
    'The gas limit caps the gas of each block. The gas limit was raised twice in 2025, and each raise of the gas limit lifted the ceiling a little. A plain transfer costs 21,000 gas, so a block of 30 million holds about 1,428 transfers, and real traffic fits far fewer.',
    'Raising the gas limit much further is risky because every full node would have to download, execute and store every block. Slower nodes would fall behind, propagation would slow, and the network would drift towards a handful of well-funded operators.',
    '## Other routes',
    'Rollups move execution elsewhere and post their data to the base layer.',
  ].join('\n\n'),
  anchors: ['why-the-base-layer-stays-slow', 'other-routes'],
  url: 'http://x/essays/scaling',
  markdownUrl: 'http://x/essays/scaling.md',
};

const documents = [
  term(
    'data-availability',
    'Data availability',
    'The guarantee that the data behind a block is available: published for anyone to download.',
    [
      'Without the data nobody can check the block, rebuild balances or challenge a bad result, even when a proof says all is well. It is one of the main costs of running a rollup, and one of its main security questions.',
      'A 2018 paper by three researchers proposed a remedy for light clients that cannot fetch whole blocks. The block is extended with erasure coding, so that any half of the pieces is enough to recover the whole. Light nodes then download a few random pieces, which is called sampling; if all their samples come back, the whole block can almost surely be rebuilt. This lets a network guarantee the data without each node downloading everything, and it is how blobs are checked since the Fusaka upgrade of December 2025, which shipped it under the name PeerDAS.',
    ].join('\n\n'),
  ),
  term(
    'rollup',
    'Rollup',
    'A layer 2 that executes transactions elsewhere and posts their data to the base layer.',
    '',
  ),
  term(
    'zk-rollup',
    'Zero-knowledge rollup',
    'A layer 2 that posts a short proof with every batch, so the main chain checks instead of re-running.',
    'Most of them hide nothing: their data is published, and the proof is there to be small and quick to check, not for privacy.',
    ['ZK rollup'],
  ),
  essay,
];
const index = loadedIndex(documents);
const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };

describe('answer choice by kind over a whole source', () => {
  it('answers a why question from the section paragraph that gives the reason, not the one sharing more words', () => {
    const result = index.search('why not raise the gas limit', both);
    expect(result.sources[0]).toMatchObject({ slug: 'scaling', section: 'Why the base layer stays slow' });
    expect(result.answer?.text).toContain('because every full node would have to download');
    expect(result.answer?.section).toBe('Why the base layer stays slow');
  });

  it('quotes the page paragraph when the definition does not name all that a what-is question asks', () => {
    const result = index.search('what is data availability sampling', both);
    expect(result.answer?.slug).toBe('data-availability');
    expect(result.answer?.text).toContain('which is called sampling');
  });

  it('quotes a definition alone when it names all that is asked', () => {
    const result = index.search('what is data availability', both);
    expect(result.answer?.text).toBe(documents[0]!.definition);
  });

  it('counts another name of the term, not a narrower one that extends its title, as naming what is asked', () => {
    const result = index.search('what is a zk rollup?', both);
    expect(result.answer?.text).toBe(documents[2]!.definition);
  });
});

describe('an answer that announces the next paragraph', () => {
  const proofs = essayDocument(
    'proofs',
    'Proofs for engineers',
    [
      '## What a proof system promises',
      'The modern notion of an interactive proof comes from a paper that appeared in 1985 and in a journal four years later. Its authors replaced the static idea of a proof, a document you read from top to bottom, with a conversation between a prover and a randomised verifier. Three properties define the game.',
      'Completeness: if the statement is true and both parties follow the protocol, the verifier accepts. Soundness: if the statement is false, no cheating prover can make the verifier accept except with tiny probability. Zero knowledge: whatever the verifier sees could have been made by a simulator.',
    ],
    ['what-a-proof-system-promises'],
  );

  it('quotes the list the next paragraph of the section holds', () => {
    const result = loadedIndex([proofs]).search('what three properties define a proof system', both);
    expect(result.answer?.text).toContain('Three properties define the game. Completeness:');
    expect(result.answer?.text).toContain('Soundness:');
    expect(result.answer?.text.split(' ').length).toBeLessThanOrEqual(90);
  });
});

describe("the names a question asks, in an essay section's answer", () => {
  const oracles = essayDocument(
    'ai-and-chains',
    'Where AI and blockchains meet',
    [
      '## AI as an oracle',
      'Smart contracts cannot see the outside world, so they rely on an oracle network such as Chainlink to report prices and events. Language models are tempting oracles for questions a price feed cannot settle, and Chainlink nodes could each run a sampled model and aggregate what they answer.',
      'Three difficulties follow. Nodes must agree, but two runs of a sampled model may disagree. A model that reads web pages can be steered by whoever writes them. And a model can invent an answer with confidence, which no vote among nodes catches.',
    ],
    ['ai-as-an-oracle'],
  );

  it('finds a name asked in the paragraph that ranked when the paragraph quoted answers without it', () => {
    const result = loadedIndex([oracles]).search('with a sampled model, do Chainlink nodes disagree?', both);
    expect(result.answer?.text).toContain('two runs of a sampled model may disagree');
    // The paragraph quoted is the one without the name; the one that ranked adds its best sentence
    // before it (a section's runner-up), apart.
    const chosen = result.answer?.passages.find((passage) => passage.text.includes('two runs'));
    expect(chosen?.text).not.toContain('Chainlink');
  });
});

describe('answer sentences by the kind of question', () => {
  const passageOf = (text: string): AskPassage => ({
    type: 'essay',
    slug: 'scaling',
    title: 'Scaling: Plasma',
    section: 'Plasma',
    kind: 'paragraph',
    url: 'http://x/essays/scaling#plasma',
    markdownUrl: 'http://x/essays/scaling.md',
    text,
    sentences: sentenceStarts(text),
    explains: 0,
    names: ['Plasma'],
    namesWeigh: true,
    mentions: [],
    context: '',
  });
  const plan = (concepts: Plan['concepts'], prefer: Plan['prefer'] = 'explanation'): Plan => ({
    concepts,
    weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
    prefer,
  });

  it('quotes the verdict ("The flaw is …") for a why question, not the sentence with the question\'s words', () => {
    // "why did plasma chains fail": the sentence naming Plasma's chains says how it works, not why it failed.
    const text =
      'Plasma chains let an operator post only a root of each child chain to the main chain. ' +
      'Users hold their own coins and watch the operator. ' +
      'The flaw is data withholding: a Plasma operator can publish a root and hide the transactions behind it. ' +
      'Then nobody can prove what they own.';
    const answer = answerSentences(passageOf(text), plan([concept('plasma', 3), concept('chain', 1)]), 90);
    expect(answer).toContain('The flaw is data withholding');
  });

  it('quotes the consequence a ", so" states for a why question', () => {
    // "why can't contracts call web APIs"
    const text =
      'Contracts run on every node and read data from web APIs only through others. ' +
      'Oracles post the data in transactions. ' +
      'Every node must reach the same result, so a contract cannot make web requests whose answers could differ.';
    const answer = answerSentences(passageOf(text), plan([concept('contract', 2), concept('web', 2)]), 90);
    expect(answer).toContain('so a contract cannot make web requests');
  });

  it('quotes the sentence with the figure for a quantity question, over one with more of its words', () => {
    // "how long does finality take on ethereum"
    const text =
      'Ethereum reaches finality through the votes of its validators. ' +
      'Validators vote on checkpoints at epoch boundaries. ' +
      'Finality normally takes two epochs, about 13 minutes.';
    const answer = answerSentences(passageOf(text), plan([concept('final', 2), concept('ethereum', 1)], 'number'), 90);
    expect(answer).toContain('about 13 minutes');
  });

  it('quotes the best sentence with the neighbour before it when that one holds a word asked that the best lacks', () => {
    // "how can a phone wallet check a payment without downloading the whole block"
    const text =
      'Forks between competing chains are resolved by the fork-choice rule of the protocol. ' +
      'Not every participant can run a full node on a phone. ' +
      'Light clients download only block headers and ask full nodes for proofs. ' +
      'A committee of validators signs each header before it is passed on.';
    const asked = plan([concept('phone', 5), concept('download', 4), concept('block', 2)], 'procedure');
    expect(answerSentences(passageOf(text), asked, 90)).toBe(
      'Not every participant can run a full node on a phone. Light clients download only block headers and ask full nodes for proofs.',
    );
  });

  it('quotes the best sentence with the one after it when neither neighbour adds a word asked', () => {
    const text =
      'Forks between competing chains are resolved by the fork-choice rule of the protocol. ' +
      'Light clients download only block headers and ask full nodes for proofs. ' +
      'A committee of validators signs each header before it is passed on.';
    const asked = plan([concept('download', 4), concept('block', 2)], 'procedure');
    expect(answerSentences(passageOf(text), asked, 90)).toBe(
      'Light clients download only block headers and ask full nodes for proofs. A committee of validators signs each header before it is passed on.',
    );
  });

  it('weighs a paragraph by its best two adjacent sentences, so an answer split over two beats one sentence with more words', () => {
    const asked = plan(
      [concept('phone', 5), concept('download', 4), concept('block', 2), concept('payment', 3)],
      'procedure',
    );
    const split = passageOf(
      'Not every participant can run a full node on a phone. Light clients download only block headers.',
    );
    const crowded = passageOf('Nodes download each block as it comes, and a payment waits for a few. Forks are rare.');
    expect(answerWeight(split, asked)).toBeGreaterThan(answerWeight(crowded, asked));
  });

  it('quotes the sentence a short one after the best announces ("The idea fits in a sentence.")', () => {
    // "how can a chatbot answer questions about our wiki when it was never trained on it"
    const text =
      'Retrieval is the common way to make a model answer questions about a wiki it was never trained on. ' +
      'The idea fits in a sentence. ' +
      'Search the documents for passages related to the question and paste them into the prompt. ' +
      'Evaluation comes later.';
    const asked = plan([concept('wiki', 6), concept('answer', 2), concept('train', 2)], 'procedure');
    const answer = answerSentences(passageOf(text), asked, 90);
    expect(answer).toContain('The idea fits in a sentence. Search the documents');
    expect(answer).not.toContain('Evaluation');
    // Past the budget, the best sentence and its neighbour only.
    expect(answerSentences(passageOf(text), asked, 30)).not.toContain('Search the documents');
  });

  it('adds the neighbour that mentions a word asked when the answer has words to spare, not one that mentions none', () => {
    // "how do I wire a model into an agent loop": the step that closes the loop is in the third sentence.
    const text =
      'Budgets and step limits come later, once the basic pattern is in place. ' +
      'An agent loop starts by sending the goal and the tool list to the model. ' +
      'When the model asks for a tool, the application runs it. ' +
      'The tool result joins the conversation and the loop calls the model again. ' +
      'Planning is mostly implicit in how the instructions are written for it.';
    const asked = plan([concept('agent', 3), concept('loop', 3), concept('model', 1)], 'procedure');
    const pair = answerSentences(passageOf(text), asked, 90, 0);
    expect(pair.split('. ').length).toBe(2);
    const answer = answerSentences(passageOf(text), asked, 90);
    expect(answer).toContain(pair);
    expect(answer).toContain('the loop calls the model again');
    // Neither the opening nor the closing sentence mentions a word asked: neither is quoted.
    expect(answer).not.toContain('Budgets');
    expect(answer).not.toContain('Planning');
    // Without the words for it, the two sentences alone.
    expect(answerSentences(passageOf(text), asked, 90, pair.split(' ').length + 5)).toBe(pair);
  });

  it("adds the neighbour that goes on to what is done, not the one that retells the asker's circumstances", () => {
    // "our translations come out short with a wide beam, how do people handle it": the sentence
    // before the quoted pair repeats the circumstances; the one after says what is done about them.
    const text =
      'Translation teams saw short outputs whenever they tried a much wider beam in testing. ' +
      'Search that is too good prefers short translations, so a wider beam hurts. ' +
      'Each extra token multiplies in another probability below one. ' +
      'In practice decoders add a length penalty to the beam.';
    const circumstance = (word: string, idf: number) => ({ ...concept(word, idf), circumstance: true });
    const asked = plan([
      concept('handle', 3),
      circumstance('beam', 3),
      circumstance('short', 2),
      circumstance('translation', 3),
    ]);
    const answer = answerSentences(passageOf(text), asked, 90);
    expect(answer).toContain('Search that is too good');
    expect(answer).toContain('length penalty');
    expect(answer).not.toContain('Translation teams');
  });

  it('counts a definition quoted before the paragraph in the 90 words a third sentence must fit', () => {
    const text =
      'Budgets and step limits come later, once the basic pattern is in place. ' +
      'An agent loop starts by sending the goal and the tool list to the model. ' +
      'When the model asks for a tool, the application runs it. ' +
      'The tool result joins the conversation and the loop calls the model again. ' +
      'Planning is mostly implicit in how the instructions are written for it.';
    const asked = plan([concept('agent', 3), concept('loop', 3), concept('model', 1)], 'procedure');
    const paragraph = passageOf(text);
    const pair = answerSentences(paragraph, asked, 90, 0);
    const third = answerSentences(paragraph, asked, 90);
    const words = (quoted: string) => quoted.split(' ').length;
    // A definition that leaves room for the third sentence, and one that leaves room for the pair only.
    const definitionOf = (length: number): AskPassage => ({
      ...passageOf('x'),
      kind: 'definition',
      text: `${Array.from({ length }, () => 'word').join(' ')}.`,
    });
    const roomy = answerOf([
      { passage: definitionOf(90 - words(third)), plan: asked },
      { passage: paragraph, plan: asked },
    ]);
    expect(roomy.passages[1]!.text).toBe(third);
    const tight = answerOf([
      { passage: definitionOf(90 - words(third) + 1), plan: asked },
      { passage: paragraph, plan: asked },
    ]);
    expect(tight.passages[1]!.text).toBe(pair);
  });

  it('quotes what a sentence of the two counts ahead ("it multiplies two factors. The first is …")', () => {
    // "why do people still use BM25 now that we have embeddings"
    const text =
      'Before neural retrieval, the most durable ranking function was BM25, from the 1990s. ' +
      'For each query term it multiplies two factors. ' +
      'The first is inverse document frequency: rare terms count for more. ' +
      'The second saturates with repetition.';
    const asked = plan([concept('bm25', 4), concept('neural', 3)], 'explanation');
    expect(answerSentences(passageOf(text), asked, 90)).toContain('The first is inverse document frequency');
    expect(answerSentences(passageOf(text), asked, 90)).not.toContain('The second');
  });

  it('quotes the sentence after the two when one of them asks what comes next ("Why not …?")', () => {
    // "why doesn't ethereum raise the gas limit a hundredfold"
    const text =
      'Block size is a design choice. ' +
      'Why not raise the gas limit a hundredfold? ' +
      'Because every full node must download, execute and store everything. ' +
      'Slower nodes would fall behind and the network would drift towards a few operators. ' +
      'Rollups take another route.';
    const asked = plan([concept('raise', 3), concept('gas', 2), concept('limit', 2), concept('hundredfold', 4)]);
    const answer = answerSentences(passageOf(text), asked, 90);
    expect(answer).toContain('Because every full node must download');
    expect(answer).toContain('Slower nodes would fall behind');
    expect(answer).not.toContain('Rollups');
  });

  it('goes on into the next paragraph when the quoted sentences end announcing it ("Three properties define the game.")', () => {
    // "what three properties define a zero-knowledge proof system": the list is the next paragraph.
    const opening = passageOf(
      'The modern notion comes from a 1985 paper. ' +
        'It replaced the static proof with a conversation between a prover and a verifier. ' +
        'Three properties define the game.',
    );
    const list = passageOf(
      'Completeness: an honest prover convinces the verifier. ' +
        'Soundness: a cheating prover almost never does. ' +
        'Zero knowledge: the verifier learns nothing else. ' +
        'That last one is the clever part.',
    );
    const asked = plan([concept('three', 3), concept('properti', 4), concept('proof', 2)], 'definition');
    const answer = answerSentences(opening, asked, 90, 90, list);
    expect(answer).toContain('Three properties define the game. Completeness: an honest prover');
    expect(answer).toContain('Zero knowledge: the verifier learns nothing else.');
    // As much of the list as fits the words left, in whole sentences.
    const words = (text: string) => text.split(' ').length;
    const alone = answerSentences(opening, asked, 90);
    const short = answerSentences(opening, asked, 90, words(alone) + 8, list);
    expect(short).toBe(`${alone} Completeness: an honest prover convinces the verifier.`);
    // Quoted sentences that end on a statement stay in their paragraph.
    const stating = passageOf(`${opening.text} Each holds with high probability.`);
    expect(answerSentences(stating, asked, 90, 90, list)).not.toContain('Completeness');
  });

  it('goes on into the next paragraph after a sentence ending on a colon ("… looks like this:")', () => {
    const opening = passageOf(
      'Function calling lets a model ask the application to run a tool. ' +
        'A minimal exchange for an order lookup looks like this:',
    );
    const example = passageOf(
      'The model returns the tool name and its arguments. The application runs the lookup and sends back the result.',
    );
    const asked = plan([concept('function', 3), concept('call', 3)], 'procedure');
    expect(answerSentences(opening, asked, 90, 90, example)).toContain(
      'looks like this: The model returns the tool name and its arguments.',
    );
  });
});
