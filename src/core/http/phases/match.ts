// Phase 1, match: which routes serve the request's path, and which of them takes its method. Finding
// nothing is not an error yet: preflight decides between 404, 405 and an OPTIONS answer.
import type { Exchange, RouteEntry } from '../exchange.ts';
import type { AnyRoute } from '../route.ts';
import { Router, type PathMatch } from '../router.ts';
import { memoisedQueryParser } from '../request-input.ts';

/** The route table as the router holds it: each route under its path and its aliases. */
export function routerFor(routes: readonly AnyRoute[]): Router<RouteEntry> {
  const router = new Router<RouteEntry>();
  for (const route of routes) {
    const parseQuery = route.query ? memoisedQueryParser(route.query) : undefined;
    router.add(route.path, { route, alias: false, parseQuery });
    for (const alias of route.aliases ?? []) router.add(alias, { route, alias: true, parseQuery });
  }
  return router;
}

export function match(exchange: Exchange): undefined {
  const { request } = exchange;
  const found = matchPath(exchange.app.router, request.path);
  exchange.match = found;
  // HEAD answers carry GET's headers; the transport drops the body.
  if (found) exchange.entry = entryFor(found.entries, request.method === 'HEAD' ? 'GET' : request.method);
  return undefined;
}

/** The route a method and raw path would reach, if any. */
export function findRoute(router: Router<RouteEntry>, method: string, path: string): AnyRoute | undefined {
  const found = matchPath(router, path);
  return found && entryFor(found.entries, method)?.route;
}

function matchPath(router: Router<RouteEntry>, path: string): PathMatch<RouteEntry> | undefined {
  try {
    return router.match(path);
  } catch {
    return undefined; // malformed percent-encoding
  }
}

function entryFor(entries: readonly RouteEntry[], method: string): RouteEntry | undefined {
  for (const entry of entries) if (entry.route.method === method) return entry;
  return undefined;
}
