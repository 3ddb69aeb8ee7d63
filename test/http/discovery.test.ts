// The discovery and syndication files, each checked by a real checker for its format (xmllint with the
// sitemaps.org XSD, fast-xml-parser for RSS 2.0, ajv with the published JSON Schemas, oauth4webapi's
// metadata discovery), plus the site-wide checks: no broken internal link, and a page for every tag
// and category in use.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { LinkChecker, LinkState } from 'linkinator';
import {
  allowInsecureRequests,
  customFetch,
  discoveryRequest,
  processDiscoveryResponse,
  processResourceDiscoveryResponse,
  resourceDiscoveryRequest,
} from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL } from '../support/build-once.ts';
import { http } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SHARED_DATA = path.resolve(root, '../shared/data');
const sharedFile = (relative: string) => path.join(SHARED_DATA, relative);
const sharedSkipReason = (relative: string) =>
  `skipped: ${sharedFile(relative)} is absent (../shared exists beside the project in CI only)`;
const xmllintAvailable = spawnSync('xmllint', ['--version']).status === 0;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Absolute URLs in the files name SITE_URL; the test server listens elsewhere. */
const local = (url: string) => (url.startsWith(TEST_SITE_URL) ? server.url + url.slice(TEST_SITE_URL.length) : url);
const get = (pathOrUrl: string, headers: Record<string, string> = {}) =>
  http(pathOrUrl.startsWith('http') ? local(pathOrUrl) : `${server.url}${pathOrUrl}`, { headers });

interface EssayItem {
  slug: string;
  title: string;
  date: string;
  tags: string[];
  url: string;
  markdownUrl: string;
}
interface TermItem {
  slug: string;
  term: string;
  category: string;
  url: string;
}
const listEssays = async () => (await get('/api/v1/essays?limit=200')).json<{ total: number; essays: EssayItem[] }>();
/** Every term, page by page: the glossary outgrew one page of the largest limit (200). */
const listTerms = async () => {
  const terms: TermItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { terms: TermItem[]; next_cursor: string | null } = (
      await get(`/api/v1/glossary?limit=200${cursor ? `&cursor=${cursor}` : ''}`)
    ).json();
    terms.push(...page.terms);
    cursor = page.next_cursor;
  } while (cursor);
  return { total: terms.length, terms };
};

function xmllint(xml: string, schema?: string): { ok: boolean; output: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'xmllint-')), 'document.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', ...(schema ? ['--schema', schema] : []), file], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['url', 'sitemap', 'item', 'category'].includes(name),
});

const decodeEntities = (text: string) =>
  text.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return named[entity.toLowerCase()] ?? '';
  });
const wordsOfHtml = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** Every HTML page of the build, as its public path (the build writes `format: 'file'`). */
function builtHtmlPages(): string[] {
  const client = path.join(root, 'dist/client');
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const urlPath = `/${path.relative(client, full).split(path.sep).join('/')}`.replace(/\.html$/, '');
        if (urlPath !== '/404') pages.push(urlPath === '/index' ? '/' : urlPath);
      }
    }
  };
  walk(client);
  return pages.sort();
}

