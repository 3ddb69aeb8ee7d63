import type { APIRoute } from 'astro';
import { jsonResponse } from '../../site/endpoints.ts';
import { authorizationServerMetadata } from '../../site/oauth-metadata.ts';

export const GET: APIRoute = () => jsonResponse(authorizationServerMetadata(import.meta.env.SITE.replace(/\/+$/, '')));
