import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const essayPage = async () => {
  const essays = (await http(`${server.url}/api/v1/essays?limit=1`)).json<{ essays: Array<{ url: string }> }>().essays;
  return new URL(essays[0]!.url).pathname;
};

describe('pages', () => {
  it.each(['/', '/essays', '/glossary', '/curriculum', '/tags'])(
    '%s is HTML that advertises its Markdown twin',
    async (path) => {
      const response = await http(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const twin = path === '/' ? '/index.md' : `${path}.md`;
      expect(response.text).toContain(`<link rel="alternate" type="text/markdown" href="${twin}"`);
      const markdown = await http(`${server.url}${twin}`);
      expect(markdown.status).toBe(200);
      expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(markdown.text).toMatch(/^# /);
    },
  );

  it('answers an unknown page with the 404 page', async () => {
    const response = await http(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(response.text).toContain('Page not found');
  });

  it('redirects a trailing slash to the canonical URL', async () => {
    const response = await http(`${server.url}/essays/?x=1`);
    expect(response.status).toBe(308);
    expect(response.headers['location']).toBe('/essays?x=1');
  });

  it.each(['/../package.json', '/%2e%2e/package.json', '/essays/%2e%2e/%2e%2e/package.json', '/%00'])(
    'does not leave the site root for %s',
    async (path) => {
      const response = await http(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('"name": "research-hub"');
    },
  );

  it('refuses methods other than GET and HEAD on static files', async () => {
    const response = await http(`${server.url}/essays`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
  });
});

describe('Markdown negotiation', () => {
  const cases: Array<[string | undefined, 'html' | 'markdown']> = [
    [undefined, 'html'],
    ['*/*', 'html'],
    ['text/html', 'html'],
    ['text/markdown', 'markdown'],
    ['text/markdown, */*;q=0.8', 'markdown'],
    ['text/markdown;q=0.5, text/html', 'html'],
    ['text/html;q=0.5, text/markdown;q=0.9', 'markdown'],
    ['text/plain, text/markdown;q=0', 'html'],
    ['text/*', 'html'],
  ];
  it.each(cases)('Accept %s gets %s', async (accept, expected) => {
    const path = await essayPage();
    const response = await http(`${server.url}${path}`, { headers: accept ? { accept } : {} });
    expect(response.status).toBe(200);
    expect(response.headers['vary']).toContain('Accept');
    if (expected === 'markdown') {
      expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(response.text.startsWith('# ')).toBe(true);
    } else {
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.text.startsWith('<!DOCTYPE html>') || response.text.startsWith('<!doctype html>')).toBe(true);
    }
  });

  it('negotiates glossary, tag and category pages too', async () => {
    for (const path of ['/glossary/rollup', '/tags/ai', '/glossary/category/ai-models']) {
      const response = await http(`${server.url}${path}`, { headers: { accept: 'text/markdown' } });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/markdown; charset=utf-8');
    }
  });
});

describe('caching and compression', () => {
  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await http(`${server.url}/glossary`);
    const etag = first.headers['etag']!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const again = await http(`${server.url}/glossary`, { headers: { 'if-none-match': inm } });
      expect(again.status, inm).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['etag']).toBe(etag);
    }
    const changed = await http(`${server.url}/glossary`, { headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('serves brotli and gzip variants that decode to the same bytes', async () => {
    const plain = await http(`${server.url}/glossary`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await http(`${server.url}/glossary`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gz = await http(`${server.url}/glossary`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(new Set([plain.headers['etag'], br.headers['etag'], gz.headers['etag']]).size).toBe(3);
    const refused = await http(`${server.url}/glossary`, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['vary']).toContain('Accept-Encoding');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await http(`${server.url}/essays`);
    const head = await http(`${server.url}/essays`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers['etag']).toBe(get.headers['etag']);
  });

  it('lets pages be revalidated rather than cached blind', async () => {
    const page = await http(`${server.url}/`);
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
