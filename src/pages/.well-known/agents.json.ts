import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '../../core/openapi.ts';
import { routes } from '../../core/routes/index.ts';
import { agentsJson } from '../../site/agents-json.ts';
import { jsonResponse } from '../../site/endpoints.ts';

export const GET: APIRoute = () => {
  const siteUrl = import.meta.env.SITE.replace(/\/+$/, '');
  return jsonResponse(agentsJson(siteUrl, routes, buildOpenApiDocument(routes, siteUrl)));
};
