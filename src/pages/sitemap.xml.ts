import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { textResponse } from '../site/endpoints.ts';
import { sitemapEntries, sitemapXml } from '../site/sitemap.ts';

export const GET: APIRoute = async () => {
  const content = await loadSiteContent();
  return textResponse(
    sitemapXml(content.siteUrl, sitemapEntries(content, new Date())),
    'application/xml; charset=utf-8',
  );
};
