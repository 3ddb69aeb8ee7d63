// Questions readers asked, learned by the index (reader-questions.ts): each goes to the passage of its
// source that holds its answer, its words find that passage when the text says it otherwise, and they
// choose which paragraph of a section is quoted.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { passagesOf, type AskDocument } from '../../src/core/ask/ask-documents.ts';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { straightQuotes } from '../../src/core/ask/quotes.ts';
import {
  READER_QUESTIONS_PATH,
  readerSourceOf,
  UNANSWERED,
  readersShare,
  withReaderQuestions,
  type ReaderQuestions,
} from '../../src/core/ask/reader-questions.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import {
  essayDocument,
  essayPassage,
  fillerTerms,
  glossaryTerm,
  loadedIndex,
  wordConcept as concept,
} from '../support/ask-documents.ts';

// Paragraphs of 35 words or more, so that each is a passage of its own (ask-documents.ts).
const kettles = essayDocument(
  'kettles',
  'Kettles',
  [
    'Kettles boil water for tea, coffee and soup. An electric kettle heats a litre in about three minutes, ' +
      'faster than a pan on a stove, because its element sits in the water and loses little heat to the room.',
    '## Limescale',
    'Hard water leaves limescale inside a kettle. The scale is calcium carbonate, left behind as the water ' +
      'boils away, and it builds up fastest where the water is hottest, on the element, which then takes ' +
      'longer to heat the water and wears out sooner.',
    'An acid dissolves the scale again. Citric acid at about 5 % is what most shops sell for a kettle, ' +
      'left in it for an hour and then rinsed out twice, and it works on the scale in a coffee machine as well.',
    '### At home',
    'Vinegar dissolves the scale in a kettle too, if the smell is rinsed out afterwards with two or three ' +
      'boils of clean water, and a lemon cut in half and boiled for ten minutes does the same more slowly.',
  ],
  ['limescale', 'at-home'],
);

describe('placing readers’ questions', () => {
  const passages = passagesOf(kettles);
  const readersOf = (questions: ReaderQuestions) => withReaderQuestions(passages, questions).map((p) => p.readers);

  it('puts a question on the passage of its source that holds one of its phrases, and notes the sentence', () => {
    const placed = withReaderQuestions(passages, {
      'essay:kettles § Limescale': [['what gets the white crust out', 'citric acid at about 5']],
    });
    const holding = placed.filter((passage) => passage.readers);
    expect(holding.map((passage) => passage.readers)).toEqual([['what gets the white crust out']]);
    expect(holding[0]!.text).toMatch(/^An acid dissolves/);
    expect(holding[0]!.readersAt).toEqual([[], [0]]);
  });

  it('puts it on every passage of the section, its ### subsections too, when none holds a phrase', () => {
    const placed = withReaderQuestions(passages, {
      'essay:kettles § Limescale': [['why is my kettle white inside', 'not in the text']],
    });
    const sections = passages.map((passage) => passage.within ?? passage.section);
    expect(placed.map((passage) => passage.readers !== undefined)).toEqual(
      sections.map((section) => section === 'Limescale'),
    );
    expect(sections).toContain(null);
    expect(placed.some((passage) => passage.readersAt)).toBe(false);
  });

  it('reads an introduction by an empty heading, and skips sources the content does not have', () => {
    const placed = readersOf({
      'essay:kettles §': [['what are kettles for']],
      'essay:teapots § Limescale': [['a teapot question']],
    });
    expect(placed[0]).toEqual(['what are kettles for']);
    expect(placed.slice(1).every((readers) => readers === undefined)).toBe(true);
  });

  it('finds a heading named with curly quotes, as the pages print it, where the Markdown writes straight ones', () => {
    const quoted = essayDocument(
      'quoted',
      'Quoted',
      ['## What "final" means', 'Final means settled.', "## A kettle's life", 'About ten years.'],
      ['what-final-means', 'a-kettle-s-life'],
    );
    const placed = withReaderQuestions(passagesOf(quoted), {
      'essay:quoted § What “final” means': [['when is it settled']],
      'essay:quoted § A kettle’s life': [['how long does a kettle last']],
    });
    expect(placed.map((passage) => passage.readers)).toEqual([['when is it settled'], ['how long does a kettle last']]);
  });

  it('puts a term’s question on its definition when no paragraph of its page holds a phrase', () => {
    const term = glossaryTerm('descaler', 'Descaler', 'An acid that dissolves limescale.', 'Sold in bottles.');
    const placed = withReaderQuestions(passagesOf(term), { 'glossary:descaler': [['how do I clean a kettle']] });
    expect(placed.map((passage) => passage.readers)).toEqual([['how do I clean a kettle'], undefined]);
  });

  it('weighs a plan by the share of its words (by IDF) readers used', () => {
    const passage = { ...essayPassage('Citric acid dissolves the scale.'), readers: ['what gets the white crust out'] };
    const plan = { concepts: [concept('crust', 3), concept('kettl', 1)], weights: new Map() } as Plan;
    expect(readersShare(passage, plan)).toBeCloseTo(0.75);
    expect(readersShare(essayPassage('Citric acid dissolves the scale.'), plan)).toBe(0);
  });

  it('quotes the sentence readers found their answer in, not the one sharing most words', () => {
    const text =
      'A kettle on hard water grows a white crust of scale over months, and the crust on the element slows it. ' +
      'Citric acid left in it for an hour takes the crust off.';
    const plan = {
      concepts: [concept('white', 2), concept('crust', 3), concept('kettl', 1)],
      weights: new Map([
        ['white', 1],
        ['crust', 1],
        ['kettl', 1],
      ]),
      prefer: 'procedure',
    } as Plan;
    const passage = essayPassage(text);
    expect(answerSentences(passage, plan, 12)).toMatch(/^A kettle on hard water/);
    const asked = { ...passage, readers: ['how do I get the white crust off my kettle'], readersAt: [[], [0]] };
    expect(answerSentences(asked, plan, 12)).toBe('Citric acid left in it for an hour takes the crust off.');
  });
});

