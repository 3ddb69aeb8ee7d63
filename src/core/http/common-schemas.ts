import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import type { ResponseSpec } from './route.ts';

export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe('Machine-readable error code'),
      message: z.string().describe('What went wrong, for people'),
      status: z.int().describe('HTTP status'),
      resolution: z.string().describe('Suggested fix'),
    }),
  })
  .meta({ id: 'ApiError' });

export function errorResponse(description: string, headers?: readonly string[]): ResponseSpec {
  return headers ? { description, schema: ApiErrorSchema, headers } : { description, schema: ApiErrorSchema };
}

/** Every rate-limited route can answer 429. */
export const RATE_LIMITED_RESPONSE = errorResponse('Too many requests (rate_limited)', ['Retry-After']);

/** Routes that keep something for the client (jobs, idempotency records, tokens) can also refuse for its share. */
export const QUOTA_RESPONSE = errorResponse(
  'Too many requests (rate_limited), or you hold your full share of jobs, idempotency records or tokens (quota_exceeded)',
  ['Retry-After'],
);

/** Answers kept as tagged bytes (JsonText) can be revalidated: 304 when If-None-Match names their ETag. */
export const NOT_MODIFIED_RESPONSE: ResponseSpec = {
  description: 'Not Modified: If-None-Match named the current ETag; no body (RFC 9110 section 15.4.5)',
  headers: ['ETag'],
};

/** A store that is full for everyone. */
export function capacityResponse(what: string) {
  return errorResponse(`The server holds as many ${what} as it can (service_unavailable)`, ['Retry-After']);
}

export const RATE_LIMIT_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
] as const;

export const FormatParam = z
  .enum(['json'], { error: 'must be "json" (the only format offered)' })
  .optional()
  .describe('Response format; only json');
