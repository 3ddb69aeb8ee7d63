// The one route table: HTTP, the batch executor, MCP tools and the OpenAPI generator all read it.
// Each domain's file lists its own routes, so a new route is added where it is written.
import type { AnyRoute } from '../http/route.ts';
import { askRoutes } from './ask.ts';
import { authRoutes } from './auth.ts';
import { batchRoute } from './batch.ts';
import { directoryRoutes } from './directory.ts';
import { essaysRoutes } from './essays.ts';
import { glossaryRoutes } from './glossary.ts';
import { healthRoute, readinessRoute } from './health.ts';
import { jobRoute } from './jobs.ts';
import { mcpRoutesList } from './mcp.ts';
import { paperCitationsFeedRoute, papersFeedRoute } from './papers-feed.ts';
import { authorPageRoute } from './author-page.ts';
import { paperPageRoute } from './paper-page.ts';
import { papersPageRoute } from './papers-page.ts';
import { paperRoutes } from './papers.ts';
import { scholarRoutes } from './scholar.ts';
import { paperSearchRoutes } from './search.ts';

export const routes: readonly AnyRoute[] = [
  healthRoute,
  readinessRoute,
  ...directoryRoutes,
  ...essaysRoutes,
  ...glossaryRoutes,
  ...paperSearchRoutes,
  ...paperRoutes,
  ...scholarRoutes,
  papersFeedRoute,
  paperCitationsFeedRoute,
  papersPageRoute,
  paperPageRoute,
  authorPageRoute,
  ...askRoutes,
  batchRoute,
  jobRoute,
  ...authRoutes,
  ...mcpRoutesList,
];
