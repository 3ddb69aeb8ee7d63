// Following a paper search: the RSS feed at /papers/feed.xml (valid by the checks /feed.xml passes,
// cached like search, errors in the API's shape), the Link from search responses to it, and the
// Papers page filled on the server for browsers without JavaScript: at /papers?q=… (where its form
// submits), and as the search API's answer to browsers that prefer HTML.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { listCursor } from '../../src/core/papers/contract/list-cursor.ts';
import { searchScope } from '../../src/core/papers/contract/paper-search.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_SITE_URL } from '../support/build-once.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { matcher, startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { topicWorks } from '../support/topic-works.ts';

type StandIn = Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let standIn: StandIn;
let server: TestServer;
// 45 works on "lattice": more than a page of results, with every mix of authors, DOI and open access.
const allWorks = [...fixtureWorks.ai, ...fixtureWorks.web3, ...topicWorks(45, 'lattice')];

beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works: allWorks });
  server = await startTestServer({ OPENALEX_URL: standIn.url, OPENALEX_TIMEOUT_MS: '1000', LOG_REQUESTS: 'false' });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});
beforeEach(() => standIn.setFault(undefined));

const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  http(`${server.url}${pathAndQuery}`, { headers });
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const xmllintAvailable = spawnSync('xmllint', ['--version']).status === 0;
const rssParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => name === 'item',
});

function xmllint(xml: string): { ok: boolean; output: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'papers-feed-')), 'feed.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', file], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** The cursor the server issues for page 2 of the newest lattice papers, 20 a page (bound to that search). */
const NEWEST_SECOND = listCursor(searchScope({ q: 'lattice', corpus: 'ai', sort: 'date', limit: 20 }), 2);
/** Fixture works matching q in a corpus: the expected answer, computed from the records. */
function fixtureMatches(q: string, corpus: 'ai' | 'web3') {
  const concepts = corpus === 'ai' ? ['C154945302', 'C119857082', 'C108583219'] : ['C2779687700'];
  const matches = matcher(q);
  return allWorks.filter(
    (work) =>
      work['concepts'].some((concept: { id: string }) => concepts.some((id) => concept.id.endsWith(id))) &&
      matches(work),
  );
}
const dateOf = (id: string) => allWorks.find((work) => work['id'] === id)?.['publication_date'];
/** RFC 822 as RSS 2.0 profiles it: day name, two-digit day, month name, four-digit year, time, zone. */
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** How the Papers page shows a publication date: "15 Mar 2019". */
const shownDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
};

/**
 * The Papers page filled with the first page of "lattice" in ai, newest first: the form, the status,
 * the feed and next-page links, and first the newest work, computed from the records, with its
 * authors, date and links.
 */
function expectNewestLatticePage(html: string, nextPageHref: string) {
  expect(html).toMatch(/id="q"[^>]*value="lattice"/);
  expect(html).toMatch(/<option value="ai"[^>]*selected/);
  expect(html).toMatch(/<option value="date"[^>]*selected/);
  expect(html).toContain('45 papers; showing the first 20.');
  expect(html).toContain('<a href="/papers/feed.xml?q=lattice&#38;corpus=ai" type="application/rss+xml">');
  expect(html).toContain(`<a id="next-page" rel="next" href="${nextPageHref}">Next page</a>`);
  expect(html).not.toContain('<!--papers-');
  const newest = fixtureMatches('lattice', 'ai').sort((a, b) =>
    String(b['publication_date']).localeCompare(String(a['publication_date'])),
  )[0]!;
  const item = html.split('<li><h3>')[1]!.split('</ul></li>')[0]!;
  expect(item).toContain(`>${newest['display_name']}</a></h3>`);
  const authors = newest['authorships'].map((authorship: any) => authorship.author.display_name).slice(0, 5);
  if (authors.length > 0) expect(item).toContain(`<p class="authors">${authors.join(', ')}</p>`);
  expect(item).toContain(` · ${shownDate(newest['publication_date'])} · `);
  expect(item).toContain(`<a href="${newest['id']}">OpenAlex record</a>`);
}

