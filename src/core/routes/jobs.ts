import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { errorResponse, NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute } from '../http/route.ts';
import { issue } from '../operations/validation.ts';
import { acceptedResult } from '../http/respond-async.ts';
import { AsyncJobSchema, JOB_ID_PATTERN } from '../jobs/job.ts';

const JobPathSchema = z.object({
  jobId: z
    .string()
    .meta({ examples: ['job_abcdefghijklmnopqrstuvwxyz'] })
    .transform((value, context) => {
      if (!JOB_ID_PATTERN.test(value)) {
        issue(
          context,
          'invalid_job_id',
          `"${value.slice(0, 60)}" is not a job id (job_ followed by 26 lowercase base32 characters)`,
        );
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: 'string', pattern: JOB_ID_PATTERN.source, description: 'The job id a 202 answer named' }),
});

const POLL_HEADERS = ['Location', 'Retry-After'] as const;

export const jobRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/jobs/{jobId}',
  aliases: ['/api/jobs/{jobId}'],
  operationId: 'getJob',
  summary: 'Poll an asynchronous job',
  description:
    'Answers 202 while the job is queued or running and 200 once it has completed or failed; result.data then holds ' +
    'the full payload the synchronous call would have returned. Finished jobs are kept for one hour, and for a ' +
    'minute once a poll has read their result.',
  tags: ['Jobs'],
  params: JobPathSchema,
  responses: {
    200: {
      description: 'The job has finished (completed or failed); its ETag revalidates it (If-None-Match: 304)',
      schema: AsyncJobSchema,
      headers: [...POLL_HEADERS, 'ETag'],
    },
    202: {
      description: 'The job is still queued or running; keep polling Location',
      schema: AsyncJobSchema,
      headers: POLL_HEADERS,
    },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Malformed job id (invalid_job_id)'),
    404: errorResponse(
      'No such job: unknown, expired, lost with the job store, or an MCP task of another client (job_not_found)',
    ),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  directoryName: 'jobs',
  cacheControl: 'no-store',
  handler: async ({ params, deps, client }) => {
    const id = params.jobId;
    const job = await deps.stores.jobs.get(id);
    // An MCP task is its client's alone (DESIGN.md): to anybody else it is not there.
    if (!job || (job.client !== undefined && job.client !== client))
      throw new ApiError(
        'job_not_found',
        // Only "not found" is known: an id never issued, a job past its hour and a job whose store restarted
        // empty (Redis, or this process without REDIS_URL) look the same from here.
        `No job ${id} was found: it was never made, has expired (jobs are kept one hour, a minute once their ` +
          'result was read), or was lost with the job store.',
      );
    const polled = acceptedResult(job, false);
    if (job.status !== 'completed' && job.status !== 'failed') return polled;
    // Its result has been read: kept a minute more (for a retried poll), then its room is free again.
    await deps.stores.jobs.fetched?.(id);
    return { ...polled, status: 200 };
  },
});
