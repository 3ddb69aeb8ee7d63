import type { APIRoute } from 'astro';
import { aiTxt } from '../site/ai-manifests.ts';
import { textResponse } from '../site/endpoints.ts';

export const GET: APIRoute = () =>
  textResponse(aiTxt(import.meta.env.SITE.replace(/\/+$/, '')), 'text/plain; charset=utf-8');
