import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute, operationHandler, type AnyRoute } from '../http/route.ts';
import { queryFromInput } from '../operations/query-from-input.ts';
import { EssaysListInputSchema, EssaysListResponseSchema, listEssays } from '../operations/essays.ts';

/** The query string of the list, derived from the operation's input (page as the opaque cursor). */
const EssaysQuerySchema = queryFromInput(EssaysListInputSchema);

export const essaysRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/essays',
  aliases: ['/api/essays'],
  operationId: 'listEssays',
  summary: 'List published essays, newest first',
  description:
    'Pages through the essays (title, description, tags, dates, URLs of the page and its Markdown twin). Follow ' +
    'next_cursor until it is null; a cursor past the last page answers an empty page.',
  tags: ['Content'],
  query: EssaysQuerySchema,
  responses: {
    200: { description: 'A page of essays', schema: EssaysListResponseSchema, headers: ['ETag'] },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameter (invalid_parameter, invalid_cursor)'),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  directoryName: 'essays',
  cacheControl: 'public, max-age=300',
  operation: listEssays,
  handler: operationHandler(listEssays, ({ query }) => ({
    tag: query.tag,
    limit: query.limit,
    page: query.cursor ?? 1,
  })),
});

/** This file's routes, in the order the route table lists them. */
export const essaysRoutes: readonly AnyRoute[] = [essaysRoute];
