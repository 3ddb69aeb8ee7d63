// The Papers page's shared pieces (URLs, wording, the server's rendering) and the search feed's XML.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { rfc822Date, searchFeedXml, xmlText } from '../../src/core/papers-page/feed-xml.ts';
import {
  describePaper,
  fillPapersPage,
  hasFeed,
  PAPERS_FIELD_ATTRIBUTE,
  PAPERS_MARKERS,
  PAPERS_OPTION_ATTRIBUTE,
  papersFeedUrl,
  papersPageUrl,
  readableDate,
  readSearchState,
  renderPaperItems,
  resultsStatus,
  searchApiUrl,
} from '../../src/core/papers-page/papers-page.ts';
import type { SearchResultItem } from '../../src/core/papers/contract/search-result-item.ts';

const paper = (overrides: Partial<SearchResultItem> = {}): SearchResultItem => ({
  title: 'Attention Is All You Need',
  source: 'NeurIPS',
  url: 'https://doi.org/10.48550/arxiv.1706.03762',
  date: '2017',
  publication_date: '2017-06-12',
  category: 'Natural language processing',
  type: 'Article',
  citations: 104512,
  id: 'https://openalex.org/W2963403868',
  doi: 'https://doi.org/10.48550/arxiv.1706.03762',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  open_access_url: 'https://arxiv.org/pdf/1706.03762',
  ...overrides,
});

describe('search state and its URLs', () => {
  it('reads a URL leniently: trimmed, spaces collapsed, defaults for corpus and sort', () => {
    expect(readSearchState(new URLSearchParams('q=%20graph%20%20neural%20&year_to=2020'))).toEqual({
      q: 'graph neural',
      corpus: 'ai',
      sort: 'citations',
      year_from: '',
      year_to: '2020',
    });
  });

  it('spells a search in one order, leaving out empty year bounds and the page size', () => {
    const state = readSearchState(new URLSearchParams('sort=date&q=zk%20proofs&corpus=web3&year_from=&limit=20'));
    expect(papersPageUrl(state)).toBe('/papers?q=zk+proofs&corpus=web3&sort=date');
    expect(papersPageUrl(state, 'Mw')).toBe('/papers?q=zk+proofs&corpus=web3&sort=date&cursor=Mw');
    expect(searchApiUrl({ ...state, year_from: '2019' }, 'Mg')).toBe(
      '/api/v1/reports/search?q=zk+proofs&corpus=web3&sort=date&year_from=2019&limit=20&cursor=Mg',
    );
  });

  it('encodes the feed URL so any query survives a Link header and an attribute', () => {
    expect(papersFeedUrl('a<b> & "c"', 'ai')).toBe('/papers/feed.xml?q=a%3Cb%3E+%26+%22c%22&corpus=ai');
  });

  it('has a feed only for a query long enough to search, in a known corpus', () => {
    const state = readSearchState(new URLSearchParams('q=zk&corpus=web3'));
    expect(hasFeed(state)).toBe(true);
    expect(hasFeed({ ...state, q: 'z' })).toBe(false);
    expect(hasFeed({ ...state, corpus: 'physics' })).toBe(false);
    expect(hasFeed({ ...state, corpus: 'toString' })).toBe(false);
  });
});

