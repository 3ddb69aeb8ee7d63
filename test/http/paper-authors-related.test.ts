// Issue 47 point 3: authors (search, an author with their works) and related papers, over REST and
// MCP, from the OpenAlex proxy and from the local mirror. The works are made here, with author ids
// (the fixture records have none) and OpenAlex related_works; what each answer should hold is
// computed from them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { callTool, http } from '../support/http.ts';
import { buildMirror, type TemporaryMirror } from '../support/local-mirror.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const base = fixtureWorks.ai[0] as Record<string, unknown>;
const person = (n: number, name: string) => ({
  author: {
    id: `https://openalex.org/A90000000${n}`,
    display_name: name,
    orcid: `https://orcid.org/0000-0000-0000-000${n}`,
  },
  raw_author_name: name,
  institutions: [{ display_name: `Institute ${n}` }],
});
const ada = person(1, 'Ada Quillfeather');
const bo = person(2, 'Bo Quillfeather-Stone');
const cy = person(3, 'Cy Marlow');
const W = (n: number) => `https://openalex.org/W97000000${n}`;
/** Five works: Ada wrote four, Bo two, Cy one; W1..W3 share references, W4 cites nothing they cite. */
const works = [
  [1, [ada, bo], 500, '2019-05-01', [W(5)], [W(2), W(3)]],
  [2, [ada], 300, '2021-02-01', [W(5), W(1)], [W(1)]],
  [3, [ada, cy], 100, '2023-07-01', [W(5), W(1)], []],
  [4, [ada, bo], 50, '2018-01-01', [], []],
  [5, [cy], 10, '2015-01-01', [], []],
].map(([n, authorships, cited, date, references, related]) => ({
  ...base,
  id: W(n as number),
  doi: null,
  display_name: `Quill study number ${n}`,
  title: `Quill study number ${n}`,
  authorships,
  cited_by_count: cited,
  publication_date: date,
  publication_year: Number(String(date).slice(0, 4)),
  referenced_works: references,
  referenced_works_count: (references as string[]).length,
  related_works: related,
}));
const short = (id: string) => id.split('/').pop() ?? '';

