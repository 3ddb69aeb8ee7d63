// A paper's page (GET /papers/{id}), rendered by the server with no script needed: title, authors,
// date, venue, abstract, links, and the papers citing it and those it cites, each list paged. The
// page is the Papers page's shell (header, navigation, styles, footer of the built site) with its
// <main> replaced, so it looks like every other page without a template of its own. The Markdown twin
// says the same for agents (Accept: text/markdown).
import { escapeHtml } from '../ask/text.ts';
import type { Paper } from '../papers/contract/paper.ts';
import { shortWorkId } from '../papers/contract/paper-id.ts';
import type { SearchResultItem } from '../papers/contract/search-result-item.ts';
import {
  link,
  PAPERS_LABELS,
  PAPERS_MARKERS,
  paperPagePath,
  readableDate,
  readingLinks,
  renderPaperItems,
} from './papers-page.ts';

/** One page of one of the paper's lists, as the API answers it. */
export interface PaperList {
  results: SearchResultItem[];
  total: number;
  next_cursor: string | null;
}

export interface PaperPage {
  paper: Paper;
  citations: PaperList;
  references: PaperList;
  /** Where each list's next page is shown, given its cursor. */
  nextUrl: (list: 'citations' | 'references', cursor: string) => string;
}

const LIST_HEADINGS = { citations: 'Cited by', references: 'References' } as const;
const LIST_ANCHORS = { citations: 'cited-by', references: 'references' } as const;

function metaLine(paper: Paper): string {
  return [
    paper.venue,
    readableDate(paper),
    paper.type,
    `${paper.citations.toLocaleString('en')} citations`,
    `${paper.references_count.toLocaleString('en')} references`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Where to read the paper and how to cite it. */
function paperLinks(paper: Paper): Array<{ label: string; href: string }> {
  const api = `/api/v1/papers/${shortWorkId(paper.id)}`;
  return [
    ...readingLinks(paper),
    { label: PAPERS_LABELS.openAlex, href: paper.id },
    { label: 'BibTeX', href: `${api}?format=bibtex` },
    { label: 'CSL-JSON', href: `${api}?format=csl` },
    { label: 'JSON', href: api },
  ];
}

function listHtml(page: PaperPage, which: 'citations' | 'references'): string {
  const list = page[which];
  const heading = `<h2 id="${LIST_ANCHORS[which]}">${LIST_HEADINGS[which]} (${list.total.toLocaleString('en')})</h2>`;
  if (list.results.length === 0) return `${heading}<p class="muted">None in the index.</p>`;
  const next = list.next_cursor
    ? `<p>${link(page.nextUrl(which, list.next_cursor), `More ${LIST_HEADINGS[which].toLowerCase()}`, ' rel="next"')}</p>`
    : '';
  return `${heading}<ol class="cards paper-results">${renderPaperItems(list.results)}</ol>${next}`;
}

/** The article that takes the place of the shell's <main> content. */
export function paperArticleHtml(page: PaperPage): string {
  const { paper } = page;
  const authors = paper.authors.length ? `<p class="authors">${escapeHtml(paper.authors.join(', '))}</p>` : '';
  const links = paperLinks(paper)
    .map((target) => `<li>${link(target.href, target.label)}</li>`)
    .join('');
  const abstract = paper.abstract
    ? `<p>${escapeHtml(paper.abstract)}</p>`
    : '<p class="muted">The index has no abstract for this paper.</p>';
  return (
    `<article class="paper"><p>${link('/papers', 'Papers')}</p><h1>${escapeHtml(paper.title)}</h1>${authors}` +
    `<p class="meta">${escapeHtml(metaLine(paper))}</p><ul class="paper-links">${links}</ul>` +
    `<h2>Abstract</h2>${abstract}${listHtml(page, 'citations')}${listHtml(page, 'references')}</article>`
  );
}

/** Inside the shell: its title, description, canonical URL and <main>, everything inserted escaped. */
export function fillShell(
  shell: string,
  {
    title,
    description,
    path,
    mainHtml,
    siteUrl,
  }: { title: string; description: string; path: string; mainHtml: string; siteUrl: string },
): string {
  // The twin at the page's URL + .md, as every page of the site links it.
  const twin = `<link rel="alternate" type="text/markdown" href="${escapeHtml(`${path}.md`)}" title="Markdown version">`;
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)} · Research Hub</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeHtml(description)}"`,
    )
    .replace(/<link rel="canonical" href="[^"]*"/, () => `<link rel="canonical" href="${escapeHtml(siteUrl + path)}"`)
    .replace(PAPERS_MARKERS.feedHead, () => twin)
    .replace(/(<main\b[^>]*>)[\s\S]*<\/main>/, (_match, open: string) => `${open}${mainHtml}</main>`);
}

/** A short description for search engines and link previews: the abstract's start, else the byline. */
export function paperDescription(paper: Paper): string {
  const text = paper.abstract ?? `${paper.title}, ${paper.authors.slice(0, 3).join(', ')} (${paper.date}).`;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

export const markdownText = (text: string) => text.replace(/([\\`*_[\]<>#])/g, '\\$1');

function markdownList(page: PaperPage, which: 'citations' | 'references'): string {
  const list = page[which];
  const lines = list.results.map((item, index) => {
    const by = item.authors.length ? `${markdownText(item.authors.join(', '))}. ` : '';
    return `${index + 1}. ${by}[${markdownText(item.title)}](${paperPagePath(item.id)}) (${item.date}), ${item.citations} citations`;
  });
  const more = list.next_cursor ? [`\n[More](${page.nextUrl(which, list.next_cursor)})`] : [];
  return [
    `## ${LIST_HEADINGS[which]} (${list.total})`,
    '',
    ...(lines.length ? lines : ['None in the index.']),
    ...more,
  ].join('\n');
}

/** The page as Markdown, for agents and readers who ask for text/markdown. */
export function paperMarkdown(page: PaperPage): string {
  const { paper } = page;
  const links = paperLinks(paper).map((target) => `- [${markdownText(target.label)}](${target.href})`);
  return [
    `# ${markdownText(paper.title)}`,
    '',
    ...(paper.authors.length ? [markdownText(paper.authors.join(', ')), ''] : []),
    markdownText(metaLine(paper)),
    '',
    ...links,
    '',
    '## Abstract',
    '',
    paper.abstract ? markdownText(paper.abstract) : 'The index has no abstract for this paper.',
    '',
    markdownList(page, 'citations'),
    '',
    markdownList(page, 'references'),
    '',
  ].join('\n');
}