describe('/sitemap.xml', () => {
  // @astrojs/sitemap writes a sitemap index (served as /sitemap.xml) and the sitemaps it points to.
  let index: string;
  let sitemaps: Array<{ path: string; body: string }>;
  let entries: Array<{ loc: string; lastmod: string }>;
  beforeAll(async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    index = response.text;
    const listed = xml.parse(index).sitemapindex.sitemap as Array<{ loc: string }>;
    sitemaps = await Promise.all(
      listed.map(async ({ loc }) => {
        expect(loc.startsWith(`${TEST_SITE_URL}/`), loc).toBe(true);
        const sitemap = await get(new URL(loc).pathname);
        expect(sitemap.status, loc).toBe(200);
        expect(sitemap.headers['content-type'], loc).toBe('application/xml; charset=utf-8');
        return { path: new URL(loc).pathname, body: sitemap.text };
      }),
    );
    entries = sitemaps.flatMap(({ body }) => xml.parse(body).urlset.url);
  });

  it.skipIf(!xmllintAvailable)("has sitemaps valid against the sitemap package's sitemaps.org XSD", () => {
    for (const { path: at, body } of sitemaps) {
      const result = xmllint(body, path.join(root, 'node_modules/sitemap/schema/sitemap.xsd'));
      expect(result.output, at).toContain('validates');
      expect(result.ok, result.output).toBe(true);
    }
  });

  it('is an index valid against the shared sitemaps.org XSDs, and so are its sitemaps', (context) => {
    const [siteindexXsd, sitemapXsd] = [sharedFile('xsd/siteindex.xsd'), sharedFile('xsd/sitemap.xsd')];
    if (!existsSync(siteindexXsd) || !existsSync(sitemapXsd) || !xmllintAvailable) {
      console.log(xmllintAvailable ? sharedSkipReason('xsd/siteindex.xsd') : 'skipped: xmllint is not installed');
      return context.skip();
    }
    const result = xmllint(index, siteindexXsd);
    expect(result.ok, result.output).toBe(true);
    for (const { body } of sitemaps) {
      const sitemap = xmllint(body, sitemapXsd);
      expect(sitemap.ok, sitemap.output).toBe(true);
    }
  });

  it('lists exactly the HTML pages of the build, 404 excluded (nothing server-rendered)', () => {
    const listed = entries.map((entry) => new URL(entry.loc).pathname).sort();
    expect(listed).toEqual(builtHtmlPages());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('has absolute <loc> under SITE_URL that answer 200 with HTML, and W3C <lastmod> dates', async () => {
    for (const entry of entries) {
      expect(entry.loc.startsWith(`${TEST_SITE_URL}/`), entry.loc).toBe(true);
      expect(entry.lastmod, entry.loc).toMatch(
        /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
      );
    }
    // As a crawler asks: /ask is an API route too and answers browsers with its page.
    // In slices: one connection per URL at once would pass the server's 256 connections per client.
    const responses = [];
    for (let start = 0; start < entries.length; start += 50)
      responses.push(
        ...(await Promise.all(
          entries.slice(start, start + 50).map((entry) => get(entry.loc, { accept: 'text/html' })),
        )),
      );
    responses.forEach((response, index) => {
      expect(response.status, entries[index]!.loc).toBe(200);
      expect(response.headers['content-type'], entries[index]!.loc).toBe('text/html; charset=utf-8');
    });
  });

  it('includes every essay, term, tag and category page, and dates essays by updated ?? date', async () => {
    const [{ essays }, { terms }] = await Promise.all([listEssays(), listTerms()]);
    const content = (await get('/data/content.json')).json<{
      essays: Array<{ slug: string; updated: string | null }>;
    }>();
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry.lastmod.slice(0, 10)]));
    for (const essay of essays) {
      const updated = content.essays.find((record) => record.slug === essay.slug)?.updated;
      expect(byLoc.get(essay.url), essay.url).toBe(updated ?? essay.date);
    }
    for (const term of terms) expect(byLoc.has(term.url), term.url).toBe(true);
    for (const tag of new Set(essays.flatMap((essay) => essay.tags)))
      expect(byLoc.has(`${TEST_SITE_URL}/tags/${tag}`), tag).toBe(true);
    for (const category of new Set(terms.map((term) => term.category)))
      expect(byLoc.has(`${TEST_SITE_URL}/glossary/category/${category}`), category).toBe(true);
    const newest = content.essays
      .map((record) => byLoc.get(`${TEST_SITE_URL}/essays/${record.slug}`)!)
      .sort()
      .at(-1);
    expect(byLoc.get(`${TEST_SITE_URL}/`)).toBe(newest);
  });

  it("is the one index: the integration's own sitemap-index.xml is renamed, not served twice", async () => {
    expect((await get('/sitemap-index.xml')).status).toBe(404);
  });
});

