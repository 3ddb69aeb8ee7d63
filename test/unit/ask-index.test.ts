import { describe, expect, it } from 'vitest';
import { type AskDocument, paragraphs, passagesOf } from '../../src/core/ask/ask-documents.ts';
import { MIN_CONFIDENCE, type AskOptions } from '../../src/core/ask/ask-index.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const term = glossaryTerm;

const essay: AskDocument = {
  type: 'essay',
  slug: 'stablecoins',
  title: 'Stablecoins and their failure modes',
  aliases: [],
  definition: null,
  body: [
    'A stablecoin is a token meant to be worth one dollar. This essay walks through how each design has broken when enough holders want out at once.',
    '## The reflexive spiral',
    'That is what happened to Terra in May 2022. UST demand had been propped up by Anchor, a lending protocol paying about 19.5% on UST deposits, funded partly by subsidies. When large holders pulled their UST out of Anchor, the price slipped below a dollar.',
    'Within days LUNA supply went from millions of tokens to trillions because every redemption minted more of it, so confidence in the peg vanished, the price of LUNA fell to a fraction of a cent, and the chain was halted.',
    '## The asset side',
    'Fiat-backed coins hold real assets in real banks. When Silicon Valley Bank failed in March 2023, USDC traded at 88 cents for a weekend until deposits were guaranteed by the authorities.',
  ].join('\n\n'),
  anchors: ['the-reflexive-spiral', 'the-asset-side'],
  url: 'http://x/essays/stablecoins',
  markdownUrl: 'http://x/essays/stablecoins.md',
};

const documents = [
  term(
    'algorithmic-stablecoin',
    'Algorithmic stablecoin',
    'A coin that holds its price through rules that expand or shrink its supply instead of reserves.',
    'Designs pair the coin with a volatile partner token that absorbs the swings, and they work only while people believe in them.',
    ['TerraUSD', 'UST'],
  ),
  term(
    'decentralized-identity',
    'Decentralised identity',
    'Identifiers and credentials that people hold themselves and can prove with a signature.',
    'A DID resolves to a document listing public keys, so its controller can prove ownership with a digital signature.',
    ['DID', 'DIDs'],
  ),
  term(
    'optimistic-rollup',
    'Optimistic rollup',
    'A layer 2 that posts batches and assumes them correct unless a fraud proof shows otherwise.',
    'Withdrawals wait for a challenge window of about seven days.',
  ),
  term(
    'zk-rollup',
    'ZK rollup',
    'A layer 2 that posts a validity proof with every batch, so the main chain checks instead of re-running.',
    'Withdrawals complete once the proof is verified.',
  ),
  term(
    'pretraining',
    'Pretraining',
    'The first stage of training a language model on a large amount of unlabelled text.',
    'A model sees "The capital of France is" and is scored on the probability it gave to the next word.',
  ),
  essay,
];
const index = loadedIndex(documents);
const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };

describe('passages', () => {
  it('cuts an essay into sections and paragraph-sized passages with their anchors', () => {
    const passages = passagesOf(essay);
    expect(passages.map((passage) => [passage.section, passage.url])).toEqual([
      [null, 'http://x/essays/stablecoins'],
      ['The reflexive spiral', 'http://x/essays/stablecoins#the-reflexive-spiral'],
      ['The reflexive spiral', 'http://x/essays/stablecoins#the-reflexive-spiral'],
      ['The asset side', 'http://x/essays/stablecoins#the-asset-side'],
    ]);
    expect(passages[1]?.title).toBe('Stablecoins and their failure modes: The reflexive spiral');
  });

  it('cuts a term into its definition and body, and joins paragraphs too short to stand alone', () => {
    expect(passagesOf(documents[0]!).map((passage) => passage.kind)).toEqual(['definition', 'paragraph']);
    expect(paragraphs('One short line.\n\nAnother short line.')).toEqual(['One short line. Another short line.']);
  });

  it('counts explanatory cues and what is only mentioned in quotation marks', () => {
    const explains = passagesOf(essay).map((passage) => passage.explains);
    expect(explains).toEqual([0, 0, 1, 0]);
    expect(passagesOf(documents[4]!)[1]?.mentions).toEqual(expect.arrayContaining(['capit', 'franc']));
  });
});

