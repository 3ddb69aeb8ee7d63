// Turns zod failures into ApiErrors. A schema picks the error code of an issue by setting
// `params.code` on a custom issue (see `issue()` below); anything else gets the default code.
import { z } from 'zod';
import { ApiError, type ErrorCode } from '../errors.ts';
import { foldAliases, objectFields } from './aliases.ts';

export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, where: 'query' | 'body' | 'path'): T {
  const { value, sentAs } = foldAliases(schema, input);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const code = codeOf(first) || (where === 'body' ? 'invalid_body' : 'invalid_parameter');
  const path = first?.path.map(String) ?? [];
  const field = fieldName(path, sentAs);
  const label = labelOf(where, field);
  // Issue messages are phrased to follow the label ("must be …") and may end in a full stop of their own.
  const said = first?.message.replace(/\.+$/, '');
  const missing = path.length === 1 && (code === 'missing_query' || !isSent(value, path[0]!));
  const example = missing ? exampleOf(schema, path[0]!, where) : '';
  if (field || where === 'body') throw new ApiError(code, `${label}: ${said || 'invalid value'}${example}.`);
  throw new ApiError(code, `${said || 'Invalid request'}.`);
}

/** The error code a schema chose for an issue (issue() below), if any. */
function codeOf(first: z.core.$ZodIssue | undefined): ErrorCode | undefined {
  return first && 'params' in first ? (first.params as { code?: ErrorCode } | undefined)?.code : undefined;
}

/** The field an issue is about, named as the client sent it: an alias's value by the alias. */
function fieldName(path: readonly string[], sentAs: Readonly<Record<string, string>> | undefined): string | undefined {
  if (path.length === 0) return undefined;
  const [top = '', ...rest] = path;
  return [sentAs?.[top] ?? top, ...rest].join('.');
}

function isSent(input: unknown, name: string): boolean {
  return typeof input !== 'object' || input === null || (input as Record<string, unknown>)[name] !== undefined;
}

/**
 * For a field missing or empty: how to send it, from the first of its schema's `examples`, in the
 * form of where it goes (", e.g. ?q=what+is+a+rollup"); else nothing.
 */
function exampleOf(schema: z.ZodType, name: string, where: 'query' | 'body' | 'path'): string {
  if (where === 'path') return '';
  const field = objectFields(schema)[name];
  const examples: unknown = field && z.globalRegistry.get(field)?.examples;
  const example: unknown = Array.isArray(examples) ? examples[0] : undefined;
  if (typeof example !== 'string' && typeof example !== 'number') return '';
  return where === 'query'
    ? `, e.g. ?${new URLSearchParams({ [name]: String(example) }).toString()}`
    : `, e.g. ${JSON.stringify({ [name]: example })}`;
}

/** How a message names where the bad value was: 'Query parameter "limit"', 'Body field "q"', 'Body'. */
function labelOf(where: 'query' | 'body' | 'path', field: string | undefined): string {
  if (where === 'query') return `Query parameter "${field}"`;
  if (where === 'path') return `Path parameter "${field}"`;
  return field ? `Body field "${field}"` : 'Body';
}

/**
 * Free text (a search, a question) is at least 2 characters once trimmed and at most `max` as sent, both
 * counted in code points, as JSON Schema counts them. Whitespace inside is the caller's to normalise.
 * Answers what is wrong, phrased to follow a label ("Query parameter "q": …"), or undefined.
 */
export function textProblem(raw: string | undefined, max: number): [ErrorCode, string] | undefined {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '') return ['missing_query', 'is required and must not be empty'];
  if ([...trimmed].length < 2) return ['query_too_short', `must be at least 2 characters (got "${trimmed}")`];
  if ([...(raw ?? '')].length > max) return ['invalid_parameter', `must be at most ${max} characters`];
  return undefined;
}

/**
 * Two non-space characters anywhere (the pattern is unanchored): what "at least 2 characters once
 * trimmed" means, as JSON Schema can say it; JavaScript's trim and \s agree on what is a space.
 */
const TEXT_PATTERN = /\S[\s\S]*\S/;

/** textProblem as JSON Schema. */
export function textSchema(max: number) {
  return { type: 'string', minLength: 2, maxLength: max, pattern: TEXT_PATTERN.source } as const;
}

/** Free text in a typed input: trimmed, 2 to `max` characters, and published with the pattern that says so. */
export function textInput(max: number) {
  return z.string().trim().min(2).max(max).regex(TEXT_PATTERN, 'must hold at least 2 characters besides spaces');
}

/** Adds an issue that maps to a specific API error code. */
export function issue(context: z.RefinementCtx, code: ErrorCode, message: string): void {
  context.addIssue({ code: 'custom', message, params: { code } });
}

/**
 * Integer query parameter with an inclusive range; absent stays undefined (for aliases such as
 * per_page, where the caller picks). A bad value is a 400, never NaN or a silent clamp.
 * Documented as an integer, whatever the query string carries.
 */
export function optionalIntParam(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      if (raw === undefined) return undefined;
      const value = /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
      if (!(value >= min && value <= max)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** optionalIntParam with a default for an absent value. */
export function intParam(min: number, max: number, fallback: number) {
  return optionalIntParam(min, max)
    .transform((value) => value ?? fallback)
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback });
}

const MEMO_ENTRIES = 1024;
const MEMO_KEY_CHARS = 512;

/**
 * A query parser that remembers what it validated. API traffic repeats a few query strings (cached
 * searches, glossary pages), and a validated query is a pure function of its raw string, so a
 * repeat skips both URL decoding and zod. Spellings of one query are separate entries, which costs
 * memory, never correctness. Only successes are kept, frozen so no handler can change what the next
 * request sees; the memo empties when full and never keeps long strings.
 */
export function memoisedQueryParser<T>(schema: z.ZodType<T>): (search: string) => T {
  const memo = new Map<string, T>();
  return (search) => {
    const known = memo.get(search);
    if (known !== undefined) return known;
    const parsed = parseOrThrow(schema, queryRecord(new URLSearchParams(search)), 'query');
    if (search.length <= MEMO_KEY_CHARS) {
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(search, typeof parsed === 'object' && parsed !== null ? Object.freeze(parsed) : parsed);
    }
    return parsed;
  };
}

/** The first value of each query parameter; unknown ones are ignored by the schemas. */
export function queryRecord(query: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of query) if (!(key in record)) record[key] = value;
  return record;
}
