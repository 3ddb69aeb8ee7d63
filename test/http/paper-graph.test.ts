// The paper graph (GET /api/v1/papers/{id}, its citations and its references) over both paper
// sources: the OpenAlex proxy in front of the stand-in, and the local mirror imported from the same
// fixture records. What each answer should hold is computed here from the fixture records themselves.
import { parseAsync } from '@retorquere/bibtex-parser';

import Ajv from 'ajv';
import { listCursor } from '../../src/core/papers/contract/list-cursor.ts';
import { relatedScope } from '../../src/core/papers/contract/paper-search.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { buildMirror, FIXTURE_FILES, type TemporaryMirror } from '../support/local-mirror.ts';
import { abstractOf, startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Read titles as written: the parser's default recases unprotected words, as some styles do. */
const LITERAL = { sentenceCase: false } as const;

type StandIn = Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let standIn: StandIn;
let mirror: TemporaryMirror;
let server: TestServer;
const allWorks = [...fixtureWorks.ai, ...fixtureWorks.web3];
type Work = (typeof allWorks)[number];

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
  openalex: () => ({ OPENALEX_URL: standIn.url, OPENALEX_TIMEOUT_MS: '1200', LOG_REQUESTS: 'false' }),
  local: () => ({ PAPERS_SOURCE: 'local', PAPERS_DB: mirror.file, OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
};

const short = (id: unknown) => String(id).split('/').pop() ?? '';
const get = (path: string) => http(`${server.url}${path}`);
const post = (path: string, body: unknown) =>
  http(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });

/** The most cited work that both cites and is cited by held works: every list of it has members. */
const hub = allWorks
  .filter(
    (work) =>
      (work['referenced_works'] ?? []).some((id: string) => allWorks.some((other) => other['id'] === id)) &&
      allWorks.some((other) => (other['referenced_works'] ?? []).includes(work['id'])),
  )
  .sort((a, b) => b['cited_by_count'] - a['cited_by_count'])[0] as Work;
const withDoi = allWorks.find((work) => typeof work['doi'] === 'string') as Work;

const byCitations = (a: Work, b: Work) =>
  b['cited_by_count'] - a['cited_by_count'] || String(a['id']).localeCompare(String(b['id']));
const dateOf = (work: Work) => String(work['publication_date'] ?? '');
const byDate = (a: Work, b: Work) =>
  (dateOf(a) === dateOf(b) ? 0 : dateOf(a) > dateOf(b) ? -1 : 1) || String(a['id']).localeCompare(String(b['id']));

/** The held works citing `work`, and the held works it cites, in an order. */
const citing = (work: Work) => allWorks.filter((other) => (other['referenced_works'] ?? []).includes(work['id']));
const citedBy = (work: Work) => allWorks.filter((other) => (work['referenced_works'] ?? []).includes(other['id']));

/** Every id of a list, page by page through next_cursor. */
async function walk(path: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await get(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status, response.text).toBe(200);
    const body: { results: Array<{ id: string }>; next_cursor: string | null } = response.json();
    ids.push(...body.results.map((item) => item.id));
    cursor = body.next_cursor;
  } while (cursor && ids.length < 200);
  return ids;
}

