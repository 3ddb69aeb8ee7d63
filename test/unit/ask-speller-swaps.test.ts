// The speller's typist's slips (speller.ts): two letters swapped count as one edit, and a long
// capitalised word a slip away from a name the content writes is corrected to that name, while a
// name the content never writes stays as asked.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { spellerFor } from '../../src/core/ask/index-build.ts';
import { Speller, swapDistance, vocabularyOf } from '../../src/core/ask/speller.ts';
import { loadedIndex } from '../support/ask-documents.ts';

describe('swapDistance', () => {
  it('counts two adjacent letters swapped as one edit, other edits as plain edit distance does', () => {
    expect(swapDistance('atatck', 'attack')).toBe(1);
    expect(swapDistance('ccahe', 'cache')).toBe(1);
    expect(swapDistance('cache', 'cache')).toBe(0);
    expect(swapDistance('cach', 'cache')).toBe(1);
    expect(swapDistance('kitten', 'sitting')).toBe(3);
  });
});

// A correction must be a word the content uses twice or more.
const content = [
  'A sybil attack floods a network with fake identities; the cache of a node is no defence.',
  'Ethereum moved to proof of stake; Ethereum validators stake ether. The Chatbot Arena ranks models.',
  'When TerraUSD fell, TerraUSD holders ran.',
  'Models are compared on the Chatbot Arena by people who vote; an attack on it would fill its cache.',
];

describe('the speller and the typist’s slips', () => {
  const names = new Map([
    ['ethereum', 'Ethereum'],
    ['chatbot', 'Chatbot'],
    ['arena', 'Arena'],
    ['terrausd', 'TerraUSD'],
  ]);
  const speller = new Speller(vocabularyOf(content), [], () => false, names);

  it('corrects a swap of two letters in a short word', () => {
    expect(speller.correct('what is a sybil atatck')?.text).toBe('what is a sybil attack');
    expect(speller.correct('what is a node ccahe')?.text).toBe('what is a node cache');
  });

  it('corrects a word of four letters by a swap only: one other edit makes another word or a name', () => {
    const short = new Speller(vocabularyOf(['the grow rate of a node; nodes grow', 'what nodes send, what they keep']));
    expect(short.correct('waht is a node')?.text).toBe('what is a node');
    // "grok" is a name the content lacks, not a slip for "grow": left alone, it is asked about.
    expect(short.correct('the context window on grok')).toBeUndefined();
    expect(short.correct('the context window on grow')).toBeUndefined();
  });

  it('corrects a long capitalised word one slip from a name the content writes, to that name', () => {
    expect(speller.correct('why is Ethreeum slow')?.text).toBe('why is Ethereum slow');
    expect(speller.correct('how does Chtabot Arena rank models')?.text).toBe('how does Chatbot Arena rank models');
    // As the content writes it, capitals inside the word too.
    expect(speller.correct('why did TerarUSD collapse')?.text).toBe('why did TerraUSD collapse');
  });

  it('leaves a capitalised word alone that is near only an everyday word, or a short one', () => {
    // "Modes" is a slip away from "models", which the content never writes with a capital.
    expect(speller.correct('what are Modes of failure')?.text ?? 'unchanged').not.toMatch(/Models|models/);
    expect(speller.correct('who is Vitalk')).toBeUndefined();
  });
});

describe('the names an index’s speller knows', () => {
  it('are the words its content writes with a capital inside a sentence, not at its start', () => {
    const passage = (text: string) => ({ text, names: [] }) as unknown as Parameters<typeof spellerFor>[0][number];
    const speller = spellerFor(
      [
        passage('Bitcoin blocks come every ten minutes. On Ethereum they come every twelve seconds.'),
        passage('Bitcoin is older. Blocks on Ethereum are smaller.'),
        passage('Two DIDs name one person; DIDs are identifiers.'),
      ],
      new Map(),
    );
    expect(speller.correct('how fast is Etheruem')?.text).toBe('how fast is Ethereum');
    // What a contraction leaves ("didn" of "didn't") is a word, not a typo of one ("dids", "DIDs").
    expect(speller.correct("why was I charged when it didn't happen")).toBeUndefined();
    // "Bitcoin" only starts a sentence: no name to correct a capitalised word to.
    expect(speller.correct('how fast is Bitocin')).toBeUndefined();
  });
});

// The search says what it searched for when it corrected a name.
describe('a search with a name mistyped', () => {
  it('searches for the name the content writes', () => {
    const document: AskDocument = {
      type: 'glossary',
      slug: 'ethereum',
      title: 'Ethereum',
      aliases: [],
      definition: 'A blockchain whose accounts run programs; on Ethereum every block comes twelve seconds apart.',
      body: 'Ethereum moved to proof of stake in 2022.',
      anchors: [],
      url: 'http://x/glossary/ethereum',
      markdownUrl: 'http://x/glossary/ethereum.md',
    };
    const index = loadedIndex([document]);
    const result = index.search('how often does Ethreeum make a block', { limit: 3, types: ['glossary'] });
    expect(result.searched_for).toBe('how often does Ethereum make a block');
  }, 60_000);
});
