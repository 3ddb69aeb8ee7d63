// GET /papers?q=…: the Papers page filled on the server, for readers without JavaScript (and
// crawlers, and a slow connection before the script runs). It is the address the page keeps its
// search at, with or without the script, and where the form without JavaScript submits; /papers
// without a query string is the static page (the server sends only a request with a q here, see
// isCoreRequest). A route of the one table rather than a page beside it, so that it is rate-limited
// like the search it runs, answers errors as every route does, and is listed in OpenAPI.
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute } from '../http/route.ts';
import { parseOrThrow } from '../http/validation.ts';
import { papersPageResponse } from '../papers-page/page-response.ts';
import {
  PAGE_SIZE,
  PAPERS_PAGE_FILE,
  PAPERS_PAGE_PATH,
  papersPageUrl,
  readSearchState,
} from '../papers-page/papers-page.ts';
import { SearchQuerySchema, searchPapers } from './search.ts';

const PAPERS_PAGE_CACHE_CONTROL = 'public, max-age=600';
const PageSchema = z.string().meta({ id: 'PapersPage', description: 'The Papers page (HTML)' });
const text = (description: string) => z.string().optional().meta({ description });
/** The parameters that were sent, as strings. */
const queryRecordOf = (query: Record<string, string | undefined>) =>
  Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);

/**
 * Every parameter is taken as it comes: the search's own rules (SearchQuerySchema) are applied in the
 * handler, so a refused value is shown on the page rather than answered as a JSON error.
 */
const PapersPageQuerySchema = z.object({
  q: text('Search text, at least 2 characters'),
  corpus: text('Corpus to search: ai (the default) or web3'),
  sort: text('Order of results: citations (the default), relevance or date'),
  year_from: text('Earliest publication year, inclusive; empty for none'),
  year_to: text('Latest publication year, inclusive; empty for none'),
  cursor: text('A later page of results, from the page\'s "Next page" link'),
});

export const papersPageRoute = defineRoute({
  method: 'GET',
  path: PAPERS_PAGE_PATH,
  operationId: 'papersPage',
  summary: 'The Papers page with the results of a search (HTML)',
  description:
    `The Papers page filled on the server with one page of ${PAGE_SIZE} results, for readers without JavaScript: the ` +
    'address the page keeps its search at (its form submits here), so a shared link shows the results. Without a ' +
    'query string this is the static page. Parameters follow GET /api/v1/reports/search; a value it refuses is shown ' +
    'on the page, with the status it would have.',
  tags: ['Papers'],
  query: PapersPageQuerySchema,
  responses: {
    200: { description: 'The page with the results', schema: PageSchema, contentType: 'text/html' },
    400: {
      description: 'The page saying why the search was refused (missing_query, query_too_short, invalid_parameter)',
      schema: PageSchema,
      contentType: 'text/html',
    },
    429: RATE_LIMITED_RESPONSE,
    502: {
      description: 'The page saying the paper index failed; retryable',
      schema: PageSchema,
      contentType: 'text/html',
      headers: ['Retry-After'],
    },
  },
  batchable: false,
  cacheControl: PAPERS_PAGE_CACHE_CONTROL,
  handler: async ({ query, deps, request }) => {
    const template = await deps.readSiteFile?.(PAPERS_PAGE_FILE);
    if (template === undefined) throw new Error(`the built site has no ${PAPERS_PAGE_FILE}`);
    const state = readSearchState(new URLSearchParams(queryRecordOf(query)));
    let checked: z.infer<typeof SearchQuerySchema> | undefined;
    let refused: ApiError | undefined;
    try {
      checked = parseOrThrow(SearchQuerySchema, query, 'query');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refused = error;
    }
    const page = checked?.cursor ?? 1;
    const search = () => {
      if (checked === undefined || refused !== undefined) throw refused;
      return searchPapers.run(
        {
          query: checked.q,
          corpus: checked.corpus ?? 'ai',
          limit: PAGE_SIZE,
          page,
          sort: checked.sort ?? 'citations',
          year_from: checked.year_from,
          year_to: checked.year_to,
        },
        { deps, clientAddress: request.clientAddress },
      );
    };
    return {
      raw: await papersPageResponse(
        template,
        state,
        { first: (page - 1) * PAGE_SIZE + 1, nextPageUrl: (cursor) => papersPageUrl(state, cursor) },
        search,
        { 'Cache-Control': PAPERS_PAGE_CACHE_CONTROL },
      ),
    };
  },
});
