import type { APIRoute } from 'astro';
import type { GlossaryCategory } from '../../../content/schemas.ts';
import { loadSiteContent } from '../../../site/collections.ts';
import { markdownResponse } from '../../../site/endpoints.ts';
import { categoryMarkdown } from '../../../site/markdown-twins.ts';

export async function getStaticPaths() {
  const categories = new Set((await loadSiteContent()).glossary.map((term) => term.data.category));
  return [...categories].map((category) => ({ params: { category } }));
}

export const GET: APIRoute = async ({ params }) => {
  const content = await loadSiteContent();
  const category = params['category'] as GlossaryCategory;
  return markdownResponse(
    categoryMarkdown(
      content.siteUrl,
      category,
      content.glossary.filter((term) => term.data.category === category),
    ),
  );
};
