// MCP refusals as the JSON-RPC envelopes they are (issue 47, point 6): every one carries an `id` member
// (null when the id could not be read), a code from the one documented scheme, the API error in `data`,
// the RateLimit headers of the request's charge, and matches the OpenAPI description of its status.
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../src/core/mcp/envelope.ts';
import { ApiError } from '../../src/core/errors.ts';
import { http, type RawResponse } from '../support/http.ts';
import { expectMatchesOpenApi, openApiDocument } from '../support/openapi-validator.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn({ JOBS_PER_CLIENT: '1' });

const PING = '{"jsonrpc":"2.0","id":7,"method":"ping"}';
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(body: string | Buffer, headers: Record<string, string> = {}, path = '/.well-known/mcp') {
  return http(`${running.server.url}${path}`, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body });
}

/** The envelope every refusal must be: jsonrpc, an id member, an integer code, a message. */
function expectEnvelope(response: RawResponse, id: number | null) {
  const body = response.json();
  expect(body.jsonrpc).toBe('2.0');
  expect('id' in body).toBe(true);
  expect(body.id).toBe(id);
  expect(Number.isInteger(body.error.code)).toBe(true);
  expect(typeof body.error.message).toBe('string');
  return body;
}

describe('MCP refusals are JSON-RPC envelopes with an id', () => {
  it.each(['2025-11-25', '2026-07-28', '2025-06-18', ''])(
    'a body that is not JSON gets -32700 with "id": null (MCP-Protocol-Version %j)',
    async (version) => {
      const response = await post('{"jsonrpc":"2.0","id":7,', version ? { 'mcp-protocol-version': version } : {});
      const body = expectEnvelope(response, null);
      expect(body.error.code).toBe(-32700);
      expectMatchesOpenApi('/.well-known/mcp', 'post', response.status, body);
    },
  );

  it('a forbidden Origin gets 403 with "id": null and forbidden_origin in data', async () => {
    const response = await post(PING, { origin: 'https://evil.example', 'mcp-protocol-version': '2025-11-25' });
    expect(response.status).toBe(403);
    const body = expectEnvelope(response, null);
    expect(body.error.code).toBe(-32600);
    expect(body.error.data.code).toBe('forbidden_origin');
    expectMatchesOpenApi('/.well-known/mcp', 'post', 403, body);
  });

  it('an unknown bearer token gets 401 as JSON-RPC with its id, WWW-Authenticate and RateLimit headers', async () => {
    const response = await post(PING, { authorization: 'Bearer not-a-token', 'mcp-protocol-version': '2025-11-25' });
    expect(response.status).toBe(401);
    const body = expectEnvelope(response, 7);
    expect(body.error.code).toBe(-32600);
    expect(body.error.data.code).toBe('unauthorized');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(response.headers['ratelimit-limit']).toMatch(/^\d+$/);
    expect(response.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    expectMatchesOpenApi('/.well-known/mcp', 'post', 401, body);
  });

  it('a body over 1 MiB gets 413 as JSON-RPC with "id": null and RateLimit headers', async () => {
    const huge = `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"pad":"${'x'.repeat(1_100_000)}"}}`;
    const response = await post(huge, { 'mcp-protocol-version': '2025-11-25' });
    expect(response.status).toBe(413);
    // Refused before its body is read: the id is unknown.
    const body = expectEnvelope(response, null);
    expect(body.error.data.code).toBe('payload_too_large');
    expect(response.headers['ratelimit-limit']).toMatch(/^\d+$/);
    expectMatchesOpenApi('/.well-known/mcp', 'post', 413, body);
  });

  it('a reused Idempotency-Key gets 422 as JSON-RPC, described as such', async () => {
    const key = `refusal-${Date.now()}`;
    expect((await post(PING, { 'idempotency-key': key })).status).toBe(200);
    const response = await post('{"jsonrpc":"2.0","id":8,"method":"tools/list"}', { 'idempotency-key': key });
    expect(response.status).toBe(422);
    const body = expectEnvelope(response, 8);
    expect(body.error.data.code).toBe('idempotency_key_reused');
    expectMatchesOpenApi('/.well-known/mcp', 'post', 422, body);
  });

  it('a client over its share of jobs gets 429 with the load code, not -32600 or -32603', async () => {
    const call = (id: number) =>
      post(
        `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"search_glossary","arguments":{"query":"rollup"}}}`,
        {
          prefer: 'respond-async',
        },
      );
    expect((await call(1)).status).toBe(202);
    const response = await call(2);
    expect(response.status).toBe(429);
    const body = expectEnvelope(response, 2);
    expect(body.error.code).toBe(-32000);
    expect(body.error.data.code).toBe('quota_exceeded');
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expectMatchesOpenApi('/.well-known/mcp', 'post', 429, body);
  });

  it('a body nested too deep gets an error with data, and its id', async () => {
    const deep = `{"jsonrpc":"2.0","id":3,"method":"ping","params":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`;
    const response = await post(deep, { 'mcp-protocol-version': '2025-11-25' });
    const body = expectEnvelope(response, 3);
    expect(body.error.code).toBe(-32600);
    expect(body.error.data).toMatchObject({ code: 'invalid_body', status: 400 });
    expectMatchesOpenApi('/.well-known/mcp', 'post', response.status, body);
  });

  it('GET asking only for an event stream gets 405 as a JSON-RPC envelope, as described', async () => {
    const response = await http(`${running.server.url}/.well-known/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toMatch(/POST/);
    const body = expectEnvelope(response, null);
    expect(body.error.data.code).toBe('method_not_allowed');
    expectMatchesOpenApi('/.well-known/mcp', 'get', 405, body);
  });
});

describe('the code scheme', () => {
  const headers = { headers: new Headers() };
  const codeOf = (error: ApiError) => JSON.parse(refusalText(error, headers, undefined)).error.code as number;

  it('keeps -32603 for internal errors only: a full store or a rate limit says "retry later" (-32000)', () => {
    expect(codeOf(new ApiError('service_unavailable', 'full'))).toBe(-32000);
    expect(codeOf(new ApiError('rate_limited', 'slow down'))).toBe(-32000);
    expect(codeOf(new ApiError('internal_error', 'boom'))).toBe(-32603);
    expect(codeOf(new ApiError('unauthorized', 'who'))).toBe(-32600);
  });

  it('is documented in the OpenAPI description of the MCP operations', () => {
    const op = openApiDocument().paths['/.well-known/mcp'].post;
    for (const code of ['-32700', '-32600', '-32602', '-32000', '-32603']) expect(op.description).toContain(code);
  });
});

describe('the OpenAPI description of MCP', () => {
  const doc = openApiDocument();
  const refs = (value: unknown): string => JSON.stringify(value);

  it('describes every MCP refusal as a JSON-RPC envelope, never as ApiError', () => {
    for (const path of ['/.well-known/mcp', '/api/mcp', '/.well-known/mcp/docs', '/api/mcp/docs']) {
      const op = doc.paths[path].post;
      for (const status of ['400', '401', '403', '413', '415', '422', '429', '503']) {
        expect(op.responses[status], `${path} ${status}`).toBeDefined();
        expect(refs(op.responses[status].content), `${path} ${status}`).not.toContain('ApiError');
        expect(refs(op.responses[status].content), `${path} ${status}`).toContain('JsonRpc');
      }
      expect(refs(doc.paths[path].get.responses['405'].content)).toContain('JsonRpc');
    }
  });

  it('declares the MCP request headers', () => {
    const op = doc.paths['/.well-known/mcp'].post;
    const names = (op.parameters as Array<{ $ref?: string; name?: string }>).map((entry) =>
      entry.$ref ? doc.components.parameters[entry.$ref.split('/').pop()!].name : entry.name,
    );
    expect(names).toEqual(expect.arrayContaining(['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Origin']));
  });

  it('has no operationId with a "/" in it', () => {
    for (const item of Object.values(doc.paths) as Array<Record<string, { operationId: string }>>)
      for (const op of Object.values(item)) expect(op.operationId).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
  });
});
