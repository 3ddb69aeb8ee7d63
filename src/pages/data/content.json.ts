// The content index the API serves at run time (see src/core/content/content-data.ts).
import type { APIRoute } from 'astro';
import { loadSiteContent } from '../../site/collections.ts';
import { contentData } from '../../site/site-content.ts';

export const GET: APIRoute = async () => Response.json(contentData(await loadSiteContent()));
