import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/core/http/app.ts';
import type { JsonText } from '../../src/core/json-text.ts';
import { listCursor } from '../../src/core/papers/contract/list-cursor.ts';
import { normaliseQuery, PaperSearch, searchScope } from '../../src/core/papers/contract/paper-search.ts';
import type { PaperQuery, PaperResults, PaperSource } from '../../src/core/papers/contract/paper-source.ts';
import type { FairShare } from '../../src/core/stores/capacity.ts';
import { MemorySearchCache, type SearchCacheLimits } from '../../src/core/stores/search-cache.ts';
import { routes } from '../../src/core/routes/index.ts';
import { bodyText, coreRequest, testDeps } from '../support/core-deps.ts';

class FakeSource implements PaperSource {
  readonly name = 'fake';
  calls: PaperQuery[] = [];
  fail = false;
  total = 3;
  release: (() => void) | undefined;
  gate: Promise<void> | undefined;

  paper = () => Promise.resolve(undefined);
  related = () => Promise.resolve({ items: [], total: 0 });

  async search(query: PaperQuery): Promise<PaperResults> {
    this.calls.push(query);
    if (this.gate) await this.gate;
    if (this.fail) throw new Error('upstream down');
    const item = {
      ...{ title: query.q, source: 's', url: 'u', date: '2020', publication_date: '2020-05-01', category: 'c' },
      ...{ type: 'Article', citations: 1 },
      ...{ id: 'https://openalex.org/W1', doi: null, authors: [], open_access_url: null },
    };
    return { items: [item], total: this.total };
  }
}

const query: PaperQuery = { q: 'neural nets', corpus: 'ai', limit: 10, page: 1, sort: 'citations' };
const OWNER = 'ip:192.0.2.1';

function share(perClientCount: number, totalCount: number): FairShare {
  const bytes = 64 * 1024 * 1024;
  return { total: { count: totalCount, bytes }, perClient: { count: perClientCount, bytes } };
}

function searchWith(source: PaperSource, limits: Partial<SearchCacheLimits> = {}, now: () => number = () => 0) {
  return new PaperSearch(source, new MemorySearchCache(limits, now), now);
}

const parse = (body: JsonText) => body.value() as any;

