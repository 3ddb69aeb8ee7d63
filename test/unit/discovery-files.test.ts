import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/core/openapi.ts';
import { routes } from '../../src/core/routes/index.ts';
import { agentsJson } from '../../src/site/agents-json.ts';
import { apiCatalog } from '../../src/site/api-catalog.ts';
import { absolutiseHtmlLinks } from '../../src/site/feed.ts';
import { contentDates, lastmodOf } from '../../src/site/sitemap.ts';
import { isCompressible, mediaTypeOf } from '../../src/server/static-manifest.ts';

const SITE = 'https://hub.example';
const essay = (slug: string, date: string, tags: string[], updated?: string) => ({
  slug,
  date,
  updated: updated ?? null,
  tags,
});

describe('sitemap <lastmod>', () => {
  const build = new Date('2026-12-01T10:00:00Z');
  const dates = contentDates([essay('old', '2026-01-01', ['ai'], '2026-06-01'), essay('new', '2026-03-01', ['web3'])]);
  const lastmod = (path: string) => lastmodOf(`${SITE}${path}`, dates, build);

  it('dates essays by updated, else date, and essay lists by the newest of theirs', () => {
    expect(lastmod('/essays/old')).toBe('2026-06-01');
    expect(lastmod('/essays/new')).toBe('2026-03-01');
    expect(lastmod('/')).toBe('2026-06-01');
    expect(lastmod('/essays')).toBe('2026-06-01');
    expect(lastmod('/tags')).toBe('2026-06-01');
    expect(lastmod('/tags/web3')).toBe('2026-03-01');
  });

  it('dates pages without content dates by the build', () => {
    for (const path of ['/glossary', '/glossary/rollup', '/glossary/category/ai-models', '/auth'])
      expect(lastmod(path), path).toBe('2026-12-01');
  });

  it('dates everything by the build when there are no essays', () => {
    expect(lastmodOf(`${SITE}/`, contentDates([]), build)).toBe('2026-12-01');
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

  it('has a flow, from its own summary, for every read the directories list', () => {
    const listed = routes.filter((route) => route.directoryName && route.method === 'GET');
    expect(listed.length).toBeGreaterThan(3);
    const flows = agentsJson(SITE, routes, buildOpenApiDocument(routes, SITE)).flows;
    for (const route of listed) {
      expect(
        flows.some((flow) => flow.actions[0]?.operationId === route.operationId),
        route.operationId,
      ).toBe(true);
    }
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
  it('lists concrete endpoints, not templates or the status routes', () => {
    const hrefs = apiCatalog(SITE, routes).linkset[0]!['item'] as Array<{ href: string }>;
    expect(hrefs).toContainEqual({ href: `${SITE}/api/v1/essays` });
    expect(hrefs.some(({ href }) => href.includes('{') || /\/(healthz|readyz)$/.test(href))).toBe(false);
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
