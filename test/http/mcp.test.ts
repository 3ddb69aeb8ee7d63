import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();

const rest = async (path: string) => (await http(`${running.server.url}${path}`)).json();
const text = async (path: string) => (await http(`${running.server.url}${path}`)).text;

async function connect(path: string): Promise<Client> {
  const client = new Client({ name: 'research-hub-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${running.server.url}${path}`)));
  return client;
}

type ToolResult = { content: Array<{ type: string; text: string }>; structuredContent?: any; isError?: boolean };
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

// Requirements as data: the tools each server must expose (interface: MCP server sections).
const PRODUCT_TOOLS = ['search_reports', 'search_essays', 'get_essay', 'search_glossary', 'get_glossary_term'];
const DOCS_TOOLS = [
  'get_api_documentation',
  'get_openapi_specification',
  'get_auth_guide',
  'search_documentation',
  'get_course_curriculum',
];

describe('product MCP server through the SDK client', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect('/.well-known/mcp');
  });
  afterAll(() => client?.close());

  it('initializes and lists its tools with schemas and read-only annotations', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'research-hub', version: '1.1.0' });
    expect(client.getInstructions()).toMatch(/search_glossary/);
    const { tools } = await client.listTools();
    // The tools the interface requires are present; more may come without breaking this test.
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(PRODUCT_TOOLS));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.description?.length).toBeGreaterThan(20);
    }
    expect(tools.find((tool) => tool.name === 'search_reports')?.inputSchema.required).toEqual(['query']);
    await client.ping();
  });

  it('offers a literature_review prompt that uses the paper tools and stays under 2k tokens', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('literature_review');
    const { messages } = await client.getPrompt({ name: 'literature_review', arguments: { query: 'neural networks' } });
    const words = messages
      .map(({ content }) =>
        content.type === 'text' ? content.text : content.type === 'resource' ? JSON.stringify(content.resource) : '',
      )
      .join('\n');
    // About 4 characters a token in English: 8,000 characters is 2,000 tokens.
    expect(words.length).toBeLessThan(8_000);
    for (const tool of ['get_paper', 'paper_references', 'paper_citations', 'cite_papers'])
      expect(words).toContain(tool);
    // The papers come with the work ids those tools take.
    expect(words).toMatch(/\bW\d{4,}\b/);
  });

  it('search_reports answers what the REST search answers', async () => {
    const result = await call(client, 'search_reports', { query: 'neural', corpus: 'ai', limit: 5 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(await rest('/api/v1/reports/search?q=neural&corpus=ai&limit=5'));
    expect(result.content[0]?.text).toContain(result.structuredContent.results[0].title);
  });

  it('search_reports takes sort and a year range, as the REST search does', async () => {
    const args = { query: 'learning', corpus: 'ai', limit: 10, sort: 'date', year_from: 2014, year_to: 2016 };
    const result = await call(client, 'search_reports', args);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(
      await rest('/api/v1/reports/search?q=learning&corpus=ai&limit=10&sort=date&year_from=2014&year_to=2016'),
    );
    expect(result.structuredContent.sort).toBe('date');
    expect(result.content[0]?.text).toMatch(/the \d+ newest/);
    const { tools } = await client.listTools();
    const properties = tools.find((tool) => tool.name === 'search_reports')?.inputSchema.properties ?? {};
    expect(properties['sort']).toMatchObject({ enum: ['citations', 'relevance', 'date'] });
    // Refused before the search runs, naming the argument: a -32602 error, or (SEP-1303, from
    // 2025-11-25 on) an isError result the model can read.
    for (const [bad, named] of [
      [{ sort: 'newest' }, 'sort'],
      [{ year_to: 99 }, 'year_to'],
    ] as const) {
      const refusal = await call(client, 'search_reports', { query: 'learning', ...bad }).then(
        (result) => ({ refused: result.isError === true, text: String(result.content[0]?.text) }),
        (error: { code?: number; message: string }) => ({ refused: error.code === -32602, text: error.message }),
      );
      expect(refusal.refused, JSON.stringify(bad)).toBe(true);
      expect(refusal.text).toContain(`"${named}"`);
    }
  });

  it('search_essays and get_essay answer with the REST essays and their Markdown twins', async () => {
    const found = await call(client, 'search_essays', { query: 'rollups data availability' });
    const essays = (await rest('/api/v1/essays?limit=200')).essays;
    expect(found.structuredContent.essays.length).toBeGreaterThan(0);
    const first = found.structuredContent.essays[0];
    const { passage, ...item } = first;
    expect(essays).toContainEqual(item);
    expect(passage.url).toContain(item.url);
    const read = await call(client, 'get_essay', { slug: item.slug });
    expect(read.structuredContent.essay).toEqual(item);
    expect(read.content[0]?.text).toBe(await text(`/essays/${item.slug}.md`));
    const tagged = await call(client, 'search_essays', { query: 'rollups', tag: 'ai' });
    for (const essay of tagged.structuredContent.essays) expect(essay.tags).toContain('ai');
  });

  it('search_glossary and get_glossary_term answer with the REST glossary items', async () => {
    const found = await call(client, 'search_glossary', { query: 'what is a zk rollup', limit: 3 });
    // The glossary outgrew one page of the largest limit (200): read every page.
    const terms: Array<{ slug: string }> = [];
    for (let cursor = ''; ;) {
      const page = await rest(`/api/v1/glossary?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      terms.push(...page.terms);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(found.structuredContent.terms[0].slug).toBe('zk-rollup');
    for (const term of found.structuredContent.terms) expect(terms).toContainEqual(term);
    const scaling = await call(client, 'search_glossary', { query: 'rollup', category: 'web3-scaling' });
    expect(
      scaling.structuredContent.terms.every((term: { category: string }) => term.category === 'web3-scaling'),
    ).toBe(true);
    const read = await call(client, 'get_glossary_term', { slug: 'zk-rollup' });
    expect(read.structuredContent.term).toEqual(terms.find((term: { slug: string }) => term.slug === 'zk-rollup'));
    expect(read.content[0]?.text).toBe(await text('/glossary/zk-rollup.md'));
  });

  it('reports a tool that fails while running as isError, and bad arguments as isError too (SEP-1303)', async () => {
    const missing = await call(client, 'get_essay', { slug: 'no-such-essay' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]?.text).toMatch(/search_essays/);
    // From 2025-11-25 on, invalid arguments are a tool execution error the model can read and correct.
    const invalid = await call(client, 'search_reports', { query: 'x' });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toBeUndefined();
    expect(invalid.content[0]?.text).toMatch(/^Invalid arguments for search_reports: "query" .*2/);
    // An unknown tool is still a protocol error.
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it('turns an upstream outage into isError with the reason', async () => {
    running.standIn.setFault({ kind: 'status', status: 500 });
    try {
      const failed = await call(client, 'search_reports', { query: `outage ${Date.now()}` });
      expect(failed.isError).toBe(true);
      expect(failed.content[0]?.text).toMatch(/paper index/i);
    } finally {
      running.standIn.setFault(undefined);
    }
  });
});

describe('documentation MCP server through the SDK client', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect('/api/mcp/docs');
  });
  afterAll(() => client?.close());

  it('lists its tools', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(DOCS_TOOLS));
  });

  it('serves the OpenAPI description, the auth guide and the API documentation', async () => {
    // The OpenAPI description a part at a time: an operation as /openapi.json writes it.
    const whole = await rest('/openapi.json');
    const index = await call(client, 'get_openapi_specification', {});
    expect(index.structuredContent.document_url).toMatch(/\/openapi\.json$/);
    const getPaper = await call(client, 'get_openapi_specification', { operation: 'getPaper' });
    expect(getPaper.structuredContent.paths['/api/v1/papers/{id}'].get).toEqual(whole.paths['/api/v1/papers/{id}'].get);
    const guide = await call(client, 'get_auth_guide', {});
    expect(guide.content[0]?.text).toBe(await text('/auth.md'));
    // The reference a section at a time; the contents say where the whole is.
    const docs = await call(client, 'get_api_documentation', {});
    expect(docs.content[0]?.text).toContain('/api-docs.md');
    expect(await text('/api-docs.md')).toContain('/api/v1/reports/search');
    const ids = docs.structuredContent.sections.map((section: { id: string }) => section.id);
    expect(ids).toEqual(expect.arrayContaining(['overview', 'errors', 'papers', 'ask', 'batch', 'jobs']));
    const papers = await call(client, 'get_api_documentation', { section: 'papers' });
    expect(papers.content[0]?.text).toContain('/api/v1/reports/search');
    expect((await call(client, 'get_api_documentation', { section: 'nope' })).isError).toBe(true);
  });

  it('searches the documentation and serves the curriculum', async () => {
    const found = await call(client, 'search_documentation', { query: 'job id polling' });
    expect(found.structuredContent.results[0].id).toBe('jobs');
    const curriculum = await call(client, 'get_course_curriculum', {});
    const markdown = await text('/curriculum.md');
    for (const track of curriculum.structuredContent.tracks) expect(markdown).toContain(`## ${track.title}`);
    const one = await call(client, 'get_course_curriculum', { track: curriculum.structuredContent.tracks[0].slug });
    expect(one.structuredContent.tracks).toHaveLength(1);
  });
});

describe('MCP transport rules over raw HTTP', () => {
  const rpc = (body: unknown, headers: Record<string, string> = {}, path = '/.well-known/mcp') =>
    http(`${running.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

  it.each([
    ['text/html', 406, 'not_acceptable'],
    ['application/xml', 406, 'not_acceptable'],
  ])('Accept %s → %i', async (accept, status, code) => {
    const response = await rpc(ping, { accept });
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600, data: { code, status } } });
  });

  it('answers JSON for */* or no Accept, and one SSE event for an SSE-only Accept', async () => {
    expect((await rpc(ping, { accept: '*/*' })).json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    const sse = await rpc(ping, { accept: 'text/event-stream' });
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(sse.text).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
  });

  it('refuses a body that is not application/json with 415', async () => {
    const response = await rpc(ping, { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.json()).toMatchObject({ id: 1, error: { code: -32600, data: { code: 'unsupported_media_type' } } });
  });

  it.each([
    [undefined, 200],
    ['2025-11-25', 200],
    ['2025-06-18', 200],
    ['2025-03-26', 200],
    ['2024-11-05', 200],
    ['2024-10-07', 400],
    ['banana', 400],
  ])('MCP-Protocol-Version %s → %i', async (version, status) => {
    const response = await rpc(ping, version ? { 'mcp-protocol-version': version } : {});
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32022,
          message: expect.any(String),
          data: {
            supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
            requested: version,
          },
        },
      });
    }
  });

  it('refuses foreign origins with 403 and accepts the site and loopback', async () => {
    expect((await rpc(ping, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await rpc(ping, { origin: 'http://localhost:4321' })).status).toBe(200);
    expect((await rpc(ping, { origin: 'http://evil.example', host: 'evil.example' })).status).toBe(403);
  });

  it('negotiates the protocol version in initialize', async () => {
    const init = (protocolVersion: string) => ({
      jsonrpc: '2.0',
      id: 'i',
      method: 'initialize',
      params: { protocolVersion, clientInfo: { name: 't', version: '1' } },
    });
    expect((await rpc(init('2024-11-05'))).json().result.protocolVersion).toBe('2024-11-05');
    expect((await rpc(init('1999-01-01'))).json().result.protocolVersion).toBe('2025-11-25');
    const result = (await rpc(init('2025-06-18'))).json().result;
    expect(Object.keys(result).sort()).toEqual(['capabilities', 'instructions', 'protocolVersion', 'serverInfo']);
    expect(result.serverInfo).toMatchObject({ name: 'research-hub', title: 'Research Hub', version: '1.1.0' });
  });

  it.each([
    ['{not json', -32700],
    [[ping, ping], -32600],
    [{ jsonrpc: '2.0', id: 3 }, -32600],
    [{ jsonrpc: '1.0', id: 3, method: 'ping' }, -32600],
    [{ jsonrpc: '2.0', id: 4, method: 'logging/setLevel' }, -32601],
    [{ jsonrpc: '2.0', id: 4, method: 'server/discover' }, -32601],
    [{ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope' } }, -32602],
    [
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_essay', arguments: { slug: 'Not A Slug' } } },
      -32602,
    ],
  ])(
    'JSON-RPC error for %j → %i with HTTP 200 (2025-03-26: invalid arguments are a protocol error)',
    async (body, code) => {
      const response = await rpc(body);
      expect(response.status).toBe(200);
      expect(response.json().error.code).toBe(code);
    },
  );

  it('acknowledges notifications with 202 and no body', async () => {
    const response = await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response.status).toBe(202);
    expect(response.body.length).toBe(0);
  });

  it.each(['/.well-known/mcp', '/api/mcp', '/.well-known/mcp/docs', '/api/mcp/docs'])(
    'GET %s describes the server',
    async (path) => {
      const response = await http(`${running.server.url}${path}`, { headers: { accept: 'application/json' } });
      expect(response.status).toBe(200);
      const body = response.json();
      expectMatchesOpenApi(path, 'get', 200, body);
      expect(body.protocolVersions).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
      expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(
        expect.arrayContaining(path.endsWith('docs') ? DOCS_TOOLS : PRODUCT_TOOLS),
      );
      const sseOnly = await http(`${running.server.url}${path}`, { headers: { accept: 'text/event-stream' } });
      expect(sseOnly.status).toBe(405);
    },
  );

  it('replays by Idempotency-Key and carries rate-limit headers', async () => {
    const key = `mcp-${Date.now()}`;
    const body = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'search_glossary', arguments: { query: 'gas' } },
    };
    // Asked once before under another id, so the keyed call is answered from memory (stored bytes around a new head).
    await rpc({ ...body, id: 8 });
    const first = await rpc(body, { 'idempotency-key': key });
    const again = await rpc(body, { 'idempotency-key': key });
    expect(first.json().result.structuredContent.terms.length).toBeGreaterThan(0);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(first.headers['ratelimit-limit']).toMatch(/^\d+$/);
  });

  it('replays a keyed answer in the coding the repeat accepts, not the one the first call took', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 10,
      method: 'tools/call',
      params: { name: 'search_glossary', arguments: { query: 'layer two' } },
    };
    // Until a remembered result is deflated for splicing its answers go out uncompressed by the core.
    for (let tries = 0; tries < 250; tries += 1) {
      const warm = await rpc({ ...body, id: 11 }, { 'accept-encoding': 'gzip' });
      if (warm.headers['content-encoding'] === 'gzip') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const key = `mcp-coding-${Date.now()}`;
    const first = await rpc(body, { 'idempotency-key': key, 'accept-encoding': 'gzip' });
    const again = await rpc(body, { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.json()).toEqual(JSON.parse(gunzipSync(first.body).toString()));
  });

  it('runs tools/call as a job only when asked with Prefer: respond-async', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 'job',
      method: 'tools/call',
      params: { name: 'search_glossary', arguments: { query: 'oracle' } },
    };
    const accepted = await rpc(body, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    let polled;
    for (let attempt = 0; attempt < 250; attempt += 1) {
      polled = await http(`${running.server.url}${accepted.headers['location']}`);
      if (polled.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(polled?.json().result.data).toEqual((await rpc(body)).json());
  });
});
