import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { queryFromInput } from '../operations/query-from-input.ts';
import { defineRoute, operationHandler, type AnyRoute } from '../http/route.ts';
import {
  GlossaryCategoriesSchema,
  GlossaryListResponseSchema,
  GlossaryListInputSchema,
  listGlossaryCategories,
  listGlossaryTerms,
} from '../operations/glossary.ts';

/** The query string of the list, derived from the operation's input (page as the opaque cursor). */
const GlossaryQuerySchema = queryFromInput(GlossaryListInputSchema);

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
  handler: operationHandler(listGlossaryTerms, ({ query }) => ({
    category: query.category,
    limit: query.limit,
    page: query.cursor ?? 1,
  })),
});

export const glossaryCategoriesRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/glossary/categories',
  aliases: ['/api/glossary/categories'],
  operationId: 'listGlossaryCategories',
  summary: 'List the glossary categories',
  description: 'Each category with its number of terms and its page on the site; filter the glossary with one.',
  tags: ['Content'],
  responses: {
    200: { description: 'The glossary categories', schema: GlossaryCategoriesSchema, headers: ['ETag'] },
    304: NOT_MODIFIED_RESPONSE,
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  directoryName: 'glossary_categories',
  cacheControl: 'public, max-age=300',
  operation: listGlossaryCategories,
  handler: operationHandler(listGlossaryCategories, () => ({})),
});

/** This file's routes, in the order the route table lists them. */
export const glossaryRoutes: readonly AnyRoute[] = [glossaryRoute, glossaryCategoriesRoute];
