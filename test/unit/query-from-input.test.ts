// Every route that names an operation must accept, in its query string, exactly the limits its
// operation's input states: the bounds and defaults of integers and the values of enums agree.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integerQueryParam, queryFromInput } from '../../src/core/operations/query-from-input.ts';
import { routes } from '../../src/core/routes/index.ts';

type Field = z.ZodType;

function unwrap(field: Field): { inner: Field; fallback: unknown } {
  let inner = field;
  let fallback: unknown;
  for (;;) {
    if (inner instanceof z.ZodOptional) inner = inner.unwrap() as Field;
    else if (inner instanceof z.ZodDefault) {
      fallback = inner.def.defaultValue;
      inner = inner.unwrap() as Field;
    } else return { inner, fallback };
  }
}

const withOperationQuery = routes.filter(
  (route) => route.operation?.input instanceof z.ZodObject && route.query instanceof z.ZodObject,
);

describe('query strings derived from operation inputs', () => {
  it('cover the glossary list', () => {
    expect(withOperationQuery.map((route) => route.path)).toContain('/api/v1/glossary');
  });

  it.each(withOperationQuery.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s accepts the limits of its operation input',
    (_, route) => {
      const input = route.operation!.input as z.ZodObject;
      const query = route.query as z.ZodObject;
      // Other required parameters (a search's q) may be missing here: only issues about `name` count.
      const accepts = (name: string, raw: string) => {
        const parsed = query.safeParse({ [name]: raw });
        return parsed.success || !parsed.error.issues.some((found) => found.path[0] === name);
      };
      for (const [name, field] of Object.entries(input.shape) as [string, Field][]) {
        if (!(name in query.shape)) continue;
        const { inner, fallback } = unwrap(field);
        if (inner instanceof z.ZodNumber && inner.minValue !== null && inner.maxValue !== null) {
          const { minValue: min, maxValue: max } = inner;
          expect([accepts(name, String(min)), accepts(name, String(max))], name).toEqual([true, true]);
          expect([accepts(name, String(min - 1)), accepts(name, String(max + 1))], name).toEqual([false, false]);
          if (fallback !== undefined) {
            const parsed = query.safeParse({});
            if (parsed.success) expect((parsed.data as Record<string, unknown>)[name]).toBe(fallback);
          }
        }
        if (inner instanceof z.ZodEnum) {
          for (const value of inner.options) expect(accepts(name, String(value)), `${name}=${value}`).toBe(true);
          expect(accepts(name, 'not-a-value'), name).toBe(false);
        }
      }
    },
  );

  it('maps page to an opaque cursor and refuses fields with no query form', () => {
    const query = queryFromInput(z.object({ page: z.int().min(1).default(1) })) as unknown as z.ZodObject;
    expect(Object.keys(query.shape)).toEqual(['cursor']);
    expect(query.safeParse({ cursor: '!!' }).success).toBe(false);
    expect(() => queryFromInput(z.object({ when: z.date() }))).toThrow(/no query-string form/);
  });

  it("derive one integer parameter with the input's bounds, leaving its default to the handler", () => {
    const field = z.int().min(2).max(9).default(4).describe('How many');
    const param = integerQueryParam(field);
    expect([param.safeParse('2').data, param.safeParse('9').data, param.safeParse(undefined).data]).toEqual([
      2,
      9,
      undefined,
    ]);
    expect([param.safeParse('1').success, param.safeParse('10').success, param.safeParse('4.5').success]).toEqual([
      false,
      false,
      false,
    ]);
    expect(param.description).toBe('How many');
    expect(integerQueryParam(field, 'Alias of count').description).toBe('Alias of count');
    expect(() => integerQueryParam(z.string())).toThrow(/not an integer field/);
  });
});
