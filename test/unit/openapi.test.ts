// The OpenAPI generator on small route tables: what it derives from the zod schemas and the route flags.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../src/core/http/route.ts';
import { buildOpenApiDocument } from '../../src/core/openapi.ts';

const SITE = 'http://localhost:4321';
const handler = () => ({ body: {} });

const TransformedBody = z
  .object({ name: z.string().min(3).describe('At least 3 characters') })
  .transform((value) => ({ upper: value.name.toUpperCase() }))
  .meta({ id: 'TestTransformedBody' });

const Reply = z.object({ upper: z.string() }).meta({ id: 'TestReply' });

const postRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/things',
  operationId: 'makeThing',
  summary: 'Make a thing',
  tags: ['Test'],
  body: TransformedBody,
  responses: { 200: { description: 'Made', schema: Reply } },
  batchable: false,
  idempotent: true,
  handler,
});

const JsonRpcError = z
  .object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.int() }) })
  .meta({ id: 'TestRpc' });

const getRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/things/{thingId}',
  operationId: 'getThing',
  summary: 'Get a thing',
  tags: ['Test'],
  params: z.object({ thingId: z.string().regex(/^t_[0-9]+$/) }),
  query: z.object({
    q: z.string().optional().meta({ description: 'The text', required: true }),
    text: z.string().optional().meta({ description: 'Alias of q', 'x-alias-of': 'q' }),
  }),
  responses: { 200: { description: 'The thing', schema: Reply }, 400: { description: 'RPC', schema: JsonRpcError } },
  batchable: true,
  handler,
});

function build(routes: AnyRoute[]) {
  return buildOpenApiDocument(routes, SITE) as unknown as {
    paths: Record<string, Record<string, any>>;
    components: { schemas: Record<string, any> };
  };
}

describe('buildOpenApiDocument', () => {
  const doc = build([postRoute, getRoute]);
  const post = doc.paths['/api/v1/things']!['post'];
  const get = doc.paths['/api/v1/things/{thingId}']!['get'];

  it('describes a request body as the schema takes it in, before its transform', () => {
    expect(doc.components.schemas['TestTransformedBody']).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 3 } },
      required: ['name'],
    });
    expect(post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/TestTransformedBody',
    });
  });

  it('adds what the dispatcher answers for an idempotent route that takes a body', () => {
    expect(Object.keys(post.responses).sort()).toEqual(['200', '400', '401', '409', '413', '415', '422', '429', '500']);
    expect(Object.keys(post.responses['409'].headers)).toContain('Retry-After');
    // A body may come in gzip, deflate or br; any other coding is refused naming those (RFC 9110 §15.5.16).
    expect(Object.keys(post.responses['415'].headers)).toContain('Accept-Encoding');
    expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/ContentEncoding' });
    expect(get.parameters).not.toContainEqual({ $ref: '#/components/parameters/ContentEncoding' });
    expect(Object.keys(post.responses['200'].headers)).toEqual(
      expect.arrayContaining(['Idempotency-Key', 'Idempotent-Replayed', 'X-Request-Id']),
    );
    expect(Object.keys(get.responses)).not.toContain('409');
    expect(Object.keys(get.responses)).not.toContain('413');
  });

  it('takes path parameters from the params schema, and parameter-level fields out of the schema', () => {
    expect(get.parameters[0]).toEqual({
      name: 'thingId',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^t_[0-9]+$' },
    });
    expect(get.parameters[1]).toMatchObject({ name: 'q', required: true, description: 'The text' });
    expect(get.parameters[1].schema).toEqual({ type: 'string' });
    expect(get.parameters[2]).toMatchObject({ name: 'text', required: false, 'x-alias-of': 'q' });
  });

  it('lists both bodies when a route and the dispatcher answer the same status differently', () => {
    expect(get.responses['400'].content['application/json'].schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/TestRpc' }, { $ref: '#/components/schemas/ApiError' }],
    });
  });

  it('refuses a schema used as a request and as a response that reads differently each way', () => {
    const echo = defineRoute({
      method: 'POST',
      path: '/api/v1/echo',
      operationId: 'echo',
      summary: 'Echo',
      tags: ['Test'],
      body: TransformedBody,
      responses: { 200: { description: 'Echoed', schema: TransformedBody } },
      batchable: false,
      handler,
    });
    expect(() => build([echo])).toThrow(/TestTransformedBody/);
  });

  it('answers an unexpected failure (500) on every operation, in the one error shape', () => {
    expect(post.responses['500'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
  });
});
