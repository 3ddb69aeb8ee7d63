// What pages add to rendered Markdown (essays, glossary terms, the auth guide) for the reader:
// heading anchors, and tables that scroll inside their own frame when they are wider than a phone,
// so their words are never broken and the page never scrolls sideways.
import { escapeHtml } from '../core/ask/text.ts';

const HEADING = /<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g;
const TABLE = /<table>[\s\S]*?<\/table>/g;

/**
 * Each h2 and h3 with an id becomes a link to itself, so a reader can copy a link to a section. A
 * heading that already holds a link gets a separate "#" link after its text, as links may not nest.
 */
export function addHeadingAnchors(html: string): string {
  return html.replace(HEADING, (_heading, level: string, id: string, inner: string) => {
    const href = `#${id}`;
    const body = /<a\b/.test(inner)
      ? `${inner} <a class="anchor" href="${href}" aria-label="Link to this section"></a>`
      : `<a class="anchor" href="${href}">${inner}</a>`;
    return `<h${level} id="${id}">${body}</h${level}>`;
  });
}

/** Each table in a frame that scrolls sideways, focusable so keyboards can scroll it, named by its columns. */
export function scrollableTables(html: string): string {
  return html.replace(TABLE, (table) => {
    const columns = [...table.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map(([, cell]) =>
      (cell ?? '').replace(/<[^>]+>/g, '').trim(),
    );
    const label = escapeHtml(`Table: ${columns.join(', ')}`);
    return `<div class="table-scroll" tabindex="0" role="group" aria-label="${label}">${table}</div>`;
  });
}

export function enhanceRenderedMarkdown(html: string): string {
  return scrollableTables(addHeadingAnchors(html));
}
