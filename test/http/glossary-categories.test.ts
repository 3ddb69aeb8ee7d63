// GET /api/v1/glossary/categories: one capability through every door (REST, its unversioned alias,
// batch, the product MCP server, OpenAPI and both directories), counted against the glossary itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string) => http(`${server.url}${path}`);
const post = (path: string, body: unknown) =>
  http(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });

/** Terms per category, counted over the whole glossary as the list endpoint pages it. */
async function countedFromTheGlossary(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const page: { terms: Array<{ category: string }>; next_cursor: string | null } = (
      await get(`/api/v1/glossary?limit=200${cursor ? `&cursor=${cursor}` : ''}`)
    ).json();
    for (const term of page.terms) counts.set(term.category, (counts.get(term.category) ?? 0) + 1);
    cursor = page.next_cursor;
  } while (cursor);
  return counts;
}

describe('glossary categories', () => {
  it('lists every category with its term count and page', async () => {
    const response = await get('/api/v1/glossary/categories');
    expect(response.status).toBe(200);
    expect(response.headers['etag']).toBeTruthy();
    const body = response.json();
    expectMatchesOpenApi('/api/v1/glossary/categories', 'get', 200, body);
    const counted = await countedFromTheGlossary();
    expect(counted.size).toBeGreaterThan(1);
    for (const [category, terms] of counted) {
      expect(body.categories).toContainEqual({
        category,
        terms,
        url: expect.stringMatching(new RegExp(`/glossary/category/${category}$`)),
      });
    }
    // Each URL is a page of the site.
    const first = new URL(body.categories[0].url);
    expect((await get(first.pathname)).status).toBe(200);
  });

  it('answers on its unversioned alias, marked deprecated', async () => {
    const response = await get('/api/glossary/categories');
    expect(response.status).toBe(200);
    expect(response.headers['deprecation']).toBeTruthy();
  });

  it('is a batch target', async () => {
    const response = await post('/api/v1/batch', { requests: [{ path: '/api/v1/glossary/categories' }] });
    expect(response.status).toBe(200);
    const [sub] = response.json().responses;
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual((await get('/api/v1/glossary/categories')).json());
  });

  it('is the MCP tool list_glossary_categories, with the same result', async () => {
    const listed = (await post('/.well-known/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' })).json();
    const tool = listed.result.tools.find((each: { name: string }) => each.name === 'list_glossary_categories');
    expect(tool?.outputSchema.properties).toHaveProperty('categories');
    expect(tool?.annotations.readOnlyHint).toBe(true);
    const called = await post('/.well-known/mcp', {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_glossary_categories', arguments: {} },
    });
    expect(called.json().result.structuredContent).toEqual((await get('/api/v1/glossary/categories')).json());
  });

  it('is in OpenAPI and in both directories', async () => {
    const openapi = (await get('/openapi.json')).json();
    expect(openapi.paths['/api/v1/glossary/categories'].get.operationId).toBe('listGlossaryCategories');
    expect((await get('/api/v1')).json().endpoints.glossary_categories).toMatch(/\/api\/v1\/glossary\/categories$/);
    expect((await get('/api')).json().endpoints.glossary_categories).toMatch(/\/api\/glossary\/categories$/);
  });
});
