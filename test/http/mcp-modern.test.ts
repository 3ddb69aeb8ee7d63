// MCP 2026-07-28 (stateless, per-request _meta) next to the legacy revisions: the SDK v2 client in
// both eras against both servers, and the transport rules of the new revision over raw HTTP.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/core/routes/index.ts';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();
const restJson = async (path: string) => (await http(`${running.server.url}${path}`)).json();

type PublishedInput = { properties?: Record<string, { examples?: unknown[] }>; required?: string[] };

/**
 * A tool's sample call, from its published input: each required argument's first example (operations
 * write `examples` on their inputs). Undefined when a required argument has none.
 */
function sampleArgs(input: PublishedInput): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  for (const name of input.required ?? []) {
    const examples = input.properties?.[name]?.examples;
    if (!examples?.length) return undefined;
    args[name] = examples[0];
  }
  return args;
}

/**
 * The REST request of the same call, for a tool over an operation with a GET route: the route's path
 * parameters filled from the arguments, the rest as its query string. Undefined when an argument has no
 * place in the route (the route names it otherwise).
 */
function restPathOf(tool: string, args: Record<string, unknown>): string | undefined {
  const route = routes.find((candidate) => candidate.method === 'GET' && candidate.operation?.tool?.name === tool);
  if (!route) return undefined;
  const query = new URLSearchParams();
  const queryNames = Object.keys((route.query as { shape?: object } | undefined)?.shape ?? {});
  let path = route.path;
  for (const [name, value] of Object.entries(args)) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else if (queryNames.includes(name)) query.set(name, String(value));
    else return undefined;
  }
  return query.size ? `${path}?${query}` : path;
}

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
    beforeAll(async () => {
      ({ client, version: negotiated } = await connect(new URL(`${running.server.url}${path}`)));
    });
    afterAll(() => client?.close());

    it('speaks the era it was asked for', () => {
      expect(negotiated()).toBe(era);
      expect(client.getServerVersion()?.name).toMatch(/^research-hub/);
    });

    it('lists and calls every tool; results validate against their output schemas and equal REST', async () => {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThanOrEqual(5);
      let comparedWithRest = 0;
      for (const tool of tools) {
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.outputSchema).not.toHaveProperty('$ref');
        expect(tool.annotations?.readOnlyHint).toBe(true);
        // Every required argument carries an example, so the tool's own schema plans its sample call.
        const args = sampleArgs(tool.inputSchema as PublishedInput);
        expect(args, `examples for the required arguments of ${tool.name}`).toBeDefined();
        // The client validates structuredContent against outputSchema and throws when it does not match.
        const result = await client.callTool({ name: tool.name, arguments: args });
        expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        expect(result.structuredContent, tool.name).toBeDefined();
        const rest = restPathOf(tool.name, args!);
        if (rest) {
          expect(result.structuredContent, rest).toEqual(await restJson(rest));
          comparedWithRest += 1;
        }
      }
      // The product server's paper tools are operations with GET routes: each is compared.
      if (path === '/.well-known/mcp') expect(comparedWithRest).toBeGreaterThanOrEqual(3);
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
      // Templates over our content complete their variables (a paper id, from the open index, does not).
      let completed: { uri: string; variable: string; first: string } | undefined;
      for (const template of resourceTemplates) {
        const variable = /\{([a-z]+)\}/.exec(template.uriTemplate)![1]!;
        const all = await client.complete({
          ref: { type: 'ref/resource', uri: template.uriTemplate },
          argument: { name: variable, value: '' },
        });
        const first = all.completion.values[0];
        if (first) completed = { uri: template.uriTemplate, variable, first };
      }
      expect(completed, 'a template that completes its variable').toBeDefined();
      const { uri, variable, first } = completed!;
      const narrowed = await client.complete({
        ref: { type: 'ref/resource', uri },
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
    const slug = (await restJson('/api/v1/essays?limit=1')).essays[0].slug;
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

    // Only a kept result is spliced: with MCP_ANSWER_CACHE=false (the mcp-uncached project) none is kept.
    it.skipIf(process.env['MCP_ANSWER_CACHE'] === 'false')(
      'goes out as gzip spliced around the kept result once it is deflated, in both representations',
      async () => {
        const first = await post(call('201'), headers);
        const expected = (id: string) => first.text.replace('"id":201', `"id":${id}`);
        // The kept result is deflated in the background after its first compressed answer.
        let spliced = await post(call('202'), { ...headers, 'accept-encoding': 'br, gzip' });
        for (let tries = 0; spliced.headers['content-encoding'] !== 'gzip' && tries < 250; tries += 1) {
          expect(brotliDecompressSync(spliced.body).toString()).toBe(expected('202'));
          await new Promise((resolve) => setTimeout(resolve, 20));
          spliced = await post(call('202'), { ...headers, 'accept-encoding': 'br, gzip' });
        }
        expect(spliced.headers['content-encoding']).toBe('gzip');
        expect(spliced.headers['vary']).toContain('Accept-Encoding');
        expect(Number(spliced.headers['content-length'])).toBe(spliced.body.byteLength);
        expect(gunzipSync(spliced.body).toString()).toBe(expected('202'));
        const longId = `"${'i'.repeat(300)}"`;
        const streamed = await post(call(longId), {
          ...headers,
          accept: 'text/event-stream',
          'accept-encoding': 'gzip',
        });
        expect(streamed.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(streamed.body).toString()).toBe(`event: message\ndata: ${expected(longId)}\n\n`);
        // A client that takes only brotli still gets it, compressed for its answer.
        const brotli = await post(call('203'), { ...headers, 'accept-encoding': 'br' });
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(brotli.body).toString()).toBe(expected('203'));
      },
    );

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
      // The remembered modern answer is not given to a legacy header: its _meta version disagrees with it.
      const mixed = await post(call('3'), { ...headers, 'mcp-protocol-version': '2025-11-25' });
      expect(mixed.status).toBe(400);
      expect(mixed.json()).toMatchObject({ id: 3, error: { code: -32020 } });
      const legacy = await post(request('3', 'tools/call', { name: params.name, arguments: params.arguments }), {
        'mcp-protocol-version': '2025-11-25',
      });
      expect(legacy.json().id).toBe(3);
      expect(legacy.json().result.structuredContent.terms.length).toBeGreaterThan(0);
      expect(legacy.json().result.resultType).toBeUndefined();
      const job = await post(call('4'), { ...headers, prefer: 'respond-async' });
      expect(job.status).toBe(202);
    });
  });

  it('lets a browser send the headers 2026-07-28 requires (CORS preflight)', async () => {
    const response = await http(`${running.server.url}/.well-known/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version, mcp-method, mcp-name',
      },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers['access-control-allow-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name']));
  });

  it.each([
    ['2026-07-28', 400],
    ['2025-11-25', 200],
    ['2025-06-18', 200],
    ['', 200],
  ])('answers an id it cannot read as "id": null (%s), as JSON-RPC 2.0 requires', async (version, status) => {
    const response = await post('{"jsonrpc":"2.0","id":7,', { 'mcp-protocol-version': version });
    expect(response.status).toBe(status);
    const body = response.json();
    expect(body.error.code).toBe(-32700);
    expect('id' in body && body.id === null).toBe(true);
    expectMatchesOpenApi('/.well-known/mcp', 'post', status, body);
  });

  it('finds the id of a body nested too deeply to parse', async () => {
    const deep = `{"jsonrpc":"2.0","id":1.50,"method":"tools/list","params":{"_meta":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}}`;
    const response = await post(deep, { 'mcp-method': 'tools/list' });
    expect(response.status).toBe(400);
    expect(response.text.startsWith('{"jsonrpc":"2.0","id":1.50,"error":{"code":-32600,')).toBe(true);
  });

  it.each([
    [
      'an id key written with escapes',
      '{"jsonrpc":"2.0","\\u0069d":1.50,"method":"tools/list","params":PARAMS}',
      '1.50',
    ],
    ['a later id key with escapes', '{"jsonrpc":"2.0","id":1,"method":"tools/list","\\u0069d":5,"params":PARAMS}', '5'],
  ])('echoes %s as JSON.parse reads it, in the digits sent', async (_name, template, id) => {
    const response = await post(template.replace('PARAMS', JSON.stringify({ _meta: meta })), {
      'mcp-method': 'tools/list',
    });
    expect(response.status).toBe(200);
    expect(response.text.startsWith(`{"jsonrpc":"2.0","id":${id},"result":`)).toBe(true);
  });

  it.each([
    ['not JSON', '{"jsonrpc":"2.0","id":8,'],
    ['a batch', '[]'],
    ['a valid request', request('8', 'tools/list')],
  ])('answers an unsupported version with 400 and -32022 before anything else (%s)', async (_name, body) => {
    const response = await post(body, { 'mcp-protocol-version': '1900-01-01', 'mcp-method': 'tools/list' });
    expect(response.status).toBe(400);
    expect(response.json().error).toMatchObject({ code: -32022, data: { requested: '1900-01-01' } });
  });

  it('refuses a per-request version unlike a legacy version header', async () => {
    const response = await post(request('9', 'tools/list'), { 'mcp-protocol-version': '2025-11-25' });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ id: 9, error: { code: -32020 } });
  });

  it.each([
    ['text after the padding', 'get_essay', '=?base64?Z2V0X2Vzc2F5=Zm9v?='],
    ['a stray character', 'get_essay', '=?base64?Z2V0X2Vzc2F5Z?='],
    ['bytes that are not UTF-8', '\uFFFD', '=?base64?/w==?='],
    ['a raw byte beyond ASCII', '\u00e9', '\u00e9'],
  ])('refuses a malformed Mcp-Name (%s) with -32020', async (_name, toolName, header) => {
    const body = request('10', 'tools/call', { _meta: meta, name: toolName, arguments: {} });
    const response = await post(body, { 'mcp-method': 'tools/call', 'mcp-name': header });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ id: 10, error: { code: -32020 } });
  });

  it.each(['tools/list', 'prompts/list', 'resources/templates/list'])(
    'refuses a cursor %s never gave out',
    async (method) => {
      for (const cursor of ['zzz', 5]) {
        const response = await post(request('11', method, { _meta: meta, cursor }), { 'mcp-method': method });
        expect(response.json()).toMatchObject({ id: 11, error: { code: -32602 } });
      }
    },
  );

  it.each(['%20', '%09', '%20ai%20'])('answers essays tagged %s as not found', async (tag) => {
    const uri = `research-hub://essays/tags/${tag}`;
    const response = await post(request('12', 'resources/read', { _meta: meta, uri }), {
      'mcp-method': 'resources/read',
      'mcp-name': uri,
    });
    expect(response.json().error).toEqual({ code: -32602, message: 'Resource not found', data: { uri } });
  });

  it('keeps the id of a tool call run as a job exactly', async () => {
    const body = request('1.50', 'tools/call', {
      _meta: meta,
      name: 'search_glossary',
      arguments: { query: 'oracle' },
    });
    const accepted = await post(body, {
      'mcp-method': 'tools/call',
      'mcp-name': 'search_glossary',
      prefer: 'respond-async',
    });
    expect(accepted.status).toBe(202);
    let polled;
    for (let attempt = 0; attempt < 250; attempt += 1) {
      polled = await http(`${running.server.url}${accepted.headers['location']}`);
      if (polled.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(polled?.text).toContain('{"jsonrpc":"2.0","id":1.50,"result":');
  });

  it.each<[string, Record<string, string>, number, string]>([
    ['a body over 1 MiB', { 'content-length': String(2 * 1024 * 1024) }, 413, 'payload_too_large'],
    ['a malformed Idempotency-Key', { 'idempotency-key': 'k'.repeat(300) }, 400, 'invalid_parameter'],
    ['an unknown bearer token', { authorization: 'Bearer nope' }, 401, 'unauthorized'],
  ])('answers %s in JSON-RPC, with the HTTP status and the API error in data', async (_name, headers, status, code) => {
    const body = request('13', 'tools/list');
    const sent = headers['content-length'] ? body.padEnd(2 * 1024 * 1024, ' ') : body;
    const response = await post(sent, { 'mcp-method': 'tools/list', ...headers });
    expect(response.status).toBe(status);
    const answer = response.json();
    expect(answer).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, data: { code } } });
    expect(typeof answer.error.message).toBe('string');
  });

  it.each([
    ['a response', 400, '{"jsonrpc":"2.0","id":3,"result":{}}'],
    ['a notification with array params', 400, '{"jsonrpc":"2.0","method":"x","params":[1]}'],
    // The interface: a request's JSON-RPC error goes out with HTTP 200 before 2026-07-28.
    ['a request with array params', 200, '{"jsonrpc":"2.0","id":3,"method":"x","params":[1]}'],
  ])('before 2026-07-28, answers %s with HTTP %i and -32600', async (_name, status, body) => {
    const response = await post(body, { 'mcp-protocol-version': '2025-11-25' });
    expect(response.status).toBe(status);
    expect(response.json().error.code).toBe(-32600);
  });

  it.each(['/.well-known/mcp', '/api/mcp/docs'])(
    '%s publishes text inputs that refuse what the tool refuses (blank text)',
    async (path) => {
      const listed = await http(`${running.server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'mcp-protocol-version': '2025-11-25',
        },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      const texts = (
        listed.json().result.tools as Array<{ name: string; inputSchema: { properties: object } }>
      ).flatMap((tool) =>
        Object.entries(tool.inputSchema.properties)
          .filter(([, schema]) => (schema as { minLength?: number }).minLength === 2)
          .map(([name, schema]) => ({ tool: tool.name, name, pattern: (schema as { pattern?: string }).pattern })),
      );
      expect(texts.length).toBeGreaterThan(0);
      for (const { tool, name, pattern } of texts) {
        expect(pattern, `${tool}.${name}`).toBeDefined();
        expect(new RegExp(pattern ?? '').test('  '), `${tool}.${name}`).toBe(false);
        expect(new RegExp(pattern ?? '').test(' ok '), `${tool}.${name}`).toBe(true);
        const called = await http(`${running.server.url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'mcp-protocol-version': '2025-11-25',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: tool, arguments: { [name]: '  ' } },
          }),
        });
        expect(called.json().result.isError, `${tool}.${name}`).toBe(true);
      }
    },
  );

  it('refuses a modern _meta without the version header', async () => {
    const response = await post(request('4', 'tools/list'), { 'mcp-protocol-version': '', 'mcp-method': 'tools/list' });
    expect(response.status).toBe(400);
    expect(response.json().error.code).toBe(-32020);
  });
});
