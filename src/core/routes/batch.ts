import { z } from 'zod';
import { ApiError, toApiError } from '../errors.ts';
import { capacityResponse, errorResponse, QUOTA_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute, type RouteContext } from '../http/route.ts';
import { internalRequest, responseText } from '../http/internal-request.ts';
import type { CoreResponse } from '../http/types.ts';
import { parseIdempotencyKey } from '../http/idempotency.ts';
import { issue } from '../http/validation.ts';
import { runWithinBudget } from '../jobs/async-work.ts';
import { AsyncJobSchema } from '../jobs/job.ts';

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

export const BatchRequestSchema = z
  .object({
    // Items are checked one by one as they run (see runOne), so one malformed sub-request is answered in
    // its place instead of failing the batch; the description still names their schema.
    requests: z
      .array(z.unknown())
      .describe(
        `1 to ${MAX_SUB_REQUESTS} sub-requests. One that does not match SubRequest, or that its route refuses, ` +
          'gets its own 4xx among the responses; the others still run',
      )
      .meta({
        items: { $ref: '#/components/schemas/SubRequest' },
        minItems: 1,
        maxItems: MAX_SUB_REQUESTS,
      }),
  })
  .superRefine((value, context) => {
    if (value.requests.length === 0) issue(context, 'invalid_batch', '"requests" must hold at least one sub-request');
    if (value.requests.length > MAX_SUB_REQUESTS) {
      issue(
        context,
        'batch_limit_exceeded',
        `A batch holds at most ${MAX_SUB_REQUESTS} sub-requests (got ${value.requests.length})`,
      );
    }
  })
  .meta({ id: 'BatchRequest' });

const SubResponseSchema = z.object({
  id: z.string(),
  status: z.int().describe('HTTP status of the sub-operation'),
  body: z
    .looseObject({ status: z.string().optional(), total: z.int().optional(), message: z.string().optional() })
    .describe('The full JSON body the route answered'),
});

export const BatchResponseSchema = z
  .object({
    total_operations: z.int(),
    responses: z.array(SubResponseSchema),
    idempotency_key: z.string().optional(),
  })
  .meta({ id: 'BatchResponse' });

type SubResponse = z.infer<typeof SubResponseSchema>;

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

async function runOne(context: RouteContext<unknown, unknown>, raw: unknown, index: number): Promise<SubResponse> {
  const parsed = SubRequestSchema.safeParse(raw);
  const fallbackId = String(index);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first?.path.join('.') || 'sub-request';
    return subError(
      typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : fallbackId,
      new ApiError('invalid_batch', `Sub-request ${index}: "${field}" ${first?.message ?? 'is invalid'}.`),
    );
  }
  const sub = parsed.data;
  const id = sub.id ?? fallbackId;
  const refusal = refusePath(sub.path);
  if (refusal) return subError(id, new ApiError('invalid_batch', `Sub-request ${index}: path ${refusal}.`));
  const [pathname = ''] = sub.path.split('?', 1);
  const route = context.find(sub.method, pathname);
  if (!route) {
    const exists = context.find(sub.method === 'GET' ? 'POST' : 'GET', pathname);
    return subError(
      id,
      exists
        ? new ApiError('method_not_allowed', `Sub-request ${index}: ${sub.method} is not allowed on ${pathname}.`)
        : new ApiError('not_found', `Sub-request ${index}: nothing is served at ${pathname}.`),
    );
  }
  if (!route.batchable) {
    return subError(
      id,
      new ApiError('invalid_batch', `Sub-request ${index}: ${route.path} cannot be called inside a batch.`),
    );
  }
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
  let body: SubResponse['body'];
  try {
    body = JSON.parse(responseText(response)) as SubResponse['body'];
  } catch {
    body = { message: 'The sub-request answered something other than JSON.' };
  }
  return { id, status: response.status, body };
}

async function runAll(context: RouteContext<unknown, unknown>, requests: readonly unknown[]): Promise<SubResponse[]> {
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

export const batchRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/batch',
  aliases: ['/api/batch'],
  operationId: 'batch',
  summary: `Run up to ${MAX_SUB_REQUESTS} GET or POST sub-requests in one call`,
  description:
    'Sub-requests are dispatched in-process through the same routes, run concurrently and answer in request order. ' +
    'A sub-request that is invalid, not batchable or unknown gets its own 4xx; the others still run. ' +
    'A batch costs one rate-limit unit per sub-request, charged before any runs (429 when they do not all fit). ' +
    '`Prefer: respond-async`, or work outliving the sync budget, answers 202 with a job to poll.',
  tags: ['Batch'],
  body: BatchRequestSchema,
  responses: {
    200: { description: 'Sub-responses in request order', schema: BatchResponseSchema },
    202: {
      description: 'Accepted as an asynchronous job',
      schema: AsyncJobSchema,
      headers: ['Location', 'Retry-After', 'Preference-Applied'],
    },
    400: errorResponse('Malformed batch or too many sub-requests (invalid_batch, batch_limit_exceeded, invalid_body)'),
    409: errorResponse('Idempotency-Key in use (idempotency_key_in_use)'),
    413: errorResponse('Body over 1 MiB (payload_too_large)'),
    415: errorResponse('Body is not application/json (unsupported_media_type)'),
    422: errorResponse('Idempotency-Key reused with a different body (idempotency_key_reused)'),
    429: QUOTA_RESPONSE,
    503: capacityResponse('asynchronous jobs'),
  },
  batchable: false,
  idempotent: true,
  cost: ({ body }) => Math.max(1, body.requests.length),
  handler: (context) =>
    runWithinBudget(context, 'batch', async () => {
      const responses = await runAll(context, context.body.requests);
      const key = context.request.headers.get('idempotency-key');
      const body: z.infer<typeof BatchResponseSchema> = { total_operations: responses.length, responses };
      if (key) body.idempotency_key = parseIdempotencyKey(key).key;
      return { body };
    }),
});
