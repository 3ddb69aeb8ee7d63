// The RSS 2.0 feed of a paper search: the newest works matching a query in a corpus, for readers
// who follow a topic. An item's pubDate is the work's publication date; a work the index knows only
// the year of has none, since a made-up day would mislead readers that sort by it (they date such an
// item by when they first saw it).
import type { SearchResultItem } from '../papers/contract/search-result-item.ts';
import { papersFeedUrl, papersPageUrl } from './papers-page.ts';

export interface SearchFeed {
  siteUrl: string;
  q: string;
  corpus: string;
  /** What the corpus is called, e.g. "Artificial intelligence". */
  corpusLabel: string;
  items: readonly SearchResultItem[];
  /** When the results were fetched from the index. */
  fetchedAt: Date;
}

/** Minutes a reader may keep the feed: the search cache keeps results for an hour. */
const TTL_MINUTES = 60;

// Anything outside XML 1.0's Char production (most control characters, lone surrogates, U+FFFE/F)
// makes a feed ill-formed even when escaped, and titles from the index can hold such characters.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for XML element content or a quoted attribute value. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '')
    .replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);
}

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/** An ISO calendar date as RSS 2.0 dates are written (RFC 822, four-digit year): midnight UTC that day. */
export function rfc822Date(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString();
}

function itemXml(item: SearchResultItem): string {
  const description = [item.authors.join(', '), `${item.source}, ${item.date}`, `${item.citations} citations`]
    .filter(Boolean)
    .join('. ');
  return (
    '<item>' +
    element('title', item.title) +
    element('link', item.url) +
    element('description', `${description}.`) +
    (item.authors.length > 0 ? element('dc:creator', item.authors.join(', ')) : '') +
    element('category', item.category) +
    `<guid isPermaLink="true">${xmlText(item.id)}</guid>` +
    (item.publication_date ? element('pubDate', rfc822Date(item.publication_date)) : '') +
    '</item>'
  );
}

export function searchFeedXml(feed: SearchFeed): string {
  const site = feed.siteUrl.replace(/\/+$/, '');
  const self = `${site}${papersFeedUrl(feed.q, feed.corpus)}`;
  const page = `${site}${papersPageUrl({ q: feed.q, corpus: feed.corpus, sort: 'date', year_from: '', year_to: '' })}`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    '<channel>' +
    element('title', `Papers on “${feed.q}” (${feed.corpusLabel}) · Research Hub`) +
    element('link', page) +
    element(
      'description',
      `The newest papers in Research Hub's ${feed.corpusLabel} corpus (from OpenAlex) matching “${feed.q}”.`,
    ) +
    element('language', 'en') +
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml"/>` +
    element('lastBuildDate', feed.fetchedAt.toUTCString()) +
    element('docs', 'https://www.rssboard.org/rss-specification') +
    element('ttl', String(TTL_MINUTES)) +
    feed.items.map(itemXml).join('') +
    '</channel></rss>\n'
  );
}
