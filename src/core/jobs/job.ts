// Asynchronous jobs: their ids, states and the descriptor clients poll. Stores keep them
// (stores/job-store.ts).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The states a client sees, through REST and MCP Tasks alike: queued → running → completed | failed |
 * cancelled. A job whose work ran but reported a failure (a tool's isError, a JSON-RPC error) is failed;
 * one its client cancelled is cancelled.
 */
export const JOB_STATES = [...JOB_STATUSES, 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_ID_PATTERN = /^job_[a-z2-7]{26}$/;
export const DEFAULT_POLL_INTERVAL_SECONDS = 2;

export const AsyncJobSchema = z
  .object({
    job_id: z.string().describe('Job identifier: job_ and 26 lowercase base32 characters'),
    status: z
      .enum(JOB_STATES)
      .describe(
        'queued or running (HTTP 202), then completed, failed (the work failed, a tool included) or cancelled ' +
          '(by its client, an MCP tasks/cancel); the same state MCP tasks/get reports',
      ),
    created_at: z.iso.datetime().optional(),
    completed_at: z.iso.datetime().optional(),
    location: z.string().describe('URL to poll (/api/v1/jobs/{jobId})'),
    poll_interval: z.int().default(DEFAULT_POLL_INTERVAL_SECONDS).describe('Recommended polling interval in seconds'),
    result: z
      .object({
        message: z.string(),
        ready: z.boolean(),
        data: z.unknown().optional().describe('The full payload the synchronous call would have returned'),
      })
      .optional(),
  })
  .meta({ id: 'AsyncJobResponse' });
export type AsyncJob = z.infer<typeof AsyncJobSchema>;

/** A job as stores keep it: the outcome as the JSON text the synchronous call would have answered. */
export interface JobRecord {
  id: string;
  kind: string;
  /** The client (network address) the job counts against. */
  owner: string;
  /** Who may see the job through MCP Tasks: its bearer token's client, else its address. */
  client?: string;
  /** How long the finished job is kept, when its client asked (an MCP task's ttl, as granted). */
  ttlMs?: number;
  /** Ended by its client (tasks/cancel): `cancelled` for REST pollers and MCP alike (stored as failed). */
  cancelled?: true;
  status: JobStatus;
  createdAt: number;
  /** A job not finished by then ends failed: work never stays running forever. */
  deadline: number;
  completedAt?: number;
  outcome?: JobOutcome;
}

export interface JobOutcome {
  status: number;
  /** The body, serialised: what the store counts and keeps. */
  json: string;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `job_` + 26 base32 characters of 128 random bits (130 bits of room, top bits zero). */
export function newJobId(): string {
  const bytes = randomBytes(16);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let id = '';
  for (let index = 0; index < 26; index += 1) {
    id = BASE32[Number(value & 31n)] + id;
    value >>= 5n;
  }
  return `job_${id}`;
}

export function jobLocation(id: string): string {
  return `/api/v1/jobs/${id}`;
}

/** The outcome reports a failure though the work ran: an MCP tool's isError, or a JSON-RPC error. */
function reportsFailure(data: unknown): boolean {
  const body = data as { isError?: unknown; jsonrpc?: unknown; error?: unknown; result?: { isError?: unknown } } | null;
  if (typeof body !== 'object' || body === null) return false;
  return body.isError === true || body.result?.isError === true || (body.jsonrpc === '2.0' && body.error !== undefined);
}

/** The state a client sees (JOB_STATES), from what the store keeps. */
export function jobState(job: JobRecord, data: unknown = job.outcome && JSON.parse(job.outcome.json)): JobState {
  if (job.cancelled) return 'cancelled';
  if (job.status === 'completed' && job.kind.startsWith('mcp') && reportsFailure(data)) return 'failed';
  return job.status;
}

/** What a failed outcome says went wrong: its API error, its tool's text, or its JSON-RPC error. */
function failureMessage(data: unknown, status: number): string {
  const body = data as {
    error?: { message?: unknown };
    content?: Array<{ text?: unknown }>;
    result?: { content?: Array<{ text?: unknown }> };
  } | null;
  const said = body?.error?.message ?? body?.content?.[0]?.text ?? body?.result?.content?.[0]?.text;
  return typeof said === 'string' ? said : `The work failed with HTTP ${status}.`;
}

export function describeJob(job: JobRecord): AsyncJob {
  const data: unknown = job.outcome && JSON.parse(job.outcome.json);
  const state = jobState(job, data);
  const descriptor: AsyncJob = {
    job_id: job.id,
    status: state,
    created_at: new Date(job.createdAt).toISOString(),
    location: jobLocation(job.id),
    poll_interval: DEFAULT_POLL_INTERVAL_SECONDS,
  };
  if (job.completedAt !== undefined) descriptor.completed_at = new Date(job.completedAt).toISOString();
  if (job.outcome) {
    const message =
      state === 'cancelled'
        ? 'Cancelled by its client.'
        : state === 'failed'
          ? failureMessage(data, job.outcome.status)
          : 'The work completed.';
    descriptor.result = { message, ready: true, data };
  } else if (state === 'cancelled') {
    descriptor.result = { message: 'Cancelled by its client.', ready: true };
  } else {
    descriptor.result = { message: job.status === 'queued' ? 'Queued.' : 'Running.', ready: false };
  }
  return descriptor;
}

/**
 * The descriptor as JSON text, its outcome spliced in as the store kept it: a number in the
 * outcome (a JSON-RPC id such as 1.50) keeps its digits, which a parse and re-encode would not.
 */
export function describeJobText(job: JobRecord): string {
  const described = describeJob(job);
  if (!job.outcome || !described.result) return JSON.stringify(described);
  const {
    result: { message, ready },
    ...descriptor
  } = described;
  const head = JSON.stringify(descriptor).slice(0, -1);
  return `${head},"result":${JSON.stringify({ message, ready }).slice(0, -1)},"data":${job.outcome.json}}}`;
}
