import { z } from 'zod';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineOperation } from '../http/operation.ts';
import { defineRoute } from '../http/route.ts';
import { JsonText } from '../json-text.ts';
import { issue, optionalIntParam, textInput, textProblem, textSchema } from '../http/validation.ts';
import { CursorParam, encodeCursor, PaginationSchema } from '../pagination.ts';
import { CORPORA } from '../papers/contract/corpora.ts';
import { SearchResultItemSchema } from '../papers/contract/search-result-item.ts';
import { MAX_REACHABLE_RESULTS, PAPER_SORTS, YEAR_RANGE } from '../papers/contract/paper-source.ts';
import { normaliseQuery } from '../papers/contract/paper-search.ts';
import { prefersHtml } from '../http/negotiation.ts';
import { PAPERS_PAGE_FILE, papersFeedUrl, searchApiUrl } from '../papers-page/papers-page.ts';
import { papersPageResponse } from '../papers-page/page-response.ts';

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

const SORT_DESCRIPTION =
  'Order of results: citations (most cited first, the default), relevance (best match first) or date (newest first); ' +
  'ties go by work id';
const yearDescription = (bound: string) =>
  `${bound} publication year, inclusive (${YEAR_RANGE.min} to ${YEAR_RANGE.max}); the two bounds may come in either order`;

/** A year the Papers form leaves blank arrives as `year_from=`: no bound, as when it is absent. */
const optionalYearParam = (bound: string) =>
  z
    .string()
    .optional()
    .transform((raw) => (raw?.trim() === '' ? undefined : raw))
    .pipe(optionalIntParam(YEAR_RANGE.min, YEAR_RANGE.max))
    .meta({ type: 'integer', minimum: YEAR_RANGE.min, maximum: YEAR_RANGE.max, description: yearDescription(bound) });

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
  sort: z
    .enum(PAPER_SORTS, { error: `must be one of ${PAPER_SORTS.map((sort) => `"${sort}"`).join(', ')}` })
    .optional()
    .meta({ description: SORT_DESCRIPTION }),
  year_from: optionalYearParam('Earliest'),
  year_to: optionalYearParam('Latest'),
});

export const SearchResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Page of results, in the order of `sort`'),
    total: z.int().min(0).describe('Total papers found'),
    limit: z.int().describe('Results per page'),
    has_more: z.boolean().describe('The next page holds results (paging reaches the first 10,000)'),
    next_cursor: z.string().nullable().describe('Cursor for the next page; null on the last page'),
    pagination: PaginationSchema,
    corpus: z.enum(CORPORA).describe('Corpus used'),
    sort: z.enum(PAPER_SORTS).describe('Order used'),
  })
  .meta({ id: 'SearchResponse' });

export const SearchInputSchema = z.object({
  query: textInput(MAX_QUERY_LENGTH).describe('What to search for, at least 2 characters'),
  corpus: z.enum(CORPORA).default('ai').describe('ai or web3 (default ai)'),
  limit: z
    .int()
    .min(1)
    .max(200)
    .default(DEFAULT_LIMIT)
    .describe(`Results per page, 1 to 200 (default ${DEFAULT_LIMIT})`),
  page: z.int().min(1).default(1).describe('Page number (default 1)'),
  sort: z.enum(PAPER_SORTS).default('citations').describe(SORT_DESCRIPTION),
  year_from: z.int().min(YEAR_RANGE.min).max(YEAR_RANGE.max).optional().describe(yearDescription('Earliest')),
  year_to: z.int().min(YEAR_RANGE.min).max(YEAR_RANGE.max).optional().describe(yearDescription('Latest')),
});

type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** The search a checked query asks for, at `limit` results a page from `page`. */
export function searchInputOf(
  query: Pick<SearchQuery, 'q' | 'corpus'> & Partial<Pick<SearchQuery, 'sort' | 'year_from' | 'year_to'>>,
  limit: number,
  page: number,
): z.infer<typeof SearchInputSchema> {
  return {
    query: query.q,
    corpus: query.corpus ?? 'ai',
    limit,
    page,
    sort: query.sort ?? 'citations',
    year_from: query.year_from,
    year_to: query.year_to,
  };
}

/**
 * Years may come in either order: the range runs from the earlier to the later. JSON Schema cannot say
 * "year_from <= year_to", so refusing the other order would turn away requests the description allows.
 */
function yearSpan(a: number | undefined, b: number | undefined) {
  return a !== undefined && b !== undefined && a > b ? { yearFrom: b, yearTo: a } : { yearFrom: a, yearTo: b };
}

