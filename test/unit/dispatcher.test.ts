// The core dispatcher in-process: no server, no build.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../src/core/http/app.ts';
import { corePathMatcher } from '../../src/core/http/core-paths.ts';
import { ApiError } from '../../src/core/errors.ts';
import { defineRoute } from '../../src/core/http/route.ts';
import type { CoreBody } from '../../src/core/http/types.ts';
import { JsonText } from '../../src/core/json-text.ts';
import { routes } from '../../src/core/routes/index.ts';
import { bodyText, coreRequest as request, testDeps } from '../support/core-deps.ts';

const echo = defineRoute({
  method: 'POST',
  path: '/api/v1/echo/{name}',
  aliases: ['/api/echo/{name}'],
  operationId: 'echo',
  summary: 'echo',
  tags: ['Test'],
  query: z.object({ n: z.coerce.number().int().optional() }),
  body: z.object({ text: z.string().min(1) }),
  responses: { 200: { description: 'ok' } },
  batchable: true,
  handler: ({ body, params, query }) => ({ body: { text: body.text, name: params['name'], n: query.n ?? null } }),
});
const boom = defineRoute({
  method: 'GET',
  path: '/api/v1/boom',
  operationId: 'boom',
  summary: 'boom',
  tags: ['Test'],
  responses: {},
  batchable: false,
  handler: () => {
    throw new Error('secret internals');
  },
});
const teapot = defineRoute({
  method: 'GET',
  path: '/api/v1/teapot',
  operationId: 'teapot',
  summary: 'teapot',
  tags: ['Test'],
  responses: {},
  batchable: false,
  handler: () => {
    throw new ApiError('upstream_error', 'Upstream said no.', { headers: { 'Retry-After': '7' } });
  },
});

const logged: unknown[] = [];
const app = createApp(testDeps({ logError: (_message, error) => logged.push(error) }), [echo, boom, teapot]);
const json = (body: CoreBody) => JSON.parse(bodyText(body));

