import type { APIRoute } from 'astro';
import { loadSiteContent } from '../../site/collections.ts';
import { markdownResponse } from '../../site/endpoints.ts';
import { essayMarkdown } from '../../site/markdown-twins.ts';

export async function getStaticPaths() {
  const content = await loadSiteContent();
  return content.essays.map((essay) => ({ params: { slug: essay.id } }));
}

export const GET: APIRoute = async ({ params }) => {
  const content = await loadSiteContent();
  const essay = content.essays.find((entry) => entry.id === params['slug']);
  if (!essay) return new Response(null, { status: 404 });
  return markdownResponse(essayMarkdown(content.siteUrl, essay));
};
