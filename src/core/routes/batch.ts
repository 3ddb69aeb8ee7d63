import { z } from 'zod';
import { MAX_SUB_REQUESTS, runAll, SubResponseSchema } from '../batch/executor.ts';
import { capacityResponse, errorResponse, QUOTA_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute } from '../http/route.ts';
import { parseIdempotencyKey } from '../http/idempotency.ts';
import { issue } from '../operations/validation.ts';
import { runWithinBudget } from '../http/respond-async.ts';
import { AsyncJobSchema } from '../jobs/job.ts';

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
  .meta({
    id: 'BatchRequest',
    examples: [
      {
        requests: [
          { id: 'essays', method: 'GET', path: '/api/v1/essays?limit=2' },
          { id: 'term', method: 'GET', path: '/api/v1/glossary?limit=1' },
        ],
      },
    ],
  });

export const BatchResponseSchema = z
  .object({
    total_operations: z.int(),
    responses: z.array(SubResponseSchema),
    idempotency_key: z.string().optional(),
  })
  .meta({ id: 'BatchResponse' });

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
  directoryName: 'batch',
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
