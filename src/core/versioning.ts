// Version facts shared by the directory, the OpenAPI description and the deprecation headers.
export const API_VERSION = '1.1.0';

/** RFC 8594 Sunset of the unversioned aliases: never earlier than their Deprecation. */
export const SUNSET_DATE = new Date('2028-03-01T00:00:00Z');
/** RFC 9745 Deprecation of the unversioned aliases in favour of /api/v1. */
export const DEPRECATION_DATE = new Date('2026-01-01T00:00:00Z');

export function deprecationHeaders(successorPath: string): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(DEPRECATION_DATE.getTime() / 1000)}`,
    Sunset: SUNSET_DATE.toUTCString(),
    Link: `<${successorPath}>; rel="successor-version"`,
  };
}

/** Where an alias's request lives under its route's versioned path: the template filled, the query kept. */
export function successorPath(template: string, params: Record<string, string>, rawSearch: string): string {
  const path = template.replace(/\{([a-zA-Z_]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  // Re-encoded: the path goes into a Link header, where a raw '>' or '"' from the request would break it.
  const search = new URLSearchParams(rawSearch).toString();
  return search ? `${path}?${search}` : path;
}
