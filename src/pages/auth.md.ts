import type { APIRoute } from 'astro';
import { authGuide, guideMarkdown } from '../site/auth-guide.ts';
import { markdownResponse } from '../site/endpoints.ts';

export const GET: APIRoute = () => markdownResponse(guideMarkdown(authGuide(import.meta.env.SITE.replace(/\/+$/, ''))));
