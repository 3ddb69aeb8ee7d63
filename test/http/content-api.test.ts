import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// Required fields, as data, from the interface (spec/interface.md "Resources and their fields").
const ESSAY_ITEM_FIELDS = ['slug', 'title', 'description', 'date', 'tags', 'url', 'markdownUrl'];
const TERM_ITEM_FIELDS = ['slug', 'term', 'definition', 'category', 'url', 'markdownUrl'];
const PAGINATION_FIELDS = ['total', 'limit', 'has_more'];
const ESSAYS_LIST_FIELDS = ['total', 'limit', 'essays', 'has_more', 'pagination'];
const GLOSSARY_LIST_FIELDS = ['total', 'limit', 'has_more', 'next_cursor', 'pagination', 'terms'];

const get = (path: string, headers: Record<string, string> = {}) => http(`${server.url}${path}`, { headers });

function expectFields(object: Record<string, unknown>, fields: string[]) {
  for (const field of fields) expect(object, `missing ${field}`).toHaveProperty(field);
}

async function walk(path: string, key: 'essays' | 'terms', limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const response = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body[key].length).toBeLessThanOrEqual(limit);
    expect(body.next_cursor).toBe(body.pagination.next_cursor);
    expect(body.has_more).toBe(body.next_cursor !== null);
    seen.push(...body[key].map((item: { slug: string }) => item.slug));
    cursor = body.next_cursor;
    pages += 1;
  } while (cursor && pages < 500);
  return seen;
}

