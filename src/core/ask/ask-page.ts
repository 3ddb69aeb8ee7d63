// The Ask page without JavaScript: GET /ask from a browser answers the built page (dist/client/ask.html)
// with the results rendered in. Everything from the index is escaped; snippets are escaped already.
import type { AskResult } from './ask-index.ts';
import { escapeHtml } from './text.ts';

export const ASK_PAGE_PATH = 'ask.html';
/** Markers the Astro page leaves for the server to fill. */
export const ASK_RESULTS_MARKER = '<!--ask-results-->';
/** An attribute on the question input; the server swaps it for value="…". */
export const ASK_QUERY_ATTRIBUTE = 'data-ask-query';
const ASK_QUERY_MARKER = `${ASK_QUERY_ATTRIBUTE}="here"`;

export function renderAskResults(result: AskResult): string {
  if (result.sources.length === 0)
    return `<p class="muted">Nothing in the essays or glossary matches “${escapeHtml(result.query)}”.</p>`;
  const answer = result.answer
    ? `<h2>Answer</h2><blockquote class="definition">${escapeHtml(result.answer.text)}</blockquote>` +
      `<p class="meta">From <a href="${escapeHtml(result.answer.url)}">${escapeHtml(result.answer.title)}</a></p>`
    : '';
  const sources = result.sources
    .map(
      (source) =>
        `<li><h3><a href="${escapeHtml(source.url)}">${escapeHtml(source.title)}</a></h3>` +
        `<p class="meta">${source.type === 'glossary' ? 'Glossary' : 'Essay'}</p><p>${source.snippet}</p></li>`,
    )
    .join('');
  return `${answer}<h2>Sources</h2><ol class="cards">${sources}</ol>`;
}

export function fillAskPage(template: string, query: string, resultsHtml: string): string {
  // Functions as replacements, so "$&" and friends in the inserted text stay literal.
  return template
    .replace(ASK_QUERY_MARKER, () => `value="${escapeHtml(query)}"`)
    .replace(ASK_RESULTS_MARKER, () => resultsHtml);
}
