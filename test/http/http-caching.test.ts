// HTTP caching of API answers: strong ETags per content coding, 304 Not Modified on If-None-Match
// (RFC 9110 section 13.1.2), and Cache-Control / Vary that keep shared caches from mixing clients.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { http, type RawResponse } from '../support/http.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const handles = useServerWithStandIn();
const get = (path: string, headers: Record<string, string> = {}) => http(`${handles.server.url}${path}`, { headers });
const head = (path: string, headers: Record<string, string> = {}) =>
  http(`${handles.server.url}${path}`, { method: 'HEAD', headers });

/** An RFC 9110 strong entity-tag: a quoted opaque tag, no W/ prefix. */
const STRONG_TAG = /^"[\x21\x23-\x7e]+"$/;

const CACHED_ANSWERS = [
  '/api/v1/glossary?limit=50',
  '/api/v1/essays',
  '/api/glossary?limit=3',
  '/api',
  '/api/v1',
  '/api/v1/reports/search?q=neural&limit=5',
  '/ask?q=what%20is%20a%20rollup',
];

function varyTokens(response: RawResponse): string[] {
  return (response.headers['vary'] ?? '').split(',').map((token) => token.trim().toLowerCase());
}

function expectNotModified(response: RawResponse, full: RawResponse) {
  expect(response.status).toBe(304);
  expect(response.body.length).toBe(0);
  expect(response.headers['etag']).toBe(full.headers['etag']);
  expect(response.headers['cache-control']).toBe(full.headers['cache-control']);
  expect(response.headers['vary']).toBe(full.headers['vary']);
  expect(response.headers['content-encoding']).toBeUndefined();
}

