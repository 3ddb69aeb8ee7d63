// Small ask documents for in-process tests of the ask index: a glossary term as the build makes one.
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';

/** A glossary term with its definition, page body and other names, at a URL of its own. */
export const glossaryTerm = (
  slug: string,
  title: string,
  definition: string,
  body: string,
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
