// What the pages of the site that the server fills (a paper's, an author's) share: the answer as HTML
// in the Papers page's shell or as Markdown, cached like a search when it holds the page, and the page
// shown in its place when the index refuses (unknown, or not answering).
import { escapeHtml } from '../ask/text.ts';
import type { ApiError } from '../errors.ts';
import type { CoreResponse } from '../http/types.ts';
import { fillShell } from '../papers-page/paper-page.ts';
import { SEARCH_CACHE_CONTROL } from '../operations/papers.ts';

export interface ServerPageOptions {
  /** The built Papers page, whose <main> is filled. */
  shell: string;
  /** Answer Markdown rather than HTML. */
  markdown: boolean;
  /** The page's own path, for its canonical URL. */
  path: string;
  siteUrl: string;
  /** What the page shows, capitalised ("Paper", "Author"), and the id it was asked for. */
  noun: string;
  asked: string;
}

export function serverPage({ shell, markdown, path, siteUrl, noun, asked }: ServerPageOptions) {
  const page = (body: string, status = 200, headers: Record<string, string> = {}): { raw: CoreResponse } => ({
    raw: {
      status,
      headers: {
        'Content-Type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
        'Cache-Control': status === 200 ? SEARCH_CACHE_CONTROL : 'no-store',
        Vary: 'Accept',
        ...headers,
      },
      body,
    },
  });
  /** The page in its place: a malformed id reads as an unknown one (404); a failing index keeps its status. */
  const refusal = (error: ApiError) => {
    const unknown = error.status === 404 || error.status === 400;
    const text = unknown ? `No ${noun.toLowerCase()} “${asked}” is in the index.` : error.message;
    const title = `${noun} not shown`;
    const mainHtml = `<h1>${title}</h1><p>${escapeHtml(text)}</p><p><a href="/papers">Search papers</a></p>`;
    const body = markdown
      ? `# ${title}\n\n${text}\n`
      : fillShell(shell, { title, description: text, path, siteUrl, mainHtml });
    return page(body, error.status === 400 ? 404 : error.status, error.headers);
  };
  /** The page itself, with its title and description. */
  const filled = (title: string, description: string, mainHtml: string) =>
    page(fillShell(shell, { title, description, path, siteUrl, mainHtml }));
  return { page, refusal, filled };
}
