// Optional bearer tokens end to end: register, use (a bucket of one's own), revoke, and the 401s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL } from '../support/build-once.ts';
import { http, type RawResponse } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const CHALLENGE = `Bearer resource_metadata="${TEST_SITE_URL}/.well-known/oauth-protected-resource"`;
const INVALID_TOKEN_CHALLENGE = `${CHALLENGE}, error="invalid_token"`;
const DAY_MS = 24 * 3_600_000;

let server: TestServer;
let limited: TestServer;
beforeAll(async () => {
  [server, limited] = await Promise.all([
    startTestServer({ LOG_REQUESTS: 'false' }),
    startTestServer({ RATE_LIMIT_PER_MINUTE: '3', LOG_REQUESTS: 'false' }),
  ]);
});
afterAll(() => Promise.all([server?.stop(), limited?.stop()]));

const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  http(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const register = (body: unknown = {}, headers: Record<string, string> = {}, base = server.url) =>
  postJson(base, '/api/auth/register', body, headers);
const revoke = (token: string) => postJson(server.url, '/api/auth/revoke', { token });
const essays = (authorization?: string, base = server.url) =>
  http(`${base}/api/v1/essays?limit=1`, { headers: authorization === undefined ? {} : { authorization } });

function expectUnauthorized(response: RawResponse, challenge: string, template = '/api/v1/essays', method = 'get') {
  expect(response.status).toBe(401);
  expect(response.headers['www-authenticate']).toBe(challenge);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = response.json();
  expect(body.error).toMatchObject({ code: 'unauthorized', status: 401 });
  expectMatchesOpenApi(template, method, 401, body);
}

describe('POST /api/auth/register', () => {
  it('issues a token with an empty body, not to be cached', async () => {
    const before = Date.now();
    const response = await register({});
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expectMatchesOpenApi('/api/auth/register', 'post', 201, body);
    expect(Object.keys(body)).toEqual([
      'access_token',
      'token_type',
      'client_id',
      'created_at',
      'expires_at',
      'rate_limit',
    ]);
    expect(body.access_token).toMatch(/^rh_[A-Za-z0-9_-]{32}$/);
    expect(body.token_type).toBe('Bearer');
    expect(body.client_id).toMatch(/^tok_[0-9a-f]{16}$/);
    const created = Date.parse(body.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(body.expires_at) - created).toBe(90 * DAY_MS);
    expect(body.rate_limit).toEqual({ limit: 100_000, window_seconds: 60 });
    // Canonical paths: no deprecation of an alias.
    expect(response.headers['deprecation']).toBeUndefined();
    expect(response.headers['sunset']).toBeUndefined();
  });

  it('echoes client_name, accepts both identity types and gives every call a new token', async () => {
    const first = await register({ client_name: 'my-agent', identity_type: 'identity_assertion' });
    const second = await register({ identity_type: 'anonymous' });
    expect(first.status).toBe(201);
    expect(first.json().client_name).toBe('my-agent');
    expectMatchesOpenApi('/api/auth/register', 'post', 201, first.json());
    expect(second.status).toBe(201);
    expect(second.json().access_token).not.toBe(first.json().access_token);
    expect(second.json().client_id).not.toBe(first.json().client_id);
  });

  it('refuses an invalid body with 400 and a body that is not JSON with 415', async () => {
    for (const body of [{ client_name: '' }, { client_name: 'x'.repeat(101) }, { identity_type: 'password' }, []]) {
      const response = await register(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('invalid_body');
      expectMatchesOpenApi('/api/auth/register', 'post', 400, response.json());
    }
    const form = await http(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_name=x',
    });
    expect(form.status).toBe(415);
    expect(form.json().error.code).toBe('unsupported_media_type');
  });

  it('replays the same token for a repeated Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const first = await register({ client_name: 'retry' }, { 'idempotency-key': key });
    const again = await register({ client_name: 'retry' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.json()).toEqual(first.json());
    expect((await register({ client_name: 'other' }, { 'idempotency-key': key })).status).toBe(422);
  });

  it('is not available inside a batch, whose answers may be kept as job results', async () => {
    const response = await postJson(server.url, '/api/v1/batch', {
      requests: [{ path: '/api/auth/register', method: 'POST', body: {} }],
    });
    expect(response.status).toBe(200);
    expect(response.json().responses[0]).toMatchObject({ status: 400, body: { error: { code: 'invalid_batch' } } });
  });
});

describe('using a token', () => {
  it('gives the token its own rate-limit bucket once the anonymous one is spent', async () => {
    const registered = await register({}, {}, limited.url);
    expect(registered.status).toBe(201);
    expect(registered.json().rate_limit).toEqual({ limit: 3, window_seconds: 60 });
    // Registering counted against the IP address's bucket: two anonymous requests are left.
    expect(registered.headers['ratelimit-remaining']).toBe('2');
    const token = registered.json().access_token as string;
    expect((await essays(undefined, limited.url)).headers['ratelimit-remaining']).toBe('1');
    expect((await essays(undefined, limited.url)).headers['ratelimit-remaining']).toBe('0');
    expect((await essays(undefined, limited.url)).status).toBe(429);
    // Bearer anonymous is the public bucket, spent as well.
    expect((await essays('Bearer anonymous', limited.url)).status).toBe(429);

    const own = await essays(`Bearer ${token}`, limited.url);
    expect(own.status).toBe(200);
    expect(own.headers['ratelimit-limit']).toBe('3');
    expect(own.headers['ratelimit-remaining']).toBe('2');
    expect(own.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
    expect((await essays(`Bearer ${token}`, limited.url)).headers['ratelimit-remaining']).toBe('1');
    expect((await essays(undefined, limited.url)).status).toBe(429);
  });

  it('answers Bearer anonymous like no header at all', async () => {
    for (const authorization of ['Bearer anonymous', 'bearer ANONYMOUS']) {
      const response = await essays(authorization);
      expect(response.status, authorization).toBe(200);
      expect(response.json()).toEqual((await essays()).json());
    }
  });

  it('works on every rate-limited route, and batch sub-requests run with it', async () => {
    const token = (await register()).json().access_token as string;
    const authorization = `Bearer ${token}`;
    expect((await http(`${server.url}/ask?q=rollup`, { headers: { authorization } })).status).toBe(200);
    const batch = await postJson(
      server.url,
      '/api/v1/batch',
      { requests: [{ path: '/api/v1/essays?limit=1' }, { path: '/api/v1/glossary?limit=1' }] },
      { authorization },
    );
    expect(batch.status).toBe(200);
    expect(batch.json().responses.map((sub: { status: number }) => sub.status)).toEqual([200, 200]);
  });
});

describe('POST /api/auth/revoke', () => {
  it('revokes a token, which then gets 401 with the challenge', async () => {
    const token = (await register()).json().access_token as string;
    expect((await essays(`Bearer ${token}`)).status).toBe(200);
    const response = await revoke(token);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ revoked: true });
    expectMatchesOpenApi('/api/auth/revoke', 'post', 200, response.json());
    expectUnauthorized(await essays(`Bearer ${token}`), INVALID_TOKEN_CHALLENGE);
  });

  it('takes the RFC 7009 form body too', async () => {
    const token = (await register()).json().access_token as string;
    const response = await http(`${server.url}/api/auth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${encodeURIComponent(token)}&token_type_hint=access_token`,
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ revoked: true });
    expectUnauthorized(await essays(`Bearer ${token}`), INVALID_TOKEN_CHALLENGE);
  });

  it('answers 200 for a token it does not know', async () => {
    for (const token of [`rh_${'A'.repeat(32)}`, 'never-issued']) {
      const response = await revoke(token);
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ revoked: true });
    }
  });

  it('answers 400 invalid_body without a token, and 415 for other media types', async () => {
    for (const body of [{}, { token: 42 }]) {
      const response = await postJson(server.url, '/api/auth/revoke', body);
      expect(response.status).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('token') });
      expectMatchesOpenApi('/api/auth/revoke', 'post', 400, response.json());
    }
    const form = await http(`${server.url}/api/auth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token_type_hint=access_token',
    });
    expect(form.status).toBe(400);
    const text = await http(`${server.url}/api/auth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'rh_x',
    });
    expect(text.status).toBe(415);
    expect(text.json().error.message).toContain('application/x-www-form-urlencoded');
  });
});