describe('results', () => {
  it('shows the publication date as a day when the index knows it, else the year', () => {
    expect(readableDate({ date: '2017', publication_date: '2017-06-12' })).toBe('12 Jun 2017');
    expect(readableDate({ date: '1998', publication_date: '1998-11-01' })).toBe('1 Nov 1998');
    expect(readableDate({ date: '2017', publication_date: null })).toBe('2017');
    expect(readableDate({ date: 'Unknown', publication_date: null })).toBe('Unknown');
  });

  it('shows authors, date, citations and the places to read a paper', () => {
    const view = describePaper(paper());
    expect(view.authors).toBe('Ashish Vaswani, Noam Shazeer');
    expect(view.meta).toBe('NeurIPS · 12 Jun 2017 · Natural language processing · Article · 104,512 citations');
    expect(view.links).toEqual([
      { label: 'DOI 10.48550/arxiv.1706.03762', href: 'https://doi.org/10.48550/arxiv.1706.03762' },
      { label: 'Free to read', href: 'https://arxiv.org/pdf/1706.03762' },
      { label: 'Details, citations and references', href: '/papers/W2963403868' },
      { label: 'OpenAlex record', href: 'https://openalex.org/W2963403868' },
    ]);
    const bare = describePaper(paper({ doi: null, open_access_url: null, authors: [], publication_date: null }));
    expect(bare.authors).toBe('');
    expect(bare.meta).toBe('NeurIPS · 2017 · Natural language processing · Article · 104,512 citations');
    expect(bare.links.map((link) => link.label)).toEqual(['Details, citations and references', 'OpenAlex record']);
  });

  it('counts what is shown', () => {
    expect(resultsStatus('x', 1234, 1, 20)).toBe('1,234 papers; showing the first 20.');
    expect(resultsStatus('x', 1234, 21, 40)).toBe('1,234 papers; showing 21–40.');
    expect(resultsStatus('graph', 0, 1, 0)).toBe('No papers match “graph”.');
  });

  it('escapes everything from the index in the HTML', () => {
    const html = renderPaperItems([
      paper({
        title: '<script>alert(1)</script>',
        url: 'https://example.org/"onmouseover="x',
        authors: ['A & B <i>'],
        source: "O'Reilly",
      }),
    ]);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('href="https://example.org/&#34;onmouseover=&#34;x"');
    expect(html).toContain('<p class="authors">A &#38; B &#60;i&#62;</p>');
  });
});

describe('fillPapersPage', () => {
  const template = [
    `<head><title>Papers · Research Hub</title>${PAPERS_MARKERS.feedHead}</head>`,
    `<input ${PAPERS_FIELD_ATTRIBUTE}="q">`,
    `<input ${PAPERS_FIELD_ATTRIBUTE}="year_from"><input ${PAPERS_FIELD_ATTRIBUTE}="year_to">`,
    `<option value="ai" ${PAPERS_OPTION_ATTRIBUTE}="corpus=ai">AI</option>`,
    `<option value="web3" ${PAPERS_OPTION_ATTRIBUTE}="corpus=web3">Web3</option>`,
    `<option value="citations" ${PAPERS_OPTION_ATTRIBUTE}="sort=citations">`,
    `<option value="date" ${PAPERS_OPTION_ATTRIBUTE}="sort=date">`,
    `<p>${PAPERS_MARKERS.status}</p><p>${PAPERS_MARKERS.feed}</p>`,
    `<ol>${PAPERS_MARKERS.results}</ol><nav>${PAPERS_MARKERS.nextPage}</nav>`,
  ].join('\n');
  const state = { q: '"$& <b>', corpus: 'web3', sort: 'date', year_from: '2020', year_to: '' };
  const html = fillPapersPage(template, {
    state,
    status: 'Status $1 <b>',
    resultsHtml: '<li>one</li>',
    nextPageUrl: searchApiUrl(state, 'Mg'),
  });

  it('fills the form with the search, escaped and literal', () => {
    expect(html).toContain(`${PAPERS_FIELD_ATTRIBUTE}="q" value="&#34;$&#38; &#60;b&#62;"`);
    expect(html).toContain(`${PAPERS_FIELD_ATTRIBUTE}="year_from" value="2020"`);
    expect(html).toContain(`${PAPERS_FIELD_ATTRIBUTE}="year_to" value=""`);
    expect(html).toContain(`${PAPERS_OPTION_ATTRIBUTE}="corpus=web3" selected>`);
    expect(html).toContain(`${PAPERS_OPTION_ATTRIBUTE}="sort=date" selected>`);
    expect(html.match(/selected/g)).toHaveLength(2);
  });

  it('names the search in the title', () => {
    expect(html).toContain('<title>&#34;$&#38; &#60;b&#62; · Papers · Research Hub</title>');
  });

  it('fills status, results, the next page and the feed links', () => {
    expect(html).toContain('<p>Status $1 &#60;b&#62;</p>');
    expect(html).toContain('<ol><li>one</li></ol>');
    expect(html).toContain(
      '<a id="next-page" rel="next" href="/api/v1/reports/search?q=%22%24%26+%3Cb%3E&#38;corpus=web3&#38;sort=date&#38;year_from=2020&#38;limit=20&#38;cursor=Mg">Next page</a>',
    );
    const feed = '/papers/feed.xml?q=%22%24%26+%3Cb%3E&#38;corpus=web3';
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" href="${feed}"`);
    expect(html).toContain(
      `<a href="${feed}" type="application/rss+xml">Follow new papers on “&#34;$&#38; &#60;b&#62;” (RSS)</a>`,
    );
    expect(html).not.toContain('<!--papers-');
  });

  it('links no feed for a search that has none', () => {
    const refused = fillPapersPage(template, {
      state: { ...state, q: 'x' },
      status: 'Too short',
      resultsHtml: '',
      nextPageUrl: null,
    });
    expect(refused).not.toContain('feed.xml');
    expect(refused).not.toContain('<!--papers-');
  });
});

