// Input rules operations share, in zod: free text, integer query parameters, and issue(), by which a
// schema picks the catalogue's error code of an issue (the HTTP edge's parsing, http/request-input.ts,
// words it as a 400; MCP as an invalid argument).
import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

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