describe.each(Object.keys(SOURCES) as Array<keyof typeof SOURCES>)('the paper graph over the %s source', (source) => {
  beforeAll(async () => {
    server = await startTestServer(SOURCES[source]());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a paper by its work id, with every author and the abstract', async () => {
    const response = await get(`/api/v1/papers/${short(hub['id'])}`);
    expect(response.status, response.text).toBe(200);
    const paper = response.json();
    expectMatchesOpenApi('/api/v1/papers/{id}', 'get', 200, paper);
    expect(paper.id).toBe(hub['id']);
    expect(paper.title).toBe(hub['display_name']);
    const names = (hub['authorships'] ?? []).map(
      (a: { author?: { display_name?: string }; raw_author_name?: string }) =>
        a.author?.display_name ?? a.raw_author_name,
    );
    expect(paper.authors).toEqual(names.filter(Boolean));
    expect(paper.abstract).toBe(abstractOf(hub) || null);
    expect(paper.references_count).toBe(hub['referenced_works_count']);
    expect(paper.citations_url).toMatch(new RegExp(`/api/v1/papers/${short(hub['id'])}/citations$`));
    expect(response.headers['cache-control']).toMatch(/max-age=/);
  });

  it('answers the same paper by its DOI in every spelling', async () => {
    const doi = String(withDoi['doi']).replace('https://doi.org/', '');
    for (const spelling of [doi, doi.toUpperCase(), `doi:${doi}`, `https://doi.org/${doi}`]) {
      const response = await get(`/api/v1/papers/${encodeURIComponent(spelling)}`);
      expect(response.status, `${spelling}: ${response.text}`).toBe(200);
      expect(response.json().id).toBe(withDoi['id']);
    }
    // The path is one segment: a DOI's slash unencoded names another path.
    expect((await get(`/api/v1/papers/${doi}`)).json().error.code).toBe('not_found');
  });

  it('refuses an id that is neither (400) and answers 404 for one the index does not have', async () => {
    for (const bad of ['banana', 'W', 'w12', '10.1%2Fx', '%20W12', 'W12abc', '%E0%A4%A']) {
      const response = await get(`/api/v1/papers/${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.json().error.code).toBe('invalid_paper_id');
      expectMatchesOpenApi('/api/v1/papers/{id}', 'get', 400, response.json());
    }
    for (const missing of ['W1', encodeURIComponent('10.9999/no-such-paper')]) {
      const response = await get(`/api/v1/papers/${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.json().error.code).toBe('paper_not_found');
      expect((await get(`/api/v1/papers/${missing}/citations`)).status).toBe(404);
    }
  });

  it('lists the works citing a paper and the works it cites, most cited first, paged', async () => {
    const base = `/api/v1/papers/${short(hub['id'])}`;
    const cites = await get(`${base}/citations`);
    expect(cites.status, cites.text).toBe(200);
    const body = cites.json();
    expectMatchesOpenApi('/api/v1/papers/{id}/citations', 'get', 200, body);
    expect(body.relation).toBe('citations');
    expect(body.paper.id).toBe(hub['id']);
    expect(body.total).toBe(citing(hub).length);
    expect(body.results.map((item: { id: string }) => item.id)).toEqual(
      citing(hub)
        .sort(byCitations)
        .map((w) => w['id']),
    );
    expect(await walk(`${base}/citations`, 2)).toEqual(
      citing(hub)
        .sort(byCitations)
        .map((w) => w['id']),
    );
    expect(await walk(`${base}/references`, 1)).toEqual(
      citedBy(hub)
        .sort(byCitations)
        .map((w) => w['id']),
    );
    // A page past the paging window (page × limit > 10,000) is empty, as past the last result, not an error.
    const scope = relatedScope(
      { relation: 'citations', sort: 'citations', limit: 200 },
      { kind: 'openalex', id: short(hub['id']) },
    );
    const beyond = await get(`${base}/citations?limit=200&cursor=${listCursor(scope, 51)}`);
    expect(beyond.status, beyond.text).toBe(200);
    expect(beyond.json()).toMatchObject({ results: [], has_more: false, next_cursor: null, total: citing(hub).length });
    const newest = (await get(`${base}/references?sort=date`)).json();
    expect(newest.results.map((item: { id: string }) => item.id)).toEqual(
      citedBy(hub)
        .sort(byDate)
        .map((w) => w['id']),
    );
  });

  it('takes a DOI for the lists too, and refuses bad parameters', async () => {
    const doi = encodeURIComponent(String(hub['doi'] ?? withDoi['doi']));
    const work = hub['doi'] ? hub : withDoi;
    const list = (await get(`/api/v1/papers/${doi}/citations`)).json();
    expect(list.paper.id).toBe(work['id']);
    expect(list.total).toBe(citing(work).length);
    const base = `/api/v1/papers/${short(hub['id'])}/references`;
    for (const query of ['sort=relevance', 'limit=0', 'limit=201', 'cursor=%%%']) {
      const response = await get(`${base}?${query}`);
      expect(response.status, query).toBe(400);
      expectMatchesOpenApi('/api/v1/papers/{id}/references', 'get', 400, response.json());
    }
  });

  it('is a batch target and three MCP tools with the same answers', async () => {
    const path = `/api/v1/papers/${short(hub['id'])}`;
    const rest = (await get(path)).json();
    const batch = (await post('/api/v1/batch', { requests: [{ path }, { path: `${path}/references` }] })).json();
    expect(batch.responses[0].status).toBe(200);
    expect(batch.responses[0].body).toEqual(rest);
    expect(batch.responses[1].body).toEqual((await get(`${path}/references`)).json());

    const listed = (await post('/.well-known/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' })).json();
    for (const name of ['get_paper', 'paper_citations', 'paper_references']) {
      const tool = listed.result.tools.find((each: { name: string }) => each.name === name);
      expect(tool, name).toBeTruthy();
      expect(tool.annotations.openWorldHint).toBe(true);
      expect(tool.inputSchema.required).toContain('id');
    }
    const answer = async (name: string, args: Record<string, unknown>) =>
      (
        await post('/.well-known/mcp', {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name, arguments: args },
        })
      ).json();
    const call = async (name: string, args: Record<string, unknown>) => (await answer(name, args)).result;
    expect((await call('get_paper', { id: short(hub['id']) })).structuredContent).toEqual(rest);
    const cited = await call('paper_citations', { id: hub['id'], limit: 3 });
    expect(cited.structuredContent.results.map((item: { id: string }) => item.id)).toEqual(
      citing(hub)
        .sort(byCitations)
        .slice(0, 3)
        .map((w) => w['id']),
    );
    // Invalid arguments: -32602 under the revision a client without a version header speaks.
    const refused = await answer('get_paper', { id: 'banana' });
    expect(refused.error.code).toBe(-32602);
    expect(refused.error.message).toMatch(/is not a paper id/);
    const templates = (
      await post('/.well-known/mcp', { jsonrpc: '2.0', id: 3, method: 'resources/templates/list' })
    ).json();
    expect(templates.result.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toContain(
      'research-hub://papers/{id}',
    );
    const read = async (uri: string) =>
      (await post('/.well-known/mcp', { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri } })).json();
    const doi = encodeURIComponent(String(withDoi['doi']));
    expect(JSON.parse((await read(`research-hub://papers/${doi}`)).result.contents[0].text).id).toBe(withDoi['id']);
    expect((await read('research-hub://papers/W1')).error).toBeTruthy();
    const missing = await call('get_paper', { id: 'W1' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/W1/);
  });
});

