// The REST doors of authors and related papers (operations/scholar.ts): an author search, an author,
// an author's works, and the papers related to a paper.
import { z } from 'zod';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { queryFromInput } from '../operations/query-from-input.ts';
import type { PaperId } from '../papers/contract/paper-id.ts';
import {
  AuthorIdParam,
  AuthorListResponseSchema,
  AuthorResponseSchema,
  AuthorSearchInputSchema,
  authorWorks,
  AuthorWorksInputSchema,
  AuthorWorksResponseSchema,
  getAuthor,
  relatedPapers,
  RelatedPapersInputSchema,
  searchAuthors,
  SimilarResponseSchema,
} from '../operations/scholar.ts';
import { PaperInputSchema } from '../operations/paper-graph.ts';
import { SEARCH_CACHE_CONTROL, searchCacheHeaders } from './search.ts';

const UPSTREAM_FAILED = errorResponse('The paper index failed (upstream_error, upstream_timeout); retryable', [
  'Retry-After',
]);
const CACHED = { headers: ['Cache-Status', 'Age', 'ETag'] } as const;
const AUTHOR_PARAMS = z.object({ id: AuthorIdParam });
const NO_AUTHOR = errorResponse('The paper index has no such author (author_not_found)');
const common = { 304: NOT_MODIFIED_RESPONSE, 429: RATE_LIMITED_RESPONSE, 502: UPSTREAM_FAILED };

export const authorSearchRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/authors',
  operationId: 'searchAuthors',
  summary: 'Search authors by name',
  description:
    'Authors whose name holds every word of `query`, most cited first: OpenAlex author id, name, ORCID, last known ' +
    'institution, works and citation counts (from the local mirror: counted over the works it holds). ' +
    'Follow next_cursor until it is null. Cached for one hour, like search.',
  tags: ['Authors'],
  query: queryFromInput(AuthorSearchInputSchema),
  responses: {
    200: { description: 'A page of authors', schema: AuthorListResponseSchema, ...CACHED },
    400: errorResponse('Invalid parameters (missing_query, query_too_short, invalid_parameter, invalid_cursor)'),
    ...common,
  },
  batchable: true,
  directoryName: 'authors',
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: searchAuthors,
  handler: async ({ query, deps, request }) => {
    const outcome = await searchAuthors.run(query, { deps, clientAddress: request.clientAddress });
    return { body: outcome, headers: searchCacheHeaders(outcome) };
  },
});

export const authorRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/authors/{id}',
  operationId: 'getAuthor',
  summary: 'Read one author',
  description:
    "One author by OpenAlex author id (A…): the search's fields, their ten most cited works and the URL of all " +
    'their works. Cached for one hour.',
  tags: ['Authors'],
  params: AUTHOR_PARAMS,
  responses: {
    200: { description: 'The author', schema: AuthorResponseSchema, ...CACHED },
    400: errorResponse('The id is not an OpenAlex author id (invalid_author_id)'),
    404: NO_AUTHOR,
    ...common,
  },
  batchable: true,
  directoryName: 'author',
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: getAuthor,
  handler: async ({ params, deps, request }) => {
    const body = await getAuthor.run({ id: params['id'] as string }, { deps, clientAddress: request.clientAddress });
    return { body };
  },
});

export const authorWorksRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/authors/{id}/works',
  operationId: 'listAuthorWorks',
  summary: "List an author's works",
  description:
    "One page of an author's works, most cited first or newest first, in the search response's shape, with the " +
    'author it is about. Follow next_cursor until it is null. Cached for one hour.',
  tags: ['Authors'],
  params: AUTHOR_PARAMS,
  query: queryFromInput(AuthorWorksInputSchema.omit({ id: true, fields: true })),
  responses: {
    200: { description: "A page of the author's works", schema: AuthorWorksResponseSchema, ...CACHED },
    400: errorResponse('Invalid id or parameter (invalid_author_id, invalid_parameter, invalid_cursor)'),
    404: NO_AUTHOR,
    ...common,
  },
  batchable: true,
  directoryName: 'author_works',
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: authorWorks,
  handler: async ({ params, query, deps, request }) => {
    const input = { id: params['id'] as string, ...query };
    const outcome = await authorWorks.run(input, { deps, clientAddress: request.clientAddress });
    return { body: outcome, headers: searchCacheHeaders(outcome) };
  },
});

export const relatedPapersRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/papers/{id}/related',
  operationId: 'listRelatedPapers',
  summary: 'List the papers related to a paper',
  description:
    "Papers like one paper, most cited first: OpenAlex's related works (from the local mirror: the papers sharing " +
    'the most references with it). One page of at most `limit`. Cached for one hour.',
  tags: ['Papers'],
  params: PaperInputSchema,
  query: queryFromInput(RelatedPapersInputSchema.omit({ id: true, fields: true })),
  responses: {
    200: { description: 'Related papers', schema: SimilarResponseSchema, ...CACHED },
    400: errorResponse('Invalid id or parameter (invalid_paper_id, invalid_parameter)'),
    404: errorResponse('The paper index has no such paper (paper_not_found)'),
    ...common,
  },
  batchable: true,
  directoryName: 'related_papers',
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: relatedPapers,
  handler: async ({ params, query, deps, request }) => {
    const input = { id: params['id'] as unknown as PaperId, ...query };
    const outcome = await relatedPapers.run(input, { deps, clientAddress: request.clientAddress });
    return { body: outcome, headers: searchCacheHeaders(outcome) };
  },
});

/** This file's routes, in the order the route table lists them. */
export const scholarRoutes: readonly AnyRoute[] = [
  authorSearchRoute,
  authorRoute,
  authorWorksRoute,
  relatedPapersRoute,
];
