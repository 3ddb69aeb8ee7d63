// The Papers page's script: searches through the JSON API and keeps the search in the page's URL
// (/papers?q=…&corpus=…&sort=…), so a search can be shared and bookmarked and back/forward bring its
// results back. It renders the structure and wording of the server's rendering for browsers without
// JavaScript (src/core/papers-page/papers-page.ts). DOM nodes get text through textContent, never
// innerHTML, so titles from the index cannot inject markup.
import {
  describePaper,
  explainSearchError,
  feedLinkText,
  hasFeed,
  papersFeedUrl,
  papersPageUrl,
  papersTitle,
  PAPERS_PAGE_PATH,
  readSearchState,
  resultsStatus,
  searchApiUrl,
  SEARCH_FEED_ATTRIBUTE,
  type PaperSearchState,
} from '../core/papers-page/papers-page.ts';
import { linkedResultItem } from './result-item.ts';
import type { SearchResultItem } from '../core/papers/contract/search-result-item.ts';

interface SearchBody {
  results: SearchResultItem[];
  total: number;
  next_cursor: string | null;
}

interface ErrorBody {
  error?: { code?: string; message?: string };
}

function paperItem(doc: Document, item: SearchResultItem): HTMLLIElement {
  const view = describePaper(item);
  const nodes: Node[] = [];
  if (view.authors) {
    const authors = doc.createElement('p');
    authors.className = 'authors';
    authors.textContent = view.authors;
    nodes.push(authors);
  }
  const meta = doc.createElement('p');
  meta.className = 'meta';
  meta.textContent = view.meta;
  const links = doc.createElement('ul');
  links.className = 'paper-links';
  for (const target of view.links) {
    const entry = doc.createElement('li');
    const anchor = doc.createElement('a');
    anchor.href = target.href;
    anchor.textContent = target.label;
    entry.append(anchor);
    links.append(entry);
  }
  nodes.push(meta, links);
  return linkedResultItem(doc, view.url, view.title, ...nodes);
}

function formState(form: HTMLFormElement): PaperSearchState {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.set(name, value);
  return readSearchState(params);
}

function showState(form: HTMLFormElement, state: PaperSearchState): void {
  for (const name of ['q', 'corpus', 'sort', 'year_from', 'year_to'] as const) {
    const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (control) control.value = state[name];
  }
}

export function enhancePapersPage(win: Window): void {
  const doc = win.document;
  const form = doc.getElementById('paper-search') as HTMLFormElement | null;
  const status = doc.getElementById('status');
  const feed = doc.getElementById('feed');
  const list = doc.getElementById('results');
  const more = doc.getElementById('more') as HTMLButtonElement | null;
  if (!form || !status || !feed || !list || !more) return;
  let state = readSearchState(new URLSearchParams(win.location.search));
  let cursor: string | null = null;
  // Answers can arrive out of order when a reader searches again (or goes back) before the first
  // returns; only the latest search may write to the page.
  let generation = 0;

  const showFeed = () => {
    for (const stale of doc.querySelectorAll(`head link[${SEARCH_FEED_ATTRIBUTE}]`)) stale.remove();
    if (!hasFeed(state)) {
      feed.replaceChildren();
      return;
    }
    const url = papersFeedUrl(state.q, state.corpus);
    const anchor = doc.createElement('a');
    anchor.href = url;
    anchor.type = 'application/rss+xml';
    anchor.textContent = feedLinkText(state.q);
    feed.replaceChildren(anchor);
    const alternate = doc.createElement('link');
    alternate.rel = 'alternate';
    alternate.type = 'application/rss+xml';
    alternate.href = url;
    alternate.title = feedLinkText(state.q);
    alternate.setAttribute(SEARCH_FEED_ATTRIBUTE, '');
    doc.head.append(alternate);
  };

  const load = async (append: boolean) => {
    const mine = ++generation;
    status.textContent = 'Searching…';
    more.hidden = true;
    try {
      const response = await fetch(searchApiUrl(state, append ? (cursor ?? undefined) : undefined), {
        headers: { accept: 'application/json' },
      });
      const body = (await response.json()) as SearchBody & ErrorBody;
      if (mine !== generation) return;
      if (!response.ok) {
        status.textContent = explainSearchError(
          response.status,
          body.error?.message,
          response.headers.get('retry-after'),
        );
        if (!append) list.replaceChildren();
        return;
      }
      const items = body.results.map((item) => paperItem(doc, item));
      if (append) list.append(...items);
      else list.replaceChildren(...items);
      cursor = body.next_cursor;
      more.hidden = cursor === null;
      status.textContent = resultsStatus(state.q, body.total, 1, list.children.length);
    } catch {
      if (mine === generation)
        status.textContent = 'The search could not reach the server. Check your connection and try again.';
    }
  };

  /** Shows the search in `state`: the form, the feed link and its first page of results. */
  const show = () => {
    showState(form, state);
    doc.title = papersTitle(state.q);
    showFeed();
    cursor = null;
    // The server's next-page link is for readers without JavaScript; the More button replaces it.
    doc.getElementById('next-page')?.remove();
    if (state.q.length < 2) {
      generation++;
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    // load() shows its own failures on the page; nothing is left to handle here.
    load(false).catch(() => undefined);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    state = formState(form);
    win.history.pushState(null, '', papersPageUrl(state));
    show();
  });
  more.addEventListener('click', () => load(true).catch(() => undefined));
  win.addEventListener('popstate', () => {
    state = readSearchState(new URLSearchParams(win.location.search));
    show();
  });
  // A first page of results the server drew at /papers is on the page already: More continues from
  // the server's next-page link rather than fetching and drawing the same results again. Any other
  // search the server rendered (a later page of it, or the search API's answer to a browser)
  // continues at its own /papers address, which the script pages from the start.
  const drawnCursor = serverDrawnCursor(win, list);
  const address = papersPageUrl(state);
  if (state.q && `${win.location.pathname}${win.location.search}` !== address)
    win.history.replaceState(null, '', address);
  if (drawnCursor === undefined) {
    show();
    return;
  }
  cursor = drawnCursor;
  doc.getElementById('next-page')?.remove();
  more.hidden = cursor === null;
}

/** The cursor of the next page (null for none) when the server drew the first page here; else undefined. */
function serverDrawnCursor(win: Window, list: HTMLElement): string | null | undefined {
  const { pathname, search } = win.location;
  const params = new URLSearchParams(search);
  if (pathname !== PAPERS_PAGE_PATH || params.has('cursor') || list.children.length === 0) return undefined;
  const next = win.document.getElementById('next-page');
  return next instanceof HTMLAnchorElement ? new URL(next.href).searchParams.get('cursor') : null;
}