describe('AskIndex', () => {
  it('survives serialisation and answers a definitional question with the definition', () => {
    const result = index.search('what is a ZK rollup?', both);
    expect(result.sources[0]).toMatchObject({ type: 'glossary', slug: 'zk-rollup' });
    expect(result.answer).toMatchObject({ slug: 'zk-rollup', text: documents[3]!.definition });
    expect(result.confidence).toBe(1);
  });

  it('tells the acronym DID from the word "did"', () => {
    expect(index.search('how is a DID resolved', both).sources[0]?.slug).toBe('decentralized-identity');
    const terra = index.search('why did the peg of UST fail', both);
    expect(terra.sources.map((source) => source.slug)).not.toContain('decentralized-identity');
  });

  it('reaches passages through the glossary names: TerraUSD finds the essay passage about UST and Terra', () => {
    const result = index.search('why did TerraUSD lose its peg', { limit: 5, types: ['essay'] });
    expect(result.sources[0]).toMatchObject({ slug: 'stablecoins', section: 'The reflexive spiral' });
    expect(result.answer).toMatchObject({ slug: 'stablecoins', section: 'The reflexive spiral' });
  });

  it('answers a comparison from both sides, with both sources', () => {
    const result = index.search('difference between optimistic and zk rollups', both);
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(['optimistic-rollup', 'zk-rollup']);
    expect(result.answer?.text).toBe(`${documents[2]!.definition}\n\n${documents[3]!.definition}`);
    expect(result.sources.slice(0, 2).map((source) => source.slug)).toEqual(['optimistic-rollup', 'zk-rollup']);
  });

  it('answers when the best passage speaks to half of what is asked', () => {
    const half = loadedIndex([
      term('lantern', 'Lantern', 'A lamp that signals ships from a harbour wall at night.', ''),
      term('beacon', 'Beacon', 'A fire lit on a hill to pass warnings along a coast.', ''),
    ]);
    // "ships" is in one definition, "warnings" in the other: each covers half of the question.
    const result = half.search('ships warnings', both);
    expect(result.confidence).toBe(0.5);
    expect(result.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
    expect(result.answer).not.toBeNull();
  });

  it('says there is no confident answer, and why, but still lists the nearest sources', () => {
    const result = index.search('what is the capital of France', both);
    expect(result.answer).toBeNull();
    expect(result.confidence).toBeLessThan(MIN_CONFIDENCE);
    expect(result.no_answer_reason).toMatch(/^No confident answer: nothing here speaks to “capital”, “France”/);
    expect(result.sources.length).toBeGreaterThan(0);
    const nothing = index.search('sourdough baking', both);
    expect(nothing).toMatchObject({ answer: null, sources: [], total: 0 });
  });

  it('gives plain-text snippets with the ranges of the matching words', () => {
    const [source] = index.search('USDC in March 2023', { limit: 1, types: ['essay'] }).sources;
    expect(source?.snippet).not.toMatch(/<|&#/);
    const marked = source!.highlights.map(([start, end]) => source!.snippet.slice(start, end));
    expect(marked).toEqual(['March', '2023', 'USDC']);
  });

  it('quotes whole sentences, never cut inside a number', () => {
    const answer = index.search('how much did Anchor pay on UST deposits', { limit: 1, types: ['essay'] }).answer;
    // The sentence with the figure, whole, from its first word: not a window cut at a word count.
    expect(answer?.text).toMatch(/^[A-Z]/);
    expect(answer?.text).toMatch(/[.!?]$/);
    expect(answer?.text).toContain('about 19.5% on UST deposits,');
  });

  it('filters by quoted phrase and by type, and completes the last word as a prefix', () => {
    expect(index.search('"validity proof"', both).sources.map((source) => source.slug)).toEqual(['zk-rollup']);
    // A phrase no passage holds finds nothing, unless the quotation marks report what someone said
    // and the question asks more outside them (review of 30 November).
    expect(index.search('how do "validity rollups" work', both).sources).toEqual([]);
    expect(
      index.search('my friend says "validity rollups" post a proof to the layer 1, why?', both).sources,
    ).not.toEqual([]);
    // Not a quote asked as a phrase beside other words: no reporting word leads it.
    expect(
      index.search('does "validity rollups" post a proof to the layer 1 like fraud proofs do?', both).sources,
    ).toEqual([]);
    expect(index.search('withdrawals', { limit: 5, types: ['essay'] }).sources).toEqual([]);
    expect(index.search('algorithmic stableco', both).sources[0]?.slug).toBe('algorithmic-stablecoin');
  });

  it('forgives a typo in a long word', () => {
    expect(index.search('what is pretrainig', both).sources[0]?.slug).toBe('pretraining');
  });
});
