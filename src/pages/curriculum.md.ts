import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { markdownResponse } from '../site/endpoints.ts';
import { curriculumMarkdown } from '../site/markdown-twins.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return markdownResponse(
    curriculumMarkdown(content.siteUrl, content.curriculum, {
      essays: new Map(content.essays.map((essay) => [essay.id, essay.data.title])),
      terms: new Map(content.glossary.map((term) => [term.id, term.data.term])),
    }),
  );
};
