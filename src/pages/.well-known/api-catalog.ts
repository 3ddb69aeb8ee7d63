import type { APIRoute } from 'astro';
import { routes } from '../../core/routes/index.ts';
import { apiCatalog } from '../../site/api-catalog.ts';
import { jsonResponse } from '../../site/endpoints.ts';

export const GET: APIRoute = () =>
  jsonResponse(apiCatalog(import.meta.env.SITE.replace(/\/+$/, ''), routes), 'application/linkset+json');
