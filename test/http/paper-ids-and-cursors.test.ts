// Issue 47, points 1 and 3: a paper named by its arXiv id or PubMed id (REST and MCP), the OpenAlex id
// in every paper tool's text, and list cursors bound to the list they page (tampered, or carried to
// another query, sort, limit or paper: 400 invalid_cursor over REST, -32602 over MCP).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { callTool, http } from '../support/http.ts';
import { buildMirror, FIXTURE_FILES, type TemporaryMirror } from '../support/local-mirror.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';

const held = [...fixtureWorks.ai, ...fixtureWorks.web3];
type Work = (typeof held)[number];
const short = (id: unknown) => String(id).split('/').pop() ?? '';

const citersOf = (work: Work) => held.filter((other) => (other['referenced_works'] ?? []).includes(work['id']));
/** The held works most cited by other held works: the first's citations list runs over pages. */
const [cited, otherCited] = [...held].sort((a, b) => citersOf(b).length - citersOf(a).length) as [Work, Work];

// An arXiv preprint (its DataCite DOI, as OpenAlex records one) and a paper with a PubMed id.
const preprint = {
  ...held[0],
  id: 'https://openalex.org/W9800000101',
  doi: 'https://doi.org/10.48550/arxiv.2106.09685',
  display_name: 'An arXiv preprint named by its arXiv id',
  title: 'An arXiv preprint named by its arXiv id',
  type: 'preprint',
};
const medical = {
  ...held[1],
  id: 'https://openalex.org/W9800000102',
  doi: null,
  ids: { openalex: 'https://openalex.org/W9800000102', pmid: 'https://pubmed.ncbi.nlm.nih.gov/29456894' },
  display_name: 'A paper named by its PubMed id',
  title: 'A paper named by its PubMed id',
};
const works = [...held, preprint, medical];

type StandIn = Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let standIn: StandIn;
let mirror: TemporaryMirror;
let extraDir: string;
beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works });
  extraDir = mkdtempSync(path.join(tmpdir(), 'paper-ids-'));
  const extra = path.join(extraDir, 'extra.jsonl');
  writeFileSync(extra, `${JSON.stringify(preprint)}\n${JSON.stringify(medical)}\n`);
  mirror = await buildMirror([...FIXTURE_FILES, extra]);
});
afterAll(async () => {
  await standIn?.close();
  mirror?.remove();
  if (extraDir) rmSync(extraDir, { recursive: true, force: true });
});

