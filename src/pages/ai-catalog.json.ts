import type { APIRoute } from 'astro';
import { aiCatalog } from '../site/ai-manifests.ts';
import { jsonResponse } from '../site/endpoints.ts';

export const GET: APIRoute = () =>
  jsonResponse(aiCatalog(import.meta.env.SITE.replace(/\/+$/, '')), 'application/ai-catalog+json');