describe('the paper graph over OpenAlex: cache and upstream failures', () => {
  beforeAll(async () => {
    server = await startTestServer(SOURCES.openalex());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('asks OpenAlex /works/{id} once, then answers from the cache', async () => {
    const work = allWorks.find((each) => each !== hub && each !== withDoi) as Work;
    const path = `/api/v1/papers/${short(work['id'])}`;
    const before = standIn.requests.filter((request) => request.path.endsWith(short(work['id']))).length;
    const first = await get(path);
    const second = await get(path);
    expect(first.headers['cache-status']).toMatch(/fwd=miss/);
    expect(second.headers['cache-status']).toMatch(/hit/);
    expect(standIn.requests.filter((request) => request.path.endsWith(short(work['id']))).length).toBe(before + 1);
  });

  it('answers 502 with Retry-After when the index fails', async () => {
    standIn.setFault({ kind: 'status', status: 503, retryAfter: '7' });
    const response = await get(`/api/v1/papers/W9000000099/citations`);
    expect(response.status).toBe(502);
    expect(response.json().error.code).toBe('upstream_error');
    expect(response.headers['retry-after']).toBe('7');
    // An agent reads the body, not the headers: the seconds and what the index answered are in the words.
    const { message, resolution } = response.json().error;
    expect(message).toMatch(/HTTP 503/);
    expect(`${message} ${resolution}`).toMatch(/\b7 seconds\b/);
    standIn.setFault({ kind: 'status', status: 429, retryAfter: '3' });
    const limited = (await get(`/api/v1/papers/W9000000098`)).json().error;
    expect(limited.message).toMatch(/HTTP 429/);
    expect(limited.message).not.toMatch(/HTTP 503/);
    expect(`${limited.message} ${limited.resolution}`).toMatch(/\b3 seconds\b/);
    const called = (
      await post('/.well-known/mcp', {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_paper', arguments: { id: 'W9000000097' } },
      })
    ).json().result;
    expect(called.isError).toBe(true);
    expect(called.content[0].text).toMatch(/\b3 seconds\b/);
  });

  it('is in OpenAPI and the directory', async () => {
    const openapi = (await get('/openapi.json')).json();
    expect(openapi.paths['/api/v1/papers/{id}'].get.operationId).toBe('getPaper');
    expect(openapi.paths['/api/v1/papers/{id}/citations'].get.operationId).toBe('listPaperCitations');
    expect((await get('/api/v1')).json().endpoints.paper).toMatch(/\/api\/v1\/papers\/\{id\}$/);
  });
});

describe('citation export (BibTeX, CSL-JSON) on the paper route and search', () => {
  const validateCsl = new Ajv({ strict: false }).compile(
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/csl/csl-data.json'), 'utf8')),
  );
  beforeAll(async () => {
    server = await startTestServer(SOURCES.openalex());
  });
  afterAll(async () => {
    await server?.stop();
  });
  const withAccept = (target: string, accept: string) => http(`${server.url}${target}`, { headers: { accept } });

  it('answers a paper as BibTeX for ?format=bibtex and for Accept, read back with its title', async () => {
    const target = `/api/v1/papers/${short(hub['id'])}`;
    for (const response of [await get(`${target}?format=bibtex`), await withAccept(target, 'application/x-bibtex')]) {
      expect(response.status, response.text).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/x-bibtex/);
      expect(response.headers['vary']).toMatch(/Accept/);
      const parsed = await parseAsync(response.text, LITERAL);
      expect(parsed.errors).toEqual([]);
      expect(parsed.entries).toHaveLength(1);
      expect(parsed.entries[0]?.fields['title']).toBe(hub['display_name']);
      expect(parsed.entries[0]?.key).toMatch(/^[a-z0-9]+$/);
    }
    // JSON stays the default, for browsers' and clients' Accept alike.
    expect((await withAccept(target, 'application/json, */*')).json().id).toBe(hub['id']);
    expect((await get(`${target}?format=ris`)).status).toBe(400);
  });

  it('answers a search page as CSL-JSON valid against the CSL schema, and as BibTeX with unique keys', async () => {
    const search = '/api/v1/reports/search?q=learning&limit=50';
    const json = (await get(search)).json();
    const csl = await withAccept(search, 'application/vnd.citationstyles.csl+json');
    expect(csl.headers['content-type']).toMatch(/^application\/vnd\.citationstyles\.csl\+json/);
    const items = csl.json();
    expect(validateCsl(items), JSON.stringify(validateCsl.errors)).toBe(true);
    expect(items.map((item: { title: string }) => item.title)).toEqual(
      json.results.map((r: { title: string }) => r.title),
    );
    const bib = await parseAsync((await get(`${search}&format=bibtex`)).text, LITERAL);
    expect(bib.entries.map((entry) => entry.fields['title'])).toEqual(
      json.results.map((r: { title: string }) => r.title),
    );
    expect(new Set(bib.entries.map((entry) => entry.key)).size).toBe(bib.entries.length);
  });

  it('is the same through batch and the MCP tool cite_papers', async () => {
    const target = `/api/v1/papers/${short(hub['id'])}?format=bibtex`;
    const direct = (await get(target)).text;
    const batch = (await post('/api/v1/batch', { requests: [{ path: target }] })).json();
    expect(batch.responses[0].body).toEqual({ content_type: 'application/x-bibtex; charset=utf-8', text: direct });
    const called = (
      await post('/.well-known/mcp', {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'cite_papers', arguments: { ids: [short(hub['id']), String(withDoi['doi'])] } },
      })
    ).json().result;
    expect(called.structuredContent.count).toBe(2);
    const parsed = await parseAsync(called.structuredContent.text, LITERAL);
    expect(parsed.entries.map((entry) => entry.fields['title'])).toEqual([
      hub['display_name'],
      withDoi['display_name'],
    ]);
  });
});

