// Hands the content to the ask index: each glossary term and each essay, with the heading anchors
// Astro rendered, so passage links match the pages. The index cuts them into passages.
import type { AskDocument } from '../core/ask/ask-documents.ts';
import type { EssayFrontmatter, GlossaryFrontmatter } from '../content/schemas.ts';
import type { Entry } from './site-content.ts';
import { absoluteUrl, essayPath, markdownPath, termPath } from './urls.ts';

export function glossaryDocument(siteUrl: string, term: Entry<GlossaryFrontmatter>): AskDocument {
  const path = termPath(term.id);
  return {
    type: 'glossary',
    slug: term.id,
    title: term.data.term,
    aliases: term.data.aliases,
    asked: term.data.asked ?? [],
    definition: term.data.definition,
    body: term.body ?? '',
    anchors: [],
    url: absoluteUrl(siteUrl, path),
    markdownUrl: absoluteUrl(siteUrl, markdownPath(path)),
  };
}

/** `anchors`: the ids Astro rendered for the essay's `##` and `###` headings, in order. */
export function essayDocument(siteUrl: string, essay: Entry<EssayFrontmatter>, anchors: string[]): AskDocument {
  const path = essayPath(essay.id);
  return {
    type: 'essay',
    slug: essay.id,
    title: essay.data.title,
    aliases: [],
    sectionsAsked: essay.data.asked,
    definition: null,
    body: essay.body ?? '',
    anchors,
    url: absoluteUrl(siteUrl, path),
    markdownUrl: absoluteUrl(siteUrl, markdownPath(path)),
  };
}
