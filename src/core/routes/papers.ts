// The paper graph's REST doors: a paper, its citations, its references (operations/paper-graph.ts).
import { z } from 'zod';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { queryFromInput } from '../operations/query-from-input.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { CitationFormatParam } from '../operations/papers.ts';
import {
  getPaper,
  paperCitations,
  PaperInputSchema,
  paperReferences,
  RelatedInputSchema,
  RelatedResponseSchema,
} from '../operations/paper-graph.ts';
import { PaperSchema } from '../papers/contract/paper.ts';
import { CITATION_MEDIA_SCHEMAS, citationAnswer, citationFormatOf } from './citation-answer.ts';
import { SEARCH_CACHE_CONTROL, searchCacheHeaders } from './search.ts';

const UPSTREAM_FAILED = errorResponse('The paper index failed (upstream_error, upstream_timeout); retryable', [
  'Retry-After',
]);
const ID_REFUSED = errorResponse(
  'The id is neither an OpenAlex work id nor a DOI (invalid_paper_id), or format is not bibtex or csl (invalid_parameter)',
);
const NOT_IN_INDEX = errorResponse('The paper index has no such paper (paper_not_found)');

export const paperRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/papers/{id}',
  operationId: 'getPaper',
  summary: 'Read one paper',
  description:
    'One paper of the paper index by OpenAlex work id (W…) or DOI (with its slash percent-encoded, as %2F): ' +
    "the search result's fields with every author, the abstract, venue, volume, issue, pages and reference count, " +
    'and the URLs of its citations and references. Cached for one hour. As a reference to cite: ' +
    '`?format=bibtex|csl`, or Accept: application/x-bibtex or application/vnd.citationstyles.csl+json.',
  tags: ['Papers'],
  params: PaperInputSchema,
  query: z.object({ format: CitationFormatParam }),
  responses: {
    200: {
      description: 'The paper (or its citation, in the format asked for)',
      schema: PaperSchema,
      headers: ['Cache-Status', 'Age', 'ETag'],
      otherMediaTypes: CITATION_MEDIA_SCHEMAS,
    },
    304: NOT_MODIFIED_RESPONSE,
    400: ID_REFUSED,
    404: NOT_IN_INDEX,
    429: RATE_LIMITED_RESPONSE,
    502: UPSTREAM_FAILED,
  },
  batchable: true,
  directoryName: 'paper',
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: getPaper,
  handler: async ({ params, query, deps, request }) => {
    const outcome = await getPaper.run({ id: params.id }, { deps, clientAddress: request.clientAddress });
    // The same URL answers JSON and the citation formats, so caches must key on Accept.
    const headers = { ...searchCacheHeaders(outcome), Vary: 'Accept' };
    const format = citationFormatOf(query.format, request.headers.get('accept'));
    if (format) return citationAnswer(format, [outcome.value()], { ...headers, 'Cache-Control': SEARCH_CACHE_CONTROL });
    return { body: outcome, headers };
  },
});

const RelatedQuerySchema = queryFromInput(RelatedInputSchema.omit({ id: true }));

function relatedRoute(operation: typeof paperCitations, relation: 'citations' | 'references') {
  const which = relation === 'citations' ? 'the papers citing it' : 'the papers it cites';
  return defineRoute({
    method: 'GET',
    path: `/api/v1/papers/{id}/${relation}`,
    operationId: relation === 'citations' ? 'listPaperCitations' : 'listPaperReferences',
    summary: relation === 'citations' ? 'List the papers citing a paper' : 'List the papers a paper cites',
    description:
      `One page of ${which}, most cited first or newest first, in the search response's shape, with the paper it ` +
      'is about. Follow next_cursor until it is null. Cached for one hour, like search.',
    tags: ['Papers'],
    params: PaperInputSchema,
    query: RelatedQuerySchema,
    responses: {
      200: {
        description: `A page of ${which}`,
        schema: RelatedResponseSchema,
        headers: ['Cache-Status', 'Age', 'ETag'],
      },
      304: NOT_MODIFIED_RESPONSE,
      400: errorResponse('Invalid id or parameter (invalid_paper_id, invalid_parameter, invalid_cursor)'),
      404: NOT_IN_INDEX,
      429: RATE_LIMITED_RESPONSE,
      502: UPSTREAM_FAILED,
    },
    batchable: true,
    directoryName: `paper_${relation}`,
    cacheControl: SEARCH_CACHE_CONTROL,
    operation,
    handler: async ({ params, query, deps, request }) => {
      const input = {
        id: params.id,
        sort: query.sort,
        limit: query.limit,
        page: query.cursor ?? 1,
      };
      const outcome = await operation.run(input, { deps, clientAddress: request.clientAddress });
      return { body: outcome, headers: searchCacheHeaders(outcome) };
    },
  });
}

/** This file's routes, in the order the route table lists them. */
export const paperRoutes: readonly AnyRoute[] = [
  paperRoute,
  relatedRoute(paperCitations, 'citations'),
  relatedRoute(paperReferences, 'references'),
];
