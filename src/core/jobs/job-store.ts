// Asynchronous jobs: a store interface and a bounded in-memory implementation. Finished jobs are
// kept for an hour; when the store is full, new async work is refused with 503 instead of growing.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../errors.ts';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_ID_PATTERN = /^job_[a-z2-7]{26}$/;
export const DEFAULT_POLL_INTERVAL_SECONDS = 2;

export const AsyncJobSchema = z
  .object({
    job_id: z.string().describe('Job identifier: job_ and 26 lowercase base32 characters'),
    status: z.enum(JOB_STATUSES),
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

export interface JobRecord {
  id: string;
  kind: string;
  status: JobStatus;
  createdAt: number;
  completedAt?: number;
  /** HTTP status and body the synchronous call would have answered. */
  outcome?: { status: number; body: unknown };
  bytes: number;
}

export interface JobStore {
  /** Throws ApiError('service_unavailable') when full. */
  create(kind: string): JobRecord;
  get(id: string): JobRecord | undefined;
  start(id: string): void;
  finish(id: string, outcome: { status: number; body: unknown }): void;
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

export interface MemoryJobStoreOptions {
  maxJobs?: number;
  maxBytes?: number;
  /** How long a finished job stays pollable. */
  retentionMs?: number;
  now?: () => number;
}

export class MemoryJobStore implements JobStore {
  readonly #jobs = new Map<string, JobRecord>();
  readonly #maxJobs: number;
  readonly #maxBytes: number;
  readonly #retentionMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: MemoryJobStoreOptions = {}) {
    this.#maxJobs = options.maxJobs ?? 1_000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#retentionMs = options.retentionMs ?? 3_600_000;
    this.#now = options.now ?? Date.now;
  }

  create(kind: string): JobRecord {
    this.#expire();
    if (this.#jobs.size >= this.#maxJobs || this.#bytes >= this.#maxBytes) {
      throw new ApiError('service_unavailable', 'Too many asynchronous jobs are held right now.', {
        headers: { 'Retry-After': '30' },
      });
    }
    const job: JobRecord = { id: newJobId(), kind, status: 'queued', createdAt: this.#now(), bytes: 0 };
    this.#jobs.set(job.id, job);
    return job;
  }

  get(id: string): JobRecord | undefined {
    this.#expire();
    return this.#jobs.get(id);
  }

  start(id: string): void {
    const job = this.#jobs.get(id);
    if (job?.status === 'queued') job.status = 'running';
  }

  finish(id: string, outcome: { status: number; body: unknown }): void {
    const job = this.#jobs.get(id);
    if (!job) return;
    job.status = outcome.status < 400 ? 'completed' : 'failed';
    job.completedAt = this.#now();
    job.outcome = outcome;
    job.bytes = JSON.stringify(outcome.body ?? null).length * 2;
    this.#bytes += job.bytes;
  }

  #expire(): void {
    const cutoff = this.#now() - this.#retentionMs;
    for (const [id, job] of this.#jobs) {
      if (job.completedAt !== undefined && job.completedAt <= cutoff) {
        this.#jobs.delete(id);
        this.#bytes -= job.bytes;
      }
    }
  }
}

export function jobLocation(id: string): string {
  return `/api/v1/jobs/${id}`;
}

export function describeJob(job: JobRecord): AsyncJob {
  const descriptor: AsyncJob = {
    job_id: job.id,
    status: job.status,
    created_at: new Date(job.createdAt).toISOString(),
    location: jobLocation(job.id),
    poll_interval: DEFAULT_POLL_INTERVAL_SECONDS,
  };
  if (job.completedAt !== undefined) descriptor.completed_at = new Date(job.completedAt).toISOString();
  if (job.outcome) {
    const failed = job.status === 'failed';
    const errorMessage = (job.outcome.body as { error?: { message?: string } } | undefined)?.error?.message;
    descriptor.result = {
      message: failed ? (errorMessage ?? `The work failed with HTTP ${job.outcome.status}.`) : 'The work completed.',
      ready: true,
      data: job.outcome.body,
    };
  } else {
    descriptor.result = { message: job.status === 'queued' ? 'Queued.' : 'Running.', ready: false };
  }
  return descriptor;
}
