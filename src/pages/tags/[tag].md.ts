import type { APIRoute } from 'astro';
import { loadSiteContent } from '../../site/collections.ts';
import { markdownResponse } from '../../site/endpoints.ts';
import { tagMarkdown } from '../../site/markdown-twins.ts';
import { tagCounts } from '../../site/site-content.ts';

export async function getStaticPaths() {
  return tagCounts((await loadSiteContent()).essays).map(({ tag }) => ({ params: { tag } }));
}

export const GET: APIRoute = async ({ params }) => {
  const content = await loadSiteContent();
  const tag = params['tag'] ?? '';
  return markdownResponse(
    tagMarkdown(
      content.siteUrl,
      tag,
      content.essays.filter((essay) => essay.data.tags.includes(tag)),
    ),
  );
};