describe('searchFeedXml', () => {
  const feed = searchFeedXml({
    siteUrl: 'https://hub.example/',
    q: 'graph & <nets>',
    corpus: 'ai',
    corpusLabel: 'Artificial intelligence',
    items: [
      paper({ title: 'Bad\u0001 title \uD800 & <more>' }),
      paper({ authors: [], id: 'https://openalex.org/W2', publication_date: null }),
    ],
    fetchedAt: new Date('2026-11-22T10:00:00Z'),
  });
  const rss = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => name === 'item',
  }).parse(feed).rss;

  it('is RSS 2.0 naming itself, its page and its query', () => {
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBe('Papers on “graph & <nets>” (Artificial intelligence) · Research Hub');
    expect(channel.link).toBe('https://hub.example/papers?q=graph+%26+%3Cnets%3E&corpus=ai&sort=date');
    expect(channel['atom:link']).toEqual({
      '@href': 'https://hub.example/papers/feed.xml?q=graph+%26+%3Cnets%3E&corpus=ai',
      '@rel': 'self',
      '@type': 'application/rss+xml',
    });
    expect(channel.lastBuildDate).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(channel.ttl).toBe(60);
  });

  it('has an item per paper with a permalink guid, and drops characters XML cannot hold', () => {
    const [first, second] = rss.channel.item;
    expect(first.title).toBe('Bad title  & <more>');
    expect(first['dc:creator']).toBe('Ashish Vaswani, Noam Shazeer');
    expect(first.guid).toEqual({ '#text': 'https://openalex.org/W2963403868', '@isPermaLink': 'true' });
    expect(first.description).toBe('Ashish Vaswani, Noam Shazeer. NeurIPS, 2017. 104512 citations.');
    expect(first.pubDate).toBe('Mon, 12 Jun 2017 00:00:00 GMT');
    expect(second['dc:creator']).toBeUndefined();
    expect(second.pubDate).toBeUndefined();
    expect(second.description).toBe('NeurIPS, 2017. 104512 citations.');
  });

  it.skipIf(spawnSync('xmllint', ['--version']).status !== 0)('is well-formed for xmllint', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'papers-feed-')), 'feed.xml');
    writeFileSync(file, feed);
    const result = spawnSync('xmllint', ['--noout', file], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });

  it('writes dates as RFC 822 with a four-digit year, as RSS 2.0 asks', () => {
    expect(rfc822Date('2009-01-03')).toBe('Sat, 03 Jan 2009 00:00:00 GMT');
    expect(rfc822Date('1998-11-01')).toBe('Sun, 01 Nov 1998 00:00:00 GMT');
  });

  it('escapes the five XML specials', () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
