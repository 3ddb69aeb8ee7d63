// Description = enforcement (issue 47, point 6): what the published OpenAPI description says and what
// the server does, item by item, on the real built server.
import { describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { openApiDocument } from '../support/openapi-validator.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();
const get = (path: string, headers: Record<string, string> = {}) => http(`${running.server.url}${path}`, { headers });

describe('the published description', () => {
  const doc = openApiDocument();
  type Param = { $ref?: string; name: string; in: string; description?: string; schema?: Record<string, unknown> };
  const allParameters = () =>
    Object.entries(doc.paths as Record<string, Record<string, { parameters: Param[] }>>).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => op.parameters.map((p) => ({ path, method, p }))),
    );

  it('states every query default it words in prose as the schema default too', () => {
    const prose = allParameters().filter(
      ({ p }) => !p.$ref && p.in === 'query' && /\(default [^)]*\)|default \d/.test(p.description ?? ''),
    );
    expect(prose.length).toBeGreaterThan(10);
    const missing = prose.filter(({ p }) => !('default' in (p.schema ?? {}))).map(({ path, p }) => `${path} ${p.name}`);
    expect(missing).toEqual([]);
  });

  it('does not mark /ask q required beside its alias query', () => {
    const q = doc.paths['/ask'].get.parameters.find((p: Param) => p.name === 'q');
    expect(q.required).toBe(false);
  });

  it('documents the job route answering 304 with an ETag', () => {
    const op = doc.paths['/api/v1/jobs/{jobId}'].get;
    expect(op.responses['304']).toBeDefined();
    expect(Object.keys(op.responses['200'].headers)).toContain('ETag');
  });
});

describe('headers on every answer', () => {
  it.each(['/api/v1/essays', '/openapi.json', '/', '/no-such-page', '/api/v1/nothing-here', '/llms.txt'])(
    'X-Content-Type-Options: nosniff on %s',
    async (path) => {
      expect((await get(path)).headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each(['/openapi.json', '/llms.txt', '/.well-known/api-catalog', '/.well-known/agents.json', '/feed.xml'])(
    'CORS on the discovery file %s',
    async (path) => {
      const response = await get(path, { origin: 'https://agent.example' });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    },
  );
});

describe('caching for bearer requests', () => {
  it('never caches /papers/feed.xml as public for a request with a bearer token', async () => {
    const token = (
      await http(`${running.server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json().access_token as string;
    const response = await get('/papers/feed.xml?q=neural', { authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).not.toMatch(/public/);
    expect(response.headers['vary']).toMatch(/Authorization/i);
  });
});

describe('Markdown where the description offers it', () => {
  it('/ask with Accept: text/markdown answers Markdown with the answer and its sources', async () => {
    const response = await get('/ask?q=what%20is%20a%20rollup', { accept: 'text/markdown' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.headers['vary']).toMatch(/Accept/);
    expect(response.text).toMatch(/^# /);
    expect(response.text).toMatch(/\]\(https?:\/\/[^)]+\)/);
    expect(openApiDocument().paths['/ask'].get.responses['200'].content['text/markdown']).toBeDefined();
  });

  it('/ask still answers JSON to a client that asks for it', async () => {
    const response = await get('/ask?q=what%20is%20a%20rollup', { accept: 'application/json' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('Markdown twins of the papers pages', () => {
  it('/papers/{id}.md is the paper page as Markdown, whatever Accept says', async () => {
    const response = await get('/papers/W9000000001.md', { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.text).toMatch(/^# /);
    expect(response.text).toContain('W9000000001');
  });

  it('/authors/{id}.md is the author page as Markdown, whatever Accept says, and the page links it', async () => {
    const author = fixtureWorks.ai[0]!['authorships'][0].author as { id: string; display_name: string };
    const id = author.id.split('/').pop()!;
    const response = await get(`/authors/${id}.md`, { accept: 'text/html' });
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.text).toMatch(/^# /);
    expect(response.text).toContain(author.display_name);
    // The same Markdown as the page answers to Accept: text/markdown.
    expect((await get(`/authors/${id}`, { accept: 'text/markdown' })).text).toBe(response.text);
    const html = (await get(`/authors/${id}`, { accept: 'text/html' })).text;
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="/authors/${id}.md"`);
    // An unknown author's twin is the Markdown refusal page, 404.
    const unknown = await get('/authors/A999.md');
    expect([unknown.status, unknown.headers['content-type']]).toEqual([404, expect.stringMatching(/^text\/markdown/)]);
  });

  it("a paper's page links its Markdown twin", async () => {
    const html = (await get('/papers/W9000000001', { accept: 'text/html' })).text;
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/papers/W9000000001.md"');
  });

  it('/papers.md describes the paper search in Markdown', async () => {
    const response = await get('/papers.md');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.text).toMatch(/^# Papers/);
    expect(response.text).toContain('/api/v1/reports/search');
  });
});

describe('the job route revalidates as documented', () => {
  it('answers a finished job with an ETag, and 304 to If-None-Match naming it', async () => {
    const accepted = await http(`${running.server.url}/api/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ requests: [{ path: '/api/v1/essays?limit=1' }] }),
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers['location']!;
    let finished = await get(location);
    for (let attempt = 0; finished.status === 202 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = await get(location);
    }
    expect(finished.status).toBe(200);
    const etag = finished.headers['etag']!;
    expect(etag).toMatch(/^"/);
    const again = await get(location, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });
});
