// Jobs in Redis, so any instance can answer a poll. The instance running a job holds a lease on it and
// renews it while the work runs; a job whose lease lapses (its instance died) ends failed with a
// reason at the next poll, on whichever instance, and never stays `running`.
import type { JobOutcome, JobRecord } from '../../jobs/job.ts';
import {
  byCreation,
  cancelledOutcome,
  DEFAULT_JOB_LIMITS,
  failedOutcome,
  JOB_RECORD_OVERHEAD_BYTES,
  queuedJob,
  timedOutOutcome,
  type JobLimits,
  type JobStore,
} from '../job-store.ts';
import type { RedisConnection } from './connection.ts';
import { RedisFairShareMap } from './redis-fair-share.ts';

export const DEFAULT_JOB_LEASE_MS = 15_000;

interface StoredJob extends JobRecord {
  /** Until when the running instance vouches for the job. */
  leaseUntil?: number;
}

export class RedisJobStore implements JobStore {
  readonly #jobs: RedisFairShareMap;
  readonly #redis: RedisConnection;
  readonly #limits: JobLimits;
  readonly #leaseMs: number;
  readonly #now: () => number;
  /** Jobs this instance runs, with the timer that renews each lease. */
  readonly #leases = new Map<string, NodeJS.Timeout>();

  constructor(redis: RedisConnection, limits: Partial<JobLimits> = {}, leaseMs = DEFAULT_JOB_LEASE_MS, now = Date.now) {
    this.#limits = { ...DEFAULT_JOB_LIMITS, ...limits };
    this.#leaseMs = leaseMs;
    this.#now = now;
    this.#redis = redis;
    this.#jobs = new RedisFairShareMap(redis, 'rh:jobs:', this.#limits.share, 'asynchronous jobs', now);
  }

  async create(kind: string, owner: string, client?: string): Promise<JobRecord> {
    const queued = queuedJob(kind, owner, client, this.#now(), this.#limits);
    const job: StoredJob = { ...queued, leaseUntil: queued.createdAt + this.#leaseMs };
    const ttl = this.#limits.timeoutMs + this.#limits.retentionMs;
    await this.#jobs.add(job.id, JSON.stringify(job), owner, JOB_RECORD_OVERHEAD_BYTES, ttl);
    if (client !== undefined) {
      // The client's index, scored by when each job expires at the latest; lapsed members go at each list.
      const index = clientIndex(client);
      await this.#redis.send(['ZADD', index, String(queued.createdAt + ttl), job.id]);
      await this.#redis.send(['PEXPIRE', index, String(ttl)]);
    }
    return publicRecord(job);
  }

  async listFor(client: string, kind: string): Promise<JobRecord[]> {
    const index = clientIndex(client);
    await this.#redis.send(['ZREMRANGEBYSCORE', index, '-inf', String(this.#now())]);
    const ids = (await this.#redis.send(['ZRANGE', index, '0', '-1'])) as string[];
    const jobs = await Promise.all(ids.map((id) => this.get(id)));
    return jobs.filter((job): job is JobRecord => job?.kind === kind && job.client === client).sort(byCreation);
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const job = await this.#current(id);
    if (!job || job.outcome !== undefined) return job && publicRecord(job);
    const ended = await this.#end({ ...job, cancelled: true }, cancelledOutcome());
    // Another instance recorded an outcome first: the job stands as that one left it.
    return ended ? publicRecord(ended) : this.get(id);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const job = await this.#current(id);
    return job && publicRecord(job);
  }

  /** The job as stored, ended first when its deadline or its instance's lease has passed. */
  async #current(id: string): Promise<StoredJob | undefined> {
    const text = await this.#jobs.get(id);
    if (text === undefined) return undefined;
    let job = JSON.parse(text) as StoredJob;
    if (job.outcome === undefined) {
      const now = this.#now();
      const failure =
        job.deadline <= now
          ? timedOutOutcome(this.#limits)
          : (job.leaseUntil ?? job.createdAt) <= now
            ? failedOutcome('internal_error', 'The server instance running this job stopped.', 'Start the work again.')
            : undefined;
      if (failure)
        job = (await this.#end(job, failure)) ?? (JSON.parse((await this.#jobs.get(id)) ?? text) as StoredJob);
    }
    return job;
  }

  async start(id: string): Promise<void> {
    await this.#renew(id, 'running');
    const timer = setInterval(
      () => {
        this.#renew(id).catch(() => undefined);
      },
      Math.max(100, Math.floor(this.#leaseMs / 3)),
    );
    timer.unref();
    this.#leases.set(id, timer);
  }

  async finish(id: string, outcome: JobOutcome): Promise<void> {
    this.#release(id);
    const text = await this.#jobs.get(id);
    if (text === undefined) return;
    const job = JSON.parse(text) as StoredJob;
    await this.#end(job, job.deadline <= this.#now() ? timedOutOutcome(this.#limits) : outcome);
  }

  /** Only the jobs this instance runs: the others have instances of their own. */
  async abandonUnfinished(reason: string): Promise<number> {
    const ids = [...this.#leases.keys()];
    for (const id of ids) {
      await this.finish(id, failedOutcome('service_unavailable', reason, 'Start the work again.', 503));
    }
    return ids.length;
  }

  async #renew(id: string, status?: 'running'): Promise<void> {
    const text = await this.#jobs.get(id);
    if (text === undefined) return;
    const job = JSON.parse(text) as StoredJob;
    if (job.outcome !== undefined) return this.#release(id);
    if (status) job.status = status;
    job.leaseUntil = this.#now() + this.#leaseMs;
    await this.#jobs.replace(id, JSON.stringify(job), JOB_RECORD_OVERHEAD_BYTES, undefined, 'outcome');
  }

  /** Records the outcome unless another instance did first; returns the job as stored, or undefined then. */
  async #end(job: StoredJob, outcome: JobOutcome): Promise<StoredJob | undefined> {
    const ended: StoredJob = {
      ...job,
      status: outcome.status < 400 ? 'completed' : 'failed',
      completedAt: this.#now(),
      outcome,
    };
    const bytes = JOB_RECORD_OVERHEAD_BYTES + 2 * outcome.json.length;
    const replaced = await this.#jobs.replace(
      job.id,
      JSON.stringify(ended),
      bytes,
      this.#limits.retentionMs,
      'outcome',
    );
    return replaced ? ended : undefined;
  }

  #release(id: string): void {
    clearInterval(this.#leases.get(id));
    this.#leases.delete(id);
  }
}

function clientIndex(client: string): string {
  return `rh:jobs:c:${client}`;
}

function publicRecord(job: StoredJob): JobRecord {
  const { leaseUntil: _lease, ...record } = job;
  return record;
}
