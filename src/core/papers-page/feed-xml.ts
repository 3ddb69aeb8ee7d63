// The RSS 2.0 feeds of papers: a search's newest works matching a query in a corpus, for readers
// who follow a topic, and the newest works citing one paper, for readers who follow who builds on it. An item's pubDate is the work's publication date; a work the index knows only
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

/** A channel of papers: what it is, where it is (its page and itself) and its items. */
interface PaperChannel {
  title: string;
  link: string;
  description: string;
  self: string;
  fetchedAt: Date;
  items: readonly SearchResultItem[];
}

function channelXml(channel: PaperChannel): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    '<channel>' +
    element('title', channel.title) +
    element('link', channel.link) +
    element('description', channel.description) +
    element('language', 'en') +
    `<atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>` +
    element('lastBuildDate', channel.fetchedAt.toUTCString()) +
    element('docs', 'https://www.rssboard.org/rss-specification') +
    element('ttl', String(TTL_MINUTES)) +
    channel.items.map(itemXml).join('') +
    '</channel></rss>\n'
  );
}

export function searchFeedXml(feed: SearchFeed): string {
  const site = feed.siteUrl.replace(/\/+$/, '');
  return channelXml({
    title: `Papers on “${feed.q}” (${feed.corpusLabel}) · Research Hub`,
    link: `${site}${papersPageUrl({ q: feed.q, corpus: feed.corpus, sort: 'date', year_from: '', year_to: '' })}`,
    description: `The newest papers in Research Hub's ${feed.corpusLabel} corpus (from OpenAlex) matching “${feed.q}”.`,
    self: `${site}${papersFeedUrl(feed.q, feed.corpus)}`,
    fetchedAt: feed.fetchedAt,
    items: feed.items,
  });
}

/** The path of the feed of the works citing a paper (by short work id). */
export const citationsFeedPath = (work: string) => `/papers/${work}/citations/feed.xml`;

/** The newest works citing one paper, for a reader following who builds on it. */
export function citationsFeedXml(feed: {
  siteUrl: string;
  paper: { id: string; title: string };
  items: readonly SearchResultItem[];
  fetchedAt: Date;
}): string {
  const site = feed.siteUrl.replace(/\/+$/, '');
  const work = feed.paper.id.slice(feed.paper.id.lastIndexOf('/') + 1);
  return channelXml({
    title: `Papers citing “${feed.paper.title}” · Research Hub`,
    link: `${site}/papers/${work}`,
    description: `The newest papers (from OpenAlex) citing “${feed.paper.title}”.`,
    self: `${site}${citationsFeedPath(work)}`,
    fetchedAt: feed.fetchedAt,
    items: feed.items,
  });
}
