// The OpenAPI description in parts (operations/openapi-parts.ts): a part carries the components its
// operations refer to, through references of references; a tag too large for a tool's budget answers
// its index with a note; unknown names are refused with the names that exist.
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/core/operations/errors.ts';
import { openApiPart, openApiPartText } from '../../src/core/operations/openapi-parts.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const operation = (id: string, tag: string, schema: object) => ({
  operationId: id,
  summary: `Summary of ${id}`,
  tags: [tag],
  responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } },
});
const doc = {
  openapi: '3.1.0',
  info: { title: 'Test API', version: '1' },
  tags: [
    { name: 'Small', description: 'A small tag' },
    { name: 'Huge', description: 'Larger than a part may be' },
  ],
  paths: {
    '/a': { get: operation('getA', 'Small', ref('A')), post: operation('postA', 'Small', { type: 'string' }) },
    '/b': { get: operation('getB', 'Small', { type: 'string' }) },
    ...Object.fromEntries(
      Array.from({ length: 4 }, (_, n) => [`/huge/${n}`, { get: operation(`huge${n}`, 'Huge', ref(`Big${n}`)) }]),
    ),
  },
  components: {
    schemas: {
      A: { type: 'object', properties: { b: ref('B') } },
      B: { type: 'object', properties: { a: ref('A') } },
      Unused: { type: 'string' },
      ...Object.fromEntries(
        Array.from({ length: 4 }, (_, n) => [`Big${n}`, { type: 'string', description: 'x'.repeat(30_000) }]),
      ),
    },
  },
};
const url = 'https://example.org/openapi.json';

describe('openApiPart', () => {
  it('bare: every operation in an index, the tags, and where the whole document is', () => {
    const index = openApiPart(doc, url, {});
    expect(index.operations?.map((entry) => entry.operation_id).sort()).toEqual(
      ['getA', 'getB', 'huge0', 'huge1', 'huge2', 'huge3', 'postA'].sort(),
    );
    expect(index.operations?.find((entry) => entry.operation_id === 'postA')).toEqual({
      operation_id: 'postA',
      method: 'POST',
      path: '/a',
      summary: 'Summary of postA',
      tags: ['Small'],
    });
    expect(index.document_url).toBe(url);
    expect(index.paths).toBeUndefined();
    expect(openApiPartText(index)).toContain('POST /a (postA) [Small]: Summary of postA');
  });

  it('an operation with the components it refers to, references of references included, no others', () => {
    const part = openApiPart(doc, url, { operation: 'GETA' });
    expect(part.paths).toEqual({ '/a': { get: doc.paths['/a'].get } });
    expect(Object.keys((part.components as { schemas: object }).schemas).sort()).toEqual(['A', 'B']);
  });

  it('a path with all its methods; a tag with all its operations', () => {
    expect(Object.keys(openApiPart(doc, url, { path: '/a' }).paths?.['/a'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(openApiPart(doc, url, { tag: 'small' }).paths ?? {}).sort()).toEqual(['/a', '/b']);
  });

  it('a tag larger than a part may be: its operations as an index, with a note saying how to ask', () => {
    const part = openApiPart(doc, url, { tag: 'Huge' });
    expect(part.paths).toBeUndefined();
    expect(part.operations).toHaveLength(4);
    expect(part.note).toMatch(/one by one/);
    expect(JSON.stringify(openApiPart(doc, url, { operation: 'huge0' })).length).toBeGreaterThan(30_000);
  });

  it('refuses an unknown operation, tag or path, naming what exists', () => {
    expect(() => openApiPart(doc, url, { operation: 'nope' })).toThrow(NotFoundError);
    expect(() => openApiPart(doc, url, { operation: 'nope' })).toThrow(/No operation "nope"/);
    const refusal = (() => {
      try {
        return openApiPart(doc, url, { tag: 'Nope' });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(NotFoundError);
    expect((refusal as NotFoundError).resolution).toBe('Tags: Small, Huge.');
    expect(() => openApiPart(doc, url, { path: '/nope' })).toThrow(/No path/);
  });
});
