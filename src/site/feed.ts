// The RSS 2.0 feed of every essay, newest first, with the full rendered essay in content:encoded so a
// feed reader shows the whole text. Links inside are made absolute: readers resolve relative URLs
// inconsistently, and many not at all.
import { getRssString, type RSSFeedItem } from '@astrojs/rss';
import type { EssayFrontmatter } from '../content/schemas.ts';
import { escapeMarkup } from './markup.ts';
import { sortEssays, type Entry } from './site-content.ts';
import { absoluteUrl, DISCOVERY, essayPath } from './urls.ts';

export type RenderedEssay = Entry<EssayFrontmatter> & { rendered?: { html: string } | undefined };

export const FEED_TITLE = 'Research Hub';
export const FEED_DESCRIPTION = 'Long-form research essays on AI and Web3, with references, from Research Hub.';

/** Root-relative href and src attributes become absolute URLs under the site. */
export function absolutiseHtmlLinks(siteUrl: string, html: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl.replace(/\/+$/, '')}/`);
}

function referencesHtml(essay: RenderedEssay): string {
  if (essay.data.references.length === 0) return '';
  const items = essay.data.references.map(
    (ref) =>
      `<li>${escapeMarkup(ref.authors)} (${ref.year}). <cite>${escapeMarkup(ref.title)}</cite>. ${escapeMarkup(ref.venue)}. <a href="${escapeMarkup(ref.url)}">${escapeMarkup(ref.url)}</a></li>`,
  );
  return `<h2>References</h2><ol>${items.join('')}</ol>`;
}

export function feedItem(siteUrl: string, essay: RenderedEssay): RSSFeedItem {
  const html = essay.rendered?.html;
  if (html === undefined) throw new Error(`content/essays/${essay.id}.md has no rendered HTML for the feed`);
  return {
    title: essay.data.title,
    link: absoluteUrl(siteUrl, essayPath(essay.id)),
    pubDate: essay.data.date,
    // RSS 2.0 has no revision date; atom:updated (the feed already declares the Atom namespace) is
    // the one feed readers understand, so a revised essay shows when it last changed.
    customData: `<atom:updated>${essay.data.updated.toISOString()}</atom:updated>`,
    description: essay.data.description,
    categories: essay.data.tags,
    content: absolutiseHtmlLinks(siteUrl, html) + referencesHtml(essay),
  };
}

export function feedXml(siteUrl: string, essays: readonly RenderedEssay[]): Promise<string> {
  const newestFirst = sortEssays(essays);
  const feedUrl = absoluteUrl(siteUrl, DISCOVERY.feed);
  const lastChange = newestFirst
    .map((essay) => essay.data.updated)
    .reduce<Date | undefined>((latest, date) => (latest && latest > date ? latest : date), undefined);
  return getRssString({
    title: FEED_TITLE,
    description: FEED_DESCRIPTION,
    site: siteUrl,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en</language>',
      `<atom:link href="${escapeMarkup(feedUrl)}" rel="self" type="application/rss+xml"/>`,
      lastChange ? `<lastBuildDate>${lastChange.toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    items: newestFirst.map((essay) => feedItem(siteUrl, essay)),
  });
}