describe('PaperSearch', () => {
  it('renders the page the route sends: results, totals and cursors', async () => {
    const source = new FakeSource();
    source.total = 25;
    const search = searchWith(source);
    const first = parse((await search.search(query, OWNER)).body);
    expect(first).toMatchObject({ total: 25, limit: 10, has_more: true, corpus: 'ai' });
    expect(first.results).toEqual([expect.objectContaining({ title: 'neural nets' })]);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.pagination).toMatchObject({ total: 25, limit: 10, has_more: true, cursor: null });
    const last = parse((await search.search({ ...query, page: 3 }, OWNER)).body);
    expect(last).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.pagination.cursor).toEqual(expect.any(String));
  });

  it('caches by the normalised query, in any case, and expires after the TTL', async () => {
    let now = 0;
    const source = new FakeSource();
    const search = searchWith(source, { ttlMs: 1_000 }, () => now);
    expect((await search.search(query, OWNER)).cache).toBe('miss');
    expect((await search.search({ ...query, q: normaliseQuery('  NEURAL   nets ') }, 'another')).cache).toBe('hit');
    expect((await search.search({ ...query, page: 2 }, OWNER)).cache).toBe('miss');
    expect((await search.search({ ...query, corpus: 'web3' }, OWNER)).cache).toBe('miss');
    expect((await search.search({ ...query, limit: 20 }, OWNER)).cache).toBe('miss');
    now = 999;
    expect((await search.search(query, OWNER)).cache).toBe('hit');
    now = 1_000;
    expect((await search.search(query, OWNER)).cache).toBe('miss');
    expect(source.calls).toHaveLength(5);
  });

  it('normalises query text: NFC, trimmed, inner whitespace collapsed', () => {
    expect(normaliseQuery('  neural \t\n  nets  ')).toBe('neural nets');
    expect(normaliseQuery('cafe\u0301')).toBe('caf\u00e9');
  });

  it('collapses concurrent identical misses into one source call', async () => {
    const source = new FakeSource();
    source.gate = new Promise((resolve) => (source.release = resolve));
    const search = searchWith(source);
    const pending = Array.from({ length: 50 }, (_, index) => search.search(query, `client-${index}`));
    source.release?.();
    const outcomes = await Promise.all(pending);
    expect(source.calls).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.cache === 'miss')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.cache === 'collapsed')).toHaveLength(49);
  });

  it('serves a stale entry with its age when the source fails, and fails when there is none', async () => {
    let now = 0;
    const source = new FakeSource();
    const search = searchWith(source, { ttlMs: 1_000 }, () => now);
    const fresh = await search.search(query, OWNER);
    expect(fresh.age).toBe(0);
    now = 5_000;
    source.fail = true;
    const stale = await search.search(query, OWNER);
    expect(stale.cache).toBe('stale');
    expect(stale.age).toBe(5);
    expect(parse(stale.body)).toEqual(parse(fresh.body));
    await expect(search.search({ ...query, q: 'other' }, OWNER)).rejects.toThrow('upstream down');
  });

  it('reports the age of a hit in whole seconds since it was fetched', async () => {
    let now = 10_000;
    const search = searchWith(new FakeSource(), { ttlMs: 60_000 }, () => now);
    await search.search(query, OWNER);
    now = 10_000 + 2_999;
    expect(await search.search(query, OWNER)).toMatchObject({ cache: 'hit', age: 2 });
  });

  it('stays within its entry bound', async () => {
    const source = new FakeSource();
    const search = searchWith(source, { share: share(10, 2) });
    for (const q of ['aa', 'bb', 'cc']) await search.search({ ...query, q }, `client-${q}`);
    expect((await search.search({ ...query, q: 'aa' }, OWNER)).cache).toBe('miss');
  });

  it("charges a client's searches to it: past its share, its own oldest pages go", async () => {
    const source = new FakeSource();
    const search = searchWith(source, { share: share(2, 100) });
    await search.search({ ...query, q: 'theirs' }, 'other');
    for (const q of ['aa', 'bb', 'cc']) await search.search({ ...query, q }, OWNER);
    expect((await search.search({ ...query, q: 'theirs' }, OWNER)).cache).toBe('hit');
    expect((await search.search({ ...query, q: 'cc' }, OWNER)).cache).toBe('hit');
    expect((await search.search({ ...query, q: 'aa' }, OWNER)).cache).toBe('miss');
  });
});

describe('search route paging window', () => {
  const source = new FakeSource();
  source.total = 50_000;
  const app = createApp(testDeps({}, [], { papers: source }), routes);
  const get = async (target: string) => {
    const response = await app.handle(coreRequest('GET', target));
    return { status: response.status, body: JSON.parse(bodyText(response.body)) };
  };

  it('reports the real total but stops has_more at 10,000 results', async () => {
    const last = await get('/api/v1/reports/search?q=deep&limit=200&page=50');
    expect(last.status).toBe(200);
    expect(last.body.total).toBe(50_000);
    expect(last.body.has_more).toBe(false);
    expect(last.body.next_cursor).toBeNull();
    const before = await get('/api/v1/reports/search?q=deep&limit=200&page=49');
    expect(before.body.has_more).toBe(true);
  });

  it('answers a page past page × limit = 10,000 empty, without asking the source for it', async () => {
    source.calls = [];
    const past = await get('/api/v1/reports/search?q=deeper&limit=200&page=51');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ total: 50_000, results: [], has_more: false, next_cursor: null });
    const scope = searchScope({ q: 'deeper', corpus: 'ai', sort: 'citations', limit: 200 });
    expect(past.body.pagination).toMatchObject({ cursor: listCursor(scope, 51), has_more: false, next_cursor: null });
    expect(source.calls.map((call) => call.page)).toEqual([1]);
  });

  it('stops has_more before a page that would pass the window when the limit does not divide 10,000', async () => {
    expect((await get('/api/v1/reports/search?q=deep&limit=3&page=3332')).body.has_more).toBe(true);
    expect((await get('/api/v1/reports/search?q=deep&limit=3&page=3333')).body.has_more).toBe(false);
  });
});
