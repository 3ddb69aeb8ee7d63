// RFC 7240 asynchronous work: `Prefer: respond-async` turns a call into a job at once (202 with
// Preference-Applied); without it the call answers synchronously unless the work outlives the sync
// budget, in which case it becomes a job and the client gets 202 all the same.
import { OUT_OF_TIME, withinBudget } from '../jobs/async-work.ts';
import {
  DEFAULT_POLL_INTERVAL_SECONDS,
  describeJobText,
  jobLocation,
  type JobOutcome,
  type JobRecord,
} from '../jobs/job.ts';
import { JsonText } from '../json-text.ts';
import type { JobStore } from '../stores/job-store.ts';
import { toApiError } from './error-mapping.ts';
import type { JsonResult, RouteContext } from './route.ts';

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
  return { status: 202, body: new JsonText(describeJobText(job)), headers };
}

function outcomeOf(status: number, body: unknown): JobOutcome {
  return { status, json: body instanceof JsonText ? body.text : JSON.stringify(body ?? null) };
}

/**
 * Runs work to completion in the background and records its outcome on the job. Never rejects: a
 * failure of the work is the job's outcome, and a failure to record it is logged.
 */
export async function settleInto(
  jobs: JobStore,
  job: JobRecord,
  running: Promise<{ status?: number; body: unknown }>,
  logError?: (message: string, error: unknown) => void,
): Promise<void> {
  try {
    await jobs.start(job.id);
    let outcome: JobOutcome;
    try {
      const result = await running;
      outcome = outcomeOf(result.status ?? 200, result.body);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'internal_error') logError?.(`job ${job.id} failed`, error);
      outcome = outcomeOf(apiError.status, apiError.toBody());
    }
    await jobs.finish(job.id, outcome);
  } catch (error) {
    logError?.(`job ${job.id} could not be recorded`, error);
  }
}

export async function runWithinBudget(
  context: RouteContext<unknown, unknown>,
  kind: string,
  work: () => JsonResult | Promise<JsonResult>,
): Promise<JsonResult> {
  const { stores, config, logError, background } = context.deps;
  const owner = `ip:${context.request.clientAddress}`;
  if (prefersRespondAsync(context.request.headers.get('prefer'))) {
    const job = await stores.jobs.create(kind, owner);
    // Deferred a turn so the 202 goes out before any synchronous part of the work runs.
    background.track(
      settleInto(stores.jobs, job, new Promise<void>((resolve) => setImmediate(resolve)).then(work), logError),
    );
    return acceptedResult(job, true);
  }
  const running = work();
  // Work that ran to its end synchronously left the budget nothing to interrupt: no timer for it.
  if (!(running instanceof Promise)) return running;
  const first = await withinBudget(running, config.syncBudgetMs);
  if (first !== OUT_OF_TIME) return first;
  const job = await stores.jobs.create(kind, owner);
  background.track(settleInto(stores.jobs, job, running, logError));
  return acceptedResult(job, false);
}
