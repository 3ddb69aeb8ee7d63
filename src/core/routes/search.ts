import { z } from 'zod';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineOperation } from '../http/operation.ts';
import { defineRoute, JsonText } from '../http/route.ts';
import { issue, optionalIntParam } from '../http/validation.ts';
import { CursorParam, PaginationSchema } from '../pagination.ts';
import { CORPORA } from '../papers/corpora.ts';
import { SearchResultItemSchema } from '../papers/mapping.ts';
import { MAX_REACHABLE_RESULTS } from '../papers/paper-source.ts';
import { normaliseQuery } from '../papers/paper-search.ts';
import { ApiError } from '../errors.ts';

export const MAX_QUERY_LENGTH = 300;
const DEFAULT_LIMIT = 50;

export const QueryTextParam = z
  .string()
  .optional()
  .transform((raw, context) => {
    const text = normaliseQuery(raw ?? '');
    if (text === '') issue(context, 'missing_query', 'Send a non-empty query parameter "q", e.g. ?q=transformers');
    else if ([...text].length < 2)
      issue(context, 'query_too_short', `Query parameter "q" must be at least 2 characters (got "${text}")`);
    else if (text.length > MAX_QUERY_LENGTH)
      issue(context, 'invalid_parameter', `Query parameter "q" must be at most ${MAX_QUERY_LENGTH} characters`);
    else return text;
    return z.NEVER;
  })
  .meta({
    type: 'string',
    minLength: 2,
    maxLength: MAX_QUERY_LENGTH,
    description: 'Search text, at least 2 characters',
  });

export const SearchQuerySchema = z.object({
  q: QueryTextParam,
  corpus: z
    .enum(CORPORA, { error: 'must be "ai" or "web3"' })
    .optional()
    .meta({ description: 'Corpus to search (default ai)' }),
  limit: optionalIntParam(1, 200).meta({
    type: 'integer',
    minimum: 1,
    maximum: 200,
    description: 'Results per page, 1 to 200 (default 50)',
  }),
  per_page: optionalIntParam(1, 200).meta({
    type: 'integer',
    minimum: 1,
    maximum: 200,
    description: 'Alias of limit; limit wins when both are sent',
  }),
  page: optionalIntParam(1, MAX_REACHABLE_RESULTS).meta({
    type: 'integer',
    minimum: 1,
    description: 'Page number (default 1); cursor wins when both are sent',
  }),
  cursor: CursorParam.meta({ type: 'string', description: 'Opaque cursor from next_cursor' }),
});

export const SearchResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Page of results, sorted by citation count'),
    total: z.int().min(0).describe('Total papers found'),
    limit: z.int().describe('Results per page'),
    has_more: z.boolean().describe('More results exist (within the first 10,000)'),
    next_cursor: z.string().nullable().describe('Cursor for the next page; null on the last page'),
    pagination: PaginationSchema,
    corpus: z.enum(CORPORA).describe('Corpus used'),
  })
  .meta({ id: 'SearchResponse' });

export const SearchInputSchema = z.object({
  query: z.string().trim().min(2).max(MAX_QUERY_LENGTH).describe('What to search for, at least 2 characters'),
  corpus: z.enum(CORPORA).default('ai').describe('ai or web3 (default ai)'),
  limit: z
    .int()
    .min(1)
    .max(200)
    .default(DEFAULT_LIMIT)
    .describe(`Results per page, 1 to 200 (default ${DEFAULT_LIMIT})`),
  page: z.int().min(1).default(1).describe('Page number (default 1)'),
});

/** Paper search: one page of a corpus, most cited first, through the shared cache. */
export const searchPapers = defineOperation({
  input: SearchInputSchema,
  output: SearchResponseSchema,
  run: async ({ query, corpus, limit, page }, { deps, clientAddress }) => {
    const outcome = await deps.papers.search({ q: query, corpus, limit, page }, clientAddress);
    return Object.assign(new JsonText<z.infer<typeof SearchResponseSchema>>(outcome.body), {
      cache: outcome.cache,
      age: outcome.age,
    });
  },
});

const CACHE_STATUS = {
  hit: 'hit',
  miss: 'fwd=miss; stored',
  collapsed: 'fwd=miss; collapsed',
  stale: 'hit; fwd-status=502; detail=stale-if-error',
} as const;

export const searchRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/reports/search',
  aliases: ['/api/reports/search'],
  operationId: 'searchPapers',
  summary: 'Search academic papers, most cited first',
  description:
    'Searches the paper index in one corpus (ai or web3). Results are sorted by citation count and cached for one hour. ' +
    'Paging reaches the first 10,000 results of a query.',
  tags: ['Papers'],
  query: SearchQuerySchema,
  responses: {
    200: { description: 'A page of papers', schema: SearchResponseSchema, headers: ['Cache-Status', 'ETag'] },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameters (missing_query, query_too_short, invalid_parameter, invalid_cursor)'),
    429: RATE_LIMITED_RESPONSE,
    502: errorResponse('The paper index failed (upstream_error, upstream_timeout); retryable', ['Retry-After']),
  },
  batchable: true,
  cacheControl: 'public, max-age=600',
  operation: searchPapers,
  handler: async ({ query, deps, request }) => {
    const limit = query.limit ?? query.per_page ?? DEFAULT_LIMIT;
    const page = query.cursor ?? query.page ?? 1;
    const corpus = query.corpus ?? 'ai';
    if ((page - 1) * limit >= MAX_REACHABLE_RESULTS) {
      throw new ApiError(
        query.cursor !== undefined ? 'invalid_cursor' : 'invalid_parameter',
        `Page ${page} at ${limit} per page starts beyond the first ${MAX_REACHABLE_RESULTS} results, which is as deep as paging goes.`,
        { resolution: 'Narrow the query, or page with a larger limit.' },
      );
    }
    const outcome = await searchPapers.run(
      { query: query.q, corpus, limit, page },
      { deps, clientAddress: request.clientAddress },
    );
    return {
      body: outcome,
      headers: { 'Cache-Status': `research-hub; ${CACHE_STATUS[outcome.cache]}`, Age: String(outcome.age) },
    };
  },
});
