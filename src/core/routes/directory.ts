import { z } from 'zod';
import { FormatParam, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE, errorResponse } from '../http/common-schemas.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { rememberedJson } from '../json-text.ts';
import { API_VERSION } from '../versioning.ts';

const DirectoryQuerySchema = z.object({ format: FormatParam });

/** What both directories say of the API. */
const directoryFields = {
  name: z.string(),
  version: z.string(),
  description: z.string().optional(),
  documentation: z.string(),
  openapi: z.string(),
};

/** The endpoints of version 1 that both directories name. */
const endpointFields = {
  search: z.string(),
  essays: z.string(),
  glossary: z.string(),
  batch: z.string().optional(),
  jobs: z.string().optional(),
};

export const ApiDirectorySchema = z
  .object({
    ...directoryFields,
    mcp: z.string().optional(),
    auth: z.string().optional(),
    endpoints: z
      .object({ ...endpointFields, ask: z.string().optional() })
      // Every route with a directoryName is listed: more names come as the API grows.
      .catchall(z.string()),
  })
  .meta({ id: 'ApiDirectory' });

export const V1DirectorySchema = z
  .object({ ...directoryFields, endpoints: z.object(endpointFields).catchall(z.string()) })
  .meta({ id: 'V1Directory' });

const NAME = 'Research Hub API';
const DESCRIPTION =
  'Paper search over an academic index (corpora ai and web3), essays and a glossary of AI and Web3 terms. No authentication needed.';

/**
 * The endpoints of the route table that have a directory name: in /api/v1 their versioned paths, in
 * /api their unversioned ones (the alias, or a path outside /api/v1 such as /ask).
 */
function endpointsOf(routes: readonly AnyRoute[], siteUrl: string, versioned: boolean): Record<string, string> {
  const endpoints: Record<string, string> = {};
  for (const route of routes) {
    if (!route.directoryName) continue;
    const inV1 = route.path.startsWith('/api/v1/');
    const path = versioned ? (inV1 ? route.path : undefined) : (route.aliases?.[0] ?? (inV1 ? undefined : route.path));
    if (path) endpoints[route.directoryName] = `${siteUrl}${path}`;
  }
  return endpoints;
}

function common(siteUrl: string) {
  return {
    name: NAME,
    version: API_VERSION,
    description: DESCRIPTION,
    documentation: `${siteUrl}/api-docs`,
    openapi: `${siteUrl}/openapi.json`,
  };
}

export const apiDirectoryRoute = defineRoute({
  method: 'GET',
  path: '/api',
  operationId: 'getApiDirectory',
  summary: 'Directory of the latest API',
  description:
    'Where everything is: documentation, this description, the MCP server, the auth guide and the unversioned ' +
    'endpoints (which follow the latest version and carry Deprecation and Sunset).',
  tags: ['Service'],
  query: DirectoryQuerySchema,
  responses: {
    200: { description: 'The API directory', schema: ApiDirectorySchema, headers: ['ETag'] },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameter (invalid_parameter)'),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  cacheControl: 'public, max-age=300',
  // Fixed for the life of the process: serialised and tagged once.
  handler: ({ deps, routes }) => ({
    body: rememberedJson(deps.memo, 'directory|/api', () => {
      const site = deps.config.siteUrl;
      return {
        ...common(site),
        mcp: `${site}/.well-known/mcp`,
        auth: `${site}/auth.md`,
        endpoints: endpointsOf(routes, site, false) as z.infer<typeof ApiDirectorySchema>['endpoints'],
      };
    }),
  }),
});

export const v1DirectoryRoute = defineRoute({
  method: 'GET',
  path: '/api/v1',
  operationId: 'getV1Directory',
  summary: 'Directory of version 1 of the API',
  description: 'The endpoints of version 1, which changes only by addition.',
  tags: ['Service'],
  query: DirectoryQuerySchema,
  responses: {
    200: { description: 'The version 1 directory', schema: V1DirectorySchema, headers: ['ETag'] },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameter (invalid_parameter)'),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  cacheControl: 'public, max-age=300',
  handler: ({ deps, routes }) => ({
    body: rememberedJson(deps.memo, 'directory|/api/v1', () => {
      const site = deps.config.siteUrl;
      return {
        ...common(site),
        endpoints: endpointsOf(routes, site, true) as z.infer<typeof V1DirectorySchema>['endpoints'],
      };
    }),
  }),
});

/** This file's routes, in the order the route table lists them. */
export const directoryRoutes: readonly AnyRoute[] = [apiDirectoryRoute, v1DirectoryRoute];
