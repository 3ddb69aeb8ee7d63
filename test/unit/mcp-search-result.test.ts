// search_reports answers from the shared search cache, whose pages expire and change. Whatever MCP
// remembers of a result must follow the page it was made from: a repeat within the page's life gets
// the same answer, a repeat after the page changed gets the new one, and it always equals REST's.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/core/http/app.ts';
import { ApiError } from '../../src/core/errors.ts';
import { PaperSearch } from '../../src/core/papers/contract/paper-search.ts';
import type { PaperQuery, PaperResults, PaperSource } from '../../src/core/papers/contract/paper-source.ts';
import { MemorySearchCache } from '../../src/core/stores/search-cache.ts';
import { routes } from '../../src/core/routes/index.ts';
import { bodyText, coreRequest, testDeps } from '../support/core-deps.ts';

const TTL_MS = 60_000;

/** A paper index whose one paper is renamed between editions. */
class EditedSource implements PaperSource {
  readonly name = 'edited';
  edition = 1;
  calls = 0;
  down = false;

  paper = () => Promise.resolve(undefined);
  related = () => Promise.resolve({ items: [], total: 0 });

  async search(query: PaperQuery): Promise<PaperResults> {
    this.calls += 1;
    if (this.down) throw new ApiError('upstream_error', 'The index is down.');
    const item = {
      ...{ title: `${query.q}, edition ${this.edition}`, source: 's', url: 'https://example.org/w1', date: '2020' },
      ...{ publication_date: '2020-05-01', category: 'c', type: 'Article', citations: this.edition },
      ...{ id: 'https://openalex.org/W1', doi: null, authors: [], open_access_url: null },
    };
    return { items: [item], total: 1 };
  }
}

/** `pages`: how many pages the search cache keeps. */
function setup(pages = 100) {
  let now = 1_000_000;
  const clock = () => now;
  const source = new EditedSource();
  const share = { count: pages, bytes: 1 << 20 };
  const cache = new MemorySearchCache({ ttlMs: TTL_MS, share: { total: share, perClient: share } }, clock);
  const papers = new PaperSearch(source, cache, clock);
  const app = createApp(testDeps({ papers }), routes);
  return { app, source, later: (ms: number) => (now += ms) };
}

const ARGUMENTS = { query: 'neural nets', corpus: 'ai', limit: 5 };

/** The same bytes each time, as a client repeating a call sends them. */
const calls = (args: object) => ({
  modern: {
    headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'search_reports' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'search_reports',
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  },
  legacy: {
    headers: { 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'search_reports', arguments: args },
    }),
  },
});

describe.each(['modern', 'legacy'] as const)('search_reports over MCP (%s era)', (era) => {
  const { app, source, later } = setup();

  it('answers a repeat from the same page while the page lives', async () => {
    const first = await callTool(app, calls(ARGUMENTS)[era]);
    expect(first.content[0]?.text).toContain('neural nets, edition 1');
    later(TTL_MS - 1);
    expect(await callTool(app, calls(ARGUMENTS)[era])).toEqual(first);
    expect(source.calls).toBe(1);
  });

  it('answers a repeat from the new page once the cached one has expired', async () => {
    source.edition = 2;
    later(2);
    const second = await callTool(app, calls(ARGUMENTS)[era]);
    expect(source.calls).toBe(2);
    expect(await callTool(app, calls(ARGUMENTS)[era])).toEqual(second);
    expect(source.calls).toBe(2);
    expect(second.content[0]?.text).toContain('neural nets, edition 2');
    expect(second.content[0]?.text).not.toContain('edition 1');
    expect(second.structuredContent).toEqual(await restSearch(app, 'neural nets'));
  });

  it('answers a repeat from the expired page while the index is down, as REST does', async () => {
    source.down = true;
    source.edition = 3;
    later(TTL_MS + 1);
    const third = await callTool(app, calls(ARGUMENTS)[era]);
    expect(third.content[0]?.text).toContain('neural nets, edition 2');
    expect(third.structuredContent).toEqual(await restSearch(app, 'neural nets'));
  });
});

describe('search_reports over MCP, a repeat whose page is gone', () => {
  it('is answered as a first call: with a tool error while the index is down', async () => {
    const { app, source } = setup(1);
    const first = await callTool(app, calls(ARGUMENTS).modern);
    expect(first.isError).toBeUndefined();
    await callTool(app, calls({ ...ARGUMENTS, query: 'other question' }).modern);
    source.down = true;
    const before = source.calls;
    const repeat = await callTool(app, calls(ARGUMENTS).modern);
    expect(repeat.isError).toBe(true);
    expect(repeat.content[0]?.text).toContain('The index is down.');
    // Asked once, as a first call asks it: a failing index is not asked twice for one call.
    expect(source.calls - before).toBe(1);
  });
});

type App = ReturnType<typeof setup>['app'];

async function callTool(app: App, call: { headers: Record<string, string>; body: string }) {
  const response = await app.handle(
    coreRequest('POST', '/.well-known/mcp', {
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...call.headers },
      body: call.body,
    }),
  );
  expect(response.status).toBe(200);
  const answer = JSON.parse(bodyText(response.body));
  expect(answer.id).toBe(7);
  return answer.result as { content: Array<{ text: string }>; structuredContent: unknown; isError?: boolean };
}

async function restSearch(app: App, q: string) {
  const response = await app.handle(
    coreRequest('GET', `/api/v1/reports/search?${new URLSearchParams({ q, corpus: 'ai', limit: '5' })}`),
  );
  return JSON.parse(bodyText(response.body));
}
