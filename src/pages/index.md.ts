import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { markdownResponse } from '../site/endpoints.ts';
import { homeMarkdown } from '../site/markdown-twins.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return markdownResponse(homeMarkdown(content.siteUrl, content.essays, content.glossary.length));
};
