// Small ask documents for in-process tests of the ask index: a glossary term or an essay as the build
// makes one, an index of documents as the server loads it, and passages as the index splits them.
import type { QuotingContext } from '../../src/core/ask/answer-passages.ts';
import type { AskDocument, AskPassage } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import type { ReaderQuestions } from '../../src/core/ask/reader-questions.ts';
import type { SerialisedVectors } from '../../src/core/ask/semantic.ts';

/** A glossary term with its definition, page body and other names, at a URL of its own. */
export const glossaryTerm = (
  slug: string,
  title: string,
  definition: string,
  body = '',
  aliases: string[] = [],
): AskDocument => ({
  type: 'glossary',
  slug,
  title,
  aliases,
  definition,
  body,
  anchors: [],
  url: `http://x/glossary/${slug}`,
  markdownUrl: `http://x/glossary/${slug}.md`,
});

/**
 * The glossary's descaler: a term with a plain definition that tests of asking about it in other
 * words share; `page`: its page's body.
 */
export const descalerTerm = (page = 'Run the descaler through the kettle, then rinse it twice with clean water.') =>
  glossaryTerm(
    'descaler',
    'Descaler',
    'A descaler is an acid solution that dissolves the limescale a kettle builds up from hard water.',
    page,
  );

/** A plan's concept of one word, its term the word itself, as a test writes a question's plan by hand. */
export const wordConcept = (word: string, idf: number) => ({
  asked: [word],
  idf,
  alternatives: [[word]],
  named: false,
});

/** Everyday words for filler definitions (fillerTerms). */
const FILLER = 'river garden window kitchen letter market island winter bridge candle'.split(' ');

/**
 * Glossary terms about everyday places, so that an index under test is about as large as a real
 * one: a word in one of its few passages is then rare, and the everyday words they share stay
 * everyday (in an index of three passages a word in one reads as the content's own).
 */
export const fillerTerms = (count: number): AskDocument[] =>
  Array.from({ length: count }, (_, at) =>
    glossaryTerm(
      `filler-${at}`,
      `Filler ${at}`,
      `A ${FILLER[at % FILLER.length]} near the ${FILLER[(at * 7 + 3) % FILLER.length]} is a place to rest.`,
    ),
  );

/** An empty word-vector table: an index built with it ranks by words alone, with no meaning signal. */
export const NO_WORD_VECTORS: SerialisedVectors = { words: [], data: '' };

/**
 * An index of `documents` as the server loads one: built, written as JSON and read back. It learns
 * from no readers' questions unless given some (`readers`): the content's are not these documents'.
 */
export const loadedIndex = (
  documents: readonly AskDocument[],
  table?: SerialisedVectors,
  readers: ReaderQuestions = {},
): AskIndex => AskIndex.load(JSON.parse(JSON.stringify(AskIndex.build(documents, table, readers))));

/** An essay of Markdown blocks (paragraphs and "## " headings), with its headings' anchors, at a URL of its own. */
export const essayDocument = (
  slug: string,
  title: string,
  blocks: readonly string[],
  anchors: string[],
): AskDocument => ({
  type: 'essay',
  slug,
  title,
  aliases: [],
  definition: null,
  body: blocks.join('\n\n'),
  anchors,
  url: `http://x/essays/${slug}`,
  markdownUrl: `http://x/essays/${slug}.md`,
});

/** A passage as the index splits one: a paragraph of an essay's section unless `fields` say otherwise. */
export const essayPassage = (text: string, fields: Partial<AskPassage> = {}): AskPassage => ({
  type: 'essay',
  slug: 'notes',
  title: 'Notes: A section',
  section: 'A section',
  kind: 'paragraph',
  url: 'http://x/essays/notes#a-section',
  markdownUrl: 'http://x/essays/notes.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: [],
  namesWeigh: false,
  mentions: [],
  context: '',
  ...fields,
});

/** What quoting reads of an index whose passages are the paragraphs of one essay section, in order. */
export const sectionQuoting = (passages: readonly AskPassage[]): QuotingContext => ({
  passages,
  ranking: { paragraphsOf: () => [], passagesBeside: () => passages.map((_, at) => at), definitionOf: () => undefined },
});
