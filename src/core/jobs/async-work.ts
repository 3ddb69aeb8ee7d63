// RFC 7240 asynchronous work: `Prefer: respond-async` turns a call into a job at once (202 with
// Preference-Applied); without it the call answers synchronously unless the work outlives the sync
// budget, in which case it becomes a job and the client gets 202 all the same.
import { toApiError } from '../errors.ts';
import type { JsonResult, RouteContext } from '../http/route.ts';
import { DEFAULT_POLL_INTERVAL_SECONDS, describeJob, jobLocation, type JobRecord, type JobStore } from './job-store.ts';

/** True when a Prefer header asks for respond-async (RFC 7240 section 4.1). */
export function prefersRespondAsync(prefer: string | null): boolean {
  if (!prefer) return false;
  return prefer.split(',').some((preference) => preference.split(/[;=]/)[0]?.trim().toLowerCase() === 'respond-async');
}

export function acceptedResult(job: JobRecord, preferenceApplied: boolean): JsonResult {
  const headers: Record<string, string> = {
    Location: jobLocation(job.id),
    'Retry-After': String(DEFAULT_POLL_INTERVAL_SECONDS),
  };
  if (preferenceApplied) headers['Preference-Applied'] = 'respond-async';
  return { status: 202, body: describeJob(job), headers };
}

/** Runs work to completion in the background and records its outcome on the job. */
function settleInto(jobs: JobStore, job: JobRecord, running: Promise<JsonResult>): void {
  jobs.start(job.id);
  running.then(
    (result) => jobs.finish(job.id, { status: result.status ?? 200, body: result.body }),
    (error: unknown) => {
      const apiError = toApiError(error);
      jobs.finish(job.id, { status: apiError.status, body: apiError.toBody() });
    },
  );
}

export async function runWithinBudget(
  context: RouteContext<unknown, unknown>,
  kind: string,
  work: () => Promise<JsonResult>,
): Promise<JsonResult> {
  const { jobs, config } = context.deps;
  if (prefersRespondAsync(context.request.headers.get('prefer'))) {
    const job = jobs.create(kind);
    // Deferred a turn so the 202 goes out before any synchronous part of the work runs.
    settleInto(jobs, job, new Promise<void>((resolve) => setImmediate(resolve)).then(work));
    return acceptedResult(job, true);
  }
  const running = work();
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'budget'>((resolve) => {
    timer = setTimeout(() => resolve('budget'), config.syncBudgetMs);
  });
  try {
    const first = await Promise.race([running, outOfTime]);
    if (first !== 'budget') return first;
  } finally {
    clearTimeout(timer);
  }
  const job = jobs.create(kind);
  settleInto(jobs, job, running);
  return acceptedResult(job, false);
}
