// The Papers page filled on the server with a search and its results, for browsers without
// JavaScript: GET /papers?q=… (routes/papers-page.ts) and GET /api/v1/reports/search from a browser
// that prefers HTML, as GET /ask does. A refused search or an upstream failure is shown on the page,
// with its status, instead of the JSON error: a browser asked for a page.
import { ApiError } from '../errors.ts';
import { toApiError } from '../http/error-mapping.ts';
import type { JsonText } from '../json-text.ts';
import type { CoreResponse } from '../http/types.ts';
import { UpstreamError } from '../papers/contract/errors.ts';
import type { SearchResultItem } from '../papers/contract/search-result-item.ts';
import {
  explainSearchError,
  fillPapersPage,
  renderPaperItems,
  resultsStatus,
  type PaperSearchState,
} from '../papers-page/papers-page.ts';

interface SearchPage {
  results: SearchResultItem[];
  total: number;
  next_cursor: string | null;
}

export async function papersPageResponse(
  template: string,
  state: PaperSearchState,
  /** The 1-based position of this page's first result, and where the page after it is. */
  { first, nextPageUrl }: { first: number; nextPageUrl: (cursor: string) => string },
  search: () => JsonText<SearchPage> | Promise<JsonText<SearchPage>>,
  headers: Record<string, string>,
): Promise<CoreResponse> {
  const html = { 'Content-Type': 'text/html; charset=utf-8', ...headers };
  try {
    const page = (await search()).value();
    const body = fillPapersPage(template, {
      state,
      status: resultsStatus(state.q, page.total, first, first + page.results.length - 1),
      resultsHtml: renderPaperItems(page.results),
      nextPageUrl: page.next_cursor === null ? null : nextPageUrl(page.next_cursor),
    });
    return { status: 200, headers: html, body };
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof UpstreamError)) throw error;
    const refusal = toApiError(error);
    const body = fillPapersPage(template, {
      state,
      status: explainSearchError(refusal.status, refusal.message, refusal.headers['Retry-After'] ?? null),
      resultsHtml: '',
      nextPageUrl: null,
    });
    return { status: refusal.status, headers: { ...html, ...refusal.headers, 'Cache-Control': 'no-store' }, body };
  }
}
