import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/core/app.ts';
import { PaperSearch } from '../../src/core/papers/paper-search.ts';
import type { PaperQuery, PaperResults, PaperSource } from '../../src/core/papers/paper-source.ts';
import { bodyText, coreRequest, testDeps } from '../support/core-deps.ts';

class FakeSource implements PaperSource {
  readonly name = 'fake';
  calls: PaperQuery[] = [];
  fail = false;
  total = 3;
  release: (() => void) | undefined;
  gate: Promise<void> | undefined;

  async search(query: PaperQuery): Promise<PaperResults> {
    this.calls.push(query);
    if (this.gate) await this.gate;
    if (this.fail) throw new Error('upstream down');
    const item = { title: query.q, source: 's', url: 'u', date: '2020', category: 'c', type: 'Article', citations: 1 };
    return { items: [item], total: this.total };
  }
}

const query: PaperQuery = { q: 'neural nets', corpus: 'ai', limit: 10, page: 1 };

describe('PaperSearch', () => {
  it('caches by the normalised query and expires after the TTL', async () => {
    let now = 0;
    const source = new FakeSource();
    const search = new PaperSearch(source, { ttlMs: 1_000, now: () => now });
    expect((await search.search(query)).cache).toBe('miss');
    expect((await search.search({ ...query, q: '  NEURAL   nets ' })).cache).toBe('hit');
    expect((await search.search({ ...query, page: 2 })).cache).toBe('miss');
    now = 1_000;
    expect((await search.search(query)).cache).toBe('miss');
    expect(source.calls).toHaveLength(3);
  });

  it('collapses concurrent identical misses into one source call', async () => {
    const source = new FakeSource();
    source.gate = new Promise((resolve) => (source.release = resolve));
    const search = new PaperSearch(source);
    const pending = Array.from({ length: 50 }, () => search.search(query));
    source.release?.();
    const outcomes = await Promise.all(pending);
    expect(source.calls).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.cache === 'miss')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.cache === 'collapsed')).toHaveLength(49);
  });

  it('serves a stale entry when the source fails, and fails when there is none', async () => {
    let now = 0;
    const source = new FakeSource();
    const search = new PaperSearch(source, { ttlMs: 1_000, now: () => now });
    await search.search(query);
    now = 5_000;
    source.fail = true;
    const stale = await search.search(query);
    expect(stale.cache).toBe('stale');
    expect(stale.age).toBe(5);
    await expect(search.search({ ...query, q: 'other' })).rejects.toThrow('upstream down');
  });

  it('stays within its entry bound', async () => {
    const source = new FakeSource();
    const search = new PaperSearch(source, { maxEntries: 2 });
    for (const q of ['aa', 'bb', 'cc']) await search.search({ ...query, q });
    expect((await search.search({ ...query, q: 'aa' })).cache).toBe('miss');
  });
});

describe('search route paging window', () => {
  const source = new FakeSource();
  source.total = 50_000;
  const app = createApp(testDeps({ papers: new PaperSearch(source) }));
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
    expect((await get('/api/v1/reports/search?q=deep&limit=200&page=51')).status).toBe(400);
  });
});