describe.runIf(readWordVectors())('an index that learned from readers’ questions', () => {
  // "element" is a word of the section's first paragraph and the introduction, not of the acid's;
  // "lol" is a word of no passage.
  const readers: ReaderQuestions = {
    'essay:kettles § Limescale': [['lol what cleans the element in my kettle', 'citric acid at about 5']],
  };
  const options = { limit: 3, types: ['essay' as const, 'glossary' as const] };
  let learned: AskIndex;
  let unlearned: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    const documents = [kettles, ...fillerTerms(40)];
    learned = loadedIndex(documents, undefined, readers);
    unlearned = loadedIndex(documents, undefined, {});
  }, 60_000);

  it('finds and quotes the paragraph readers found their answer in, by a word the content uses elsewhere', () => {
    const asked = 'what cleans the element of a kettle';
    expect(unlearned.search(asked, options).answer?.text ?? '').not.toMatch(/Citric acid/);
    const result = learned.search(asked, options);
    expect(result.sources[0]?.section).toBe('Limescale');
    expect(result.answer?.text).toMatch(/An acid dissolves the scale again\. Citric acid at about 5 %/);
  });

  it('learns no word the content never uses: a reader’s chat stays chat', () => {
    expect(unlearned.search('lol', options).answer).toBeNull();
    expect(learned.search('lol', options).answer).toBeNull();
    expect(learned.search('lol', options).no_answer_reason).toBe(unlearned.search('lol', options).no_answer_reason);
  });
});

describe('the questions the index learns from', () => {
  const file = JSON.parse(readFileSync(READER_QUESTIONS_PATH, 'utf8'));

  it('come from the development sets, never the blind set, each under a source with its question first', () => {
    expect(file.sets.length).toBeGreaterThan(0);
    expect(file.sets).not.toContain('ask-blind.json');
    for (const [source, questions] of Object.entries<string[][]>(file.sources)) {
      if (source !== UNANSWERED) expect(source).toMatch(/^(glossary:[a-z0-9-]+|essay:[a-z0-9-]+ §( .+)?)$/);
      for (const [question] of questions) expect(question).toMatch(/\p{L}/u);
    }
  });

  it('hold the questions no source answers apart, each alone', () => {
    const unanswered: string[][] = file.sources[UNANSWERED];
    expect(unanswered.length).toBeGreaterThan(0);
    for (const entry of unanswered) expect(entry).toHaveLength(1);
  });

  it('are the development sets’ as they stand (node scripts/launch.mjs scripts/ask-reader-questions.mjs)', async () => {
    const { DEVELOPMENT_SETS, serverReaders, UNLEARNED_SETS } = await import('../../bench/ask-docs.mjs');
    expect(file.sets).toEqual(DEVELOPMENT_SETS);
    expect(file.unansweredOnly).toEqual(UNLEARNED_SETS);
    expect(file.sources).toEqual(serverReaders());
  });

  it('each name a source the content has, so that none is dropped unseen', async () => {
    const { contentDocuments } = await import('../../bench/ask-docs.mjs');
    const documents = contentDocuments() as AskDocument[];
    const sources = new Set(documents.flatMap(passagesOf).map(readerSourceOf));
    const unknown = Object.keys(file.sources).filter(
      (source) => source !== UNANSWERED && !sources.has(straightQuotes(source)),
    );
    expect(unknown).toEqual([]);
  });
});
