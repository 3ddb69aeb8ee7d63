import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { markdownResponse } from '../site/endpoints.ts';
import { tagsIndexMarkdown } from '../site/markdown-twins.ts';
import { tagCounts } from '../site/site-content.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return markdownResponse(tagsIndexMarkdown(content.siteUrl, tagCounts(content.essays)));
};
