// Derives a route's query-string schema from its operation's input schema, so the limits of a
// capability are written once: integers are parsed from strings with the same bounds and default,
// enums keep their values, and a `page` input is exposed as the opaque `cursor` the API pages with.
import { z } from 'zod';
import { CursorParam } from '../pagination.ts';
import { intParam, optionalIntParam } from './validation.ts';

type Field = z.ZodType;

/** What a derived query parses to: the input's fields, with `page` read from `cursor`. */
export type QueryFor<Input> = Omit<Input, 'page'> & ('page' extends keyof Input ? { cursor?: number } : unknown);

/** The schema under optional/default wrappers, whether it was optional, and its default. */
function unwrap(field: Field): { inner: Field; optional: boolean; fallback: unknown } {
  let inner: Field = field;
  let optional = false;
  let fallback: unknown;
  for (;;) {
    if (inner instanceof z.ZodOptional) {
      optional = true;
      inner = inner.unwrap() as Field;
    } else if (inner instanceof z.ZodDefault) {
      fallback = inner.def.defaultValue;
      inner = inner.unwrap() as Field;
    } else return { inner, optional, fallback };
  }
}

function integerParam(inner: z.ZodNumber, fallback: unknown): Field {
  const min = inner.minValue ?? 0;
  const max = inner.maxValue ?? Number.MAX_SAFE_INTEGER;
  return typeof fallback === 'number' ? intParam(min, max, fallback) : optionalIntParam(min, max);
}

function enumParam(inner: z.ZodEnum, optional: boolean, fallback: unknown): Field {
  const values = inner.options.map(String);
  const param = z.enum(values as [string, ...string[]], { error: `must be one of: ${values.join(', ')}` });
  if (fallback !== undefined) return param.default(fallback as string);
  return optional ? param.optional() : param;
}

/** A list of enum values as one comma-separated parameter ("essay,glossary"), spaces allowed around each. */
function listParam(inner: z.ZodArray, fallback: unknown): Field {
  const element = inner.element;
  if (!(element instanceof z.ZodEnum)) throw new Error('queryFromInput: only lists of enum values have a query form');
  const values = element.options.map(String);
  const one = `\\s*(?:${values.join('|')})\\s*`;
  const listed = values.join(', ').replace(/, ([^,]*)$/, ' and $1');
  const absent = Array.isArray(fallback) ? [...(fallback as unknown[])] : undefined;
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      if (raw === undefined || raw.trim() === '') return absent;
      const chosen = raw.split(',').map((value) => value.trim());
      if (chosen.every((value) => values.includes(value))) return chosen;
      context.addIssue({ code: 'custom', message: `must be a comma-separated list of ${listed}` });
      return z.NEVER;
    })
    .meta({
      type: 'string',
      pattern: `^(?:${one}(?:,${one})*)?$`,
      ...(absent ? { default: absent.join(',') } : {}),
    });
}

/** A field read from a string by its own schema (a transform over a string): the query value as it is. */
function readsString(inner: Field): boolean {
  return (
    inner instanceof z.ZodString ||
    (inner instanceof z.ZodPipe && unwrap(inner.in as Field).inner instanceof z.ZodString)
  );
}

/** One query parameter for one input field, with its bounds and default; throws for a field with no query-string form. */
export function queryParam(field: Field): Field {
  const { inner, optional, fallback } = unwrap(field);
  let param: Field;
  if (inner instanceof z.ZodNumber && inner.isInt) param = integerParam(inner, fallback);
  else if (inner instanceof z.ZodEnum) param = enumParam(inner, optional, fallback);
  else if (inner instanceof z.ZodArray) param = listParam(inner, fallback);
  // A query value is a string already: the field's own schema reads it, with its limits and messages.
  else if (readsString(inner)) return field;
  else throw new Error(`queryFromInput: no query-string form for a ${inner.def.type} field`);
  if (!field.description) return param;
  return param.describe(inner instanceof z.ZodArray ? `${field.description}, comma-separated` : field.description);
}

/**
 * The query parameter of one integer input field, for a route whose query string is partly its own
 * (aliases, one parameter winning over another): the bounds come from the input. An absent value
 * stays undefined, for the handler to pick between the aliases before the default applies.
 */
export function integerQueryParam(field: z.ZodType, description = field.description): z.ZodType<number | undefined> {
  const { inner, fallback } = unwrap(field);
  if (!(inner instanceof z.ZodNumber && inner.isInt)) throw new Error('integerQueryParam: not an integer field');
  const param = integerParam(inner, undefined) as z.ZodType<number | undefined>;
  // The input's default, for the description's schema (OpenAPI `default`): the handler applies it.
  return param.meta({
    ...(description ? { description } : {}),
    ...(typeof fallback === 'number' ? { default: fallback } : {}),
  });
}

/** An input field's default, for a query parameter whose handler applies it (OpenAPI `default`). */
export function defaultOfInput(field: z.ZodType): unknown {
  return unwrap(field).fallback;
}

/**
 * The query-string schema for an operation's object input. `page` becomes `cursor` (its value is the
 * decoded page number), so handlers read `query.cursor ?? 1`.
 */
export function queryFromInput<Shape extends z.ZodRawShape>(
  input: z.ZodObject<Shape>,
): z.ZodType<QueryFor<z.output<z.ZodObject<Shape>>>> {
  const params: Record<string, Field> = {};
  for (const [name, field] of Object.entries(input.shape) as [string, Field][]) {
    if (name === 'page') params.cursor = CursorParam.describe('Opaque cursor from next_cursor (base64 page number)');
    else params[name] = queryParam(field);
  }
  return z.object(params) as unknown as z.ZodType<QueryFor<z.output<z.ZodObject<Shape>>>>;
}
