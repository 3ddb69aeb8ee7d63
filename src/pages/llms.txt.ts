import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { textResponse } from '../site/endpoints.ts';
import { llmsTxt } from '../site/llms-txt.ts';

export const GET: APIRoute = async () => textResponse(llmsTxt(await loadSiteContent()), 'text/plain; charset=utf-8');
