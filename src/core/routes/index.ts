// The one route table: HTTP, the batch executor, MCP tools and the OpenAPI generator all read it.
// An operation that declares a REST route (operations/) gets it derived here, unless a file below
// declares it with more to say (another representation, headers of its own); routes that are no
// operation's (health, directories, batch, jobs, auth, MCP) are listed by their files.
import { operationRoute } from '../http/operation-route.ts';
import type { AnyRoute } from '../http/route.ts';
import { operations } from '../operations/index.ts';
import { askRoutes } from './ask.ts';
import { authRoutes } from './auth.ts';
import { batchRoute } from './batch.ts';
import { directoryRoutes } from './directory.ts';
import { healthRoute, readinessRoute } from './health.ts';
import { jobRoute } from './jobs.ts';
import { mcpRoutesList } from './mcp.ts';
import { paperCitationsFeedRoute, papersFeedRoute } from './papers-feed.ts';
import { authorPageRoute } from './author-page.ts';
import { paperPageRoute } from './paper-page.ts';
import { papersPageRoute } from './papers-page.ts';
import { paperRoute } from './papers.ts';
import { searchRoute } from './search.ts';

/** Routes over an operation that say more than it does (other representations). */
const declaredRoutes: readonly AnyRoute[] = [searchRoute, paperRoute];

/** The route of every operation that declares one, in the order of operations/index.ts (ask's apart). */
const operationRoutes = operations
  .filter((operation) => operation.rest && !askRoutes.some((route) => route.operation === operation))
  .map((operation) => declaredRoutes.find((route) => route.operation === operation) ?? operationRoute(operation));

export const routes: readonly AnyRoute[] = [
  healthRoute,
  readinessRoute,
  ...directoryRoutes,
  ...operationRoutes,
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
