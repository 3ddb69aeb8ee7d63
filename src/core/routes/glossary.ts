import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import {
  GlossaryListResponseSchema,
  glossaryPage,
  GlossaryQuerySchema,
  listGlossaryTerms,
} from '../operations/glossary.ts';

export const glossaryRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/glossary',
  aliases: ['/api/glossary'],
  operationId: 'listGlossaryTerms',
  summary: 'List glossary terms, A to Z',
  description:
    'Pages through the glossary: each term with its plain-language definition, category and URLs. Follow ' +
    'next_cursor until it is null; a cursor past the last page answers an empty page.',
  tags: ['Content'],
  query: GlossaryQuerySchema,
  responses: {
    200: { description: 'A page of glossary terms', schema: GlossaryListResponseSchema, headers: ['ETag'] },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameter (invalid_parameter, invalid_cursor)'),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  directoryName: 'glossary',
  cacheControl: 'public, max-age=300',
  operation: listGlossaryTerms,
  handler: ({ query, deps }) => ({
    body: glossaryPage({ category: query.category, limit: query.limit, page: query.cursor ?? 1 }, deps),
  }),
});

/** This file's routes, in the order the route table lists them. */
export const glossaryRoutes: readonly AnyRoute[] = [glossaryRoute];
