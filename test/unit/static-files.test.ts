import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StaticSite } from '../../src/server/static-files.ts';
import type { StaticManifest } from '../../src/server/static-manifest.ts';

const root = mkdtempSync(path.join(tmpdir(), 'static-'));
mkdirSync(path.join(root, '_astro'));
mkdirSync(path.join(root, 'essays'));
writeFileSync(path.join(root, '_astro/site.abc123.css'), 'body{}');
writeFileSync(path.join(root, 'essays/one.html'), '<h1>One</h1>');
writeFileSync(path.join(root, 'essays/one.md'), '# One');
writeFileSync(path.join(root, 'openapi.json'), '{}');

const file = (type: string, size: number) => ({ type, size, hash: `h${size}` });
const manifest: StaticManifest = {
  siteUrl: 'http://x',
  contentDir: 'content',
  builtAt: '2026-01-01T00:00:00Z',
  files: {
    '/_astro/site.abc123.css': file('text/css; charset=utf-8', 6),
    '/essays/one.html': file('text/html; charset=utf-8', 12),
    '/essays/one.md': file('text/markdown; charset=utf-8', 5),
    '/openapi.json': file('application/json; charset=utf-8', 2),
  },
};
const site = new StaticSite(root, manifest);
const get = (urlPath: string, headers = {}) => site.serve({ method: 'GET', path: urlPath, search: '', headers });

describe('StaticSite', () => {
  it('caches hashed assets for a year and pages not at all without revalidation', async () => {
    expect((await get('/_astro/site.abc123.css')).headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/essays/one')).headers['Cache-Control']).toBe('public, max-age=0, must-revalidate');
  });

  it('resolves extensionless URLs and the OpenAPI aliases', async () => {
    expect(site.resolve('/essays/one')).toBe('/essays/one.html');
    for (const alias of ['/openapi', '/swagger.json', '/docs.json']) expect(site.resolve(alias)).toBe('/openapi.json');
    expect((await get('/essays/one.md')).headers['Content-Type']).toBe('text/markdown; charset=utf-8');
  });

  it('serves the twin for Markdown-preferring clients', async () => {
    const response = await get('/essays/one', { accept: 'text/markdown' });
    expect(response.body?.toString()).toBe('# One');
    expect(response.headers['Vary']).toBe('Accept');
  });
});

describe('the API catalog link (RFC 9727)', () => {
  const catalogRoot = mkdtempSync(path.join(tmpdir(), 'static-catalog-'));
  mkdirSync(path.join(catalogRoot, '.well-known'));
  writeFileSync(path.join(catalogRoot, 'index.html'), '<h1>Home</h1>');
  writeFileSync(path.join(catalogRoot, 'index.md'), '# Home');
  writeFileSync(path.join(catalogRoot, 'other.html'), '<h1>Other</h1>');
  writeFileSync(path.join(catalogRoot, '.well-known/api-catalog'), '{"linkset":[]}');
  const withCatalog = new StaticSite(catalogRoot, {
    ...manifest,
    siteUrl: 'https://hub.example',
    files: {
      ...manifest.files,
      '/index.html': file('text/html; charset=utf-8', 13),
      '/index.md': file('text/markdown; charset=utf-8', 6),
      '/other.html': file('text/html; charset=utf-8', 14),
      '/.well-known/api-catalog': file('application/linkset+json', 14),
    },
  });
  const link = '<https://hub.example/.well-known/api-catalog>; rel="api-catalog"';
  const serve = (method: string, urlPath: string, headers = {}) =>
    withCatalog.serve({ method, path: urlPath, search: '', headers });

  it('is sent by the home page and the catalog, on GET and HEAD, whatever the representation', async () => {
    for (const method of ['GET', 'HEAD']) {
      expect((await serve(method, '/')).headers['Link'], method).toBe(link);
      expect((await serve(method, '/.well-known/api-catalog')).headers['Link'], method).toBe(link);
    }
    expect((await serve('GET', '/', { accept: 'text/markdown' })).headers['Link']).toBe(link);
  });

  it('is not sent by other files, nor by a site without a catalog', async () => {
    expect((await serve('GET', '/other')).headers['Link']).toBeUndefined();
    expect((await get('/openapi.json')).headers['Link']).toBeUndefined();
  });
});
