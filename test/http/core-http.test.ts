import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const url = (path: string) => `${server.url}${path}`;

function expectApiError(response: { status: number; json(): any }, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = response.json();
  expect(body.error.code).toBe(code);
  expect(body.error.status).toBe(status);
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.resolution).toBe('string');
}

describe('dispatcher', () => {
  it('answers /healthz', async () => {
    const response = await http(url('/healthz'));
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expectMatchesOpenApi('/healthz', 'get', 200, response.json());
  });

  it('answers /readyz 200 when every store answers, whatever credentials a probe sends', async () => {
    const response = await http(url('/readyz'), { headers: { authorization: 'Basic eDp5' } });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ready' });
    expectMatchesOpenApi('/readyz', 'get', 200, response.json());
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await http(url('/api/v1/nothing-here'));
    expectApiError(response, 404, 'not_found');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expectApiError(await http(url('/api/v1/essays%ZZ')), 404, 'not_found');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await http(url('/api/v1/essays'), { method: 'DELETE' });
    expectApiError(response, 405, 'method_not_allowed');
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const response = await http(url('/api/v1/essays'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(1024 * 1024 + 1, 0x20),
    });
    expectApiError(response, 413, 'payload_too_large');
  });

  it('answers CORS preflight for API routes', async () => {
    const response = await http(url('/api/v1/glossary'), {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('GET');
  });

  it('answers HEAD on API routes without a body', async () => {
    const response = await http(url('/api/v1/essays'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(100);
  });
});

describe('request ids and logs', () => {
  it('echoes a sane X-Request-Id and replaces anything else', async () => {
    const echoed = await http(url('/api/v1'), { headers: { 'x-request-id': 'trace-42.a:b' } });
    expect(echoed.headers['x-request-id']).toBe('trace-42.a:b');
    const replaced = await http(url('/api/v1'), { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const page = await http(url('/'));
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one JSON log line per request', async () => {
    const id = `log-test-${Date.now()}`;
    await http(url('/api/v1/glossary?limit=1'), { headers: { 'x-request-id': id } });
    const lines = await server.linesWith(id);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ method: 'GET', path: '/api/v1/glossary', status: 200, id });
    expect(typeof entry.ms).toBe('number');
    expect(Date.parse(entry.time)).not.toBeNaN();
  });
});

describe('Idempotency-Key', () => {
  it('is echoed as sent, including the quoted structured-field form', async () => {
    expect(
      (await http(url('/api/v1/essays'), { headers: { 'idempotency-key': 'abc-123' } })).headers['idempotency-key'],
    ).toBe('abc-123');
    expect(
      (await http(url('/api/v1/essays'), { headers: { 'idempotency-key': '"abc-123"' } })).headers['idempotency-key'],
    ).toBe('"abc-123"');
  });

  it('is refused when longer than 255 characters', async () => {
    const response = await http(url('/api/v1/essays'), { headers: { 'idempotency-key': 'k'.repeat(256) } });
    expectApiError(response, 400, 'invalid_parameter');
    expectMatchesOpenApi('/api/v1/essays', 'get', 400, response.json());
  });
});

describe('rate limiting', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3', LOG_REQUESTS: 'false' });
  });
  afterAll(() => limited.stop());

  it('counts down and answers 429 with Retry-After past the limit', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await http(`${limited.url}/api/v1/essays`);
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(response.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
      remaining.push(response.headers['ratelimit-remaining']!);
      expect(response.headers['ratelimit']).toBe(`"default";r=${2 - i};t=${response.headers['ratelimit-reset']}`);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await http(`${limited.url}/api/v1/glossary`);
    expectApiError(over, 429, 'rate_limited');
    expectMatchesOpenApi('/api/v1/glossary', 'get', 429, over.json());
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Health checks and static pages are not rate-limited.
    expect((await http(`${limited.url}/healthz`)).status).toBe(200);
    expect((await http(`${limited.url}/`)).status).toBe(200);
  });

  it('answers an MCP client past the limit in JSON-RPC, with the 429 and Retry-After', async () => {
    let over;
    for (let i = 0; i < 5 && over?.status !== 429; i += 1) {
      over = await http(`${limited.url}/.well-known/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'mcp-protocol-version': '2025-11-25',
        },
        body: '{"jsonrpc":"2.0","id":"q","method":"tools/list"}',
      });
    }
    expect(over?.status).toBe(429);
    expect(Number(over?.headers['retry-after'])).toBeGreaterThan(0);
    expect(over?.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 'q',
      // The documented code scheme: a refusal for load is -32000, "retry later".
      error: { code: -32000, data: { code: 'rate_limited' } },
    });
  });
});

describe('configuration', () => {
  it('stops with a message naming the bad variable and the fix', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const result = spawnSync(process.execPath, [path.join(root, 'dist/app/server.mjs')], {
      env: { ...process.env, PORT: 'eighty', RATE_LIMIT_PER_MINUTE: '0' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="eighty"');
    expect(result.stderr).toContain('RATE_LIMIT_PER_MINUTE="0"');
    expect(result.stderr).toContain('README.md');
  });
});
