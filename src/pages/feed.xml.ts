import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { textResponse } from '../site/endpoints.ts';
import { feedXml } from '../site/feed.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return textResponse(await feedXml(content.siteUrl, content.essays), 'application/rss+xml; charset=utf-8');
};
