// The batch executor: sub-requests checked one by one, dispatched in-process through the route table
// a few at a time, and answered in request order, each failure in its own place. The route
// (routes/batch.ts) is its HTTP door; this file knows nothing of HTTP beyond the core's requests.
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { toApiError } from '../http/error-mapping.ts';
import type { AnyRoute, RouteContext } from '../http/route.ts';
import { internalRequest, responseText } from '../http/internal-request.ts';
import type { CoreResponse } from '../http/types.ts';

export const MAX_SUB_REQUESTS = 20;
/** Sub-requests run concurrently, but no more than this many at once. */
const CONCURRENCY = 4;

const SubRequestSchema = z
  .object({
    path: z.string().min(1).max(2048).describe('Relative path under /api/ or /ask, with an optional query string'),
    id: z.string().max(200).optional().describe('Client tracking id (default: the index as a string)'),
    method: z.enum(['GET', 'POST']).default('GET'),
    body: z.record(z.string(), z.unknown()).optional().describe('JSON body of a POST sub-request'),
  })
  .meta({ id: 'SubRequest' });

export const SubResponseSchema = z.object({
  id: z.string(),
  status: z.int().describe('HTTP status of the sub-operation'),
  body: z
    .looseObject({
      status: z.string().optional(),
      total: z.int().optional(),
      message: z.string().optional(),
      content_type: z.string().optional().describe('The media type, when the route answered something other than JSON'),
      text: z.string().optional().describe('That answer as text (BibTeX, CSL-JSON)'),
    })
    .describe('The full JSON body the route answered, or the media type and text of another answer'),
});

export type SubResponse = z.infer<typeof SubResponseSchema>;
type SubRequest = z.infer<typeof SubRequestSchema>;

/** What the executor needs of a request's context: its dispatch, the table's lookup, the request itself. */
export type BatchContext = Pick<RouteContext<unknown, unknown>, 'dispatch' | 'find' | 'request' | 'requestId'>;

/**
 * Why a sub-request path may not be dispatched, or undefined when it may. Only relative paths to
 * routes of this API: no scheme, no authority, no dot segments or encoded tricks, no batch in a batch.
 */
export function refusePath(path: string): string | undefined {
  const [pathname = ''] = path.split('?', 1);
  if (!pathname.startsWith('/') || pathname.startsWith('//'))
    return 'must be a relative path starting with a single "/"';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\\\s\x00-\x1f]/.test(path)) return 'must not contain backslashes, spaces or control characters';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return 'has malformed percent-encoding';
  }
  if (/%[0-9a-f]{2}/i.test(decoded)) return 'must not be encoded twice';
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return 'must not contain dot segments';
  if (decoded.includes('//') || decoded.includes('\\')) return 'must not contain empty segments or backslashes';
  if (!(decoded === '/api' || decoded.startsWith('/api/') || decoded === '/ask'))
    return 'must be under /api/ or be /ask';
  return undefined;
}

function subError(id: string, error: ApiError): SubResponse {
  return { id, status: error.status, body: error.toBody() as unknown as SubResponse['body'] };
}

/** A sub-request's route, or the answer that takes its place (unknown path, wrong method, not batchable). */
function subRoute(context: BatchContext, sub: SubRequest, index: number): AnyRoute | ApiError {
  const [pathname = ''] = sub.path.split('?', 1);
  const route = context.find(sub.method, pathname);
  if (route?.batchable) return route;
  if (route)
    return new ApiError('invalid_batch', `Sub-request ${index}: ${route.path} cannot be called inside a batch.`);
  return context.find(sub.method === 'GET' ? 'POST' : 'GET', pathname)
    ? new ApiError('method_not_allowed', `Sub-request ${index}: ${sub.method} is not allowed on ${pathname}.`)
    : new ApiError('not_found', `Sub-request ${index}: nothing is served at ${pathname}.`);
}

/** The sub-request checked against its schema and path rules, or the error that answers it. */
function checkSubRequest(raw: unknown, index: number): SubRequest | ApiError {
  const parsed = SubRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first?.path.join('.') || 'sub-request';
    return new ApiError('invalid_batch', `Sub-request ${index}: "${field}" ${first?.message ?? 'is invalid'}.`);
  }
  const refusal = refusePath(parsed.data.path);
  return refusal ? new ApiError('invalid_batch', `Sub-request ${index}: path ${refusal}.`) : parsed.data;
}

async function runOne(context: BatchContext, raw: unknown, index: number): Promise<SubResponse> {
  const sub = checkSubRequest(raw, index);
  if (sub instanceof ApiError) {
    const sentId = (raw as { id?: unknown } | null)?.id;
    return subError(typeof sentId === 'string' ? sentId : String(index), sub);
  }
  const id = sub.id ?? String(index);
  const route = subRoute(context, sub, index);
  if (route instanceof ApiError) return subError(id, route);
  const request = internalRequest(context.request, {
    method: sub.method,
    target: sub.path,
    ...(sub.method === 'POST' ? { body: JSON.stringify(sub.body ?? {}) } : {}),
    requestId: `${context.requestId}.${index}`,
  });
  let response: CoreResponse;
  try {
    response = await context.dispatch(request);
  } catch (error) {
    return subError(id, toApiError(error));
  }
  return { id, status: response.status, body: jsonBody(response) };
}

/**
 * The sub-response's body: the JSON object the route answered, or, for any other media type (a
 * citation in BibTeX or CSL-JSON), that type and the text, as the body must be an object.
 */
function jsonBody(response: CoreResponse): SubResponse['body'] {
  const type = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const text = responseText(response);
  if (type && !/^application\/json\b/.test(type)) return { content_type: type, text };
  try {
    return JSON.parse(text) as SubResponse['body'];
  } catch {
    return { message: 'The sub-request answered something other than JSON.' };
  }
}

export async function runAll(context: BatchContext, requests: readonly unknown[]): Promise<SubResponse[]> {
  const responses: SubResponse[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next;
      next += 1;
      // runOne answers every client mistake itself; anything else is this sub-request's 500, not the batch's.
      responses[index] = await runOne(context, requests[index], index).catch((error: unknown) =>
        subError(String(index), toApiError(error)),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, requests.length) }, worker));
  return responses;
}
