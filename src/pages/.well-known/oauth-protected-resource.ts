import type { APIRoute } from 'astro';
import { jsonResponse } from '../../site/endpoints.ts';
import { protectedResourceMetadata } from '../../site/oauth-metadata.ts';

export const GET: APIRoute = () => jsonResponse(protectedResourceMetadata(import.meta.env.SITE.replace(/\/+$/, '')));
