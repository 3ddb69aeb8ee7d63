import { listCursor } from '../../src/core/papers/contract/list-cursor.ts';
import { searchScope } from '../../src/core/papers/contract/paper-search.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { buildMirror, FIXTURE_FILES, type TemporaryMirror } from '../support/local-mirror.ts';
import { matcher, startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The REST contract runs once per paper source: the OpenAlex proxy in front of the stand-in, and the
// local mirror imported from the same fixture records. Tests of what goes upstream and of upstream
// failures apply to the proxy only.
type StandIn = Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let standIn: StandIn;
let mirror: TemporaryMirror;
let server: TestServer;
const allWorks = [...fixtureWorks.ai, ...fixtureWorks.web3];
const TIMEOUT_MS = 1200;

beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works: allWorks });
  mirror = await buildMirror(FIXTURE_FILES);
});
afterAll(async () => {
  await standIn?.close();
  mirror?.remove();
});
beforeEach(() => standIn.setFault(undefined));

const SOURCES = {
  openalex: () => ({
    OPENALEX_URL: standIn.url,
    OPENALEX_TIMEOUT_MS: String(TIMEOUT_MS),
    OPENALEX_API_KEY: 'test-key',
    OPENALEX_MAILTO: 'ops@example.org',
    LOG_REQUESTS: 'false',
  }),
  // The stand-in stays configured, so a search that went upstream would show in its request log.
  local: () => ({ PAPERS_SOURCE: 'local', PAPERS_DB: mirror.file, OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
};

const SEARCH = '/api/v1/reports/search';
let unique = 0;
/** A query no earlier test has cached (its last word makes it unique; it need not match anything). */
const fresh = () => `neural run${(unique += 1)}x${Date.now()}`;
const search = (query: string, headers: Record<string, string> = {}) =>
  http(`${server.url}${SEARCH}?${query}`, { headers });
const upstreamFor = (needle: string) =>
  standIn.worksRequests().filter((request) => request.query['search']?.includes(needle));

function expectError(response: Awaited<ReturnType<typeof search>>, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.json().error.code).toBe(code);
  expectMatchesOpenApi(SEARCH, 'get', status, response.json());
}

type Sort = 'citations' | 'relevance' | 'date';
type Work = (typeof allWorks)[number];
const citationsOf = (work: Work) => Number(work['cited_by_count']);
const dateOf = (work: Work) => String(work['publication_date'] ?? '');
/** Each order as the contract states it; every one ends in the work id. */
const ORDERS: Record<Sort, (inTitle: (work: Work) => boolean) => (a: Work, b: Work) => number> = {
  citations: () => (a, b) => citationsOf(b) - citationsOf(a),
  relevance: (inTitle) => (a, b) => Number(inTitle(b)) - Number(inTitle(a)) || citationsOf(b) - citationsOf(a),
  date: () => (a, b) => (dateOf(a) === dateOf(b) ? 0 : dateOf(a) > dateOf(b) ? -1 : 1),
};

/** What the fixtures hold for a query, in the order asked for: the expected answer, computed from the records. */
function expectedTitles(
  q: string,
  corpus: 'ai' | 'web3',
  { sort = 'citations', yearFrom = 0, yearTo = 9999 }: { sort?: Sort; yearFrom?: number; yearTo?: number } = {},
) {
  const concept = corpus === 'ai' ? ['C154945302', 'C119857082', 'C108583219'] : ['C2779687700'];
  const matches = matcher(q);
  const order = ORDERS[sort]((work) => matches(work, true));
  return allWorks
    .filter(
      (work) =>
        work['concepts'].some((c: { id: string }) => concept.some((id) => c.id.endsWith(id))) &&
        work['publication_year'] >= yearFrom &&
        work['publication_year'] <= yearTo &&
        matches(work),
    )
    .sort((a, b) => order(a, b) || String(a['id']).localeCompare(String(b['id'])))
    .map((work) => work['display_name'] ?? work['title']);
}

/** Every title of a search, page by page through next_cursor. */
async function walk(query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const body: { results: Array<{ title: string }>; next_cursor: string | null; has_more: boolean } = (
      await search(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
    ).json();
    expect(body.has_more).toBe(body.next_cursor !== null);
    seen.push(...body.results.map((item) => item.title));
    cursor = body.next_cursor;
  } while (cursor && seen.length < 500);
  return seen;
}

describe.each(Object.keys(SOURCES) as Array<keyof typeof SOURCES>)('paper search over the %s source', (source) => {
  beforeAll(async () => {
    server = await startTestServer(SOURCES[source]());
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('parameters (interface: Search papers)', () => {
    it('q: required, at least 2 characters, trimmed', async () => {
      expectError(await search(''), 400, 'missing_query');
      expectError(await search('q='), 400, 'missing_query');
      expectError(await search('q=%20%20%20'), 400, 'missing_query');
      expectError(await search('q=a'), 400, 'query_too_short');
      expectError(await search('q=%20a%20'), 400, 'query_too_short');
      expectError(await search(`q=${'long '.repeat(70)}`), 400, 'invalid_parameter');
      const ok = await search('q=%20%20neural%20%20networks%20');
      expect(ok.status).toBe(200);
    });

    it('the missing_query message names the parameter and shows an example', async () => {
      expect((await search('corpus=ai')).json().error.message).toMatch(/^Query parameter "q": is required.*?q=/);
    });

    it('corpus: ai by default, web3 on request, anything else refused', async () => {
      const ai = (await search('q=learning')).json();
      expect(ai.corpus).toBe('ai');
      const web3 = (await search('q=blockchain&corpus=web3')).json();
      expect(web3.corpus).toBe('web3');
      expect(web3.results.map((item: { title: string }) => item.title)).toEqual(expectedTitles('blockchain', 'web3'));
      expectError(await search('q=blockchain&corpus=bio'), 400, 'invalid_parameter');
    });

    it('limit: 1 to 200, default 50', async () => {
      const byDefault = (await search('q=learning')).json();
      expect(byDefault.limit).toBe(50);
      const two = (await search('q=learning&limit=2')).json();
      expect(two.results).toHaveLength(2);
      expect(two.limit).toBe(2);
      for (const bad of ['0', '201', 'ten', '2.5', '-1'])
        expectError(await search(`q=learning&limit=${bad}`), 400, 'invalid_parameter');
      expect((await search('q=learning&limit=200')).json().limit).toBe(200);
    });

    it('per_page: an alias of limit, which wins when both are sent', async () => {
      expect((await search('q=neural&per_page=3')).json().limit).toBe(3);
      expect((await search('q=neural&per_page=3&limit=4')).json().limit).toBe(4);
      expectError(await search('q=neural&per_page=500'), 400, 'invalid_parameter');
    });

    it('page: selects a page; cursor wins over it', async () => {
      const all = expectedTitles('learning', 'ai');
      const second = (await search('q=learning&limit=3&page=2')).json();
      expect(second.results.map((item: { title: string }) => item.title)).toEqual(all.slice(3, 6));
      expect(second.pagination.cursor).toEqual(expect.any(String));
      const cursorThree = second.next_cursor;
      const third = (await search(`q=learning&limit=3&page=2&cursor=${cursorThree}`)).json();
      expect(third.results.map((item: { title: string }) => item.title)).toEqual(all.slice(6, 9));
      expectError(await search('q=learning&page=0'), 400, 'invalid_parameter');
    });

    it('cursor: rejects what it did not issue, and a page past the first 10,000 results is empty', async () => {
      expectError(await search('q=learning&cursor=not-a-cursor'), 400, 'invalid_cursor');
      expect((await search('q=learning&page=51&limit=200')).json()).toMatchObject({ results: [], has_more: false });
      // The cursor the server would issue for page 101 of this search, were paging to reach it.
      const scope = searchScope({ q: 'learning', corpus: 'ai', sort: 'citations', limit: 100 });
      const deep = listCursor(scope, 101);
      expect((await search(`q=learning&limit=100&cursor=${deep}`)).json()).toMatchObject({ results: [] });
    });

    it('ignores unknown parameters', async () => {
      expect((await search('q=neural&utm=1')).status).toBe(200);
    });
  });

  describe('response', () => {
    it('matches the OpenAPI description, sorted by citations, every field filled', async () => {
      const response = await search('q=neural&limit=200');
      expect(response.status).toBe(200);
      const body = response.json();
      expectMatchesOpenApi(SEARCH, 'get', 200, body);
      expect(body.results.map((item: { title: string }) => item.title)).toEqual(expectedTitles('neural', 'ai'));
      expect(body.total).toBe(expectedTitles('neural', 'ai').length);
      const citations = body.results.map((item: { citations: number }) => item.citations);
      expect([...citations].sort((a, b) => b - a)).toEqual(citations);
      for (const item of body.results) {
        for (const field of ['title', 'source', 'url', 'date', 'category', 'type'])
          expect(item[field], field).toMatch(/\S/);
        expect(Number.isInteger(item.citations)).toBe(true);
      }
      expect(body.has_more).toBe(false);
      expect(body.next_cursor).toBeNull();
      expect(body.pagination).toEqual({
        total: body.total,
        limit: 200,
        has_more: false,
        cursor: null,
        next_cursor: null,
      });
    });

    it.each([1, 2, 5])('a cursor walk at limit=%i returns every result once, in citation order', async (limit) => {
      expect(await walk('q=learning', limit)).toEqual(expectedTitles('learning', 'ai'));
    });

    it('matches abstracts as well as titles: words, and phrases within one abstract', async () => {
      const titles = async (query: string) =>
        (await search(query)).json().results.map((item: { title: string }) => item.title);
      expect(await titles('q=handwritten%20digits')).toEqual([
        'Gradient-based learning applied to document recognition',
      ]);
      expect(await titles('q=transduction')).toEqual(['Attention Is All You Need']);
      expect(await titles('q=%22double%20spending%22&corpus=web3')).toEqual([
        'Bitcoin: A Peer-to-Peer Electronic Cash System',
      ]);
      // Both words are in the Bitcoin abstract, but not next to each other.
      expect(await titles('q=%22cash%20payments%22&corpus=web3')).toEqual([]);
      // One word in the title, the other only in the abstract.
      expect(await titles('q=ethereum%20gas&corpus=web3')).toEqual(expectedTitles('ethereum gas', 'web3'));
      expect(expectedTitles('ethereum gas', 'web3')).toHaveLength(1);
    });

    it('items carry the OpenAlex id, the DOI, up to five authors and an open-access link', async () => {
      const [attention] = (await search('q=%22attention%20is%20all%20you%20need%22')).json().results;
      expect(attention).toMatchObject({
        id: 'https://openalex.org/W9000000001',
        doi: 'https://doi.org/10.48550/arXiv.1706.03762',
        authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit', 'Llion Jones'],
        open_access_url: 'https://arxiv.org/pdf/1706.03762',
      });
      const [bitcoin] = (await search('q=%22electronic%20cash%20system%22&corpus=web3')).json().results;
      expect(bitcoin).toMatchObject({
        id: 'https://openalex.org/W9000000101',
        doi: null,
        authors: [],
        open_access_url: 'https://bitcoin.org/bitcoin.pdf',
      });
      const [lstm] = (await search('q=%22long%20short-term%20memory%22')).json().results;
      expect(lstm.open_access_url).toBeNull();
    });

    it('items carry the publication date the records hold', async () => {
      const body = (await search('q=learning&limit=200&sort=date')).json();
      expect(body.results.length).toBeGreaterThan(10);
      for (const item of body.results) {
        const work = allWorks.find((candidate) => candidate['id'] === item.id)!;
        expect(item.publication_date, item.id).toBe(work['publication_date']);
        expect(item.date).toBe(String(work['publication_year']));
      }
      const [bitcoin] = (await search('q=%22electronic%20cash%20system%22&corpus=web3')).json().results;
      expect(bitcoin.publication_date).toBe('2008-10-31');
    });
  });

  describe('sort and publication years', () => {
    it.each(['citations', 'relevance', 'date'] as const)(
      'sort=%s: a cursor walk returns every result once, in that order, and the response names it',
      async (sort) => {
        const body = (await search(`q=learning&sort=${sort}`)).json();
        expectMatchesOpenApi(SEARCH, 'get', 200, body);
        expect(body.sort).toBe(sort);
        expect(await walk(`q=learning&sort=${sort}`, 3)).toEqual(expectedTitles('learning', 'ai', { sort }));
      },
    );

    it('orders differ as they should: relevance puts title matches first, date the newest', async () => {
      const relevance = expectedTitles('networks', 'ai', { sort: 'relevance' });
      const citations = expectedTitles('networks', 'ai');
      expect(relevance).not.toEqual(citations);
      expect([...relevance].sort()).toEqual([...citations].sort());
      const dates = (await search('q=networks&sort=date&limit=200'))
        .json()
        .results.map((item: { date: string }) => item.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect((await search('q=networks')).json().sort).toBe('citations');
    });

    it('sort: anything else is refused, naming the allowed values', async () => {
      for (const bad of ['newest', 'cited_by_count:desc', 'CITATIONS', '']) {
        const response = await search(`q=learning&sort=${encodeURIComponent(bad)}`);
        expectError(response, 400, 'invalid_parameter');
        expect(response.json().error.message).toMatch(/"citations", "relevance", "date"/);
      }
    });

    it('year_from and year_to bound the publication year, inclusive, in every order', async () => {
      for (const sort of ['citations', 'relevance', 'date'] as const) {
        const body = (await search(`q=learning&year_from=2014&year_to=2016&sort=${sort}&limit=200`)).json();
        expect(body.results.map((item: { title: string }) => item.title)).toEqual(
          expectedTitles('learning', 'ai', { sort, yearFrom: 2014, yearTo: 2016 }),
        );
        expect(body.total).toBe(body.results.length);
      }
      const from = (await search('q=learning&year_from=2017&limit=200')).json();
      expect(from.results.map((item: { title: string }) => item.title)).toEqual(
        expectedTitles('learning', 'ai', { yearFrom: 2017 }),
      );
      const to = (await search('q=learning&year_to=2006&limit=200')).json();
      expect(to.results.map((item: { title: string }) => item.title)).toEqual(
        expectedTitles('learning', 'ai', { yearTo: 2006 }),
      );
      expect(to.total).toBeGreaterThan(0);
      const one = (await search('q=learning&year_from=2015&year_to=2015')).json();
      expect(one.results.every((item: { date: string }) => item.date === '2015')).toBe(true);
      expect(one.total).toBe(expectedTitles('learning', 'ai', { yearFrom: 2015, yearTo: 2015 }).length);
      expect((await search('q=learning&year_from=2090')).json()).toMatchObject({ total: 0, results: [] });
    });

    it('reads years in either order as the range between them; a year out of range is refused', async () => {
      const ordered = (await search('q=learning&year_from=2014&year_to=2016&limit=200')).json();
      const reversed = (await search('q=learning&year_from=2016&year_to=2014&limit=200')).json();
      expect(ordered.total).toBeGreaterThan(0);
      expect(reversed).toEqual(ordered);
      for (const bad of ['year_from=999', 'year_to=2101', 'year_from=twenty', 'year_to=2019.5', 'year_from=-2000'])
        expectError(await search(`q=learning&${bad}`), 400, 'invalid_parameter');
    });

    it('caches each order and year range apart', async () => {
      const citations = await search('q=Deep%20Learning&limit=5');
      const date = await search('q=deep%20learning&limit=5&sort=date');
      expect(date.headers['cache-status']).toContain('fwd=miss');
      expect(date.json().results).not.toEqual(citations.json().results);
      const bounded = await search('q=deep%20learning&limit=5&sort=date&year_to=2015');
      expect(bounded.headers['cache-status']).toContain('fwd=miss');
      expect((await search('q=deep%20learning&limit=5&sort=date&year_to=2015')).headers['cache-status']).toBe(
        'research-hub; hit',
      );
    });
    it('carries rate-limit, cache and version headers, and echoes Idempotency-Key', async () => {
      const response = await http(`${server.url}/api/reports/search?q=neural`, {
        headers: { 'idempotency-key': 'k-1' },
      });
      expect(response.status).toBe(200);
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'])
        expect(response.headers[name]).toMatch(/^\d+$/);
      expect(response.headers['sunset']).toBe('Wed, 01 Mar 2028 00:00:00 GMT');
      expect(response.headers['deprecation']).toMatch(/^@\d+$/);
      expect(response.headers['link']).toBe(
        '</api/v1/reports/search?q=neural>; rel="successor-version", ' +
          '</papers/feed.xml?q=neural&corpus=ai>; rel="alternate"; type="application/rss+xml"',
      );
      expect(response.headers['idempotency-key']).toBe('k-1');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
      expect((await search('q=neural')).headers['deprecation']).toBeUndefined();
    });
  });

  describe('cache', () => {
    it('answers a repeat from the cache, keyed by the normalised query', async () => {
      const first = await search('q=Deep%20Residual');
      expect(first.headers['cache-status']).toContain('fwd=miss');
      const again = await search('q=deep%20%20residual%20');
      expect(again.headers['cache-status']).toBe('research-hub; hit');
      expect(again.json()).toEqual(first.json());
    });
  });

  describe.skipIf(source !== 'openalex')(
    'upstream request shape (OpenAlex proxy only: the mirror has no upstream)',
    () => {
      // Fresh queries: a cached one would not go upstream again.
      it('sends the normalised query text', async () => {
        const q = fresh();
        expect((await search(`q=${encodeURIComponent(`  ${q.replace(' ', '  ')} `)}`)).status).toBe(200);
        expect(upstreamFor(q.split(' ').at(-1)!).at(-1)?.query['search']).toBe(q);
      });

      it('sends the corpus as a concepts filter', async () => {
        const ai = fresh();
        await search(`q=${encodeURIComponent(ai)}`);
        expect(upstreamFor(ai).at(-1)?.query['filter']).toBe('concepts.id:C154945302|C119857082|C108583219');
        const web3 = fresh();
        await search(`q=${encodeURIComponent(web3)}&corpus=web3`);
        expect(upstreamFor(web3).at(-1)?.query['filter']).toBe('concepts.id:C2779687700');
      });

      it('sends the limit as per_page, 50 by default', async () => {
        const q = fresh();
        await search(`q=${encodeURIComponent(q)}`);
        expect(upstreamFor(q).at(-1)?.query['per_page']).toBe('50');
      });

      it('sends the upstream only known parameters, with api_key, mailto, select and the citation sort', async () => {
        await search('q=language');
        const sent = upstreamFor('language').at(-1)!.query;
        expect(Object.keys(sent).sort()).toEqual([
          'api_key',
          'filter',
          'mailto',
          'page',
          'per_page',
          'search',
          'select',
          'sort',
        ]);
        expect(sent).toMatchObject({
          api_key: 'test-key',
          mailto: 'ops@example.org',
          sort: 'cited_by_count:desc',
          page: '1',
        });
        expect(sent['select']!.split(',')).toContain('cited_by_count');
      });

      it('sends each order as its OpenAlex sort, and the years as a publication_year filter', async () => {
        const sent = async (extra: string) => {
          const q = fresh();
          expect((await search(`q=${encodeURIComponent(q)}&${extra}`)).status).toBe(200);
          return upstreamFor(q).at(-1)!.query;
        };
        expect((await sent('sort=relevance'))['sort']).toBe('relevance_score:desc');
        expect((await sent('sort=date'))['sort']).toBe('publication_date:desc');
        expect((await sent('sort=citations'))['sort']).toBe('cited_by_count:desc');
        const corpus = 'concepts.id:C154945302|C119857082|C108583219';
        expect((await sent('year_from=2019&year_to=2021'))['filter']).toBe(`${corpus},publication_year:2019-2021`);
        expect((await sent('year_from=2019'))['filter']).toBe(`${corpus},publication_year:>2018`);
        expect((await sent('year_to=2021'))['filter']).toBe(`${corpus},publication_year:<2022`);
      });

      it('answers a cached repeat without going upstream', async () => {
        const q = fresh();
        await search(`q=${encodeURIComponent(q)}`);
        const before = upstreamFor(q.split(' ').at(-1)!).length;
        await search(`q=${encodeURIComponent(`  ${q.replace(' ', '   ')} `)}`);
        expect(upstreamFor(q.split(' ').at(-1)!).length).toBe(before);
      });

      it('sends 50 concurrent identical searches upstream once', async () => {
        standIn.setFault({ kind: 'slow', delayMs: 200 });
        const q = fresh();
        const responses = await Promise.all(Array.from({ length: 50 }, () => search(`q=${encodeURIComponent(q)}`)));
        expect(responses.every((response) => response.status === 200)).toBe(true);
        expect(upstreamFor(q.split(' ').at(-1)!)).toHaveLength(1);
        expect(new Set(responses.map((response) => response.text)).size).toBe(1);
        expect(
          responses.filter((response) => response.headers['cache-status']?.includes('collapsed')).length,
        ).toBeGreaterThan(0);
      });
    },
  );

  describe.skipIf(source !== 'local')('local mirror', () => {
    it('answers without calling the upstream', async () => {
      const before = standIn.worksRequests().length;
      expect((await search(`q=${encodeURIComponent(fresh())}`)).status).toBe(200);
      expect((await search('q=learning&page=2&limit=3')).status).toBe(200);
      expect(standIn.worksRequests()).toHaveLength(before);
    });

    it.each([
      ['a missing file', () => `${mirror.file}.absent`, /PAPERS_DB=.*no such file/],
      ['a file that is no mirror', () => FIXTURE_FILES[0]!, /PAPERS_DB=.*not an SQLite database/],
    ])('%s stops start-up with a message naming the variables and the fix', async (_name, file, reason) => {
      const failed = await startTestServer({ PAPERS_SOURCE: 'local', PAPERS_DB: file() }).then(
        async (started) => {
          await started.stop();
          return '';
        },
        (error: Error) => error.message,
      );
      expect(failed).toMatch(/server exited with 1/);
      expect(failed).toMatch(reason);
      expect(failed).toContain('PAPERS_SOURCE=openalex');
      expect(failed).toContain('npm run papers -- import');
    });
  });

  describe.skipIf(source !== 'openalex')('upstream failures (OpenAlex proxy only: the mirror has no upstream)', () => {
    it('a 500 becomes 502 upstream_error with Retry-After, after bounded retries', async () => {
      standIn.setFault({ kind: 'status', status: 500 });
      const q = fresh();
      const response = await search(`q=${encodeURIComponent(q)}`);
      expectError(response, 502, 'upstream_error');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(upstreamFor(q.split(' ').at(-1)!)).toHaveLength(3);
    });

    it('a 429 passes on the upstream Retry-After when it is longer than the budget', async () => {
      standIn.setFault({ kind: 'status', status: 429, retryAfter: '7' });
      const response = await search(`q=${encodeURIComponent(fresh())}`);
      expectError(response, 502, 'upstream_error');
      expect(response.headers['retry-after']).toBe('7');
    });

    it('one 503 is retried and the search succeeds', async () => {
      standIn.setFault({ kind: 'status', status: 503, times: 1 });
      const q = fresh();
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      expect(upstreamFor(q.split(' ').at(-1)!)).toHaveLength(2);
    });

    it.each([
      ['slow beyond the timeout', { kind: 'slow', delayMs: 3_000 } as const],
      ['hanging', { kind: 'hang' } as const],
    ])('an upstream %s becomes 502 upstream_timeout within the budget', async (_name, fault) => {
      standIn.setFault(fault);
      const started = Date.now();
      const response = await search(`q=${encodeURIComponent(fresh())}`);
      expectError(response, 502, 'upstream_timeout');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 800);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    });

    it.each([
      ['malformed JSON', { kind: 'malformed' } as const],
      ['dropped connections', { kind: 'reset' } as const],
      ['a 400 refusal', { kind: 'status', status: 400 } as const],
    ])('%s become 502 upstream_error', async (_name, fault) => {
      standIn.setFault(fault);
      const response = await search(`q=${encodeURIComponent(fresh())}`);
      expectError(response, 502, 'upstream_error');
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    });

    it('an unreachable upstream becomes 502, never a 500 or a hang', async () => {
      const offline = await startTestServer({
        OPENALEX_URL: 'http://127.0.0.1:9',
        OPENALEX_TIMEOUT_MS: '1000',
        LOG_REQUESTS: 'false',
      });
      try {
        const response = await http(`${offline.url}${SEARCH}?q=neural`);
        expect(response.status).toBe(502);
        expect(['upstream_error', 'upstream_timeout']).toContain(response.json().error.code);
      } finally {
        await offline.stop();
      }
    });
  });
});
