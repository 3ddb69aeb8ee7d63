// One operation behind its doors: an alias of an input field (operations/aliases.ts) read alike from a
// query string, a JSON body and the published description; the answer's forms (route representations)
// chosen in the represent phase; and an Idempotency-Key answer kept after it is represented. A small
// operation of the test's own shows the facilities are general; ask and the paper search are real users.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../src/core/http/app.ts';
import { operationRoute } from '../../src/core/http/operation-route.ts';
import type { Representation } from '../../src/core/http/route.ts';
import type { CoreResponse } from '../../src/core/http/types.ts';
import { parameters } from '../../src/core/openapi-parameters.ts';
import { aliasOf, foldAliases } from '../../src/core/operations/aliases.ts';
import { AskInputSchema } from '../../src/core/operations/ask.ts';
import { defineOperation } from '../../src/core/operations/operation.ts';
import { SearchQuerySchema } from '../../src/core/operations/papers.ts';
import { parseOrThrow } from '../../src/core/http/request-input.ts';
import { bodyText, coreRequest as request, testDeps } from '../support/core-deps.ts';

let runs = 0;
let failNext = false;

const greet = defineOperation({
  summary: 'Greet someone',
  errors: ['invalid_parameter'],
  rest: { method: 'GET', path: '/api/v1/greet', operationId: 'greet', tags: ['Test'], answers: 'A greeting' },
  input: z.object({
    name: z
      .string()
      .min(2)
      .meta({ examples: ['Ada'] }),
    nickname: aliasOf('name', z.string().min(2).optional()),
    times: z.int().min(1).max(3).default(1),
  }),
  output: z.object({ greeting: z.string() }),
  run: ({ name, times }) => {
    runs += 1;
    if (failNext) {
      failNext = false;
      throw new Error('went wrong once');
    }
    return { greeting: Array.from({ length: times }, () => `hello ${name}`).join(', ') };
  },
});

let plainAvailable = true;
const plainText = (text: string): CoreResponse => ({
  status: 200,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: text,
});

const plain: Representation = {
  mediaType: 'text/plain',
  description: 'The greeting as text',
  available: () => plainAvailable,
  render: (output) => plainText((output as { greeting: string }).greeting),
  refused: (error) => (error.code === 'invalid_parameter' ? plainText('who shall I greet?') : undefined),
};

const shouted: Representation = {
  mediaType: 'text/x-shout',
  description: 'The greeting, shouted, when the body asks',
  askedBy: ({ body }) => (body as { loud?: boolean }).loud === true,
  render: (output) => plainText((output as { greeting: string }).greeting.toUpperCase()),
};

const getRoute = operationRoute(greet, { representations: [plain] });
const postRoute = operationRoute(greet, {
  rest: { method: 'POST', operationId: 'greetPost' },
  body: { loud: z.boolean().optional() },
  representations: [shouted],
  idempotent: true,
});
const app = createApp(testDeps(), [getRoute, postRoute]);

const get = (target: string, accept = 'application/json') =>
  app.handle(request('GET', target, { headers: { accept } }));