describe('ETag', () => {
  it.each(CACHED_ANSWERS)('%s carries a strong ETag that stays the same for the same answer', async (path) => {
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers['etag']).toMatch(STRONG_TAG);
    const second = await get(path);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.text).toBe(first.text);
  });

  it('is readable by scripts of other origins (CORS)', async () => {
    const response = await get('/api/v1/glossary?limit=1', { origin: 'https://elsewhere.example' });
    const exposed = (response.headers['access-control-expose-headers'] ?? '').split(',').map((name) => name.trim());
    expect(exposed).toContain('ETag');
  });

  it('differs when the answer differs', async () => {
    const one = await get('/api/v1/glossary?limit=1');
    const two = await get('/api/v1/glossary?limit=2');
    expect(one.text).not.toBe(two.text);
    expect(one.headers['etag']).not.toBe(two.headers['etag']);
    const api = await get('/api');
    const v1 = await get('/api/v1');
    expect(api.headers['etag']).not.toBe(v1.headers['etag']);
  });

  it('is another tag for each content coding, and each coding decodes to the same JSON', async () => {
    const path = '/api/v1/glossary?limit=50';
    const identity = await get(path);
    const br = await get(path, { 'accept-encoding': 'br' });
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const tags = [identity, br, gzip].map((response) => response.headers['etag']);
    for (const tag of tags) expect(tag).toMatch(STRONG_TAG);
    expect(new Set(tags).size).toBe(3);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(identity.text);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(identity.text);
    for (const response of [identity, br, gzip]) expect(varyTokens(response)).toContain('accept-encoding');
    // The same coding again: the same tag and the same bytes.
    const again = await get(path, { 'accept-encoding': 'br' });
    expect(again.headers['etag']).toBe(br.headers['etag']);
    expect(again.body.equals(br.body)).toBe(true);
  });

  it('is not sent on errors, which are never stored', async () => {
    const response = await get('/api/v1/glossary?limit=0');
    expect(response.status).toBe(400);
    expect(response.headers['etag']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('If-None-Match', () => {
  it.each(CACHED_ANSWERS)('%s answers 304 with no body to its own tag', async (path) => {
    const full = await get(path);
    const tag = full.headers['etag'] ?? '';
    expectNotModified(await get(path, { 'if-none-match': tag }), full);
  });

  it('compares weakly and reads a list, as RFC 9110 section 13.1.2 says', async () => {
    const path = '/api/v1/essays?limit=2';
    const full = await get(path);
    const tag = full.headers['etag'] ?? '';
    expectNotModified(await get(path, { 'if-none-match': `W/${tag}` }), full);
    expectNotModified(await get(path, { 'if-none-match': `"nope", "a,b" ,${tag}` }), full);
    expectNotModified(await get(path, { 'if-none-match': '*' }), full);
  });

  it('answers in full when no tag matches', async () => {
    const path = '/api/v1/essays?limit=2';
    const full = await get(path);
    for (const sent of ['"nope"', 'W/"nope"', `${full.headers['etag']?.slice(0, -2)}"`, 'garbage']) {
      const response = await get(path, { 'if-none-match': sent });
      expect(response.status, sent).toBe(200);
      expect(response.text).toBe(full.text);
    }
  });

  it('matches the tag of the coding the client would get, not of another coding', async () => {
    const path = '/api/v1/glossary?limit=50';
    const identity = await get(path);
    const br = await get(path, { 'accept-encoding': 'br' });
    expectNotModified(await get(path, { 'accept-encoding': 'br', 'if-none-match': br.headers['etag'] ?? '' }), br);
    const crossed = await get(path, { 'accept-encoding': 'br', 'if-none-match': identity.headers['etag'] ?? '' });
    expect(crossed.status).toBe(200);
    expect(crossed.headers['content-encoding']).toBe('br');
  });

  it('answers HEAD with 304 too', async () => {
    const full = await get('/api/v1');
    const response = await head('/api/v1', { 'if-none-match': full.headers['etag'] ?? '' });
    expectNotModified(response, full);
  });

  it('is ignored on an error', async () => {
    const response = await get('/api/v1/glossary?limit=0', { 'if-none-match': '*' });
    expect(response.status).toBe(400);
  });

  it('revalidates a cached search page', async () => {
    const path = '/api/v1/reports/search?q=bitcoin&corpus=web3&limit=3';
    const full = await get(path, { 'accept-encoding': 'gzip, br' });
    expect(full.status).toBe(200);
    const revalidated = await get(path, { 'accept-encoding': 'gzip, br', 'if-none-match': full.headers['etag'] ?? '' });
    expectNotModified(revalidated, full);
    expect(revalidated.headers['cache-status']).toContain('hit');
  });
});

describe('Cache-Control and Vary', () => {
  it('lets shared caches keep anonymous answers, keyed on Authorization', async () => {
    for (const path of CACHED_ANSWERS) {
      const response = await get(path);
      expect(response.headers['cache-control'], path).toMatch(/^public, max-age=\d+$/);
      expect(varyTokens(response), path).toContain('authorization');
    }
  });

  it('marks answers to a bearer token private: they carry that client’s rate-limit numbers', async () => {
    const registered = await http(`${handles.server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const token = registered.json().access_token as string;
    const response = await get('/api/v1/glossary?limit=5', { authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(varyTokens(response)).toContain('authorization');
    const anonymous = await get('/api/v1/glossary?limit=5');
    expect(anonymous.headers['etag']).toBe(response.headers['etag']);
  });

  it('never lets a refused token be stored, and says the answer depends on Authorization', async () => {
    const response = await get('/api/v1/glossary?limit=5', { authorization: 'Bearer rh_not-a-token' });
    expect(response.status).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(varyTokens(response)).toContain('authorization');
  });

  it('keeps Vary: Accept on /ask beside Authorization and Accept-Encoding', async () => {
    const response = await get('/ask?q=what%20is%20a%20rollup');
    expect(varyTokens(response)).toEqual(expect.arrayContaining(['accept', 'authorization']));
  });

  it('does not vary /healthz on Authorization: it never reads it', async () => {
    const response = await get('/healthz');
    expect(varyTokens(response)).not.toContain('authorization');
  });
});

describe('the OpenAPI description', () => {
  it('lists 304, the ETag header and If-None-Match on each answer that can be revalidated', async () => {
    const document = (await get('/openapi.json')).json();
    const revalidated = [
      '/api',
      '/api/v1',
      '/api/v1/essays',
      '/api/v1/glossary',
      '/api/v1/reports/search',
      '/ask',
      '/api/v1/jobs/{jobId}',
    ];
    for (const path of revalidated) {
      const operation = document.paths[path].get;
      expect(Object.keys(operation.responses), path).toContain('304');
      expect(Object.keys(operation.responses['200'].headers), path).toContain('ETag');
      expect(operation.parameters, path).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
    }
  });
});
