// The Papers page's script: calls the search API and renders results, with clear error states. DOM
// nodes are built with textContent, never innerHTML, so titles from the index cannot inject markup.
import { linkedResultItem } from './result-item.ts';

interface SearchItem {
  title: string;
  source: string;
  url: string;
  date: string;
  category: string;
  type: string;
  citations: number;
}

interface SearchBody {
  results: SearchItem[];
  total: number;
  next_cursor: string | null;
}

interface ErrorBody {
  error?: { code?: string; message?: string };
}

export function explainError(status: number, body: ErrorBody, retryAfter: string | null): string {
  if (status === 502) {
    const wait = retryAfter ? ` Try again in ${retryAfter} seconds.` : '';
    return `The paper index is not answering right now, so there are no results to show.${wait} Essays and the glossary still work.`;
  }
  if (status === 429) return `Too many searches in a minute. Try again in ${retryAfter ?? 'a few'} seconds.`;
  return body.error?.message ?? `The search failed (HTTP ${status}).`;
}

export function renderSearch(doc: Document): void {
  const form = doc.getElementById('paper-search') as HTMLFormElement | null;
  const status = doc.getElementById('status');
  const list = doc.getElementById('results');
  const more = doc.getElementById('more') as HTMLButtonElement | null;
  if (!form || !status || !list || !more) return;
  status.textContent = '';
  let params = new URLSearchParams();
  let cursor: string | null = null;

  const item = (paper: SearchItem) => {
    const meta = doc.createElement('p');
    meta.className = 'meta';
    meta.textContent = `${paper.source} · ${paper.date} · ${paper.category} · ${paper.type} · ${paper.citations.toLocaleString('en')} citations`;
    return linkedResultItem(doc, paper.url, paper.title, meta);
  };

  const load = async (append: boolean) => {
    const query = new URLSearchParams(params);
    if (append && cursor) query.set('cursor', cursor);
    status.textContent = 'Searching…';
    more.hidden = true;
    try {
      const response = await fetch(`/api/v1/reports/search?${query}`, { headers: { accept: 'application/json' } });
      const body = (await response.json()) as SearchBody & ErrorBody;
      if (!response.ok) {
        status.textContent = explainError(response.status, body, response.headers.get('retry-after'));
        if (!append) list.replaceChildren();
        return;
      }
      if (!append) list.replaceChildren();
      list.append(...body.results.map(item));
      cursor = body.next_cursor;
      more.hidden = cursor === null;
      status.textContent =
        body.total === 0
          ? 'No papers match.'
          : `${body.total.toLocaleString('en')} papers; showing ${list.children.length}.`;
    } catch {
      status.textContent = 'The search could not reach the server. Check your connection and try again.';
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    params = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    cursor = null;
    // load() shows its own failures on the page; nothing is left to handle here.
    load(false).catch(() => undefined);
  });
  more.addEventListener('click', () => load(true).catch(() => undefined));
}
