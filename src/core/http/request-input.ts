// A request's path parameters, query and body checked against its route's schemas, at the HTTP edge:
// the first zod issue becomes the catalogue's 400, named as the client sent it ('Query parameter
// "limit": …', 'Body field "q": …'), with an example for a field left out. A schema picks the code of
// an issue with issue() (operations/validation.ts); anything else gets invalid_parameter or invalid_body.
import { z } from 'zod';
import { ApiError, type ErrorCode } from '../errors.ts';
import { foldAliases, objectFields } from '../operations/aliases.ts';

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
