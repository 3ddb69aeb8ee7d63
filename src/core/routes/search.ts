import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { MAX_REACHABLE_RESULTS } from '../papers/contract/paper-source.ts';
import { prefersHtml } from '../http/negotiation.ts';
import { PAPERS_PAGE_FILE, papersFeedUrl, searchApiUrl } from '../papers-page/papers-page.ts';
import { CITATION_MEDIA_SCHEMAS, citationAnswer, citationFormatOf } from './citation-answer.ts';
import { papersPageResponse } from './papers-page-response.ts';
import {
  DEFAULT_LIMIT,
  SEARCH_CACHE_CONTROL,
  searchInputOf,
  searchPageOf,
  searchPapers,
  SearchQuerySchema,
  SearchResponseSchema,
} from '../operations/papers.ts';

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

export { SEARCH_CACHE_CONTROL };

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
    'results, has_more false and next_cursor null (total still counts every match). The page as references to ' +
    'cite: `?format=bibtex|csl`, or Accept: application/x-bibtex or application/vnd.citationstyles.csl+json.',
  tags: ['Papers'],
  query: SearchQuerySchema,
  responses: {
    200: {
      description:
        'A page of papers; browsers that prefer text/html get the Papers page with the results. ' +
        'Link names the RSS feed of the same search (rel="alternate").',
      schema: SearchResponseSchema,
      headers: ['Cache-Status', 'Age', 'ETag', 'Link'],
      otherMediaTypes: CITATION_MEDIA_SCHEMAS,
    },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Invalid parameters (missing_query, query_too_short, invalid_parameter, invalid_cursor)'),
    429: RATE_LIMITED_RESPONSE,
    502: errorResponse('The paper index failed (upstream_error, upstream_timeout); retryable', ['Retry-After']),
  },
  batchable: true,
  directoryName: 'search',
  cacheControl: SEARCH_CACHE_CONTROL,
  operation: searchPapers,
  handler: async ({ query, deps, request }) => {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const input = searchInputOf(query, limit, query.page ?? 1, query.cursor);
    const page = searchPageOf(input);
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
    const format = citationFormatOf(query.format, request.headers.get('accept'));
    if (format) {
      const cited = { ...headers, ...searchCacheHeaders(outcome), 'Cache-Control': SEARCH_CACHE_CONTROL };
      return citationAnswer(format, outcome.value().results, cited);
    }
    return {
      body: outcome,
      headers: { ...headers, ...searchCacheHeaders(outcome) },
    };
  },
});

/** This file's routes, in the order the route table lists them. */
export const paperSearchRoutes: readonly AnyRoute[] = [searchRoute];
