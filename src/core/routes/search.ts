// The paper search's REST door (operations/papers.ts declares it): derived from the operation, with
// the representations it adds, the Papers page for browsers and the page as references to cite.
import { searchCacheHeaders } from '../http/cache-status.ts';
import { prefersHtml } from '../http/negotiation.ts';
import { operationRoute } from '../http/operation-route.ts';
import { CitationFormatParam, SEARCH_CACHE_CONTROL, searchPageOf, searchPapers } from '../operations/papers.ts';
import { PAPERS_PAGE_FILE, papersFeedUrl, searchApiUrl } from '../papers-page/papers-page.ts';
import { CITATION_MEDIA_SCHEMAS, citationAnswer, citationFormatOf } from './citation-answer.ts';
import { papersPageResponse } from './papers-page-response.ts';

/** Search responses point feed readers at the same search as RSS. */
const feedLink = (q: string, corpus: string) =>
  `<${papersFeedUrl(q, corpus)}>; rel="alternate"; type="application/rss+xml"`;

export const searchRoute = operationRoute(searchPapers, {
  headers: ['Link'],
  otherMediaTypes: CITATION_MEDIA_SCHEMAS,
  query: { format: CitationFormatParam },
  handler: async (input, { query, deps, request }) => {
    const search = () => searchPapers.run(input, { deps, clientAddress: request.clientAddress });
    // The same URL answers browsers with the Papers page, so caches must key on Accept.
    const headers = { Link: feedLink(input.query, input.corpus), Vary: 'Accept' };
    const template = prefersHtml(request.headers.get('accept'))
      ? await deps.readSiteFile?.(PAPERS_PAGE_FILE)
      : undefined;
    if (template !== undefined) {
      const { query: q, corpus, sort, limit } = input;
      const state = {
        q,
        corpus,
        sort,
        year_from: input.year_from?.toString() ?? '',
        year_to: input.year_to?.toString() ?? '',
      };
      const pageHeaders = { ...headers, 'Cache-Control': SEARCH_CACHE_CONTROL };
      const placement = {
        first: (searchPageOf(input) - 1) * limit + 1,
        nextPageUrl: (cursor: string) => searchApiUrl(state, cursor, limit),
      };
      return { raw: await papersPageResponse(template, state, placement, search, pageHeaders) };
    }
    const outcome = await search();
    const served = { ...headers, ...searchCacheHeaders(outcome) };
    const format = citationFormatOf(query.format, request.headers.get('accept'));
    if (format)
      return citationAnswer(format, outcome.value().results, { ...served, 'Cache-Control': SEARCH_CACHE_CONTROL });
    return { body: outcome, headers: served };
  },
});
