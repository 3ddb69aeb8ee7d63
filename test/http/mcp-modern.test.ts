// MCP 2026-07-28 (stateless, per-request _meta) next to the legacy revisions: the SDK v2 client in
// both eras against both servers, and the transport rules of the new revision over raw HTTP.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();
const rest = async (path: string) => (await http(`${running.server.url}${path}`)).json();

// One call per tool: the arguments an agent would send, and the REST answer it must equal where one exists.
const TOOL_CALLS: Record<string, { args: Record<string, unknown>; rest?: string }> = {
  search_reports: {
    args: { query: 'neural', corpus: 'ai', limit: 5 },
    rest: '/api/v1/reports/search?q=neural&corpus=ai&limit=5',
  },
  search_essays: { args: { query: 'rollup' } },
  get_essay: { args: { slug: '' } },
  search_glossary: { args: { query: 'rollup' } },
  get_glossary_term: { args: { slug: '' } },
  get_api_documentation: { args: { section: 'papers' } },
  get_openapi_specification: { args: {}, rest: '/openapi.json' },
  get_auth_guide: { args: {} },
  search_documentation: { args: { query: 'rate limit' } },
  get_course_curriculum: { args: {} },
};

// The two clients share this surface; the v1 client speaks 2025-11-25 only.
const CLIENTS = [
  {
    label: 'SDK v2 client, 2026-07-28',
    era: '2026-07-28',
    connect: async (url: URL) => {
      const client = new Client(
        { name: 'research-hub-tests', version: '2.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new StreamableHTTPClientTransport(url));
      return { client, version: () => client.getNegotiatedProtocolVersion() };
    },
  },
  {
    label: 'SDK v2 client, 2025-11-25',
    era: '2025-11-25',
    connect: async (url: URL) => {
      const client = new Client({ name: 'research-hub-tests', version: '2.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url));
      return { client, version: () => client.getNegotiatedProtocolVersion() };
    },
  },
  {
    label: 'SDK v1 client',
    era: '2025-11-25',
    connect: async (url: URL) => {
      const client = new V1Client({ name: 'research-hub-tests', version: '1.0.0' });
      const transport = new V1Transport(url);
      await client.connect(transport);
      return { client: client as unknown as Client, version: () => transport.protocolVersion };
    },
  },
];

describe.each(['/.well-known/mcp', '/api/mcp/docs'])('%s', (path) => {
  describe.each(CLIENTS)('$label', ({ era, connect }) => {
    let client: Client;
    let negotiated: () => string | undefined;
    let essaySlug: string;
    let termSlug: string;
    beforeAll(async () => {
      ({ client, version: negotiated } = await connect(new URL(`${running.server.url}${path}`)));
      essaySlug = (await rest('/api/v1/essays?limit=1')).essays[0].slug;
      termSlug = (await rest('/api/v1/glossary?limit=1')).terms[0].slug;
    });
    afterAll(() => client?.close());

    it('speaks the era it was asked for', () => {
      expect(negotiated()).toBe(era);
      expect(client.getServerVersion()?.name).toMatch(/^research-hub/);
    });

    it('lists and calls every tool; results validate against their output schemas and equal REST', async () => {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThanOrEqual(5);
      for (const tool of tools) {
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.outputSchema).not.toHaveProperty('$ref');
        expect(tool.annotations?.readOnlyHint).toBe(true);
        const planned = TOOL_CALLS[tool.name];
        expect(planned, `a planned call for ${tool.name}`).toBeDefined();
        const args = { ...planned!.args };
        if (tool.name === 'get_essay') args['slug'] = essaySlug;
        if (tool.name === 'get_glossary_term') args['slug'] = termSlug;
        // The client validates structuredContent against outputSchema and throws when it does not match.
        const result = await client.callTool({ name: tool.name, arguments: args });
        expect(result.isError, tool.name).toBeFalsy();
        expect(result.structuredContent, tool.name).toBeDefined();
        if (planned!.rest) expect(result.structuredContent).toEqual(await rest(planned!.rest));
      }
    });

    it('answers invalid tool arguments with a tool error the model can read (SEP-1303)', async () => {
      const tool = path === '/.well-known/mcp' ? 'search_essays' : 'search_documentation';
      const result = await client.callTool({ name: tool, arguments: { query: 7 } });
      expect(result.isError).toBe(true);
      expect((result.content as Array<{ text: string }>)[0]?.text).toMatch(
        new RegExp(`^Invalid arguments for ${tool}: "query" `),
      );
    });

    it('lists and reads resources and templates; content equals the Markdown twins', async () => {
      const { resources } = await client.listResources();
      expect(resources.length).toBeGreaterThan(0);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.length).toBeGreaterThan(0);
      for (const resource of resources.slice(0, 3)) {
        const read = await client.readResource({ uri: resource.uri });
        expect(read.contents[0]).toMatchObject({ uri: resource.uri, mimeType: resource.mimeType });
      }
      if (path === '/.well-known/mcp') {
        const essay = await client.readResource({ uri: `research-hub://essays/${essaySlug}` });
        const twin = (await http(`${running.server.url}/essays/${essaySlug}.md`)).text;
        expect((essay.contents[0] as { text: string }).text).toBe(twin);
        const byCategory = await client.readResource({ uri: 'research-hub://glossary/categories/ai-models' });
        expect(JSON.parse((byCategory.contents[0] as { text: string }).text)).toEqual(
          await rest('/api/v1/glossary?category=ai-models&limit=200'),
        );
      }
      // The client maps both eras' codes (-32602, and -32002 before 2026-07-28) to one error.
      await expect(client.readResource({ uri: 'research-hub://essays/no-such-essay' })).rejects.toThrow(
        /Resource not found/,
      );
    });

    it('gets every prompt with arguments completed from its own completions', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.length).toBeGreaterThanOrEqual(2);
      for (const prompt of prompts) {
        const args: Record<string, string> = {};
        for (const argument of prompt.arguments ?? []) {
          if (!argument.required) continue;
          const { completion } = await client.complete({
            ref: { type: 'ref/prompt', name: prompt.name },
            argument: { name: argument.name, value: '' },
          });
          expect(completion.values.length, `${prompt.name}.${argument.name}`).toBeGreaterThan(0);
          args[argument.name] = completion.values[0]!;
        }
        const got = await client.getPrompt({ name: prompt.name, arguments: args });
        expect(got.messages.length, prompt.name).toBeGreaterThan(0);
        expect(
          got.messages.some((message) => message.content.type === 'resource'),
          prompt.name,
        ).toBe(true);
      }
    });

    it('completes template variables by prefix', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      const template = resourceTemplates[resourceTemplates.length - 1]!;
      const variable = /\{([a-z]+)\}/.exec(template.uriTemplate)![1]!;
      const all = await client.complete({
        ref: { type: 'ref/resource', uri: template.uriTemplate },
        argument: { name: variable, value: '' },
      });
      expect(all.completion.values.length).toBeGreaterThan(0);
      const first = all.completion.values[0]!;
      const narrowed = await client.complete({
        ref: { type: 'ref/resource', uri: template.uriTemplate },
        argument: { name: variable, value: first.slice(0, 2) },
      });
      expect(narrowed.completion.values[0]!.toLowerCase()).toContain(first.slice(0, 2).toLowerCase());
    });
  });
});