describe('dispatcher', () => {
  it('validates query, path and body, then runs the handler', async () => {
    const response = await app.handle(
      request('POST', '/api/v1/echo/hi%20there?n=3', {
        headers: { 'content-type': 'application/json' },
        body: '{"text":"x"}',
      }),
    );
    expect(response.status).toBe(200);
    expect(json(response.body)).toEqual({ text: 'x', name: 'hi there', n: 3 });
  });

  it('maps a schema failure to invalid_body naming the field', async () => {
    const response = await app.handle(
      request('POST', '/api/v1/echo/a', { headers: { 'content-type': 'application/json' }, body: '{"text":""}' }),
    );
    expect(response.status).toBe(400);
    expect(json(response.body).error).toMatchObject({ code: 'invalid_body', status: 400 });
    expect(json(response.body).error.message).toContain('"text"');
  });

  it.each([
    ['not json', 'application/json', 400, 'invalid_body'],
    ['{"text":"x"}', 'text/plain', 415, 'unsupported_media_type'],
    ['{"text":"x"}', '', 415, 'unsupported_media_type'],
  ])('body %s as %s → %i %s', async (body, type, status, code) => {
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const response = await app.handle(request('POST', '/api/v1/echo/a', { headers, body }));
    expect(response.status).toBe(status);
    expect(json(response.body).error.code).toBe(code);
  });

  it('adds deprecation headers on aliases only', async () => {
    const init = { headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' };
    const alias = await app.handle(request('POST', '/api/echo/z?n=1', init));
    expect(alias.headers['Link']).toBe('</api/v1/echo/z?n=1>; rel="successor-version"');
    const pinned = await app.handle(request('POST', '/api/v1/echo/z', init));
    expect(pinned.headers['Link']).toBeUndefined();
  });

  it('re-encodes the query of a successor link, whatever raw bytes the request carried', async () => {
    const init = { headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' };
    const raw = { ...request('POST', '/api/echo/z', init), search: 'n=a>b"c' };
    const alias = await app.handle(raw);
    expect(alias.headers['Link']).toBe('</api/v1/echo/z?n=a%3Eb%22c>; rel="successor-version"');
  });

  it('hides internal errors behind internal_error and logs them', async () => {
    const response = await app.handle(request('GET', '/api/v1/boom'));
    expect(response.status).toBe(500);
    expect(String(response.body)).not.toContain('secret');
    expect(json(response.body).error.code).toBe('internal_error');
    expect(logged.some((error) => (error as Error).message === 'secret internals')).toBe(true);
  });

  it('keeps the headers an ApiError carries', async () => {
    const response = await app.handle(request('GET', '/api/v1/teapot'));
    expect(response.status).toBe(502);
    expect(response.headers['Retry-After']).toBe('7');
  });

  it('answers 405 with Allow and 404 as JSON', async () => {
    const wrong = await app.handle(request('GET', '/api/v1/echo/a'));
    expect(wrong.status).toBe(405);
    expect(wrong.headers['Allow']).toBe('POST, OPTIONS');
    const missing = await app.handle(request('GET', '/api/v1/none'));
    expect(json(missing.body).error.code).toBe('not_found');
  });
});

// What a remembered answer costs (git log: "without a turn of the promise queue"): the phases wait only for
// a phase that returns a promise, so an answer made at once settles handle()'s promise before any other
// turn of the queue. Counted as the turns a caller waits.
describe('answers made at once', () => {
  const kept = new JsonText(JSON.stringify({ text: 'kept '.repeat(400) }));
  const remembered = defineRoute({
    method: 'GET',
    path: '/api/v1/kept',
    operationId: 'kept',
    summary: 'kept',
    tags: ['Test'],
    responses: {},
    batchable: false,
    cacheControl: 'public, max-age=60',
    handler: () => ({ body: kept }),
  });
  const awaited = defineRoute({ ...remembered, path: '/api/v1/awaited', handler: async () => ({ body: kept }) });
  const fast = createApp(testDeps(), [remembered, awaited]);

  async function turnsToAnswer(answer: Promise<unknown>): Promise<number> {
    let settled = false;
    const settle = () => {
      settled = true;
    };
    answer.then(settle, settle);
    let turns = 0;
    while (!settled && turns < 20) {
      await Promise.resolve();
      turns += 1;
    }
    return turns;
  }

  it('sends a remembered answer, its 304 and its kept brotli form without a promise turn', async () => {
    const first = await fast.handle(request('GET', '/api/v1/kept', { headers: { 'accept-encoding': 'br' } }));
    expect(first.headers['Content-Encoding']).toBe('br');
    const etag = (await fast.handle(request('GET', '/api/v1/kept'))).headers['ETag']!;
    expect(await turnsToAnswer(fast.handle(request('GET', '/api/v1/kept')))).toBe(1);
    const conditional = request('GET', '/api/v1/kept', { headers: { 'if-none-match': etag } });
    expect(await turnsToAnswer(fast.handle(conditional))).toBe(1);
    const coded = request('GET', '/api/v1/kept', { headers: { 'accept-encoding': 'br' } });
    expect(await turnsToAnswer(fast.handle(coded))).toBe(1);
    expect((await fast.handle(conditional)).status).toBe(304);
  });

  it('waits for a handler that returns a promise (the count above can tell)', async () => {
    expect(await turnsToAnswer(fast.handle(request('GET', '/api/v1/awaited')))).toBeGreaterThan(1);
  });
});

describe('corePathMatcher', () => {
  const isCoreRequest = corePathMatcher(routes);

  it('sends the core its paths, whatever the query', () => {
    for (const path of [
      '/api',
      '/api/v1/reports/search',
      '/ask',
      '/papers/feed.xml',
      '/healthz',
      '/readyz',
      '/.well-known/mcp',
    ])
      for (const search of ['', '?q=graph']) expect(isCoreRequest(path, search), `${path}${search}`).toBe(true);
  });

  it('sends it the Papers page only with a search: /papers without a q is the static page', () => {
    expect(isCoreRequest('/papers', '?q=graph&corpus=ai')).toBe(true);
    expect(isCoreRequest('/papers', '?corpus=ai&q=')).toBe(true);
    expect(isCoreRequest('/papers', '')).toBe(false);
    expect(isCoreRequest('/papers', '?')).toBe(false);
    expect(isCoreRequest('/papers', '?utm_source=feed&question=graph')).toBe(false);
    expect(isCoreRequest('/papers.html', '?q=graph')).toBe(false);
    expect(isCoreRequest('/essays/', '?q=graph')).toBe(false);
  });

  it('sends it every path and alias of the table, templates filled', () => {
    for (const route of routes) {
      const search = route.onlyWithParam === undefined ? '' : `?${route.onlyWithParam}=x`;
      for (const template of [route.path, ...(route.aliases ?? [])]) {
        const path = template.replace(/\{[a-zA-Z_]+\}/g, 'a%20b');
        expect(isCoreRequest(path, search), `${route.method} ${path}${search}`).toBe(true);
      }
    }
  });

  it('sends it any path below a route that has routes below it, so unknown API paths get the API 404', () => {
    for (const path of ['/api/', '/api/v2/nothing', '/api/v1/jobs/job_x', '/.well-known/mcp/unknown'])
      expect(isCoreRequest(path, ''), path).toBe(true);
    // /papers/x is a paper's page (the core's); nothing is below it.
    for (const path of ['/', '/essays/', '/apiary', '/papers/', '/papers/x/y', '/.well-known/security.txt', '/ask/x'])
      expect(isCoreRequest(path, ''), path).toBe(false);
  });

  it('follows the table it is given: a new route is served without a list of paths beside it', () => {
    const served = corePathMatcher([echo, boom]);
    expect(served('/api/v1/echo/a%20b', '')).toBe(true);
    expect(served('/api/echo/x', '?n=1')).toBe(true);
    expect(served('/api/v1/boom', '')).toBe(true);
    expect(served('/api/v1/echo/a/b', '')).toBe(false);
    expect(served('/api/v1/essays', '')).toBe(false);
  });
});