describe('refused credentials', () => {
  it('answers an unknown or malformed bearer token with 401 and invalid_token', async () => {
    expectUnauthorized(await essays(`Bearer rh_${'A'.repeat(32)}`), INVALID_TOKEN_CHALLENGE);
    expectUnauthorized(await essays('Bearer not-a-token'), INVALID_TOKEN_CHALLENGE);
    expectUnauthorized(await essays('Bearer'), INVALID_TOKEN_CHALLENGE);
  });

  it('answers another scheme with 401 and the challenge without an error code', async () => {
    expectUnauthorized(await essays(`Basic ${Buffer.from('user:pass').toString('base64')}`), CHALLENGE);
  });

  it('checks tokens on POST routes and MCP too, before reading the body', async () => {
    const authorization = `Bearer rh_${'B'.repeat(32)}`;
    expectUnauthorized(
      await postJson(server.url, '/api/v1/batch', { requests: [{ path: '/api/v1/essays' }] }, { authorization }),
      INVALID_TOKEN_CHALLENGE,
      '/api/v1/batch',
      'post',
    );
    const mcp = await postJson(
      server.url,
      '/api/mcp',
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { authorization, accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(401);
    expect(mcp.headers['www-authenticate']).toBe(INVALID_TOKEN_CHALLENGE);
  });

  it('leaves /healthz and CORS preflight alone', async () => {
    expect((await http(`${server.url}/healthz`, { headers: { authorization: 'Basic eDp5' } })).status).toBe(200);
    const preflight = await http(`${server.url}/api/auth/register`, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });
});

describe('OpenAPI', () => {
  it('documents 401 with WWW-Authenticate on rate-limited routes only, and both body types of revoke', async () => {
    const doc = (await http(`${server.url}/openapi.json`)).json();
    const unauthorized = doc.paths['/api/v1/essays'].get.responses['401'];
    expect(unauthorized.headers['WWW-Authenticate']).toEqual({ $ref: '#/components/headers/WWW-Authenticate' });
    expect(doc.paths['/api/auth/register'].post.responses['401']).toBeDefined();
    expect(doc.paths['/healthz'].get.responses['401']).toBeUndefined();
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/auth/revoke'].post.requestBody.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(doc.paths['/api/auth/register'].post.deprecated).toBeUndefined();
    expect(doc.paths['/api/v1/auth/register']).toBeUndefined();
  });
});