describe("a paper's page (/papers/{id}), rendered by the server", () => {
  // The fixtures plus 25 works citing the hub, so its citations take two pages of the page's 20.
  const citers = Array.from({ length: 25 }, (_, index) => ({
    ...allWorks[1],
    id: `https://openalex.org/W97000000${String(index).padStart(2, '0')}`,
    doi: null,
    display_name: `A work citing the hub, number ${index}`,
    title: `A work citing the hub, number ${index}`,
    cited_by_count: index,
    referenced_works: [hub['id']],
  }));
  let ownStandIn: StandIn;
  beforeAll(async () => {
    ownStandIn = await startOpenAlexStandIn({ works: [...allWorks, ...citers] });
    server = await startTestServer({ ...SOURCES.openalex(), OPENALEX_URL: ownStandIn.url });
  });
  afterAll(async () => {
    await server?.stop();
    await ownStandIn?.close();
  });
  const citingCount = () => citing(hub).length + citers.length;

  it('shows the paper, its abstract and both lists, each paper linked to its own page', async () => {
    const response = await get(`/papers/${short(hub['id'])}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.text;
    expect(html).toContain(`<h1>${hub['display_name']}</h1>`);
    expect(html).toMatch(new RegExp(`<title>${hub['display_name']} · Research Hub</title>`));
    expect(html).toContain(`<link rel="canonical" href="http://localhost:4321/papers/${short(hub['id'])}"`);
    expect(html).toContain(abstractOf(hub));
    expect(html).toContain(`Cited by (${citingCount()})`);
    expect(html).toContain(`References (${citedBy(hub).length})`);
    for (const work of citedBy(hub)) expect(html).toContain(`href="/papers/${short(work['id'])}"`);
    expect(html).toContain(`href="/papers/${short(citers[24]!.id)}"`); // the most cited of them comes first
    expect(html).toContain(`href="/api/v1/papers/${short(hub['id'])}?format=bibtex"`);
    // The site's shell: navigation and the skip link are there, the search form is not.
    expect(html).toContain('class="skip"');
    expect(html).not.toContain('id="paper-search"');
  });

  it('pages a long list, and answers Markdown for Accept: text/markdown', async () => {
    const first = (await get(`/papers/${short(hub['id'])}`)).text;
    const next = /href="(\/papers\/W\d+\?citations=[^"#]+)#cited-by"/.exec(first)?.[1];
    expect(next).toBeDefined();
    const second = (await get(next!)).text;
    const listed = (html: string) => (/id="cited-by"[\s\S]*?<\/ol>/.exec(html)?.[0].match(/<li><h3>/g) ?? []).length;
    expect(listed(first) + listed(second)).toBe(citingCount());
    expect(second).not.toContain(`href="/papers/${short(citers[24]!.id)}"`);
    const markdown = await http(`${server.url}/papers/${short(hub['id'])}`, { headers: { accept: 'text/markdown' } });
    expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
    expect(markdown.text).toMatch(
      new RegExp(`^# ${String(hub['display_name']).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(markdown.text).toContain('## Cited by');
  });

  it('answers 404 pages for an unknown or malformed id, and search results link to paper pages', async () => {
    for (const id of ['W1', 'banana', '%E0%A4%A']) {
      const response = await get(`/papers/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.text).toContain('Paper not shown');
    }
    const results = (await get('/papers?q=attention')).text;
    expect(results).toContain(`href="/papers/${short(allWorks[0]!['id'])}"`);
  });
});

describe.each(['openalex', 'local'] as const)(
  'cite_papers and the paper route over works of every kind, some ids unknown (%s)',
  (source) => {
    // Shapes of real OpenAlex records: a proceedings paper filed as an article with no source, an arXiv
    // preprint, and a work with no venue at all (only a doi.org landing page).
    const base = allWorks[0] as Work;
    const extra = [
      {
        ...base,
        id: 'https://openalex.org/W9800000001',
        doi: 'https://doi.org/10.18653/v1/d19-1410',
        display_name: 'Sentence Embeddings using Siamese Networks',
        title: 'Sentence Embeddings using Siamese Networks',
        type: 'article',
        primary_location: {
          landing_page_url: 'https://doi.org/10.18653/v1/d19-1410',
          source: null,
          raw_source_name: 'Proceedings of the 2019 Conference on Empirical Methods in Natural Language Processing',
          raw_type: 'proceedings-article',
        },
      },
      {
        ...base,
        id: 'https://openalex.org/W9800000002',
        doi: 'https://doi.org/10.48550/arxiv.1706.03762',
        display_name: 'A preprint on arXiv',
        title: 'A preprint on arXiv',
        type: 'preprint',
        primary_location: {
          landing_page_url: 'https://arxiv.org/abs/1706.03762',
          source: { display_name: 'arXiv (Cornell University)', type: 'repository' },
        },
      },
      {
        ...base,
        id: 'https://openalex.org/W9800000003',
        doi: 'https://doi.org/10.5555/host-only',
        display_name: 'A work with no venue',
        title: 'A work with no venue',
        type: 'article',
        primary_location: { landing_page_url: 'https://doi.org/10.5555/host-only', source: null },
      },
    ];
    let ownStandIn: StandIn;
    let ownMirror: TemporaryMirror | undefined;
    const dir = mkdtempSync(path.join(tmpdir(), 'cite-works-'));
    beforeAll(async () => {
      ownStandIn = await startOpenAlexStandIn({ works: [...allWorks, ...extra] });
      const env = { ...SOURCES.openalex(), OPENALEX_URL: ownStandIn.url };
      if (source === 'local') {
        // The mirror imports the same records, so the mapping is checked on both doors.
        const extraFile = path.join(dir, 'extra.jsonl');
        writeFileSync(extraFile, `${extra.map((work) => JSON.stringify(work)).join('\n')}\n`);
        ownMirror = await buildMirror([...FIXTURE_FILES, extraFile]);
        Object.assign(env, { PAPERS_SOURCE: 'local', PAPERS_DB: ownMirror.file });
      }
      server = await startTestServer(env);
    });
    afterAll(async () => {
      await server?.stop();
      await ownStandIn?.close();
      ownMirror?.remove();
      rmSync(dir, { recursive: true, force: true });
    });
    const cite = async (ids: string[]) =>
      (
        await post('/.well-known/mcp', {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'cite_papers', arguments: { ids } },
        })
      ).json();

    it('cites what it can and lists per id what it could not', async () => {
      const ids = [...extra.map((work) => short(work.id)), 'W1', '10.9999/no-such-paper'];
      const { result } = await cite(ids);
      expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
      expect(result.structuredContent.count).toBe(3);
      expect(result.structuredContent.not_cited).toEqual([
        expect.objectContaining({ id: 'W1', code: 'paper_not_found' }),
        expect.objectContaining({ id: 'doi:10.9999/no-such-paper', code: 'paper_not_found' }),
      ]);
      const parsed = await parseAsync(result.structuredContent.text, LITERAL);
      expect(parsed.errors).toEqual([]);
      const [conference, preprint, bare] = parsed.entries;
      expect(conference?.type).toBe('inproceedings');
      expect(conference?.fields['booktitle']).toBe(extra[0]?.primary_location.raw_source_name);
      expect(preprint?.type).toBe('misc');
      expect(preprint?.fields['eprint']).toBe('1706.03762');
      expect(bare?.fields['journal']).toBeUndefined();
      expect(result.structuredContent.text).not.toMatch(/= \{doi\.org\}/);
      // Nothing to cite at all is still the error it was.
      const none = await cite(['W1']);
      expect(none.result?.isError ?? Boolean(none.error)).toBe(true);
    });

    it('answers the paper route as BibTeX with the same entry type and venue', async () => {
      const response = await get(`/api/v1/papers/${short(extra[0]?.id)}?format=bibtex`);
      expect(response.status, response.text).toBe(200);
      const [entry] = (await parseAsync(response.text, LITERAL)).entries;
      expect(entry?.type).toBe('inproceedings');
      expect(entry?.fields['booktitle']).toBe(extra[0]?.primary_location.raw_source_name);
    });
  },
);
