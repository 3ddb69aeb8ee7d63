// The Papers page's search and results, shared by its two renderings: the server fills the built
// page (dist/client/papers.html) for browsers without JavaScript (GET /papers?q=…, and GET
// /api/v1/reports/search with an Accept that prefers HTML; see routes/papers-page-response.ts), and the page's
// script (src/site/papers-client.ts) builds the same structure from the JSON answer. Both take their URLs, labels and wording from here, so they
// cannot drift apart. The script bundles this file, so it imports types only from the search code.
import { escapeHtml } from '../ask/text.ts';
import { shortWorkId } from '../papers/contract/paper-id.ts';
import type { Corpus } from '../papers/contract/corpora.ts';
import type { SearchResultItem } from '../papers/contract/search-result-item.ts';
import type { PaperSort } from '../papers/contract/paper-source.ts';

/** The built page, as the static site names it. */
export const PAPERS_PAGE_FILE = '/papers.html';
export const PAPERS_PAGE_PATH = '/papers';
export const PAPERS_FEED_PATH = '/papers/feed.xml';
export const SEARCH_API_PATH = '/api/v1/reports/search';
/** Results per page on the Papers page, and items in a search feed (so both share a cache entry). */
export const PAGE_SIZE = 20;

/** The path of a paper's own page (its citations and references), from its OpenAlex id. */
export const paperPagePath = (openAlexId: string) => `/papers/${shortWorkId(openAlexId)}`;

/**
 * A search as the page's form and URL spell it: the raw strings, unvalidated. The API checks them
 * and its error message is what the reader sees, so the page and the API cannot disagree on what
 * is valid.
 */
export interface PaperSearchState {
  q: string;
  corpus: string;
  sort: string;
  year_from: string;
  year_to: string;
}

const DEFAULT_CORPUS: Corpus = 'ai';
const DEFAULT_SORT: PaperSort = 'citations';

/** How the form names each corpus and sort (a Record, so a new one cannot be left unnamed). */
export const CORPUS_LABELS: Record<Corpus, string> = { ai: 'AI', web3: 'Web3' };
export const SORT_LABELS: Record<PaperSort, string> = {
  citations: 'Most cited',
  relevance: 'Best match',
  date: 'Newest',
};

export function readSearchState(params: URLSearchParams): PaperSearchState {
  const field = (name: string) => (params.get(name) ?? '').trim();
  return {
    q: field('q').replace(/\s+/g, ' '),
    corpus: field('corpus') || DEFAULT_CORPUS,
    sort: field('sort') || DEFAULT_SORT,
    year_from: field('year_from'),
    year_to: field('year_to'),
  };
}

/** The search's query string in a fixed order; empty year bounds are left out. */
function searchParams(state: PaperSearchState): URLSearchParams {
  const params = new URLSearchParams({ q: state.q, corpus: state.corpus, sort: state.sort });
  if (state.year_from) params.set('year_from', state.year_from);
  if (state.year_to) params.set('year_to', state.year_to);
  return params;
}

/** The shareable address of a search on the Papers page; `cursor` names a later page of it. */
export function papersPageUrl(state: PaperSearchState, cursor?: string): string {
  const params = searchParams(state);
  if (cursor) params.set('cursor', cursor);
  return `${PAPERS_PAGE_PATH}?${params}`;
}

/** Whether the search has a feed to follow: a query long enough to search, in a known corpus. */
export function hasFeed(state: PaperSearchState): boolean {
  return [...state.q].length >= 2 && Object.hasOwn(CORPUS_LABELS, state.corpus);
}

/** The RSS feed of the newest papers for a query: it follows the query and corpus, not sort or years. */
export function papersFeedUrl(q: string, corpus: string): string {
  return `${PAPERS_FEED_PATH}?${new URLSearchParams({ q, corpus })}`;
}

/** One page of the search API for the page's state; `cursor` continues from a previous page. */
export function searchApiUrl(state: PaperSearchState, cursor?: string, limit = PAGE_SIZE): string {
  const params = searchParams(state);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `${SEARCH_API_PATH}?${params}`;
}

/** The words both renderings show. */
export const PAPERS_LABELS = {
  doi: 'DOI',
  openAccess: 'Free to read',
  openAlex: 'OpenAlex record',
  paperPage: 'Details, citations and references',
  nextPage: 'Next page',
  more: 'More results',
} as const;

/** The page's title names the search, so bookmarks and the history list tell searches apart. */
export function papersTitle(q: string): string {
  return q ? `${q} · Papers · Research Hub` : 'Papers · Research Hub';
}

export function feedLinkText(q: string): string {
  return `Follow new papers on “${q}” (RSS)`;
}

export function resultsStatus(q: string, total: number, first: number, last: number): string {
  if (total === 0 || last < first) return `No papers match “${q}”.`;
  const shown =
    first === 1
      ? `the first ${last.toLocaleString('en')}`
      : `${first.toLocaleString('en')}–${last.toLocaleString('en')}`;
  return `${total.toLocaleString('en')} papers; showing ${shown}.`;
}

export function explainSearchError(status: number, message: string | undefined, retryAfter: string | null): string {
  if (status === 502) {
    const wait = retryAfter ? ` Try again in ${retryAfter} seconds.` : '';
    return `The paper index is not answering right now, so there are no results to show.${wait} Essays and the glossary still work.`;
  }
  if (status === 429) return `Too many searches in a minute. Try again in ${retryAfter ?? 'a few'} seconds.`;
  return message ?? `The search failed (HTTP ${status}).`;
}

export interface PaperView {
  title: string;
  url: string;
  /** Authors in order, comma-separated; empty when the index names none. */
  authors: string;
  meta: string;
  links: Array<{ label: string; href: string }>;
}

