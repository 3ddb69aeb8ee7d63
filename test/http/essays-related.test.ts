// GET /api/v1/essays/{slug}/related: essays sharing tags and glossary terms with one essay, through
// every door (REST, batch, the MCP tool list_related_essays, OpenAPI and the directory), checked
// against the essays' own tags and the glossary links in their Markdown twins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string) => http(`${server.url}${path}`);

interface Essay {
  slug: string;
  tags: string[];
  markdownUrl: string;
}

/** Every essay with its tags and the glossary terms its page links to, read from the public pages. */
async function essaysAsPublished(): Promise<Map<string, { tags: Set<string>; terms: Set<string> }>> {
  const essays: Essay[] = (await get('/api/v1/essays?limit=200')).json().essays;
  const published = new Map<string, { tags: Set<string>; terms: Set<string> }>();
  for (const essay of essays) {
    const markdown = (await get(new URL(essay.markdownUrl).pathname)).text;
    const terms = new Set([...markdown.matchAll(/\]\([^)]*\/glossary\/([^/)#]+)\)/g)].map((match) => match[1]!));
    published.set(essay.slug, { tags: new Set(essay.tags), terms });
  }
  return published;
}

const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((each) => b.has(each)).sort();

describe('related essays', () => {
  it('lists the essays sharing tags or glossary terms, most shared first', async () => {
    const published = await essaysAsPublished();
    const [slug, own] = [...published].find(([, essay]) => essay.terms.size > 3)!;
    const response = await get(`/api/v1/essays/${slug}/related?limit=50`);
    expect(response.status).toBe(200);
    const body = response.json();
    expectMatchesOpenApi('/api/v1/essays/{slug}/related', 'get', 200, body);
    expect(body.essay.slug).toBe(slug);
    const sharing = [...published].filter(
      ([other, essay]) =>
        other !== slug && (overlap(essay.tags, own.tags).length || overlap(essay.terms, own.terms).length),
    );
    expect(sharing.length).toBeGreaterThan(0);
    expect(body.total).toBe(sharing.length);
    expect(body.related.map((each: Essay) => each.slug).sort()).toEqual(sharing.map(([other]) => other).sort());
    for (const each of body.related) {
      const essay = published.get(each.slug)!;
      expect([...each.shared_tags].sort()).toEqual(overlap(essay.tags, own.tags));
      expect([...each.shared_terms].sort()).toEqual(overlap(essay.terms, own.terms));
    }
    const scores = body.related.map((each: { score: number }) => each.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await get(`/api/v1/essays/${slug}/related?limit=2`)).json().related).toEqual(body.related.slice(0, 2));
  });

  it('answers 404 for an unknown essay and 400 for a malformed slug or limit, in the error shape', async () => {
    const unknown = await get('/api/v1/essays/no-such-essay/related');
    expect(unknown.status).toBe(404);
    expect(unknown.json().error).toMatchObject({
      status: 404,
      code: expect.any(String),
      resolution: expect.any(String),
    });
    for (const path of [
      '/api/v1/essays/Not_A_Slug!/related',
      '/api/v1/essays/attention-and-transformers/related?limit=0',
    ]) {
      const bad = await get(path);
      expect(bad.status).toBe(400);
      expect(bad.json().error.code).toBe('invalid_parameter');
    }
  });

  it('is a batch target and the MCP tool list_related_essays, with the same answer', async () => {
    const path = '/api/v1/essays/attention-and-transformers/related';
    const direct = (await get(path)).json();
    const batch = await http(`${server.url}/api/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ path }] }),
    });
    expect(batch.json().responses[0]).toMatchObject({ status: 200, body: direct });
    const called = await callTool(server.url, 'list_related_essays', { slug: 'attention-and-transformers' });
    expect(called.result.isError).toBeFalsy();
    expect(called.result.structuredContent).toEqual(direct);
    expect(called.result.content[0].text).toContain(direct.related[0].url);
    const refused = await callTool(server.url, 'list_related_essays', { slug: 'no-such-essay' });
    expect(refused.result.isError).toBe(true);
  });

  it('is in OpenAPI and the API directory', async () => {
    const openapi = (await get('/openapi.json')).json();
    expect(openapi.paths['/api/v1/essays/{slug}/related'].get.operationId).toBe('listRelatedEssays');
    expect((await get('/api/v1')).json().endpoints.related_essays).toMatch(/\/api\/v1\/essays\/\{slug\}\/related$/);
  });
});
