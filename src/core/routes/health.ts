import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { errorResponse } from '../http/common-schemas.ts';
import { defineRoute } from '../http/route.ts';

export const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  summary: 'Liveness: 200 while the process can serve',
  description: 'For load balancers and probes: not rate-limited, reads no credentials, never cached.',
  tags: ['Service'],
  responses: { 200: { description: 'The server is up', schema: HealthSchema } },
  batchable: false,
  rateLimited: false,
  cacheControl: 'no-store',
  handler: () => ({ body: { status: 'ok' } }),
});

export const ReadinessSchema = z.object({ status: z.literal('ready') }).meta({ id: 'Readiness' });

export const readinessRoute = defineRoute({
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'Readiness: 200 when the server can do all its work',
  description:
    'For load balancers and operators: 503 with the reason while the shared state store (Redis) is down, stalled or misconfigured, when jobs, idempotent requests and token registration cannot be served. Asks the store (bounded by its command timeout); not rate-limited, reads no credentials, never cached.',
  tags: ['Service'],
  responses: {
    200: { description: 'Every store answers', schema: ReadinessSchema },
    503: errorResponse('The state store is down, stalled or misconfigured (service_unavailable)', ['Retry-After']),
  },
  batchable: false,
  rateLimited: false,
  cacheControl: 'no-store',
  handler: async ({ deps }) => {
    const health = await deps.stores.health();
    if (!health.ready) {
      throw new ApiError(
        'service_unavailable',
        `Not ready: the shared state store (Redis) is ${health.reason ?? 'unavailable'}.`,
        {
          resolution:
            'Send work elsewhere for now; reads are still served. Operators: see the server log and "Running several instances" in the README.',
          headers: { 'Retry-After': '5' },
        },
      );
    }
    return { body: { status: 'ready' } };
  },
});
