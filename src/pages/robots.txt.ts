import type { APIRoute } from 'astro';
import { robotsTxt } from '../site/ai-manifests.ts';
import { textResponse } from '../site/endpoints.ts';

export const GET: APIRoute = () =>
  textResponse(robotsTxt(import.meta.env.SITE.replace(/\/+$/, '')), 'text/plain; charset=utf-8');
