// /.well-known/api-catalog (RFC 9727): a linkset (RFC 9264) naming the API, its description,
// documentation and status, and every endpoint of the route table as an `item`.
import type { AnyRoute } from '../core/http/route.ts';
import { absoluteUrl, DISCOVERY } from './urls.ts';

interface LinkTarget {
  href: string;
  type?: string;
}

export interface ApiCatalog {
  linkset: Array<{ anchor: string } & Record<string, LinkTarget[] | string>>;
}

export function apiCatalog(siteUrl: string, routes: readonly AnyRoute[]): ApiCatalog {
  // A templated path such as /api/v1/jobs/{jobId} is not a URL; the OpenAPI description covers it.
  // Liveness and readiness are linked as `status`, not as APIs of their own; a page the core fills in is no API.
  const documented = routes.filter((route) => route.documented !== false);
  const endpoints = [...new Set(documented.map((route) => route.path))].filter(
    (path) => !path.includes('{') && path !== DISCOVERY.health && path !== DISCOVERY.readiness,
  );
  return {
    linkset: [
      {
        anchor: absoluteUrl(siteUrl, DISCOVERY.apiDirectory),
        'service-desc': [{ href: absoluteUrl(siteUrl, DISCOVERY.openapi), type: 'application/openapi+json' }],
        'service-doc': [{ href: absoluteUrl(siteUrl, DISCOVERY.apiDocs), type: 'text/html' }],
        status: [
          { href: absoluteUrl(siteUrl, DISCOVERY.health), type: 'application/json' },
          { href: absoluteUrl(siteUrl, DISCOVERY.readiness), type: 'application/json' },
        ],
        item: endpoints.map((path) => ({ href: absoluteUrl(siteUrl, path) })),
      },
    ],
  };
}
