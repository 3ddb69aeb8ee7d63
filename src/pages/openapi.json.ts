import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '../core/openapi.ts';
import { routes } from '../core/routes/index.ts';

export const GET: APIRoute = () =>
  Response.json(buildOpenApiDocument(routes, import.meta.env.SITE.replace(/\/+$/, '')));