let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let mirror: TemporaryMirror;
let dir: string;
beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works });
  dir = mkdtempSync(path.join(tmpdir(), 'authors-'));
  const file = path.join(dir, 'works.jsonl');
  writeFileSync(file, works.map((work) => JSON.stringify(work)).join('\n'));
  mirror = await buildMirror([file]);
});
afterAll(async () => {
  await standIn?.close();
  mirror?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SOURCES = {
  openalex: () => ({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
  local: () => ({ PAPERS_SOURCE: 'local', PAPERS_DB: mirror.file, OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' }),
};

describe.each(Object.keys(SOURCES) as Array<keyof typeof SOURCES>)('authors and related papers (%s)', (source) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(SOURCES[source]());
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (route: string) => http(`${server.url}${route}`);
  const rpc = (name: string, args: Record<string, unknown>) => callTool(server.url, name, args);

  it('finds authors by every word of their name, most cited first, paged by cursor', async () => {
    const response = await get('/api/v1/authors?query=quillfeather&limit=1');
    expect(response.status, response.text).toBe(200);
    const first = response.json();
    expectMatchesOpenApi('/api/v1/authors', 'get', 200, first);
    expect(first.total).toBe(2);
    // Ada: 500 + 300 + 100 + 50 citations; Bo: 500 + 50.
    expect(first.results[0]).toMatchObject({
      id: 'https://openalex.org/A900000001',
      name: 'Ada Quillfeather',
      works_count: 4,
      citations: 950,
    });
    const second = (await get(`/api/v1/authors?query=quillfeather&limit=1&cursor=${first.next_cursor}`)).json();
    expect(second.results[0]).toMatchObject({ name: 'Bo Quillfeather-Stone', works_count: 2, citations: 550 });
    expect(second.next_cursor).toBeNull();
    expect((await get('/api/v1/authors?query=ada%20quillfeather')).json().total).toBe(1);
    expect((await get('/api/v1/authors?query=quill')).json().total).toBe(0);
    const reused = await get(`/api/v1/authors?query=marlow&limit=1&cursor=${first.next_cursor}`);
    expect(reused.status).toBe(400);
    expect(reused.json().error.code).toBe('invalid_cursor');
    const tool = (await rpc('search_authors', { query: 'quillfeather' })).result;
    expect(tool.structuredContent.results.map((a: { name: string }) => a.name)).toEqual([
      'Ada Quillfeather',
      'Bo Quillfeather-Stone',
    ]);
    expect(tool.content[0].text).toContain('A900000001');
  });

  it('answers an author with their most cited works, and pages all their works in either order', async () => {
    const response = await get('/api/v1/authors/A900000001');
    expect(response.status, response.text).toBe(200);
    const author = response.json();
    expectMatchesOpenApi('/api/v1/authors/{id}', 'get', 200, author);
    expect(author).toMatchObject({ name: 'Ada Quillfeather', works_count: 4, citations: 950 });
    expect(author.top_works.map((w: { id: string }) => short(w.id))).toEqual([
      'W970000001',
      'W970000002',
      'W970000003',
      'W970000004',
    ]);
    expect(author.works_url).toMatch(/\/api\/v1\/authors\/A900000001\/works$/);
    const newest = (
      await get('/api/v1/authors/https%3A%2F%2Fopenalex.org%2FA900000001/works?sort=date&limit=3')
    ).json();
    expectMatchesOpenApi('/api/v1/authors/{id}/works', 'get', 200, newest);
    expect(newest.results.map((w: { id: string }) => short(w.id))).toEqual(['W970000003', 'W970000002', 'W970000001']);
    const rest = (await get(`/api/v1/authors/A900000001/works?sort=date&limit=3&cursor=${newest.next_cursor}`)).json();
    expect(rest.results.map((w: { id: string }) => short(w.id))).toEqual(['W970000004']);
    expect((await get('/api/v1/authors/A999')).json().error.code).toBe('author_not_found');
    expect((await get('/api/v1/authors/W1')).json().error.code).toBe('invalid_author_id');
    const tool = (await rpc('get_author', { id: 'A900000001' })).result;
    expect(tool.structuredContent.name).toBe('Ada Quillfeather');
    expect(tool.content[0].text).toContain('W970000001');
    const page = (await rpc('author_works', { id: 'A900000003', limit: 1 })).result;
    expect(page.structuredContent.total).toBe(2);
    expect(page.structuredContent.next_cursor).toEqual(expect.any(String));
  });

  it("shows an author's page with their works, linked to paper pages, and its Markdown twin", async () => {
    const response = await get('/authors/A900000001');
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<h1>Ada Quillfeather</h1>');
    expect(response.text).toContain('Works (4)');
    for (const n of [1, 2, 3, 4]) expect(response.text).toContain(`href="/papers/W97000000${n}"`);
    expect(response.text).not.toContain('href="/papers/W970000005"');
    const markdown = await http(`${server.url}/authors/A900000001`, { headers: { accept: 'text/markdown' } });
    expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
    expect(markdown.text).toMatch(/^# Ada Quillfeather\n/);
    expect(markdown.text).toContain('(/papers/W970000001)');
    for (const id of ['A999', 'W1']) expect((await get(`/authors/${id}`)).status, id).toBe(404);
  });

  it('lists related papers: OpenAlex related_works, or in the mirror the papers sharing references', async () => {
    const response = await get('/api/v1/papers/W970000001/related');
    expect(response.status, response.text).toBe(200);
    const related = response.json();
    expectMatchesOpenApi('/api/v1/papers/{id}/related', 'get', 200, related);
    const ids = related.results.map((w: { id: string }) => short(w.id));
    // OpenAlex lists W2 and W3 as related to W1; in the mirror W2 and W3 share W1's reference to W5.
    expect(ids).toEqual(['W970000002', 'W970000003']);
    const tool = (await rpc('related_papers', { id: 'W970000001', limit: 1 })).result;
    expect(tool.structuredContent.results.map((w: { id: string }) => short(w.id))).toEqual(['W970000002']);
    expect(tool.content[0].text).toContain('W970000002');
    expect((await get('/api/v1/papers/W970000004/related')).json().results).toEqual([]);
  });
});