describe('GET /papers/feed.xml', () => {
  let body: string;
  let response: Awaited<ReturnType<typeof get>>;
  let rss: any;
  beforeAll(async () => {
    response = await get('/papers/feed.xml?q=%20lattice%20&corpus=ai');
    body = response.text;
    rss = rssParser.parse(body).rss;
  });

  it('answers RSS, cacheable by readers and proxies', () => {
    expect(response.status, body).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it.skipIf(!xmllintAvailable)('is well-formed XML', () => {
    const result = xmllint(body);
    expect(result.ok, result.output).toBe(true);
  });

  it('is RSS 2.0 with a complete channel and an atom:link to itself', () => {
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const channel = rss.channel;
    expect(channel.title).toMatch(/lattice/);
    expect(channel.description).toMatch(/lattice/);
    expect(channel.link).toBe(`${TEST_SITE_URL}/papers?q=lattice&corpus=ai&sort=date`);
    expect(channel['atom:link']).toEqual({
      '@href': `${TEST_SITE_URL}/papers/feed.xml?q=lattice&corpus=ai`,
      '@rel': 'self',
      '@type': 'application/rss+xml',
    });
    expect(Number.isNaN(Date.parse(channel.lastBuildDate))).toBe(false);
    expect(channel.lastBuildDate).toMatch(/ GMT$/);
  });

  it('lists the newest matching papers first, each with a title, link, permalink guid and pubDate', () => {
    const items: any[] = rss.channel.item;
    const expected = fixtureMatches('lattice', 'ai');
    expect(expected.length).toBeGreaterThan(20);
    expect(items).toHaveLength(20);
    const newestDates = expected
      .map((work) => String(work['publication_date']))
      .sort()
      .reverse()
      .slice(0, items.length);
    expect(items.map((item) => dateOf(item.guid['#text']))).toEqual(newestDates);
    for (const item of items) {
      const work = allWorks.find((candidate) => candidate['id'] === item.guid['#text'])!;
      expect(item.guid['@isPermaLink']).toBe('true');
      expect(item.title).toBe(work['display_name']);
      expect(item.link).toMatch(/^https:\/\//);
      expect(item.description).toContain(String(work['publication_year']));
      expect(item.pubDate).toMatch(RFC_822);
      // An ISO date alone parses as midnight UTC: the day the record gives, to the second.
      expect(Date.parse(item.pubDate)).toBe(Date.parse(work['publication_date']));
    }
  });

  it('is the search with sort=date, through the same cache', async () => {
    const q = `learning feed${Date.now()}`;
    const first = await get(`/papers/feed.xml?q=${encodeURIComponent(q)}`);
    expect(first.headers['cache-status']).toBe('research-hub; fwd=miss; stored');
    const again = await get(`/papers/feed.xml?q=${encodeURIComponent(q)}&corpus=ai`);
    expect(again.headers['cache-status']).toBe('research-hub; hit');
    const upstream = standIn.worksRequests().filter((request) => request.query['search']?.includes(q));
    expect(upstream).toHaveLength(1);
    // The Papers page's "Newest" view of the same query is the same cached page of 20.
    const page = await get(`/api/v1/reports/search?q=${encodeURIComponent(q)}&sort=date&limit=20`);
    expect(page.headers['cache-status']).toBe('research-hub; hit');
  });

  it('keeps any query well-formed and names it exactly in atom:link', async () => {
    const q = `bitcoin <&"'> ]]> \u0007`;
    const feed = await get(`/papers/feed.xml?q=${encodeURIComponent(q)}&corpus=web3`);
    expect(feed.status, feed.text).toBe(200);
    if (xmllintAvailable) expect(xmllint(feed.text).ok).toBe(true);
    const channel = rssParser.parse(feed.text).rss.channel;
    const self = new URL(channel['atom:link']['@href']);
    expect(self.searchParams.get('q')).toBe(q.trim());
    expect(self.searchParams.get('corpus')).toBe('web3');
  });

  it.each([
    ['', 400, 'missing_query'],
    ['?q=a', 400, 'query_too_short'],
    ['?q=learning&corpus=physics', 400, 'invalid_parameter'],
    [`?q=${'x'.repeat(301)}`, 400, 'invalid_parameter'],
  ])('refuses %s with the API error shape', async (query, status, code) => {
    const refused = await get(`/papers/feed.xml${query}`);
    expect(refused.status).toBe(status);
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.json().error.code).toBe(code);
    expectMatchesOpenApi('/papers/feed.xml', 'get', status, refused.json());
  });

  it('answers 502 with Retry-After when the index fails', async () => {
    standIn.setFault({ kind: 'status', status: 503 });
    const failed = await get(`/papers/feed.xml?q=${encodeURIComponent(`outage${Date.now()}`)}`);
    expect(failed.status).toBe(502);
    expect(failed.json().error.code).toBe('upstream_error');
    expect(failed.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('is named in ai.json, and kept from crawlers by ai.txt', async () => {
    const { papers } = (await get('/ai.json')).json().content;
    expect(papers.feed).toBe(`${TEST_SITE_URL}/papers/feed.xml{?q,corpus}`);
    const expanded = papers.feed.replace(TEST_SITE_URL, '').replace('{?q,corpus}', '?q=lattice&corpus=ai');
    expect((await get(expanded)).headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect((await get('/ai.txt')).text).toMatch(/^Disallow: \/papers\/feed\.xml\?$/m);
  });

  it('is described in OpenAPI as RSS', async () => {
    const doc = (await get('/openapi.json')).json();
    const operation = doc.paths['/papers/feed.xml'].get;
    expect(operation.operationId).toBe('papersFeed');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/rss+xml']);
    expect(operation.parameters.map((parameter: { name?: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'corpus']),
    );
  });
});

describe('search responses link to the feed', () => {
  const feedLink = '</papers/feed.xml?q=zero+knowledge&corpus=web3>; rel="alternate"; type="application/rss+xml"';

  it('in a Link header that leads to the feed', async () => {
    const response = await get('/api/v1/reports/search?q=zero%20%20knowledge&corpus=web3');
    expect(response.status).toBe(200);
    expect(response.headers['link']).toBe(feedLink);
    expect(response.headers['vary']).toMatch(/Accept/);
    const target = /^<([^>]+)>/.exec(response.headers['link']!)![1]!;
    const feed = await get(target);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  });

  it('beside the successor link on the unversioned alias', async () => {
    const response = await get('/api/reports/search?q=zero%20knowledge&corpus=web3');
    expect(response.headers['link']).toBe(
      `</api/v1/reports/search?q=zero+knowledge&corpus=web3>; rel="successor-version", ${feedLink}`,
    );
  });
});

describe('the Papers page for browsers without JavaScript', () => {
  it('answers the search form with the page, filled in', async () => {
    // What the form sends, year fields left blank included.
    const response = await get('/api/v1/reports/search?q=lattice&corpus=ai&sort=date&year_from=&year_to=&limit=20', {
      accept: BROWSER_ACCEPT,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['vary']).toMatch(/Accept/);
    expect(response.headers['link']).toBe(
      '</papers/feed.xml?q=lattice&corpus=ai>; rel="alternate"; type="application/rss+xml"',
    );
    const html = response.text;
    expect(html).toContain('<h1>Papers</h1>');
    expectNewestLatticePage(
      html,
      `/api/v1/reports/search?q=lattice&#38;corpus=ai&#38;sort=date&#38;limit=20&#38;cursor=${NEWEST_SECOND}`,
    );
  });

  it('keeps the limit and the year bounds in the next-page link', async () => {
    const scope = searchScope({ q: 'lattice', corpus: 'ai', sort: 'citations', limit: 5, yearFrom: 2000 });
    const since2000 = listCursor(scope, 2);
    const response = await get('/api/v1/reports/search?q=lattice&sort=citations&year_from=2000&limit=5', {
      accept: BROWSER_ACCEPT,
    });
    const inRange = fixtureMatches('lattice', 'ai').filter((work) => work['publication_year'] >= 2000).length;
    expect(response.text).toContain(`${inRange} papers; showing the first 5.`);
    expect(response.text).toMatch(/id="year-from"[^>]*value="2000"/);
    expect(response.text).toContain(
      `href="/api/v1/reports/search?q=lattice&#38;corpus=ai&#38;sort=citations&#38;year_from=2000&#38;limit=5&#38;cursor=${since2000}"`,
    );
    const second = await get(
      `/api/v1/reports/search?q=lattice&sort=citations&year_from=2000&limit=5&cursor=${since2000}`,
      {
        accept: BROWSER_ACCEPT,
      },
    );
    expect(second.text).toContain(`${inRange} papers; showing 6–10.`);
  });

  it('escapes the query wherever it shows it', async () => {
    const response = await get(`/api/v1/reports/search?q=${encodeURIComponent('"><script>x</script>')}`, {
      accept: BROWSER_ACCEPT,
    });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<script>x');
    expect(response.text).toContain('value="&#34;&#62;&#60;script&#62;x&#60;/script&#62;"');
  });

  it('shows an upstream failure on the page, with its status', async () => {
    standIn.setFault({ kind: 'status', status: 503 });
    const response = await get(`/api/v1/reports/search?q=${encodeURIComponent(`outage page${Date.now()}`)}`, {
      accept: BROWSER_ACCEPT,
    });
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('The paper index is not answering right now');
  });

  it('still answers JSON to API clients', async () => {
    const response = await get('/api/v1/reports/search?q=lattice&year_from=', { accept: '*/*' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('the Papers page at /papers?q=…, for browsers without JavaScript', () => {
  it('answers a search at the page’s own address with the page, filled in', async () => {
    // The address the script keeps a search at, and the one a shared link holds.
    const response = await get('/papers?q=lattice&corpus=ai&sort=date');
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(response.headers['ratelimit-limit']).toMatch(/^\d+$/);
    expect(response.headers['etag']).toBeUndefined();
    const html = response.text;
    expect(html).toMatch(/<form id="paper-search"[^>]* action="\/papers" method="get"/);
    expect(html).not.toContain('name="limit"');
    expectNewestLatticePage(html, `/papers?q=lattice&#38;corpus=ai&#38;sort=date&#38;cursor=${NEWEST_SECOND}`);
  });

  it('answers what the form sends, blank years included, and pages on at the same address', async () => {
    const response = await get('/papers?q=lattice&corpus=ai&sort=citations&year_from=&year_to=');
    expect(response.status, response.text).toBe(200);
    expect(response.text).toContain('45 papers; showing the first 20.');
    const next = /<a id="next-page" rel="next" href="([^"]+)"/.exec(response.text)![1]!.replaceAll('&#38;', '&');
    const mostCited = listCursor(searchScope({ q: 'lattice', corpus: 'ai', sort: 'citations', limit: 20 }), 2);
    expect(next).toBe(`/papers?q=lattice&corpus=ai&sort=citations&cursor=${mostCited}`);
    const second = await get(next);
    expect(second.text).toContain('45 papers; showing 21–40.');
    const third = await get(
      /<a id="next-page" rel="next" href="([^"]+)"/.exec(second.text)![1]!.replaceAll('&#38;', '&'),
    );
    expect(third.text).toContain('45 papers; showing 41–45.');
    expect(third.text).not.toContain('id="next-page"');
    // The pages hold every match once, most cited first, as the records say.
    const titles = [response, second, third].flatMap((page) =>
      [...page.text.matchAll(/<li><h3><a href="[^"]*">([^<]*)<\/a><\/h3>/g)].map((match) => match[1]),
    );
    const expected = fixtureMatches('lattice', 'ai')
      .sort((a, b) => b['cited_by_count'] - a['cited_by_count'] || String(a['id']).localeCompare(String(b['id'])))
      .map((work) => work['display_name']);
    expect(titles).toEqual(expected);
  });

  it('leaves /papers without a query the static page, with its ETag', async () => {
    const page = await get('/papers');
    expect(page.status).toBe(200);
    expect(page.headers['etag']).toBeTruthy();
    expect(page.headers['ratelimit-limit']).toBeUndefined();
    expect(page.text).toContain('<!--papers-results-->');
    expect((await get('/papers', { 'if-none-match': page.headers['etag']! })).status).toBe(304);
    expect((await get('/papers?utm_source=feed')).headers['etag']).toBe(page.headers['etag']);
  });

  it('answers HEAD with the headers of GET', async () => {
    const response = await http(`${server.url}/papers?q=lattice`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body.length).toBe(0);
  });

  // The API's own message for each refusal (its wording is the search's, tested with the search).
  it.each([
    ['q=a', /query parameter "q":? must be at least 2 characters/i],
    ['q=', /query parameter "q"/i],
    ['q=lattice&corpus=physics', /Query parameter "corpus": must be "ai" or "web3"/],
    ['q=lattice&sort=oldest', /Query parameter "sort": must be one of "citations", "relevance", "date"/],
    ['q=lattice&year_from=soon', /Query parameter "year_from"/],
    ['q=lattice&cursor=%21%21', /Query parameter "cursor"/],
  ])('shows a refused search (%s) on the page, with status 400', async (query, message) => {
    const response = await get(`/papers?${query}`);
    expect(response.status, response.text).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const status = /<p id="status"[^>]*>([^<]*)<\/p>/.exec(response.text)![1]!;
    expect(status.replaceAll('&#34;', '"')).toMatch(message);
    expect(response.text).toMatch(/<ol id="results"[^>]*>\s*<\/ol>/);
    expect(response.text).not.toContain('<!--papers-');
  });

  it('links no feed for a query that has none', async () => {
    const response = await get('/papers?q=a');
    expect(response.text).not.toContain('/papers/feed.xml');
    expect(response.text).toMatch(/id="q"[^>]*value="a"/);
  });

  it('shows an upstream failure on the page, with status 502 and Retry-After', async () => {
    standIn.setFault({ kind: 'status', status: 503 });
    const response = await get(`/papers?q=${encodeURIComponent(`outage papers${Date.now()}`)}`);
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('The paper index is not answering right now');
  });

  it('shares the search cache with the API and the script', async () => {
    const q = `lattice page${Date.now()}`;
    await get(`/papers?q=${encodeURIComponent(q)}`);
    const api = await get(`/api/v1/reports/search?q=${encodeURIComponent(q)}&corpus=ai&sort=citations&limit=20`);
    expect(api.headers['cache-status']).toBe('research-hub; hit');
  });

  it('is a page of the site, not an operation of the API: OpenAPI leaves it out', async () => {
    const doc = (await get('/openapi.json')).json();
    expect(doc.paths['/papers']).toBeUndefined();
    expect(doc.paths['/api/v1/reports/search']).toBeDefined();
  });
});