/** Paper search: one page of a corpus in the order asked for, through the shared cache. */
export const searchPapers = defineOperation({
  input: SearchInputSchema,
  output: SearchResponseSchema,
  run: async ({ query, corpus, limit, page, sort, year_from, year_to }, { deps, clientAddress }) => {
    const past = page * limit > MAX_REACHABLE_RESULTS;
    // Past the window nothing is fetched (OpenAlex refuses it): the first page gives the total.
    const outcome = await deps.papers.search(
      { q: query, corpus, limit, page: past ? 1 : page, sort, ...yearSpan(year_from, year_to) },
      clientAddress,
    );
    const body = past ? emptyPage(outcome.body, page) : outcome.body;
    return Object.assign(new JsonText<z.infer<typeof SearchResponseSchema>>(body), {
      cache: outcome.cache,
      age: outcome.age,
    });
  },
});

/** The answer for a page past the paging window, as for a page past the last result: no results, no next. */
function emptyPage(firstPage: JsonText, page: number): string {
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

/** How a search answer was served (RFC 9211) and how old it is: the same for JSON, the feed and the page. */
export function searchCacheHeaders(outcome: { cache: keyof typeof CACHE_STATUS; age: number }) {
  return { 'Cache-Status': `research-hub; ${CACHE_STATUS[outcome.cache]}`, Age: String(outcome.age) };
}

/** Every answer built from a search (JSON, feed, page) may be kept as long as the search. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=600';

/** Search responses point feed readers at the same search as RSS. */
const feedLink = (q: string, corpus: string) =>
  `<${papersFeedUrl(q, corpus)}>; rel="alternate"; type="application/rss+xml"`;

export const searchRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/reports/search',
  aliases: ['/api/reports/search'],
  operationId: 'searchPapers',
  summary: 'Search academic papers',
  description:
    'Searches titles and abstracts in the paper index of one corpus (ai or web3), optionally within publication years. ' +
    'Results come most cited first unless `sort` asks for relevance or date, and are cached for one hour. ' +
    `Paging reaches the first ${MAX_REACHABLE_RESULTS.toLocaleString('en')} results of a query: page × limit may be at most ` +
    `${MAX_REACHABLE_RESULTS.toLocaleString('en')}. A page past them answers like a page past the last result: 200 with no ` +
    'results, has_more false and next_cursor null (total still counts every match).',
  tags: ['Papers'],
  query: SearchQuerySchema,
  responses: {
    200: {
      description:
        'A page of papers; browsers that prefer text/html get the Papers page with the results. ' +
        'Link names the RSS feed of the same search (rel="alternate").',
      schema: SearchResponseSchema,
      headers: ['Cache-Status', 'Age', 'ETag', 'Link'],
    },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameters (missing_query, query_too_short, invalid_parameter, invalid_cursor)'),
    429: RATE_LIMITED_RESPONSE,
    502: errorResponse('The paper index failed (upstream_error, upstream_timeout); retryable', ['Retry-After']),
  },
  batchable: true,
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: searchPapers,
  handler: async ({ query, deps, request }) => {
    const limit = query.limit ?? query.per_page ?? DEFAULT_LIMIT;
    const page = query.cursor ?? query.page ?? 1;
    const input = searchInputOf(query, limit, page);
    const { corpus, sort } = input;
    const search = () => searchPapers.run(input, { deps, clientAddress: request.clientAddress });
    // The same URL answers browsers with the Papers page, so caches must key on Accept.
    const headers = { Link: feedLink(query.q, corpus), Vary: 'Accept' };
    const template = prefersHtml(request.headers.get('accept'))
      ? await deps.readSiteFile?.(PAPERS_PAGE_FILE)
      : undefined;
    if (template !== undefined) {
      const state = {
        q: query.q,
        corpus,
        sort,
        year_from: query.year_from?.toString() ?? '',
        year_to: query.year_to?.toString() ?? '',
      };
      const pageHeaders = { ...headers, 'Cache-Control': SEARCH_CACHE_CONTROL };
      const placement = {
        first: (page - 1) * limit + 1,
        nextPageUrl: (cursor: string) => searchApiUrl(state, cursor, limit),
      };
      return { raw: await papersPageResponse(template, state, placement, search, pageHeaders) };
    }
    const outcome = await search();
    return {
      body: outcome,
      headers: { ...headers, ...searchCacheHeaders(outcome) },
    };
  },
});
