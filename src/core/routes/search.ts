import { z } from 'zod';
import { errorResponse, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineOperation } from '../http/operation.ts';
import { defineRoute, JsonText } from '../http/route.ts';
import { issue, optionalIntParam, textProblem, textSchema } from '../http/validation.ts';
import { CursorParam, encodeCursor, PaginationSchema } from '../pagination.ts';
import { CORPORA } from '../papers/corpora.ts';
import { SearchResultItemSchema } from '../papers/mapping.ts';
import { MAX_REACHABLE_RESULTS } from '../papers/paper-source.ts';
import { normaliseQuery } from '../papers/paper-search.ts';

export const MAX_QUERY_LENGTH = 300;
const DEFAULT_LIMIT = 50;

export const QueryTextParam = z
  .string()
  .optional()
  .transform((raw, context) => {
    const problem = textProblem(raw, MAX_QUERY_LENGTH);
    if (!problem) return normaliseQuery(raw ?? '');
    issue(context, problem[0], problem[0] === 'missing_query' ? `${problem[1]}, e.g. ?q=transformers` : problem[1]);
    return z.NEVER;
  })
  .meta({ ...textSchema(MAX_QUERY_LENGTH), description: `Search text, 2 to ${MAX_QUERY_LENGTH} characters` });

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
    maximum: MAX_REACHABLE_RESULTS,
    description: `Page number (default 1); cursor wins when both are sent. Pages past page × limit = ${MAX_REACHABLE_RESULTS} are empty`,
  }),
  cursor: CursorParam,
});

export const SearchResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Page of results, sorted by citation count'),
    total: z.int().min(0).describe('Total papers found'),
    limit: z.int().describe('Results per page'),
    has_more: z.boolean().describe('The next page holds results (paging reaches the first 10,000)'),
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
    const past = page * limit > MAX_REACHABLE_RESULTS;
    // Past the window nothing is fetched (OpenAlex refuses it): the first page gives the total.
    const outcome = await deps.papers.search({ q: query, corpus, limit, page: past ? 1 : page }, clientAddress);
    const body = past ? emptyPage(outcome.body, page) : outcome.body;
    return Object.assign(new JsonText<z.infer<typeof SearchResponseSchema>>(body), {
      cache: outcome.cache,
      age: outcome.age,
    });
  },
});

/** The answer for a page past the paging window, as for a page past the last result: no results, no next. */
function emptyPage(firstPage: Uint8Array, page: number): string {
  const first = new JsonText<z.infer<typeof SearchResponseSchema>>(firstPage).value();
  const pagination = { ...first.pagination, has_more: false, cursor: encodeCursor(page), next_cursor: null };
  return JSON.stringify({ ...first, results: [], has_more: false, next_cursor: null, pagination });
}

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
    `Paging reaches the first ${MAX_REACHABLE_RESULTS.toLocaleString('en')} results of a query: page × limit may be at most ` +
    `${MAX_REACHABLE_RESULTS.toLocaleString('en')}. A page past them answers like a page past the last result: 200 with no ` +
    'results, has_more false and next_cursor null (total still counts every match).',
  tags: ['Papers'],
  query: SearchQuerySchema,
  responses: {
    200: { description: 'A page of papers', schema: SearchResponseSchema, headers: ['Cache-Status', 'Age'] },
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