const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.handle(
    request('POST', '/api/v1/greet', {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
const json = (response: CoreResponse) => JSON.parse(bodyText(response.body));

describe('an alias of an input field', () => {
  it('stands in for its field in a query string and in a JSON body', async () => {
    expect(json(await get('/api/v1/greet?nickname=Ada'))).toEqual({ greeting: 'hello Ada' });
    expect(json(await post({ nickname: 'Ada', times: 2 }))).toEqual({ greeting: 'hello Ada, hello Ada' });
  });

  it('gives way to its field when both are sent, and is still checked', async () => {
    expect(json(await get('/api/v1/greet?name=Bob&nickname=Ada'))).toEqual({ greeting: 'hello Bob' });
    const refused = await post({ name: 'Bob', nickname: 7 });
    expect(refused.status).toBe(400);
    expect(json(refused).error.message).toMatch(/^Body field "nickname"/);
  });

  it('is named in a message about the value sent under it', async () => {
    const response = await get('/api/v1/greet?nickname=A');
    expect(response.status).toBe(400);
    expect(json(response).error.message).toMatch(/^Query parameter "nickname": /);
  });

  it('tells a request that sent neither how to send the field, in the form of where it goes', async () => {
    expect(json(await get('/api/v1/greet')).error.message).toMatch(/^Query parameter "name": .*, e\.g\. \?name=Ada\.$/);
    expect(json(await post({ times: 1 })).error.message).toMatch(/^Body field "name": .*, e\.g\. \{"name":"Ada"\}\.$/);
  });

  it('is published as x-alias-of, and its field as not required alone', () => {
    const published = parameters(getRoute) as Array<Record<string, unknown>>;
    expect(published.find((parameter) => parameter['name'] === 'name')).toMatchObject({ required: false });
    expect(published.find((parameter) => parameter['name'] === 'nickname')).toMatchObject({ 'x-alias-of': 'name' });
    const body = z.toJSONSchema(postRoute.body!, { io: 'input' }) as Record<string, unknown>;
    expect(body['anyOf']).toEqual([{ required: ['name'] }, { required: ['nickname'] }]);
  });

  it('folds into a plain input as tools/call reads it', () => {
    expect(foldAliases(greet.input, { nickname: 'Ada' }).value).toEqual({ name: 'Ada' });
    expect(greet.input.parse(foldAliases(greet.input, { nickname: 'Ada' }).value)).toMatchObject({ name: 'Ada' });
  });

  it("is ask's query for q and the paper search's per_page for limit", () => {
    expect(parseOrThrow(AskInputSchema, { query: 'what is gas' }, 'body')).toMatchObject({ q: 'what is gas' });
    expect(parseOrThrow(AskInputSchema, { q: 'what is gas', query: 'what is a rollup' }, 'body').q).toBe('what is gas');
    expect(() => parseOrThrow(AskInputSchema, { query: 'a' }, 'query')).toThrow(/^Query parameter "query": /);
    expect(parseOrThrow(SearchQuerySchema, { q: 'neural', per_page: '7' }, 'query').limit).toBe(7);
    expect(parseOrThrow(SearchQuerySchema, { q: 'neural', limit: '5', per_page: '7' }, 'query').limit).toBe(5);
    expect(() => parseOrThrow(SearchQuerySchema, { q: 'neural', per_page: '0' }, 'query')).toThrow(
      /^Query parameter "per_page": /,
    );
  });
});

describe('the forms of an answer, chosen in the represent phase', () => {
  it('answers the form Accept prefers to JSON, made from the same output', async () => {
    const response = await get('/api/v1/greet?name=Ada', 'text/plain');
    expect(response.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(bodyText(response.body)).toBe('hello Ada');
    expect(response.headers['Vary']).toContain('Accept');
  });

  it('answers JSON to */*, and says the answer varies on Accept', async () => {
    const response = await get('/api/v1/greet?name=Ada', '*/*');
    expect(json(response)).toEqual({ greeting: 'hello Ada' });
    expect(response.headers['Vary']).toContain('Accept');
  });

  it('answers JSON when the server cannot make the form', async () => {
    plainAvailable = false;
    try {
      expect(json(await get('/api/v1/greet?name=Ada', 'text/plain'))).toEqual({ greeting: 'hello Ada' });
    } finally {
      plainAvailable = true;
    }
  });

  it('takes a form the input asks for, whatever Accept says', async () => {
    const response = await post({ name: 'Ada', loud: true });
    expect(bodyText(response.body)).toBe('HELLO ADA');
  });

  it('lets a form answer a refused input in its own way, and leaves other clients the error', async () => {
    const page = await get('/api/v1/greet', 'text/plain');
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toBe('who shall I greet?');
    expect((await get('/api/v1/greet', 'application/json')).status).toBe(400);
  });

  it('lists each form beside the JSON of the 200', () => {
    expect(Object.keys(getRoute.responses[200]!.otherMediaTypes ?? {})).toEqual(['text/plain']);
    expect(Object.keys(postRoute.responses[200]!.otherMediaTypes ?? {})).toEqual(['text/x-shout']);
  });
});

describe('an answer under an Idempotency-Key', () => {
  it('is made once, represented as asked, and replayed as it was sent', async () => {
    const before = runs;
    const first = await post({ name: 'Ada', loud: true }, { 'idempotency-key': 'greet-once' });
    const again = await post({ name: 'Ada', loud: true }, { 'idempotency-key': 'greet-once' });
    expect(runs - before).toBe(1);
    expect(bodyText(again.body)).toBe('HELLO ADA');
    expect(bodyText(again.body)).toBe(bodyText(first.body));
    expect(again.headers['Idempotent-Replayed']).toBe('true');
  });

  it('is not kept when the request failed: the key may be used again', async () => {
    failNext = true;
    const failed = await post({ name: 'Ada' }, { 'idempotency-key': 'greet-retry' });
    expect(failed.status).toBe(500);
    const retried = await post({ name: 'Ada' }, { 'idempotency-key': 'greet-retry' });
    expect(retried.status).toBe(200);
    expect(retried.headers['Idempotent-Replayed']).toBeUndefined();
    expect(json(retried)).toEqual({ greeting: 'hello Ada' });
  });
});