const SOURCES = {
  openalex: () => ({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
  local: () => ({ PAPERS_SOURCE: 'local', PAPERS_DB: mirror.file, OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
};

describe.each(Object.keys(SOURCES) as Array<keyof typeof SOURCES>)('paper ids and cursors (%s)', (source) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(SOURCES[source]());
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (route: string) => http(`${server.url}${route}`);
  const rpc = (name: string, args: Record<string, unknown>) => callTool(server.url, name, args);

  it('answers a paper by its arXiv id in every spelling, over REST and MCP', async () => {
    for (const spelling of [
      'arXiv:2106.09685',
      'arxiv:2106.09685v1',
      '2106.09685',
      'https://arxiv.org/abs/2106.09685v2',
      'https://arxiv.org/pdf/2106.09685',
    ]) {
      const response = await get(`/api/v1/papers/${encodeURIComponent(spelling)}`);
      expect(response.status, `${spelling}: ${response.text}`).toBe(200);
      expect(response.json().id).toBe(preprint.id);
    }
    const tool = (await rpc('get_paper', { id: 'arXiv:2106.09685' })).result;
    expect(tool.structuredContent.id).toBe(preprint.id);
    expect(tool.content[0].text).toContain('W9800000101');
    const bibtex = (await rpc('cite_papers', { ids: ['arXiv:2106.09685'] })).result.structuredContent;
    expect(bibtex.count).toBe(1);
  });

  it('answers a paper by its PubMed id in every spelling, over REST and MCP, from OpenAlex and the mirror', async () => {
    for (const spelling of ['pmid:29456894', 'PMID:29456894', 'https://pubmed.ncbi.nlm.nih.gov/29456894/']) {
      const response = await get(`/api/v1/papers/${encodeURIComponent(spelling)}`);
      expect(response.status, `${spelling}: ${response.text}`).toBe(200);
      expect(response.json().id).toBe(medical.id);
    }
    const tool = (await rpc('get_paper', { id: 'https://pubmed.ncbi.nlm.nih.gov/29456894' })).result;
    expect(tool.structuredContent.id).toBe(medical.id);
    expect((await rpc('cite_papers', { ids: ['pmid:29456894'] })).result.structuredContent.count).toBe(1);
    // A PubMed id no work holds is an unknown paper, not another work's.
    const unknown = await get('/api/v1/papers/pmid:29456895');
    expect([unknown.status, unknown.json().error.code]).toEqual([404, 'paper_not_found']);
  });

  it('refuses an id of no accepted form with a message that lists every form', async () => {
    for (const id of ['banana', 'arXiv:21.1', 'pmid:abc', 'https://arxiv.org/list/cs.LG']) {
      const response = await get(`/api/v1/papers/${encodeURIComponent(id)}/citations`);
      expect(response.status, id).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('invalid_paper_id');
      for (const form of ['OpenAlex work id', 'DOI', 'arXiv', 'PubMed']) expect(error.message).toContain(form);
    }
    const refused = await rpc('paper_references', { id: 'banana' });
    expect(refused.error.code).toBe(-32602);
    expect(refused.error.message).toMatch(/arXiv id.*PubMed id/);
  });

  it('shows the OpenAlex work id on every line of a paper tool', async () => {
    const search = (await rpc('search_reports', { query: 'learning', limit: 5 })).result;
    const lines = String(search.content[0].text)
      .split('\n')
      .filter((line) => /^\d+\. /.test(line));
    expect(lines.length).toBe(search.structuredContent.results.length);
    search.structuredContent.results.forEach((item: { id: string }, index: number) =>
      expect(lines[index]).toContain(short(item.id)),
    );
    const citations = (await rpc('paper_citations', { id: short(cited['id']), limit: 3 })).result;
    for (const item of citations.structuredContent.results) expect(citations.content[0].text).toContain(short(item.id));
  });

  it('pages a paper list over MCP by the cursor it returns, and over REST', async () => {
    const all = citersOf(cited).length;
    expect(all).toBeGreaterThan(1);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const args: Record<string, unknown> = { id: short(cited['id']), limit: 1, ...(cursor ? { cursor } : {}) };
      const page = (await rpc('paper_citations', args)).result;
      expect(page.isError, JSON.stringify(page)).toBeFalsy();
      seen.push(...page.structuredContent.results.map((item: { id: string }) => item.id));
      cursor = page.structuredContent.next_cursor ?? undefined;
      if (cursor) expect(page.content[0].text).toContain(cursor);
    } while (cursor && seen.length <= all);
    expect(new Set(seen).size).toBe(all);
    expect(seen.length).toBe(all);
  });

  it('pages search_reports by cursor: page 2 follows page 1', async () => {
    const first = (await rpc('search_reports', { query: 'learning', limit: 2 })).result.structuredContent;
    const wide = (await rpc('search_reports', { query: 'learning', limit: 4 })).result.structuredContent;
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await rpc('search_reports', { query: 'learning', limit: 2, cursor: first.next_cursor })).result;
    expect(second.isError, JSON.stringify(second)).toBeFalsy();
    const ids = (page: { results: Array<{ id: string }> }) => page.results.map((item) => item.id);
    expect([...ids(first), ...ids(second.structuredContent)]).toEqual(ids(wide));
  });

  it("answers only the fields asked for, within each tool's published output schema", async () => {
    const listed = await http(`${server.url}/.well-known/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools: Array<{ name: string; outputSchema: object }> = listed.json().result.tools;
    const ajv = new Ajv({ strict: false });
    const calls: Array<[string, Record<string, unknown>]> = [
      ['search_reports', { query: 'learning', limit: 5, fields: ['title'] }],
      ['paper_citations', { id: short(cited['id']), limit: 5, fields: ['title', 'doi'] }],
      ['get_paper', { id: short(cited['id']), fields: ['title', 'abstract'] }],
    ];
    for (const [name, args] of calls) {
      const result = (await rpc(name, args)).result;
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      const schema = tools.find((tool) => tool.name === name)?.outputSchema as object;
      expect(ajv.validate(schema, result.structuredContent), `${name}: ${ajv.errorsText()}`).toBe(true);
      const papers = result.structuredContent.results ?? [result.structuredContent];
      expect(papers.length).toBeGreaterThan(0);
      for (const paper of papers)
        expect(Object.keys(paper).sort()).toEqual(['id', ...(args['fields'] as string[])].sort());
      expect(result.content[0].text).not.toMatch(/ citations/);
    }
    const full = (await rpc('search_reports', { query: 'learning', limit: 5 })).result;
    const chosen = (await rpc('search_reports', { query: 'learning', limit: 5, fields: ['title'] })).result;
    expect(JSON.stringify(chosen).length).toBeLessThan(JSON.stringify(full).length / 2);
    expect((await rpc('get_paper', { id: short(cited['id']), fields: ['colour'] })).error.code).toBe(-32602);
    // REST answers every field, as the interface promises.
    expect(
      Object.keys((await get(`/api/v1/papers/${short(cited['id'])}/citations?fields=title`)).json().results[0]),
    ).toContain('citations');
  });

  it('feeds the newest works citing a paper as RSS, by any id the paper routes take', async () => {
    const response = await get(`/papers/${short(cited['id'])}/citations/feed.xml`);
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const rss = new XMLParser({ ignoreAttributes: false }).parse(response.text).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toContain(String(cited['display_name']));
    expect(rss.channel['atom:link']['@_href']).toMatch(
      new RegExp(`/papers/${short(cited['id'])}/citations/feed\\.xml$`),
    );
    const items = [rss.channel.item ?? []].flat();
    const newestFirst = citersOf(cited)
      .map((work) => ({ id: String(work['id']), date: String(work['publication_date'] ?? '') }))
      .sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date > b.date ? -1 : 1));
    expect(items.map((item: { guid: { '#text': string } }) => item.guid['#text'])).toEqual(
      newestFirst.slice(0, items.length).map((work) => work.id),
    );
    expect(items.length).toBe(Math.min(newestFirst.length, 20));
    expect((await get('/papers/arXiv%3A2106.09685/citations/feed.xml')).status).toBe(200);
    expect((await get('/papers/banana/citations/feed.xml')).json().error.code).toBe('invalid_paper_id');
    expect((await get('/papers/W1/citations/feed.xml')).status).toBe(404);
  });

  it('refuses a cursor tampered with or carried to another list: 400 invalid_cursor, -32602 over MCP', async () => {
    const search = (await get('/api/v1/reports/search?q=learning&limit=2')).json();
    const next = search.next_cursor as string;
    expect((await get(`/api/v1/reports/search?q=learning&limit=2&cursor=${next}`)).status).toBe(200);
    const tampered = Buffer.from(Buffer.from(next, 'base64url').toString().replace(/^2/, '3')).toString('base64url');
    for (const query of [
      `q=learning&limit=2&cursor=${tampered}`,
      `q=learning&limit=3&cursor=${next}`,
      `q=networks&limit=2&cursor=${next}`,
      `q=learning&limit=2&sort=date&cursor=${next}`,
      `q=learning&limit=2&corpus=web3&cursor=${next}`,
      `q=learning&limit=2&cursor=${Buffer.from('2').toString('base64url')}`,
    ]) {
      const response = await get(`/api/v1/reports/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json().error.code, query).toBe('invalid_cursor');
    }
    const base = `/api/v1/papers/${short(cited['id'])}`;
    const list = (await get(`${base}/citations?limit=1`)).json();
    expect(list.next_cursor).toEqual(expect.any(String));
    for (const route of [
      `${base}/references?limit=1&cursor=${list.next_cursor}`,
      `${base}/citations?limit=2&cursor=${list.next_cursor}`,
      `${base}/citations?limit=1&sort=date&cursor=${list.next_cursor}`,
      `/api/v1/papers/${short(otherCited['id'])}/citations?limit=1&cursor=${list.next_cursor}`,
      `/api/v1/reports/search?q=learning&limit=1&cursor=${list.next_cursor}`,
    ]) {
      const response = await get(route);
      expect(response.status, route).toBe(400);
      expect(response.json().error.code, route).toBe('invalid_cursor');
    }
    const refused = await rpc('paper_references', { id: short(cited['id']), limit: 1, cursor: list.next_cursor });
    expect(refused.error?.code, JSON.stringify(refused)).toBe(-32602);
    expect(refused.error.message).toMatch(/cursor/);
    const elsewhere = await rpc('search_reports', { query: 'networks', limit: 2, cursor: next });
    expect(elsewhere.error?.code, JSON.stringify(elsewhere)).toBe(-32602);
  });
});
