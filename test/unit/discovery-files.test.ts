import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/core/openapi.ts';
import { routes } from '../../src/core/routes/index.ts';
import { agentsJson } from '../../src/site/agents-json.ts';
import { apiCatalog } from '../../src/site/api-catalog.ts';
import { absolutiseHtmlLinks } from '../../src/site/feed.ts';
import type { SiteContent } from '../../src/site/site-content.ts';
import { sitemapEntries, sitemapXml } from '../../src/site/sitemap.ts';
import { isCompressible, mediaTypeOf } from '../../src/server/static-manifest.ts';

const SITE = 'https://hub.example';
const essay = (id: string, date: string, tags: string[], updated?: string) => ({
  id,
  data: {
    title: id,
    description: 'd',
    date: new Date(date),
    ...(updated ? { updated: new Date(updated) } : {}),
    tags,
    references: [],
  },
});
const term = (id: string) => ({
  id,
  data: { term: id, definition: 'A definition long enough.', category: 'ai-models' as const, related: [], aliases: [] },
});

describe('sitemapEntries', () => {
  const build = new Date('2026-12-01T10:00:00Z');
  const content: SiteContent = {
    siteUrl: SITE,
    essays: [essay('old', '2026-01-01', ['ai'], '2026-06-01'), essay('new', '2026-03-01', ['web3'])],
    glossary: [term('rollup')],
    curriculum: [],
  };
  const lastmod = (path: string) =>
    sitemapEntries(content, build)
      .find((entry) => entry.path === path)
      ?.lastmod.toISOString()
      .slice(0, 10);

  it('dates essays by updated, else date, and essay lists by the newest of theirs', () => {
    expect(lastmod('/essays/old')).toBe('2026-06-01');
    expect(lastmod('/essays/new')).toBe('2026-03-01');
    expect(lastmod('/')).toBe('2026-06-01');
    expect(lastmod('/essays')).toBe('2026-06-01');
    expect(lastmod('/tags/web3')).toBe('2026-03-01');
  });

  it('dates pages without content dates by the build', () => {
    for (const path of ['/glossary', '/glossary/rollup', '/glossary/category/ai-models', '/auth'])
      expect(lastmod(path), path).toBe('2026-12-01');
  });

  it('writes absolute, escaped <loc> values', () => {
    const xml = sitemapXml('https://hub.example/?a=1&b=2', [{ path: '/', lastmod: build }]);
    expect(xml).toContain('<loc>https://hub.example/?a=1&amp;b=2/</loc>');
    expect(xml).toContain('<lastmod>2026-12-01</lastmod>');
  });
});

describe('agentsJson', () => {
  const flowsFor = (table: typeof routes) =>
    agentsJson(SITE, table, buildOpenApiDocument(table, SITE)).flows.map((flow) => flow.id);

  it('has a flow only for operations the route table has', () => {
    const withoutAsk = routes.filter((route) => route.operationId !== 'ask');
    expect(flowsFor(withoutAsk)).not.toContain('ask_question');
    expect(flowsFor(routes.filter((route) => route.operationId !== 'searchPapers'))).not.toContain('search_papers');
    expect(flowsFor(routes)).toEqual(expect.arrayContaining(['search_papers', 'read_essay', 'look_up_glossary_term']));
  });

  it("takes a flow's parameters from the OpenAPI description", () => {
    const flow = agentsJson(SITE, routes, buildOpenApiDocument(routes, SITE)).flows.find(
      (candidate) => candidate.id === 'read_essay',
    );
    expect(flow?.fields.parameters.map((parameter) => parameter.name)).toEqual(['tag', 'limit', 'cursor']);
    expect(flow?.fields.responses.success['schema']).toEqual({
      $ref: `${SITE}/openapi.json#/components/schemas/EssaysListResponse`,
    });
  });
});

describe('apiCatalog', () => {
  it('lists concrete endpoints, not templates or the status route', () => {
    const hrefs = apiCatalog(SITE, routes).linkset[0]!['item'] as Array<{ href: string }>;
    expect(hrefs).toContainEqual({ href: `${SITE}/api/v1/essays` });
    expect(hrefs.some(({ href }) => href.includes('{') || href.endsWith('/healthz'))).toBe(false);
  });
});

describe('absolutiseHtmlLinks', () => {
  it('makes root-relative links absolute and leaves the rest alone', () => {
    expect(
      absolutiseHtmlLinks(SITE, '<a href="/glossary/rollup">r</a> <a href="//cdn.example/x">c</a> <a href="#s">s</a>'),
    ).toBe(`<a href="${SITE}/glossary/rollup">r</a> <a href="//cdn.example/x">c</a> <a href="#s">s</a>`);
  });
});

describe('media types of the discovery files', () => {
  it.each([
    ['/feed.xml', 'application/rss+xml; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/.well-known/oauth-authorization-server', 'application/json; charset=utf-8'],
    ['/.well-known/oauth-protected-resource', 'application/json; charset=utf-8'],
    ['/.well-known/agents.json', 'application/json; charset=utf-8'],
    ['/ai-catalog.json', 'application/ai-catalog+json'],
  ])('%s is %s and compressible', (path, type) => {
    expect(mediaTypeOf(path)).toBe(type);
    expect(isCompressible(type)).toBe(true);
  });

  it('does not compress images or archives', () => {
    for (const type of ['image/png', 'application/zip', 'font/woff2']) expect(isCompressible(type)).toBe(false);
  });
});
