// The sitemap (sitemaps.org protocol 0.9) of every public HTML page, with <lastmod> from the content:
// an essay's own date, a list of essays the newest date among them, and the build date for pages the
// content does not date (glossary, curriculum, API docs), since each build may change them.
import type { EssayFrontmatter } from '../content/schemas.ts';
import type { Entry, SiteContent } from './site-content.ts';
import { escapeMarkup } from './markup.ts';
import { isoDate, tagCounts } from './site-content.ts';
import { absoluteUrl, categoryPath, essayPath, FIXED_PAGES, tagPath, termPath } from './urls.ts';

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** Pages whose content is a list of essays change when the newest of those essays does. */
const ESSAY_LIST_PAGES = new Set<string>(['/', '/essays', '/tags']);

const changedOn = (essay: Entry<EssayFrontmatter>) => essay.data.updated ?? essay.data.date;

function newest(essays: ReadonlyArray<Entry<EssayFrontmatter>>, fallback: Date): Date {
  if (essays.length === 0) return fallback;
  return new Date(Math.max(...essays.map((essay) => changedOn(essay).getTime())));
}

export function sitemapEntries(content: SiteContent, buildDate: Date): SitemapEntry[] {
  const newestEssay = newest(content.essays, buildDate);
  const entries: SitemapEntry[] = FIXED_PAGES.map((path) => ({
    path,
    lastmod: ESSAY_LIST_PAGES.has(path) ? newestEssay : buildDate,
  }));
  for (const essay of content.essays) entries.push({ path: essayPath(essay.id), lastmod: changedOn(essay) });
  for (const { tag } of tagCounts(content.essays))
    entries.push({
      path: tagPath(tag),
      lastmod: newest(
        content.essays.filter((essay) => essay.data.tags.includes(tag)),
        buildDate,
      ),
    });
  for (const term of content.glossary) entries.push({ path: termPath(term.id), lastmod: buildDate });
  for (const category of new Set(content.glossary.map((term) => term.data.category)))
    entries.push({ path: categoryPath(category), lastmod: buildDate });
  return entries;
}

/** One urlset: the protocol allows 50,000 URLs per file, far beyond this site's size. */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeMarkup(absoluteUrl(siteUrl, entry.path))}</loc>\n    <lastmod>${isoDate(entry.lastmod)}</lastmod>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