const DOI_PREFIX = /^https:\/\/doi\.org\//;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 Mar 2019" from the publication date, else the year alone: the same text in every locale. */
export function readableDate(item: Pick<SearchResultItem, 'date' | 'publication_date'>): string {
  const [year, month, day] = item.publication_date?.split('-').map(Number) ?? [];
  const monthName = month === undefined ? undefined : MONTHS[month - 1];
  return year !== undefined && monthName && day !== undefined ? `${day} ${monthName} ${year}` : item.date;
}

/** Where a paper can be read: its DOI, and a free copy when there is one. */
export function readingLinks(item: Pick<SearchResultItem, 'doi' | 'open_access_url'>) {
  const links: Array<{ label: string; href: string }> = [];
  if (item.doi) links.push({ label: `${PAPERS_LABELS.doi} ${item.doi.replace(DOI_PREFIX, '')}`, href: item.doi });
  if (item.open_access_url) links.push({ label: PAPERS_LABELS.openAccess, href: item.open_access_url });
  return links;
}

/** What one result shows: its title linked, authors, source, date, topic, type and citations, and where to read it. */
export function describePaper(item: SearchResultItem): PaperView {
  const links = readingLinks(item);
  links.push({ label: PAPERS_LABELS.paperPage, href: paperPagePath(item.id) });
  links.push({ label: PAPERS_LABELS.openAlex, href: item.id });
  return {
    title: item.title,
    url: item.url,
    authors: item.authors.join(', '),
    meta: [
      item.source,
      readableDate(item),
      item.category,
      item.type,
      `${item.citations.toLocaleString('en')} citations`,
    ].join(' · '),
    links,
  };
}

/** A link, text and address escaped; `extra` is attributes written as they are (rel="next"). */
export const link = (href: string, text: string, extra = '') =>
  `<a href="${escapeHtml(href)}"${extra}>${escapeHtml(text)}</a>`;

/** The result list's items as HTML, everything escaped. */
export function renderPaperItems(items: readonly SearchResultItem[]): string {
  return items
    .map((item) => {
      const view = describePaper(item);
      const authors = view.authors ? `<p class="authors">${escapeHtml(view.authors)}</p>` : '';
      const links = view.links.map((target) => `<li>${link(target.href, target.label)}</li>`).join('');
      return (
        `<li><h3>${link(view.url, view.title)}</h3>${authors}<p class="meta">${escapeHtml(view.meta)}</p>` +
        `<ul class="paper-links">${links}</ul></li>`
      );
    })
    .join('');
}

/** Markers the Astro page leaves for the server to fill. */
export const PAPERS_MARKERS = {
  status: '<!--papers-status-->',
  results: '<!--papers-results-->',
  nextPage: '<!--papers-next-->',
  feed: '<!--papers-feed-->',
  feedHead: '<!--papers-feed-head-->',
} as const;
/** Marks the head's feed link of a search, so the page's script replaces it when the search changes. */
export const SEARCH_FEED_ATTRIBUTE = 'data-search-feed';
/** An attribute on each form field, naming it; the server adds the field's value beside it. */
export const PAPERS_FIELD_ATTRIBUTE = 'data-papers-field';
/** An attribute on each select option, as `field=value`; the server marks the chosen one. */
export const PAPERS_OPTION_ATTRIBUTE = 'data-papers-option';

export interface FilledPapersPage {
  state: PaperSearchState;
  status: string;
  /** The list items (renderPaperItems), or '' when there are none to show. */
  resultsHtml: string;
  /** The next page of results, when there is one. */
  nextPageUrl: string | null;
}

function feedLinkHtml(q: string, corpus: string): string {
  return `<a href="${escapeHtml(papersFeedUrl(q, corpus))}" type="application/rss+xml">${escapeHtml(feedLinkText(q))}</a>`;
}

export function fillPapersPage(template: string, page: FilledPapersPage): string {
  const { state } = page;
  const feed = hasFeed(state);
  const fields: Array<keyof PaperSearchState> = ['q', 'year_from', 'year_to'];
  let html = template;
  for (const field of fields) {
    const marker = `${PAPERS_FIELD_ATTRIBUTE}="${field}"`;
    html = html.replace(marker, () => `${marker} value="${escapeHtml(state[field])}"`);
  }
  for (const field of ['corpus', 'sort'] as const) {
    const marker = `${PAPERS_OPTION_ATTRIBUTE}="${field}=${escapeHtml(state[field])}"`;
    html = html.replace(marker, () => `${marker} selected`);
  }
  // Functions as replacements, so "$&" and friends in the inserted text stay literal.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(papersTitle(state.q))}</title>`)
    .replace(PAPERS_MARKERS.status, () => escapeHtml(page.status))
    .replace(PAPERS_MARKERS.results, () => page.resultsHtml)
    .replace(PAPERS_MARKERS.nextPage, () =>
      page.nextPageUrl
        ? `<a id="next-page" rel="next" href="${escapeHtml(page.nextPageUrl)}">${PAPERS_LABELS.nextPage}</a>`
        : '',
    )
    .replace(PAPERS_MARKERS.feed, () => (feed ? feedLinkHtml(state.q, state.corpus) : ''))
    .replace(PAPERS_MARKERS.feedHead, () =>
      feed
        ? `<link rel="alternate" type="application/rss+xml" href="${escapeHtml(papersFeedUrl(state.q, state.corpus))}" title="${escapeHtml(feedLinkText(state.q))}" ${SEARCH_FEED_ATTRIBUTE}>`
        : '',
    );
}