describe('GET /api and /api/v1', () => {
  it('describes the latest API', async () => {
    const response = await get('/api');
    expect(response.status).toBe(200);
    const body = response.json();
    expectFields(body, ['name', 'version', 'documentation', 'openapi', 'endpoints']);
    expectFields(body.endpoints, ['search', 'essays', 'glossary']);
    for (const value of Object.values(body.endpoints)) expect(value).toMatch(/^https?:\/\//);
    expect(body.version).toBe('1.1.0');
    expectMatchesOpenApi('/api', 'get', 200, body);
  });

  it('describes version 1', async () => {
    const body = (await get('/api/v1')).json();
    expectFields(body, ['name', 'version', 'documentation', 'openapi', 'endpoints']);
    expectFields(body.endpoints, ['search', 'essays', 'glossary']);
    expect(body.endpoints.essays).toMatch(/\/api\/v1\/essays$/);
    expect(body).not.toHaveProperty('endpoints.ask');
    expectMatchesOpenApi('/api/v1', 'get', 200, body);
  });

  it('accepts format=json and refuses other formats', async () => {
    expect((await get('/api?format=json')).status).toBe(200);
    const bad = await get('/api/v1?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.json().error.code).toBe('invalid_parameter');
    expectMatchesOpenApi('/api/v1', 'get', 400, bad.json());
  });
});

describe('GET /api/v1/essays', () => {
  it('lists essays with every required field, newest first', async () => {
    const body = (await get('/api/v1/essays')).json();
    expectFields(body, ESSAYS_LIST_FIELDS);
    expectFields(body.pagination, PAGINATION_FIELDS);
    expectMatchesOpenApi('/api/v1/essays', 'get', 200, body);
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.limit).toBe(50);
    for (const essay of body.essays) {
      expectFields(essay, ESSAY_ITEM_FIELDS);
      expect(essay.markdownUrl).toBe(`${essay.url}.md`);
    }
    const dates = body.essays.map((essay: { date: string }) => essay.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it.each([1, 3, 7])('walks every essay exactly once with limit=%i', async (limit) => {
    const all = (await get('/api/v1/essays?limit=200')).json().essays.map((essay: { slug: string }) => essay.slug);
    const seen = await walk('/api/v1/essays', 'essays', limit);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by tag', async () => {
    const body = (await get('/api/v1/essays?tag=web3')).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBeLessThan((await get('/api/v1/essays')).json().total);
    for (const essay of body.essays) expect(essay.tags).toContain('web3');
    expect((await get('/api/v1/essays?tag=no-such-tag')).json().total).toBe(0);
  });

  it('every essay has a Markdown twin of at least 1,500 words', async () => {
    const essays = (await get('/api/v1/essays?limit=200')).json().essays;
    for (const essay of essays) {
      const twin = await get(new URL(essay.markdownUrl).pathname);
      expect(twin.status).toBe(200);
      const words = twin.text.split(/\s+/).filter((word) => /\w/.test(word)).length;
      expect(words, essay.slug).toBeGreaterThanOrEqual(1500);
    }
  });
});

describe('GET /api/v1/glossary', () => {
  it('lists at least 120 terms across AI and Web3 categories', async () => {
    const body = (await get('/api/v1/glossary?limit=200')).json();
    expectFields(body, GLOSSARY_LIST_FIELDS);
    expectMatchesOpenApi('/api/v1/glossary', 'get', 200, body);
    expect(body.limit).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(120);
    const categories = new Set(body.terms.map((term: { category: string }) => term.category));
    expect([...categories].some((category) => String(category).startsWith('ai-'))).toBe(true);
    expect([...categories].some((category) => String(category).startsWith('web3-'))).toBe(true);
    for (const term of body.terms) expectFields(term, TERM_ITEM_FIELDS);
  });

  it('defaults to 100 per page', async () => {
    const body = (await get('/api/v1/glossary')).json();
    expect(body.limit).toBe(100);
    expect(body.terms.length).toBe(Math.min(100, body.total));
  });

  it.each([1, 25, 100])('walks every term exactly once with limit=%i', async (limit) => {
    const seen = await walk('/api/v1/glossary', 'terms', limit);
    const total = (await get('/api/v1/glossary')).json().total;
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('filters by category', async () => {
    const body = (await get('/api/v1/glossary?category=web3-scaling')).json();
    expect(body.total).toBeGreaterThan(0);
    for (const term of body.terms) expect(term.category).toBe('web3-scaling');
    const seen = await walk('/api/v1/glossary?category=ai-models', 'terms', 4);
    expect(seen.length).toBe((await get('/api/v1/glossary?category=ai-models')).json().total);
  });
});

describe('validation', () => {
  it.each(['0', '201', 'abc', '1.5', '-1', '', '1e2', ' 5x'])('refuses limit=%s', async (limit) => {
    const response = await get(`/api/v1/essays?limit=${encodeURIComponent(limit)}`);
    expect(response.status).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid_parameter');
    expect(error.status).toBe(400);
    expect(error.message).toContain('limit');
    expect(error.resolution).toBeTruthy();
    expectMatchesOpenApi('/api/v1/essays', 'get', 400, response.json());
  });

  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  it.each(['zzz!', b64('0'), b64('-1'), b64('abc'), b64('01'), b64('1.5'), 'AAAA'])(
    'refuses cursor=%s',
    async (cursor) => {
      const response = await get(`/api/v1/glossary?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status).toBe(400);
      expect(response.json().error.code).toBe('invalid_cursor');
    },
  );

  it('accepts a padded standard-base64 cursor for page 2', async () => {
    const padded = Buffer.from('2').toString('base64'); // "Mg=="
    const viaPadded = (await get(`/api/v1/glossary?limit=5&cursor=${encodeURIComponent(padded)}`)).json();
    const viaNext = (
      await get(`/api/v1/glossary?limit=5&cursor=${(await get('/api/v1/glossary?limit=5')).json().next_cursor}`)
    ).json();
    expect(viaPadded.terms).toEqual(viaNext.terms);
  });

  it('refuses an unknown category and names the valid ones', async () => {
    const response = await get('/api/v1/glossary?category=cooking');
    expect(response.status).toBe(400);
    expect(response.json().error.message).toContain('web3-finance');
  });

  it('ignores unknown query parameters', async () => {
    const response = await get('/api/v1/essays?utm_source=x&limit=2');
    expect(response.status).toBe(200);
    expect(response.json().essays.length).toBe(2);
  });
});

describe('versioning', () => {
  it('marks unversioned aliases deprecated with a successor link', async () => {
    const response = await get('/api/glossary?limit=3');
    expect(response.status).toBe(200);
    expect(response.headers['deprecation']).toMatch(/^@\d+$/);
    expect(response.headers['sunset']).toBe('Wed, 01 Mar 2028 00:00:00 GMT');
    expect(response.headers['link']).toBe('</api/v1/glossary?limit=3>; rel="successor-version"');
    expectMatchesOpenApi('/api/glossary', 'get', 200, response.json());
    const deprecatedAt = Number(response.headers['deprecation']!.slice(1)) * 1000;
    expect(deprecatedAt).toBeLessThanOrEqual(Date.parse(response.headers['sunset']!));
    expect(response.json()).toEqual((await get('/api/v1/glossary?limit=3')).json());
  });

  it('leaves /api/v1 routes undeprecated', async () => {
    const response = await get('/api/v1/essays');
    expect(response.headers['deprecation']).toBeUndefined();
    expect(response.headers['sunset']).toBeUndefined();
  });
});
