import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { markdownResponse } from '../site/endpoints.ts';
import { essaysIndexMarkdown } from '../site/markdown-twins.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return markdownResponse(essaysIndexMarkdown(content.siteUrl, content.essays));
};
