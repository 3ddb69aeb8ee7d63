// The one body decoder: JSON (and URL-encoded forms where a route takes them) into plain values,
// refusing what would make later work pathological before any of it runs. JSON deeper than
// MAX_JSON_DEPTH is refused: nothing this API takes nests past a handful of levels, and a value
// nested 10,000 deep overflows the stack of whatever walks it next (zod, JSON.stringify).
import { ApiError } from '../errors.ts';
import { queryRecord } from './request-input.ts';
import type { CoreRequest } from './types.ts';

export const MAX_JSON_DEPTH = 64;

export type JsonBodyProblem = 'encoding' | 'syntax' | 'depth';

/** A body that is not usable JSON; MCP maps `problem` to its own JSON-RPC codes. */
export class JsonBodyError extends Error {
  override readonly name = 'JsonBodyError';
  constructor(readonly problem: JsonBodyProblem) {
    super(
      problem === 'depth'
        ? `The body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects.`
        : problem === 'encoding'
          ? 'The body is not valid UTF-8.'
          : 'The body is not valid JSON.',
    );
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How deep arrays and objects nest in JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/** `__proto__` as a key would replace the prototype of whatever object a value is copied into. */
const dropProtoKeys = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

export function decodeJson(bytes: Uint8Array): unknown {
  return decodeJsonText(bytes).value;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text; throws a TypeError on bytes that are not UTF-8 rather than replacing them. */
export function strictUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** decodeJson, also giving the text, for callers that need to read it again (MCP's exact request ids). */
export function decodeJsonText(bytes: Uint8Array): { text: string; value: unknown } {
  let text: string;
  try {
    text = strictUtf8(bytes);
  } catch {
    throw new JsonBodyError('encoding');
  }
  return { text, value: parseJson(text) };
}

function parseJson(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new JsonBodyError('depth');
  try {
    // The reviver costs a second walk; only a body that could spell the key (plainly or escaped) pays it.
    return text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, dropProtoKeys) : JSON.parse(text);
  } catch {
    throw new JsonBodyError('syntax');
  }
}

const JSON_TYPE = /^application\/([a-z.+-]*\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** Reads a route's body and decodes it: JSON, or a URL-encoded form where the route takes one. */
export async function readRouteBody(
  request: CoreRequest,
  acceptsForm: boolean,
): Promise<{ bytes: Uint8Array; value: unknown }> {
  const type = request.headers.get('content-type') ?? '';
  const isJson = JSON_TYPE.test(type);
  if (!isJson && !(acceptsForm && FORM_TYPE.test(type))) {
    const accepted = acceptsForm ? 'application/json or application/x-www-form-urlencoded' : 'application/json';
    throw new ApiError(
      'unsupported_media_type',
      `Content-Type must be ${accepted} (got ${JSON.stringify(type.slice(0, 100) || 'none')}).`,
    );
  }
  const bytes = await request.readBody();
  try {
    if (isJson) return { bytes, value: decodeJson(bytes) };
    return { bytes, value: queryRecord(new URLSearchParams(strictUtf8(bytes))) };
  } catch (error) {
    const message = error instanceof JsonBodyError ? error.message : 'The body is not valid UTF-8.';
    throw new ApiError('invalid_body', message);
  }
}
