import type { APIRoute } from 'astro';
import { loadSiteContent } from '../../site/collections.ts';
import { markdownResponse } from '../../site/endpoints.ts';
import { termMarkdown } from '../../site/markdown-twins.ts';

export async function getStaticPaths() {
  return (await loadSiteContent()).glossary.map((term) => ({ params: { slug: term.id } }));
}

export const GET: APIRoute = async ({ params }) => {
  const content = await loadSiteContent();
  const bySlug = new Map(content.glossary.map((term) => [term.id, term]));
  const term = bySlug.get(params['slug'] ?? '');
  if (!term) return new Response(null, { status: 404 });
  return markdownResponse(termMarkdown(content.siteUrl, term, bySlug));
};
