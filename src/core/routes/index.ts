// The one route table: HTTP, the batch executor, MCP tools and the OpenAPI generator all read it.
import type { AnyRoute } from '../http/route.ts';
import { askGetRoute, askPostRoute } from './ask.ts';
import { registerRoute, revokeRoute } from './auth.ts';
import { batchRoute } from './batch.ts';
import { apiDirectoryRoute, v1DirectoryRoute } from './directory.ts';
import { essaysRoute } from './essays.ts';
import { glossaryRoute } from './glossary.ts';
import { healthRoute } from './health.ts';
import { jobRoute } from './jobs.ts';
import { mcpRoutesList } from './mcp.ts';
import { papersFeedRoute } from './papers-feed.ts';
import { papersPageRoute } from './papers-page.ts';
import { searchRoute } from './search.ts';

export const routes: readonly AnyRoute[] = [
  healthRoute,
  apiDirectoryRoute,
  v1DirectoryRoute,
  essaysRoute,
  glossaryRoute,
  searchRoute,
  papersFeedRoute,
  papersPageRoute,
  askGetRoute,
  askPostRoute,
  batchRoute,
  jobRoute,
  registerRoute,
  revokeRoute,
  ...mcpRoutesList,
];
