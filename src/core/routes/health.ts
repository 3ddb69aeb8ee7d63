import { z } from 'zod';
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