describe('/feed.xml', () => {
  let body: string;
  let rss: any;
  beforeAll(async () => {
    const response = await get('/feed.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    body = response.text;
    rss = xml.parse(body).rss;
  });

  it.skipIf(!xmllintAvailable)('is well-formed XML', () => {
    const result = xmllint(body);
    expect(result.ok, result.output).toBe(true);
  });

  it('is RSS 2.0 with a complete channel and an atom:link to itself', () => {
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(rss['@xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
    const channel = rss.channel;
    expect(channel.title).toBeTruthy();
    expect(channel.description).toBeTruthy();
    expect(channel.link).toBe(`${TEST_SITE_URL}/`);
    expect(channel['atom:link']).toMatchObject({
      '@href': `${TEST_SITE_URL}/feed.xml`,
      '@rel': 'self',
      '@type': 'application/rss+xml',
    });
  });

  it('has every essay, newest first, with permalink guids and RFC 822 dates', async () => {
    const { total, essays } = await listEssays();
    const items: any[] = rss.channel.item;
    expect(items).toHaveLength(total);
    expect(items.map((item) => item.link)).toEqual(essays.map((essay) => essay.url));
    const rfc822 =
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
    const times: number[] = [];
    items.forEach((item, index) => {
      const essay = essays[index]!;
      expect(item.title).toBe(essay.title);
      expect(item.guid['@isPermaLink']).toBe('true');
      expect(item.guid['#text']).toBe(item.link);
      expect(item.link.startsWith(`${TEST_SITE_URL}/essays/`)).toBe(true);
      expect(item.pubDate).toMatch(rfc822);
      const time = Date.parse(item.pubDate);
      expect(Number.isNaN(time)).toBe(false);
      expect(new Date(time).toISOString().slice(0, 10)).toBe(essay.date);
      times.push(time);
    });
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('carries each essay in full, with absolute links only', () => {
    for (const item of rss.channel.item as any[]) {
      const html: string = item['content:encoded'];
      expect(wordsOfHtml(html), item.link).toBeGreaterThanOrEqual(1500);
      expect(html, item.link).toContain('<h2');
      expect(html, item.link).not.toMatch(/\b(href|src)="\/(?!\/)/);
    }
  });

  it('is advertised by the HTML pages', async () => {
    for (const page of ['/', '/essays', '/glossary/rollup']) {
      const html = (await get(page)).text;
      expect(html, page).toContain('<link rel="alternate" type="application/rss+xml" href="/feed.xml"');
    }
  });
});

describe('/.well-known/api-catalog', () => {
  const CATALOG_LINK = `<${TEST_SITE_URL}/.well-known/api-catalog>; rel="api-catalog"`;

  it('is a linkset valid against the shared Linkset schema', async (context) => {
    const response = await get('/.well-known/api-catalog');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    const schemaFile = sharedFile('schemas/linkset.schema.json');
    if (!existsSync(schemaFile)) {
      console.log(sharedSkipReason('schemas/linkset.schema.json'));
      return context.skip();
    }
    // The shared schema declares draft 2020-12.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    expect(validate(response.json()), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('names the API, its description, docs and status, and every concrete endpoint of the OpenAPI description', async () => {
    const catalog = (await get('/.well-known/api-catalog')).json();
    const openapi = (await get('/openapi.json')).json<{ paths: Record<string, Record<string, any>> }>();
    const [context] = catalog.linkset;
    expect(catalog.linkset).toHaveLength(1);
    expect(context.anchor).toBe(`${TEST_SITE_URL}/api`);
    expect(context['service-desc']).toEqual([
      { href: `${TEST_SITE_URL}/openapi.json`, type: 'application/openapi+json' },
    ]);
    expect(context['service-doc']).toEqual([{ href: `${TEST_SITE_URL}/api-docs`, type: 'text/html' }]);
    expect(context.status).toEqual([{ href: `${TEST_SITE_URL}/healthz`, type: 'application/json' }]);
    const pinned = Object.entries(openapi.paths)
      .filter(
        ([template, methods]) =>
          !template.includes('{') &&
          template !== '/healthz' &&
          Object.values(methods).some((operation) => operation.deprecated !== true),
      )
      .map(([template]) => `${TEST_SITE_URL}${template}`);
    expect(context.item.map((link: { href: string }) => link.href).sort()).toEqual(pinned.sort());
    for (const link of [...context['service-desc'], ...context['service-doc'], ...context.status])
      expect((await get(link.href)).status, link.href).toBe(200);
  });

  it.each([
    ['HEAD', '/'],
    ['GET', '/'],
    ['HEAD', '/.well-known/api-catalog'],
    ['GET', '/.well-known/api-catalog'],
  ])('%s %s announces the catalog in a Link header', async (method, page) => {
    const response = await http(`${server.url}${page}`, { method });
    expect(response.status).toBe(200);
    expect(response.headers['link']).toBe(CATALOG_LINK);
  });

  it('is announced on the home page in Markdown too, and not on other pages', async () => {
    expect((await get('/', { accept: 'text/markdown' })).headers['link']).toBe(CATALOG_LINK);
    expect((await get('/essays')).headers['link']).toBeUndefined();
  });
});

describe('OAuth metadata', () => {
  // oauth4webapi builds the well-known URL from the identifier and insists the document names the
  // same identifier; the identifier is SITE_URL, so its requests are sent on to the test server.
  const options = {
    [allowInsecureRequests]: true,
    [customFetch]: (url: string, init: RequestInit) => fetch(local(url), init),
  };

  it('passes RFC 8414 authorization server discovery with issuer exactly SITE_URL', async () => {
    const response = await discoveryRequest(new URL(TEST_SITE_URL), { ...options, algorithm: 'oauth2' });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const metadata = await processDiscoveryResponse(new URL(TEST_SITE_URL), response);
    expect(metadata.issuer).toBe(TEST_SITE_URL);
    expect(metadata).toMatchObject({
      registration_endpoint: `${TEST_SITE_URL}/api/auth/register`,
      revocation_endpoint: `${TEST_SITE_URL}/api/auth/revoke`,
      response_types_supported: [],
      grant_types_supported: [],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      service_documentation: `${TEST_SITE_URL}/auth.md`,
    });
    expect(metadata.authorization_endpoint).toBeUndefined();
    expect(metadata.token_endpoint).toBeUndefined();
  });

  it('passes RFC 9728 protected resource discovery with resource exactly SITE_URL', async () => {
    const response = await resourceDiscoveryRequest(new URL(TEST_SITE_URL), options);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const metadata = await processResourceDiscoveryResponse(new URL(TEST_SITE_URL), response);
    expect(metadata.resource).toBe(TEST_SITE_URL);
    expect(metadata).toMatchObject({
      authorization_servers: [TEST_SITE_URL],
      bearer_methods_supported: ['header'],
      resource_documentation: `${TEST_SITE_URL}/auth.md`,
    });
    expect(typeof metadata.resource_name).toBe('string');
  });

  it('is refused by the same checks for another identifier', async () => {
    const response = await discoveryRequest(new URL(TEST_SITE_URL), { ...options, algorithm: 'oauth2' });
    await expect(processDiscoveryResponse(new URL('http://example.org'), response)).rejects.toThrow(/issuer/);
  });
});

describe('/llms.txt and /llms-full.txt', () => {
  let text: string;
  beforeAll(async () => {
    const response = await get('/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    text = response.text;
  });

  function parseLlmsTxt(source: string) {
    const lines = source.split('\n');
    const sections = new Map<string, Array<{ name: string; url: string; note: string }>>();
    let current: string | undefined;
    const preamble: string[] = [];
    for (const line of lines.slice(1)) {
      if (line.startsWith('# ')) throw new Error(`a second H1: ${line}`);
      const heading = /^## (.+)$/.exec(line);
      if (heading) {
        current = heading[1]!;
        sections.set(current, []);
      } else if (current === undefined) preamble.push(line);
      else if (line.trim() !== '') {
        const link = /^- \[([^\]]+)\]\((\S+)\)(?:: (.+))?$/.exec(line);
        if (!link) throw new Error(`not a link line in "${current}": ${line}`);
        sections.get(current)!.push({ name: link[1]!, url: link[2]!, note: link[3] ?? '' });
      }
    }
    return { title: lines[0], preamble: preamble.filter((line) => line.trim() !== ''), sections };
  }

  it('has an H1, a > summary, a paragraph and H2 link lists, Optional last', () => {
    const parsed = parseLlmsTxt(text);
    expect(parsed.title).toBe('# Research Hub');
    expect(parsed.preamble[0]).toMatch(/^> \S/);
    expect(parsed.preamble.length).toBeGreaterThanOrEqual(2);
    expect([...parsed.sections.keys()]).toEqual(['Essays', 'Glossary', 'Curriculum', 'API', 'Optional']);
    for (const [name, links] of parsed.sections) expect(links.length, name).toBeGreaterThan(0);
  });

  it('links every essay twin, the glossary and its categories, the curriculum and the API', async () => {
    const { sections } = parseLlmsTxt(text);
    const [{ essays }, { terms }] = await Promise.all([listEssays(), listTerms()]);
    expect(sections.get('Essays')!.map((link) => link.url)).toEqual(essays.map((essay) => essay.markdownUrl));
    const glossary = sections.get('Glossary')!.map((link) => link.url);
    expect(glossary).toContain(`${TEST_SITE_URL}/glossary.md`);
    for (const category of new Set(terms.map((term) => term.category)))
      expect(glossary).toContain(`${TEST_SITE_URL}/glossary/category/${category}.md`);
    expect(sections.get('Curriculum')!.map((link) => link.url)).toEqual([`${TEST_SITE_URL}/curriculum.md`]);
    const api = sections.get('API')!.map((link) => link.url);
    expect(api).toEqual(expect.arrayContaining([`${TEST_SITE_URL}/api-docs.md`, `${TEST_SITE_URL}/openapi.json`]));
    expect(sections.get('Optional')!.map((link) => link.url)).toContain(`${TEST_SITE_URL}/llms-full.txt`);
  });

  it('links only absolute URLs under SITE_URL that answer 200, Markdown twins as text/markdown', async () => {
    const links = [...parseLlmsTxt(text).sections.values()].flat();
    const responses = await Promise.all(links.map((link) => get(link.url)));
    responses.forEach((response, index) => {
      const { url } = links[index]!;
      expect(url.startsWith(`${TEST_SITE_URL}/`), url).toBe(true);
      expect(response.status, url).toBe(200);
      if (url.endsWith('.md')) expect(response.headers['content-type'], url).toBe('text/markdown; charset=utf-8');
    });
  });

  it('has every essay and glossary term in llms-full.txt', async () => {
    const response = await get('/llms-full.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const [{ essays }, { terms }] = await Promise.all([listEssays(), listTerms()]);
    const headings = new Set(response.text.split('\n').filter((line) => line.startsWith('# ')));
    for (const essay of essays) expect(headings.has(`# ${essay.title}`), essay.slug).toBe(true);
    for (const term of terms) expect(headings.has(`# ${term.term}`), term.slug).toBe(true);
    const sources = response.text.split('\n').filter((line) => line.startsWith('Source: '));
    expect(sources).toEqual([
      ...essays.map((essay) => `Source: ${essay.url}`),
      ...terms.map((term) => `Source: ${term.url}`),
    ]);
  });
});

describe('/.well-known/agents.json', () => {
  let agents: any;
  let operationIds: Set<string>;
  beforeAll(async () => {
    const response = await get('/.well-known/agents.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    agents = response.json();
    const openapi = (await get('/openapi.json')).json<{ paths: Record<string, Record<string, any>> }>();
    operationIds = new Set(
      Object.values(openapi.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId as string)),
    );
  });

  it('is valid against the agents.json 0.1.0 schema', (context) => {
    const schemaFile = sharedFile('schemas/agentsJson.schema.json');
    if (!existsSync(schemaFile)) {
      console.log(sharedSkipReason('schemas/agentsJson.schema.json'));
      return context.skip();
    }
    // The schema is draft-07, ajv's default dialect.
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    expect(validate(agents), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('points at our OpenAPI description and only at operations it has', async () => {
    expect(agents.sources).toEqual([expect.objectContaining({ path: `${TEST_SITE_URL}/openapi.json` })]);
    expect((await get(agents.sources[0].path)).status).toBe(200);
    const flows: any[] = agents.flows;
    expect(flows.map((flow) => flow.id)).toEqual(
      expect.arrayContaining(['search_papers', 'read_essay', 'look_up_glossary_term']),
    );
    expect(flows.some((flow) => flow.id === 'ask_question')).toBe(operationIds.has('ask'));
    for (const flow of flows) {
      for (const action of flow.actions) {
        expect(action.sourceId).toBe(agents.sources[0].id);
        expect(operationIds.has(action.operationId), action.operationId).toBe(true);
      }
      const parameters = new Set(flow.fields.parameters.map((parameter: { name: string }) => parameter.name));
      for (const link of flow.links)
        expect(parameters.has(link.target.fieldPath.replace('parameters.', ''))).toBe(true);
    }
    const search = flows.find((flow) => flow.id === 'search_papers');
    expect(search.fields.parameters).toContainEqual({ name: 'q', required: true, type: 'string' });
  });
});

describe('/ai.txt, /ai.json and /ai-catalog.json', () => {
  it('ai.txt parses as robots.txt with a comment header, a User-agent group and the sitemap', async () => {
    const response = await get('/ai.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.text.split('\n');
    expect(lines[0]).toMatch(/^# /);
    const directives: Array<[string, string]> = [];
    for (const line of lines) {
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      const match = /^(user-agent|allow|disallow|sitemap|crawl-delay)\s*:\s*(.*)$/i.exec(line);
      if (!match) throw new Error(`not a robots.txt line: ${line}`);
      directives.push([match[1]!.toLowerCase(), match[2]!.trim()]);
    }
    expect(directives[0]).toEqual(['user-agent', '*']);
    const rules = directives.filter(([name]) => name === 'allow' || name === 'disallow');
    expect(rules).toContainEqual(['allow', '/']);
    for (const [, value] of rules) expect(value.startsWith('/')).toBe(true);
    expect(directives).toContainEqual(['sitemap', `${TEST_SITE_URL}/sitemap.xml`]);
    expect(response.text).toContain(`${TEST_SITE_URL}/llms.txt`);

    // The longest matching rule decides (RFC 9309); no page of the sitemap may be disallowed.
    const allowed = (urlPath: string) => {
      const matching = rules.filter(([, prefix]) => urlPath.startsWith(prefix));
      const longest = Math.max(...matching.map(([, prefix]) => prefix.length));
      return matching.some(([name, prefix]) => name === 'allow' && prefix.length === longest);
    };
    const index = xml.parse((await get('/sitemap.xml')).text).sitemapindex.sitemap as Array<{ loc: string }>;
    const sitemap: Array<{ loc: string }> = [...index];
    for (const { loc } of index) sitemap.push(...xml.parse((await get(new URL(loc).pathname)).text).urlset.url);
    for (const { loc } of sitemap) expect(allowed(new URL(loc).pathname), loc).toBe(true);
    expect(allowed('/api/v1/essays')).toBe(false);
  });

  it('ai.json lists the content with counts and the machine interfaces', async () => {
    const response = await get('/ai.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const manifest = response.json();
    const [essays, terms] = await Promise.all([listEssays(), listTerms()]);
    expect(manifest.name).toBe('Research Hub');
    expect(manifest.content.essays.count).toBe(essays.total);
    expect(manifest.content.glossary.count).toBe(terms.total);
    for (const part of ['essays', 'glossary', 'curriculum']) {
      const { markdownUrl } = manifest.content[part];
      const twin = await get(markdownUrl);
      expect(twin.status, markdownUrl).toBe(200);
      expect(twin.headers['content-type'], markdownUrl).toBe('text/markdown; charset=utf-8');
    }
    const { interfaces } = manifest;
    for (const key of ['api', 'openapi', 'mcp', 'llmsTxt', 'feed', 'sitemap'])
      expect(interfaces[key], key).toMatch(new RegExp(`^${TEST_SITE_URL}/`));
    expect(interfaces.mcp).toBe(`${TEST_SITE_URL}/.well-known/mcp`);
    expect(interfaces.auth).toMatchObject({ required: false, guide: `${TEST_SITE_URL}/auth.md` });
    for (const key of ['openapi', 'llmsTxt', 'feed', 'sitemap'])
      expect((await get(interfaces[key])).status, key).toBe(200);
  });

  it('ai-catalog.json follows the AI Catalog entry shape, also at its well-known URL', async () => {
    const response = await get('/ai-catalog.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/ai-catalog+json');
    const catalog = response.json();
    expect(catalog.specVersion).toMatch(/^\d+\.\d+$/);
    expect(catalog.host.displayName).toBe('Research Hub');
    expect(catalog.entries.length).toBeGreaterThan(0);
    const identifiers = new Set<string>();
    for (const entry of catalog.entries) {
      expect(entry.identifier).toMatch(/^urn:air:localhost:[a-z-]+:[a-z-]+$/);
      identifiers.add(entry.identifier);
      expect(typeof entry.displayName).toBe('string');
      expect(entry.type).toMatch(/^[a-z]+\/[\w.+-]+$/);
      expect(entry.mediaType).toBe(entry.type);
      expect(entry.url.startsWith(`${TEST_SITE_URL}/`), entry.url).toBe(true);
      // The MCP server is the core's route and has its own tests; the rest are files of this build.
      if (!entry.identifier.includes(':mcp:')) expect((await get(entry.url)).status, entry.url).toBe(200);
    }
    expect(identifiers.size).toBe(catalog.entries.length);
    expect((await get('/.well-known/ai-catalog.json')).text).toBe(response.text);
  });
});

describe('/auth and /auth.md', () => {
  it('is a Markdown guide to anonymous use, bearer tokens, 401s and the OAuth metadata', async () => {
    const response = await get('/auth.md');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const guide = response.text;
    expect(guide.startsWith('# Authentication\n')).toBe(true);
    for (const fact of [
      `POST ${TEST_SITE_URL}/api/auth/register`,
      `POST ${TEST_SITE_URL}/api/auth/revoke`,
      'Authorization: Bearer anonymous',
      `WWW-Authenticate: Bearer resource_metadata="${TEST_SITE_URL}/.well-known/oauth-protected-resource"`,
      `${TEST_SITE_URL}/.well-known/oauth-authorization-server`,
      'RateLimit-Remaining',
    ])
      expect(guide).toContain(fact);
  });

  it('has an HTML page that advertises the guide as its twin', async () => {
    const response = await get('/auth');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<link rel="alternate" type="text/markdown" href="/auth.md"');
    expect(response.text).toContain('resource_metadata=');
  });
});

describe('site-wide checks', () => {
  it('has no broken internal link anywhere a reader can click from the home page', { timeout: 120_000 }, async () => {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${server.url}/`,
      recurse: true,
      concurrency: 25,
      timeout: 10_000,
      checkFragments: true,
      // Canonical and feed links name SITE_URL; point them at the test server so they are checked too.
      urlRewriteExpressions: [
        { pattern: new RegExp(`^${TEST_SITE_URL.replace(/[.]/g, '\\.')}`), replacement: server.url },
      ],
      linksToSkip: async (link) => !link.startsWith(server.url),
    });
    // One line per broken URL, naming the first page that links to it.
    const broken = new Map<string, string>();
    for (const link of result.links.filter((candidate) => candidate.state === LinkState.BROKEN))
      if (!broken.has(link.url)) broken.set(link.url, `${link.url} (${link.status}) on ${link.parent}`);
    expect([...broken.values()]).toEqual([]);
    const checked = result.links.filter((link) => link.state === LinkState.OK).map((link) => link.url);
    const { essays } = await listEssays();
    expect(checked.length).toBeGreaterThan(builtHtmlPages().length);
    for (const essay of essays) expect(checked).toContain(local(essay.url));
  });

  it('has a page and a Markdown twin for every tag and category in use', async () => {
    const [{ essays }, { terms }] = await Promise.all([listEssays(), listTerms()]);
    const pages = [
      ...[...new Set(essays.flatMap((essay) => essay.tags))].map((tag) => `/tags/${tag}`),
      ...[...new Set(terms.map((term) => term.category))].map((category) => `/glossary/category/${category}`),
    ];
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = await get(page);
      expect(html.status, page).toBe(200);
      expect(html.headers['content-type'], page).toBe('text/html; charset=utf-8');
      expect((await get(`${page}.md`)).status, `${page}.md`).toBe(200);
    }
    const tagsIndex = (await get('/tags')).text;
    for (const tag of new Set(essays.flatMap((essay) => essay.tags)))
      expect(tagsIndex, tag).toContain(`href="/tags/${tag}"`);
  });
});
