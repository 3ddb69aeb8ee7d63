// Which requests the server hands to the core rather than to the static files, derived from the route
// table so that a new route is served without a list kept beside it: every path and alias of a route;
// anything below a route that has routes below it (under /api/, /.well-known/mcp/), so an unknown API
// path gets the API's 404; and a path shared with a page of the site only with the route's parameter.
import type { AnyRoute } from './route.ts';

/** Tells whether a request (its raw path, and its query string with or without the "?") is the core's. */
export type CoreRequestTest = (path: string, search: string) => boolean;

export function corePathMatcher(routes: readonly AnyRoute[]): CoreRequestTest {
  const exact = new Set<string>();
  const withParam = new Map<string, string>();
  const templates: string[] = [];
  for (const route of routes) {
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      if (route.onlyWithParam !== undefined) withParam.set(path, route.onlyWithParam);
      else if (path.includes('{')) templates.push(path);
      else exact.add(path);
    }
  }
  const every = [...exact, ...withParam.keys(), ...templates];
  const prefixes = [...exact]
    .map((path) => `${path}/`)
    .filter((prefix) => every.some((path) => path.startsWith(prefix)))
    .filter((prefix, _, all) => !all.some((other) => other !== prefix && prefix.startsWith(other)));
  const patterns = templates
    .filter((template) => !prefixes.some((prefix) => template.startsWith(prefix)))
    .map(templatePattern);
  return (path, search) => {
    if (exact.has(path)) return true;
    for (const prefix of prefixes) if (path.startsWith(prefix)) return true;
    for (const pattern of patterns) if (pattern.test(path)) return true;
    const param = withParam.get(path);
    return param !== undefined && new URLSearchParams(search).has(param);
  };
}

/** A template's paths: each {name} one segment, still percent-encoded. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/\{[a-zA-Z_]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}
