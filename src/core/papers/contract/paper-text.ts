// Papers as the text an agent reads in a tool's answer: one line per paper, led by its OpenAlex work
// id (the id every paper tool takes), so a list of 200 stays near 40,000 characters where its JSON is
// about 100,000 (measured by test/http/tool-output-budget.test.ts). The JSON stays the structured
// content; the text says where the next page is.
import type { Author } from './author.ts';
import type { Paper } from './paper.ts';
import { shortWorkId } from './paper-id.ts';
import type { SearchResultItem } from './search-result-item.ts';

/** Authors a line names before "et al.". */
const LINE_AUTHORS = 3;
/** A title longer than this (a few real ones run past 1,000 characters) is cut in a line. */
const LINE_TITLE = 200;

/**
 * The most characters a paper tool's text may run to: 100,000 (about 25k tokens, Claude Code's
 * default cap on a tool's output), less room for the closing line.
 */
export const MAX_TOOL_TEXT = 99_000;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Only the fields a line shows: a `fields` choice may have left others out. */
type Shown = Partial<SearchResultItem> & Pick<SearchResultItem, 'id'>;

function byline(authors: readonly string[] | undefined): string | undefined {
  if (!authors?.length) return undefined;
  const named = authors.slice(0, LINE_AUTHORS).join(', ');
  return authors.length > LINE_AUTHORS ? `${named} et al.` : named;
}

/** One paper in one line: work id, title, date, venue, type, authors, citations, DOI. */
export function paperLine(paper: Shown): string {
  const when = [paper.publication_date ?? paper.date, paper.source, paper.type].filter(Boolean).join(', ');
  const parts = [
    shortWorkId(paper.id),
    paper.title === undefined
      ? undefined
      : `${cut(paper.title, LINE_TITLE)}${when ? ` (${cut(when, LINE_TITLE)})` : ''}`,
    byline(paper.authors),
    paper.citations === undefined ? undefined : `${paper.citations} citations`,
    paper.doi ? paper.doi.replace('https://doi.org/', 'doi:') : undefined,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** A page of papers: a heading, a numbered line per paper, and how to get the next page. */
export function paperListText(
  heading: string,
  body: { results: readonly Shown[]; next_cursor: string | null },
): string {
  const next = body.next_cursor
    ? `More: call again with the same arguments and cursor "${body.next_cursor}".`
    : 'This is the last page.';
  const lines = [heading];
  let length = heading.length + next.length;
  for (const [index, paper] of body.results.entries()) {
    const line = `${index + 1}. ${paperLine(paper)}`;
    // Past the budget the rest of the page is left to the structured content, and the text says so.
    if (length + line.length + 1 > MAX_TOOL_TEXT - 200) {
      lines.push(
        `(${body.results.length - index} more papers of this page are in the structured content; ask with a smaller limit to read them here.)`,
      );
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return [...lines, next].join('\n');
}

/** One paper in full: its line, then the abstract and what else a reader asks for. */
export function paperText(paper: Partial<Paper> & Pick<Paper, 'id'>): string {
  const lines = [paperLine(paper)];
  if (paper.authors && paper.authors.length > LINE_AUTHORS) lines.push(`Authors: ${paper.authors.join(', ')}`);
  const numbers = [
    paper.volume && `vol. ${paper.volume}`,
    paper.issue && `no. ${paper.issue}`,
    paper.pages && `pp. ${paper.pages}`,
  ];
  if (numbers.some(Boolean))
    lines.push(`${paper.venue ?? paper.source ?? ''} ${numbers.filter(Boolean).join(', ')}`.trim());
  if (paper.references_count !== undefined) lines.push(`References: ${paper.references_count}`);
  if (paper.open_access_url) lines.push(`Open access: ${paper.open_access_url}`);
  if (paper.abstract) lines.push('', paper.abstract);
  return lines.join('\n');
}

/** One author in one line: author id, name, institution, counts, ORCID. */
export function authorLine(author: Author): string {
  return [
    shortWorkId(author.id),
    author.name,
    author.institution,
    `${author.works_count} works`,
    `${author.citations} citations`,
    author.orcid,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** An author and their most cited works. */
export function authorText(author: Author & { top_works: readonly Shown[] }): string {
  return paperListText(`${authorLine(author)}\nMost cited works:`, {
    results: author.top_works,
    next_cursor: null,
  }).replace(/\nThis is the last page\.$/, '\nMore with author_works.');
}
