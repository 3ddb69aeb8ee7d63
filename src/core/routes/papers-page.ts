// GET /papers?q=…: the Papers page filled on the server, for readers without JavaScript (and
// crawlers, and a slow connection before the script runs). It is the address the page keeps its
// search at, with or without the script, and where the form without JavaScript submits; /papers
// without a query string is the static page (the server sends only a request with a q here, see
// onlyWithParam). A route of the one table rather than a page beside it, so that it is rate-limited
// like the search it runs (each new q costs an upstream call) and its failures take the one error
// path. But no API operation: OpenAPI leaves it out (documented: false), since its parameters are
// not enforced as an API's are (a refused value is a 400 page), and /papers without a q is a file
// the core never sees.
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { toApiError } from '../http/error-mapping.ts';
import { defineRoute } from '../http/route.ts';
import { InvalidCursorError } from '../operations/errors.ts';
import { parseOrThrow } from '../http/request-input.ts';
import { papersPageResponse } from './papers-page-response.ts';
import {
  PAGE_SIZE,
  PAPERS_PAGE_FILE,
  PAPERS_PAGE_PATH,
  papersPageUrl,
  readSearchState,
} from '../papers-page/papers-page.ts';
import {
  SEARCH_CACHE_CONTROL,
  SearchQuerySchema,
  searchInputOf,
  searchPageOf,
  searchPapers,
  type SearchInput,
} from '../operations/papers.ts';

export const papersPageRoute = defineRoute({
  method: 'GET',
  path: PAPERS_PAGE_PATH,
  onlyWithParam: 'q',
  operationId: 'papersPage',
  summary: 'The Papers page with the results of a search (HTML)',
  tags: ['Papers'],
  // Every parameter is taken as it comes (first value of each): the search's own rules
  // (SearchQuerySchema) are applied in the handler, so a refused value is shown on the page.
  query: z.record(z.string(), z.string()),
  responses: {},
  batchable: false,
  documented: false,
  cacheControl: SEARCH_CACHE_CONTROL,
  handler: async ({ query, deps, request }) => {
    const template = await deps.readSiteFile?.(PAPERS_PAGE_FILE);
    if (template === undefined) throw new Error(`the built site has no ${PAPERS_PAGE_FILE}`);
    const state = readSearchState(new URLSearchParams(query));
    let input: SearchInput | undefined;
    let page = 1;
    let refused: ApiError | undefined;
    try {
      const checked = parseOrThrow(SearchQuerySchema, query, 'query');
      input = searchInputOf(checked, PAGE_SIZE, 1, checked.cursor);
      page = searchPageOf(input);
    } catch (error) {
      // A refused query or cursor is the page's 400; anything else takes the one error path.
      if (!(error instanceof ApiError || error instanceof InvalidCursorError)) throw error;
      refused = toApiError(error);
    }
    const search = () => {
      if (input === undefined || refused !== undefined) throw refused;
      return searchPapers.run(input, { deps, clientAddress: request.clientAddress });
    };
    return {
      raw: await papersPageResponse(
        template,
        state,
        { first: (page - 1) * PAGE_SIZE + 1, nextPageUrl: (cursor) => papersPageUrl(state, cursor) },
        search,
        { 'Cache-Control': SEARCH_CACHE_CONTROL },
      ),
    };
  },
});
