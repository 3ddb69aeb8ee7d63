// The Ask page's results. Without JavaScript, GET /ask from a browser answers the built page
// (dist/client/ask.html) with the results rendered in here; with JavaScript, the page's script builds
// the same structure with the same labels from the event stream (src/site/ask-client.ts).
import type { AnswerPassage, AskResult, Excerpt } from './ask-index.ts';
import { escapeHtml } from './text.ts';

export const ASK_PAGE_PATH = 'ask.html';
/** Markers the Astro page leaves for the server to fill. */
export const ASK_RESULTS_MARKER = '<!--ask-results-->';
/** An attribute on the question input; the server swaps it for value="…". */
export const ASK_QUERY_ATTRIBUTE = 'data-ask-query';
const ASK_QUERY_MARKER = `${ASK_QUERY_ATTRIBUTE}="here"`;

/** The words both renderings show, so they cannot drift apart. */
export const ASK_LABELS = {
  answer: 'Answer',
  from: 'From',
  /** Heads the list of matching essays and terms, for the reader who wanted a page rather than an answer. */
  sources: 'Matching pages',
  /** Before the corrected question, when what was searched differs from what was typed. */
  searchedFor: 'Showing results for',
  noAnswer: 'No confident answer',
  glossary: 'Glossary',
  essay: 'Essay',
} as const;

/** The page's title names the question, so the history list and bookmarks tell questions apart. */
export function askTitle(q: string): string {
  return q ? `${q} · Ask · Research Hub` : 'Ask · Research Hub';
}

/**
 * The reason without its own lead-in: the page already says "No confident answer." before it, and
 * the API's reason starts "No confident answer: …" or "No answer: …" to read on its own.
 */
export function reasonAfterLeadIn(reason: string): string {
  const rest = reason.replace(/^No (?:confident )?answer:\s*/i, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A snippet cut into plain and highlighted runs, in order. */
export function highlightedRuns(excerpt: Excerpt): Array<{ text: string; marked: boolean }> {
  const runs: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start, end] of excerpt.highlights) {
    if (start < at || end > excerpt.snippet.length) continue;
    if (start > at) runs.push({ text: excerpt.snippet.slice(at, start), marked: false });
    runs.push({ text: excerpt.snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < excerpt.snippet.length) runs.push({ text: excerpt.snippet.slice(at), marked: false });
  return runs;
}

const link = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;

function answerFrom(passages: readonly AnswerPassage[]): string {
  const links = passages.map((passage) => link(passage.url, passage.title)).join(' and ');
  return `<p class="meta">${ASK_LABELS.from} ${links}</p>`;
}

/** "Showing results for …" when the search corrected the question; empty otherwise. */
function renderSearchedFor(searchedFor: string | null): string {
  return searchedFor ? `<p class="searched-for">${ASK_LABELS.searchedFor} <em>${escapeHtml(searchedFor)}</em></p>` : '';
}

export function renderAskResults(result: AskResult): string {
  const searchedFor = renderSearchedFor(result.searched_for);
  if (result.sources.length === 0)
    return `${searchedFor}<p class="muted">Nothing in the essays or glossary matches “${escapeHtml(result.query)}”.</p>`;
  const answer = result.answer
    ? result.answer.passages
        .map((passage) => `<blockquote class="definition">${escapeHtml(passage.text)}</blockquote>`)
        .join('') + answerFrom(result.answer.passages)
    : `<p class="no-answer"><strong>${ASK_LABELS.noAnswer}.</strong> ${escapeHtml(reasonAfterLeadIn(result.no_answer_reason ?? ''))}</p>`;
  const sources = result.sources
    .map(
      (source) =>
        `<li><h3>${link(source.url, source.title)}</h3>` +
        `<p class="meta">${source.type === 'glossary' ? ASK_LABELS.glossary : ASK_LABELS.essay}</p><p>` +
        highlightedRuns(source)
          .map((run) => (run.marked ? `<mark>${escapeHtml(run.text)}</mark>` : escapeHtml(run.text)))
          .join('') +
        '</p></li>',
    )
    .join('');
  return `${searchedFor}<h2>${ASK_LABELS.answer}</h2>${answer}<h2>${ASK_LABELS.sources}</h2><ol class="cards">${sources}</ol>`;
}

export function fillAskPage(template: string, query: string, resultsHtml: string): string {
  // Functions as replacements, so "$&" and friends in the inserted text stay literal.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(askTitle(query))}</title>`)
    .replace(ASK_QUERY_MARKER, () => `value="${escapeHtml(query)}"`)
    .replace(ASK_RESULTS_MARKER, () => resultsHtml);
}
