// The ask index (src/core/ask), built once here with the questions readers asked, and loaded by the
// server at start-up.
import { render } from 'astro:content';
import type { APIRoute } from 'astro';
import { AskIndex } from '../../core/ask/ask-index.ts';
import { readReaderQuestions } from '../../core/ask/reader-questions.ts';
import { loadSiteContent } from '../../site/collections.ts';
import { essayDocument, glossaryDocument } from '../../site/ask-documents.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  const essays = await Promise.all(
    content.essays.map(async (essay) => {
      const { headings } = await render(essay as Parameters<typeof render>[0]);
      const anchors = headings
        .filter((heading) => heading.depth === 2 || heading.depth === 3)
        .map((heading) => heading.slug);
      return essayDocument(content.siteUrl, essay, anchors);
    }),
  );
  const documents = [...content.glossary.map((term) => glossaryDocument(content.siteUrl, term)), ...essays];
  return Response.json(AskIndex.build(documents, undefined, readReaderQuestions()));
};
