import { z } from 'zod';
import { FormatParam, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE, errorResponse } from '../http/common-schemas.ts';
import { defineRoute } from '../http/route.ts';
import { rememberedJson } from '../json-text.ts';
import { API_VERSION } from '../versioning.ts';

const DirectoryQuerySchema = z.object({ format: FormatParam });

export const ApiDirectorySchema = z
  .object({
    name: z.string(),
    version: z.string(),
    description: z.string().optional(),
    documentation: z.string(),
    openapi: z.string(),
    mcp: z.string().optional(),
    auth: z.string().optional(),
    endpoints: z.object({
      search: z.string(),
      essays: z.string(),
      glossary: z.string(),
      batch: z.string().optional(),
      jobs: z.string().optional(),
      ask: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiDirectory' });

export const V1DirectorySchema = z
  .object({
    name: z.string(),
    version: z.string(),
    description: z.string().optional(),
    documentation: z.string(),
    openapi: z.string(),
    endpoints: z.object({
      search: z.string(),
      essays: z.string(),
      glossary: z.string(),
      batch: z.string().optional(),
      jobs: z.string().optional(),
    }),
  })
  .meta({ id: 'V1Directory' });

const NAME = 'Research Hub API';
const DESCRIPTION =
  'Paper search over an academic index (corpora ai and web3), essays and a glossary of AI and Web3 terms. No authentication needed.';

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
  handler: ({ deps }) => ({
    body: rememberedJson(deps.memo, 'directory|/api', () => {
      const site = deps.config.siteUrl;
      return {
        ...common(site),
        mcp: `${site}/.well-known/mcp`,
        auth: `${site}/auth.md`,
        endpoints: {
          search: `${site}/api/reports/search`,
          essays: `${site}/api/essays`,
          glossary: `${site}/api/glossary`,
          batch: `${site}/api/batch`,
          jobs: `${site}/api/jobs/{jobId}`,
          ask: `${site}/ask`,
        },
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
  handler: ({ deps }) => ({
    body: rememberedJson(deps.memo, 'directory|/api/v1', () => {
      const site = deps.config.siteUrl;
      return {
        ...common(site),
        endpoints: {
          search: `${site}/api/v1/reports/search`,
          essays: `${site}/api/v1/essays`,
          glossary: `${site}/api/v1/glossary`,
          batch: `${site}/api/v1/batch`,
          jobs: `${site}/api/v1/jobs/{jobId}`,
        },
      };
    }),
  }),
});