describe('2026-07-28 transport rules over raw HTTP', () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const post = (body: string, headers: Record<string, string> = {}) =>
    http(`${running.server.url}/.well-known/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        ...headers,
      },
      body,
    });
  const request = (id: string, method: string, params: Record<string, unknown> = { _meta: meta }) =>
    `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`;

  it('server/discover names versions, capabilities and the server in result _meta', async () => {
    const response = await post(request('1', 'server/discover'), { 'mcp-method': 'server/discover' });
    expect(response.status).toBe(200);
    expect(response.json().result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: {}, resources: { subscribe: false }, prompts: {}, completions: {} },
      ttlMs: expect.any(Number),
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'research-hub', version: '1.1.0' } },
    });
  });

  it.each(['9007199254740993', '1.50', '-0', '1e3', '"abc"', '12345678901234567890123'])(
    'echoes the id %s exactly',
    async (id) => {
      const response = await post(request(id, 'tools/list'), { 'mcp-method': 'tools/list' });
      expect(response.text.startsWith(`{"jsonrpc":"2.0","id":${id},"result":`)).toBe(true);
      const failed = await post(request(id, 'no/such'), { 'mcp-method': 'no/such' });
      expect(failed.status).toBe(404);
      expect(failed.text).toBe(
        `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found: no/such."}}`,
      );
    },
  );

  it.each([
    ['no _meta', request('2', 'tools/list', {}), { 'mcp-method': 'tools/list' }, 400, -32602],
    [
      'no client capabilities',
      request('2', 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }),
      { 'mcp-method': 'tools/list' },
      400,
      -32602,
    ],
    [
      '_meta version unlike the header',
      request('2', 'tools/list', { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } }),
      { 'mcp-method': 'tools/list' },
      400,
      -32020,
    ],
    ['no Mcp-Method', request('2', 'tools/list'), {}, 400, -32020],
    ['Mcp-Method unlike the body', request('2', 'tools/list'), { 'mcp-method': 'prompts/list' }, 400, -32020],
    [
      'no Mcp-Name on tools/call',
      request('2', 'tools/call', { _meta: meta, name: 'get_essay', arguments: {} }),
      { 'mcp-method': 'tools/call' },
      400,
      -32020,
    ],
    [
      'Mcp-Name unlike the body',
      request('2', 'tools/call', { _meta: meta, name: 'get_essay', arguments: {} }),
      { 'mcp-method': 'tools/call', 'mcp-name': 'get_glossary_term' },
      400,
      -32020,
    ],
    ['initialize, removed', request('2', 'initialize'), { 'mcp-method': 'initialize' }, 404, -32601],
    ['ping, removed', request('2', 'ping'), { 'mcp-method': 'ping' }, 404, -32601],
  ])('%s → HTTP %i, JSON-RPC %i with the id', async (_name, body, headers, status, code) => {
    const response = await post(body, headers);
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code } });
  });

  it('accepts a Base64 Mcp-Name and surrounding whitespace', async () => {
    const slug = (await rest('/api/v1/essays?limit=1')).essays[0].slug;
    const uri = `research-hub://essays/${slug}`;
    const body = request('3', 'resources/read', { _meta: meta, uri });
    const encoded = `=?base64?${Buffer.from(uri).toString('base64')}?=`;
    expect((await post(body, { 'mcp-method': 'resources/read', 'mcp-name': encoded })).status).toBe(200);
    expect((await post(body, { 'mcp-method': 'resources/read', 'mcp-name': `  ${uri}  ` })).status).toBe(200);
  });

  it('answers resource not found with -32602 and the uri, -32002 before 2026-07-28', async () => {
    const uri = 'research-hub://essays/no-such-essay';
    const modern = await post(request('5', 'resources/read', { _meta: meta, uri }), {
      'mcp-method': 'resources/read',
      'mcp-name': uri,
    });
    expect(modern.json().error).toEqual({ code: -32602, message: 'Resource not found', data: { uri } });
    const legacy = await post(request('5', 'resources/read', { uri }), { 'mcp-protocol-version': '2025-11-25' });
    expect(legacy.json().error).toEqual({ code: -32002, message: 'Resource not found', data: { uri } });
  });

  describe('a request repeated with a new id (answered from memory)', () => {
    const params = { _meta: meta, name: 'search_glossary', arguments: { query: 'zero knowledge' } };
    const headers = { 'mcp-method': 'tools/call', 'mcp-name': 'search_glossary' };
    const call = (id: string) => request(id, 'tools/call', params);

    it('is answered as the first time, with its own id', async () => {
      const first = await post(call('101'), headers);
      expect(first.json().result.structuredContent.terms.length).toBeGreaterThan(0);
      for (const id of ['102', '"again"', '-5', '0']) {
        const repeated = await post(call(id), headers);
        expect(repeated.status).toBe(200);
        expect(repeated.text).toBe(first.text.replace('"id":101', `"id":${id}`));
      }
      const streamed = await post(call('"sse"'), { ...headers, accept: 'text/event-stream' });
      expect(streamed.text).toBe(`event: message\ndata: ${first.text.replace('"id":101', '"id":"sse"')}\n\n`);
      const compressed = await post(call('7'), { ...headers, 'accept-encoding': 'gzip' });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(compressed.body).toString()).toBe(first.text.replace('"id":101', '"id":7'));
    });

    it('is still refused when its headers no longer mirror its body', async () => {
      expect((await post(call('1'), headers)).status).toBe(200);
      for (const changed of [
        { ...headers, 'mcp-name': 'get_essay' },
        { 'mcp-method': 'tools/call' },
        { ...headers, 'mcp-method': 'tools/list' },
        { ...headers, 'mcp-protocol-version': '' },
        { ...headers, 'mcp-protocol-version': '2099-01-01' },
      ]) {
        const refused = await post(call('2'), changed);
        expect(refused.status, JSON.stringify(changed)).toBe(400);
        expect(refused.json()).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: expect.any(Number) } });
      }
    });

    it('speaks the era its version header names, and runs as a job when asked to', async () => {
      expect((await post(call('1'), headers)).status).toBe(200);
      const legacy = await post(call('3'), { ...headers, 'mcp-protocol-version': '2025-11-25' });
      expect(legacy.json().id).toBe(3);
      expect(legacy.json().result.structuredContent.terms.length).toBeGreaterThan(0);
      expect(legacy.json().result.resultType).toBeUndefined();
      const job = await post(call('4'), { ...headers, prefer: 'respond-async' });
      expect(job.status).toBe(202);
    });
  });

  it('refuses a modern _meta without the version header', async () => {
    const response = await post(request('4', 'tools/list'), { 'mcp-protocol-version': '', 'mcp-method': 'tools/list' });
    expect(response.status).toBe(400);
    expect(response.json().error.code).toBe(-32020);
  });
});
