import type { APIRoute } from 'astro';
import { loadSiteContent } from '../site/collections.ts';
import { textResponse } from '../site/endpoints.ts';
import { llmsFullTxt } from '../site/llms-txt.ts';

export const GET: APIRoute = async () =>
  textResponse(llmsFullTxt(await loadSiteContent()), 'text/plain; charset=utf-8');
