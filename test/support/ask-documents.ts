// Small ask documents for in-process tests of the ask index: a glossary term as the build makes one,
// and an index of documents as the server loads it.
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
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

/** An empty word-vector table: an index built with it ranks by words alone, with no meaning signal. */
export const NO_WORD_VECTORS: SerialisedVectors = { words: [], data: '' };

/** An index of `documents` as the server loads one: built, written as JSON and read back. */
export const loadedIndex = (documents: readonly AskDocument[], table?: SerialisedVectors): AskIndex =>
  AskIndex.load(JSON.parse(JSON.stringify(AskIndex.build(documents, table))));

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
