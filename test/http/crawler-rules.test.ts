// /robots.txt and /ai.txt as crawlers read them. Parsers disagree on precedence: RFC 9309 (and Google)
// let the longest matching rule decide, while first-match parsers such as Python's urllib.robotparser
// take the first rule of the group that matches. The rules must mean the same to both.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL } from '../support/build-once.ts';
import { http } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_REQUESTS: 'false' });
});
afterAll(async () => {
  await server?.stop();
});
const get = (path: string) => http(`${server.url}${path}`);

type Rule = { allow: boolean; path: string };

/** The rules of the group for `*`, and the Sitemap lines, of a robots.txt file. */
function parse(text: string): { rules: Rule[]; sitemaps: string[]; agents: string[] } {
  const rules: Rule[] = [];
  const sitemaps: string[] = [];
  const agents: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!match) throw new Error(`not a robots.txt line: ${raw}`);
    const [, field, value] = match as unknown as [string, string, string];
    const name = field.toLowerCase();
    if (name === 'user-agent') agents.push(value);
    else if (name === 'allow' || name === 'disallow') rules.push({ allow: name === 'allow', path: value });
    else if (name === 'sitemap') sitemaps.push(value);
  }
  return { rules, sitemaps, agents };
}

/** Python's urllib.robotparser: the first rule whose path is a prefix of the URL's path and query decides. */
function firstMatchAllows(rules: Rule[], target: string): boolean {
  return rules.find((rule) => target.startsWith(rule.path))?.allow ?? true;
}

/** RFC 9309 section 2.2.2: the longest matching rule decides; on a tie, allow. */
function longestMatchAllows(rules: Rule[], target: string): boolean {
  const matching = rules.filter((rule) => target.startsWith(rule.path));
  if (matching.length === 0) return true;
  const longest = Math.max(...matching.map((rule) => rule.path.length));
  return matching.some((rule) => rule.allow && rule.path.length === longest);
}

const KEPT_OUT = [
  '/api/v1/essays',
  '/api/v1/reports/search?q=transformers',
  '/api/reports/search?q=rollups',
  '/api/auth/register',
  '/ask?q=what%20is%20a%20rollup',
];
const LET_IN = ['/', '/essays', '/glossary', '/api-docs', '/ask', '/llms.txt', '/openapi.json', '/sitemap.xml'];

describe.each(['/robots.txt', '/ai.txt'])('%s', (file) => {
  it('is served as text with one group for every crawler and the sitemap', async () => {
    const response = await get(file);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const { agents, sitemaps, rules } = parse(response.text);
    expect(agents).toEqual(['*']);
    expect(sitemaps).toEqual([`${TEST_SITE_URL}/sitemap.xml`]);
    for (const rule of rules) expect(rule.path.startsWith('/'), rule.path).toBe(true);
  });

  it('keeps crawlers out of the API and the answers, for first-match and longest-match parsers alike', async () => {
    const { rules } = parse((await get(file)).text);
    for (const target of KEPT_OUT) {
      expect(firstMatchAllows(rules, target), `first match: ${target}`).toBe(false);
      expect(longestMatchAllows(rules, target), `longest match: ${target}`).toBe(false);
    }
    for (const target of LET_IN) {
      expect(firstMatchAllows(rules, target), `first match: ${target}`).toBe(true);
      expect(longestMatchAllows(rules, target), `longest match: ${target}`).toBe(true);
    }
  });

  it('lets both kinds of parser reach every page of the sitemap', async () => {
    const { rules } = parse((await get(file)).text);
    const parser = new XMLParser({ isArray: (name) => ['url', 'sitemap'].includes(name) });
    const index = parser.parse((await get('/sitemap.xml')).text).sitemapindex.sitemap as Array<{ loc: string }>;
    const pages: Array<{ loc: string }> = [];
    for (const { loc } of index) pages.push(...parser.parse((await get(new URL(loc).pathname)).text).urlset.url);
    expect(pages.length).toBeGreaterThan(10);
    for (const { loc } of [...index, ...pages]) {
      const target = new URL(loc).pathname;
      expect(firstMatchAllows(rules, target), loc).toBe(true);
      expect(longestMatchAllows(rules, target), loc).toBe(true);
    }
  });
});

it('robots.txt and ai.txt give the same rules and the same sitemap', async () => {
  const [robots, ai] = await Promise.all([get('/robots.txt'), get('/ai.txt')]);
  const { rules: robotRules, sitemaps: robotSitemaps } = parse(robots.text);
  const { rules: aiRules, sitemaps: aiSitemaps } = parse(ai.text);
  expect(robotRules).toEqual(aiRules);
  expect(robotSitemaps).toEqual(aiSitemaps);
});
