import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '../core/openapi.ts';
import { routes } from '../core/routes/index.ts';
import { apiDocsMarkdown } from '../core/api-docs.ts';
import { markdownResponse } from '../site/endpoints.ts';

export const GET: APIRoute = () => {
  const siteUrl = import.meta.env.SITE.replace(/\/+$/, '');
  return markdownResponse(apiDocsMarkdown(buildOpenApiDocument(routes, siteUrl), siteUrl));
};
