import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { markdownResponse } from '../site/endpoints.ts';
import { glossaryIndexMarkdown } from '../site/markdown-twins.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return markdownResponse(glossaryIndexMarkdown(content.siteUrl, content.glossary));
};
