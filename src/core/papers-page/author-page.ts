// An author's page (GET /authors/{id}), rendered by the server like a paper's page: name, institution,
// ORCID, counts, and their works most cited first, paged; the Markdown twin says the same for agents.
import { escapeHtml } from '../ask/text.ts';
import type { Author } from '../papers/contract/author.ts';
import { shortWorkId } from '../papers/contract/paper-id.ts';
import { markdownText, type PaperList } from './paper-page.ts';
import { link, paperPagePath, renderPaperItems } from './papers-page.ts';

export interface AuthorPage {
  author: Author;
  works: PaperList;
  /** Where the next page of works is shown, given its cursor. */
  nextUrl: (cursor: string) => string;
}

function metaLine(author: Author): string {
  return [
    author.institution,
    `${author.works_count.toLocaleString('en')} works`,
    `${author.citations.toLocaleString('en')} citations`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function authorLinks(author: Author): Array<{ label: string; href: string }> {
  return [
    ...(author.orcid ? [{ label: 'ORCID', href: author.orcid }] : []),
    { label: 'OpenAlex', href: author.id },
    { label: 'JSON', href: `/api/v1/authors/${shortWorkId(author.id)}` },
  ];
}

/** A short description of the author for the page's meta tags. */
export const authorDescription = (author: Author) => `${author.name}: ${metaLine(author)}.`;

/** The article that takes the place of the shell's <main> content. */
export function authorArticleHtml(page: AuthorPage): string {
  const { author, works } = page;
  const links = authorLinks(author)
    .map((target) => `<li>${link(target.href, target.label)}</li>`)
    .join('');
  const next = works.next_cursor ? `<p>${link(page.nextUrl(works.next_cursor), 'More works', ' rel="next"')}</p>` : '';
  const list =
    works.results.length === 0
      ? '<p class="muted">None in the index.</p>'
      : `<ol class="cards paper-results">${renderPaperItems(works.results)}</ol>${next}`;
  return (
    `<article class="paper"><p>${link('/papers', 'Papers')}</p><h1>${escapeHtml(author.name)}</h1>` +
    `<p class="meta">${escapeHtml(metaLine(author))}</p><ul class="paper-links">${links}</ul>` +
    `<h2 id="works">Works (${works.total.toLocaleString('en')})</h2>${list}</article>`
  );
}

/** The page as Markdown, for agents and readers who ask for text/markdown. */
export function authorMarkdown(page: AuthorPage): string {
  const { author, works } = page;
  const lines = works.results.map(
    (item, index) =>
      `${index + 1}. [${markdownText(item.title)}](${paperPagePath(item.id)}) (${item.date}), ${item.citations} citations`,
  );
  return [
    `# ${markdownText(author.name)}`,
    '',
    markdownText(metaLine(author)),
    '',
    ...authorLinks(author).map((target) => `- [${target.label}](${target.href})`),
    '',
    `## Works (${works.total})`,
    '',
    ...(lines.length ? lines : ['None in the index.']),
    ...(works.next_cursor ? ['', `[More](${page.nextUrl(works.next_cursor)})`] : []),
    '',
  ].join('\n');
}
