import type { APIRoute } from 'astro';
import { aiJson } from '../site/ai-manifests.ts';
import { loadSiteContent } from '../site/collections.ts';
import { jsonResponse } from '../site/endpoints.ts';

export const GET: APIRoute = async () => jsonResponse(aiJson(await loadSiteContent()));
