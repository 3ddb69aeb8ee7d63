// The ask operation's two doors (operations/ask.ts declares the first): GET /ask, also as the Ask page
// and as Markdown, and POST /ask, which takes the same input as a body, may run as a job, and streams
// its answer as server-sent events when the body asks (prefer.streaming).
import { z } from 'zod';
import { capacityResponse, errorResponse } from '../http/common-schemas.ts';
import { operationRoute } from '../http/operation-route.ts';
import { runWithinBudget } from '../http/respond-async.ts';
import { outputResult, type AnyRoute, type RouteContext } from '../http/route.ts';
import { AsyncJobSchema } from '../jobs/job.ts';
import { askQuestion } from '../operations/ask.ts';
import { askMarkdownAnswer, askPage, askStream } from './ask-representations.ts';

export const askGetRoute = operationRoute(askQuestion, { representations: [askPage, askMarkdownAnswer] });

export const askPostRoute = operationRoute(askQuestion, {
  rest: { method: 'POST', operationId: 'askPost' },
  summary: 'Ask a question; optionally stream the answer as server-sent events',
  description:
    'Body {"q", "limit"?, "types"?, "prefer": {"streaming": true}}: the same input as GET /ask. Streaming answers ' +
    'text/event-stream (see the 200). `Prefer: respond-async` answers 202 with a job to poll.',
  body: {
    prefer: z.object({ streaming: z.boolean().optional().describe('true: answer as text/event-stream') }).optional(),
  },
  representations: [askStream],
  responses: {
    202: {
      description: 'Accepted as an asynchronous job (Prefer: respond-async)',
      schema: AsyncJobSchema,
      headers: ['Location', 'Retry-After', 'Preference-Applied'],
    },
    400: errorResponse('Invalid body (invalid_body, missing_query, query_too_short)'),
    503: capacityResponse('asynchronous jobs'),
  },
  idempotent: true,
  // At once when the answer is kept or made synchronously: the budget then needs no timer.
  handler: (input, context) =>
    runWithinBudget(context as RouteContext<unknown, unknown>, 'ask', () => outputResult(askQuestion, input, context)),
});

/** This file's routes, in the order the route table lists them. */
export const askRoutes: readonly AnyRoute[] = [askGetRoute, askPostRoute];
