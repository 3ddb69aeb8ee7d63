import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/core/errors.ts';
import { memoisedQueryParser } from '../../src/core/http/request-input.ts';
import { optionalIntParam } from '../../src/core/operations/validation.ts';

function countingSchema() {
  let runs = 0;
  const schema = z.object({
    q: z.string().transform((value) => {
      runs += 1;
      return value.trim();
    }),
    limit: optionalIntParam(1, 10),
  });
  return { schema, runs: () => runs };
}

describe('memoisedQueryParser', () => {
  it('decodes the raw query string and validates it once per distinct string', () => {
    const { schema, runs } = countingSchema();
    const parse = memoisedQueryParser(schema);
    const first = parse('q=%20neural+nets&limit=3');
    expect(first).toEqual({ q: 'neural nets', limit: 3 });
    expect(parse('q=%20neural+nets&limit=3')).toBe(first);
    expect(runs()).toBe(1);
    expect(parse('limit=3&q=neural+nets')).toEqual(first);
    expect(runs()).toBe(2);
  });

  it('hands out frozen values, so one request cannot change what the next one sees', () => {
    const parse = memoisedQueryParser(countingSchema().schema);
    const parsed = parse('q=rollup');
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(() => Object.assign(parsed, { q: 'changed' })).toThrow(TypeError);
    expect(parse('q=rollup').q).toBe('rollup');
  });

  it('validates a bad string again on every call and throws the API error each time', () => {
    const parse = memoisedQueryParser(countingSchema().schema);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(() => parse('q=x&limit=99')).toThrow(ApiError);
      try {
        parse('q=x&limit=99');
      } catch (error) {
        expect((error as ApiError).code).toBe('invalid_parameter');
        expect((error as ApiError).message).toContain('"limit"');
      }
    }
  });

  it('does not keep long query strings', () => {
    const { schema, runs } = countingSchema();
    const parse = memoisedQueryParser(schema);
    const long = `q=${'a'.repeat(600)}`;
    parse(long);
    parse(long);
    expect(runs()).toBe(2);
  });

  it('stays bounded: a full memo starts over rather than growing', () => {
    const { schema, runs } = countingSchema();
    const parse = memoisedQueryParser(schema);
    parse('q=first');
    for (let index = 0; index < 1100; index += 1) parse(`q=term${index}`);
    const before = runs();
    parse('q=first');
    expect(runs()).toBe(before + 1);
  });
});
