// What the published contract promises in words: error messages that read once, the empty-cursor and
// paging-window rules, and the Idempotency-Key as a structured-field String (RFC 8941, as the httpapi
// draft defines the header).
import { listCursor } from '../../src/core/papers/contract/list-cursor.ts';
import { searchScope } from '../../src/core/papers/contract/paper-search.ts';
import { describe, expect, it } from 'vitest';
import { http, type RawResponse } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const handles = useServerWithStandIn();
const get = (path: string, headers: Record<string, string> = {}) => http(`${handles.server.url}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  http(`${handles.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

function errorOf(response: RawResponse, status: number, code: string): string {
  expect(response.status, response.text).toBe(status);
  const { error } = response.json();
  expect(error.code).toBe(code);
  return error.message as string;
}

describe('error messages say each thing once', () => {
  it('a too-short q names the parameter once', async () => {
    const message = errorOf(await get('/api/v1/reports/search?q=a'), 400, 'query_too_short');
    expect(message.match(/Query parameter "q"/g)).toHaveLength(1);
  });

  it('a too-long q names the parameter once', async () => {
    const message = errorOf(await get(`/api/v1/reports/search?q=${'a'.repeat(301)}`), 400, 'invalid_parameter');
    expect(message.match(/Query parameter "q"/g)).toHaveLength(1);
  });

  it('a forged cursor ends with one full stop', async () => {
    const message = errorOf(await get('/api/v1/essays?cursor=MA'), 400, 'invalid_cursor');
    expect(message).toMatch(/[^.]\.$/);
    expect(message.match(/Query parameter "cursor"/g)).toHaveLength(1);
  });

  it('no message ends in two full stops, whatever the parameter', async () => {
    for (const path of [
      '/api/v1/reports/search?q=ab&cursor=zz',
      '/api/v1/glossary?limit=0',
      '/api/v1/jobs/0',
      '/ask?q=what&limit=99',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.json().error.message, path).not.toMatch(/\.\.$/);
    }
  });

  it('POST /ask with {"question": …} is told which body field to send, not a query parameter', async () => {
    const message = errorOf(await post('/ask', { question: 'what is a rollup' }), 400, 'missing_query');
    expect(message).not.toMatch(/query parameter/i);
    expect(message).toMatch(/"q"/);
  });

  it('GET /ask without a question is still told about the query parameter', async () => {
    const message = errorOf(await get('/ask', { accept: 'application/json' }), 400, 'missing_query');
    expect(message).toMatch(/query parameter "q"/i);
  });
});

describe('cursor', () => {
  it.each(['/api/v1/essays', '/api/v1/glossary', '/api/v1/reports/search?q=neural'])(
    'an empty cursor on %s is 400 invalid_cursor (DESIGN.md: a cursor must decode to a page >= 1)',
    async (path) => {
      const response = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=`);
      errorOf(response, 400, 'invalid_cursor');
      expectMatchesOpenApi(path.split('?')[0]!, 'GET', 400, response.json());
    },
  );
});

describe('the paging window of search: page × limit ≤ 10,000', () => {
  it('a page past the window answers 200 with no results, like a page past the last result', async () => {
    const response = await get('/api/v1/reports/search?q=neural&page=114&limit=100');
    expect(response.status, response.text).toBe(200);
    const body = response.json();
    expect(body.results).toEqual([]);
    expect(body.has_more).toBe(false);
    expect(body.next_cursor).toBeNull();
    expect(body.pagination.cursor).not.toBeNull();
    expect(body.total).toBeGreaterThan(0);
    expectMatchesOpenApi('/api/v1/reports/search', 'GET', 200, body);
  });

  it('a cursor past the window is the same empty page', async () => {
    // The cursor the server would issue for page 101 of this search (cursors are bound to their search).
    const cursor = listCursor(searchScope({ q: 'neural', corpus: 'ai', sort: 'citations', limit: 100 }), 101);
    const response = await get(`/api/v1/reports/search?q=neural&limit=100&cursor=${cursor}`);
    expect(response.status, response.text).toBe(200);
    expect(response.json().results).toEqual([]);
  });

  it('a page that would end past result 10,000 is not fetched upstream (OpenAlex refuses page × per_page > 10,000)', async () => {
    const response = await get('/api/v1/reports/search?q=neural&page=51&limit=199');
    expect(response.status, response.text).toBe(200);
    expect(response.json().results).toEqual([]);
  });

  it('the page just inside the window is served', async () => {
    const response = await get('/api/v1/reports/search?q=neural&page=100&limit=100');
    expect(response.status, response.text).toBe(200);
  });
});

describe('Idempotency-Key is a structured-field String', () => {
  it('a quoted key is echoed exactly as sent', async () => {
    const response = await get('/api/v1', { 'idempotency-key': '"k-1"' });
    expect(response.status).toBe(200);
    expect(response.headers['idempotency-key']).toBe('"k-1"');
  });

  it('a bare key is echoed as sent', async () => {
    const response = await get('/api/v1', { 'idempotency-key': 'k-1' });
    expect(response.headers['idempotency-key']).toBe('k-1');
  });

  it('the quoted and the bare spelling name the same key: the second is a replay', async () => {
    const key = `same-${Date.now()}`;
    const body = { requests: [{ path: '/api/v1' }] };
    const first = await post('/api/v1/batch', body, { 'idempotency-key': `"${key}"` });
    const second = await post('/api/v1/batch', body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.json().idempotency_key).toBe(key);
  });

  it('escapes in a quoted key are undone: the batch reports the key, not its spelling', async () => {
    const response = await post(
      '/api/v1/batch',
      { requests: [{ path: '/api/v1' }] },
      { 'idempotency-key': String.raw`"a\"b\\c-${Date.now()}"` },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.json().idempotency_key).toMatch(/^a"b\\c-\d+$/);
  });

  it.each([String.raw`"a\b"`, '"unterminated', '""', '"tab\there"'])(
    'an invalid structured-field String %s is 400 invalid_parameter',
    async (key) => {
      errorOf(await get('/api/v1', { 'idempotency-key': key }), 400, 'invalid_parameter');
    },
  );
});
