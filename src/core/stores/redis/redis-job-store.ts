// Jobs in Redis, so any instance can answer a poll. The instance running a job holds a lease on it and
// renews it while the work runs; a job whose lease lapses (its instance died) ends failed with a
// reason at the next poll, on whichever instance, and never stays `running`. Leases and deadlines
// are judged by Redis's clock, never an instance's.
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
import { StoreUnavailableError, type RedisConnection } from './connection.ts';
import { RedisFairShareMap } from './redis-fair-share.ts';

export const DEFAULT_JOB_LEASE_MS = 15_000;
/**
 * Pauses between attempts to record an outcome while Redis does not answer: about 20 s in all, and
 * never more than a second, so the outcome lands within a second of Redis's return.
 */
const OUTCOME_RETRY_MS = [100, 250, 500, ...Array.from({ length: 19 }, () => 1_000)];

interface StoredJob extends JobRecord {
  /** Until when the running instance vouches for the job, on Redis's clock. */
  leaseUntil?: number;
}

export class RedisJobStore implements JobStore {
  readonly #jobs: RedisFairShareMap;
  readonly #redis: RedisConnection;
  readonly #limits: JobLimits;
  readonly #leaseMs: number;
  /** Jobs this instance runs, with the timer that renews each lease. */
  readonly #leases = new Map<string, NodeJS.Timeout>();

  constructor(redis: RedisConnection, limits: Partial<JobLimits> = {}, leaseMs = DEFAULT_JOB_LEASE_MS) {
    this.#limits = { ...DEFAULT_JOB_LIMITS, ...limits };
    this.#leaseMs = leaseMs;
    this.#redis = redis;
    const keepMs = this.#limits.timeoutMs + this.#limits.retentionMs;
    this.#jobs = new RedisFairShareMap(redis, 'jobs', this.#limits.share, 'asynchronous jobs', keepMs);
  }

  async create(kind: string, owner: string, client?: string): Promise<JobRecord> {
    const queued = queuedJob(kind, owner, client, await this.#jobs.time(), this.#limits);
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
    await this.#redis.send(['ZREMRANGEBYSCORE', index, '-inf', String(await this.#jobs.time())]);
    const ids = (await this.#redis.send(['ZRANGE', index, '0', '-1'])) as string[];
    const jobs = await Promise.all(ids.map((id) => this.get(id)));
    return jobs.filter((job): job is JobRecord => job?.kind === kind && job.client === client).sort(byCreation);
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const current = await this.#current(id);
    if (!current || current.job.outcome !== undefined) return current && publicRecord(current.job);
    const ended = await this.#end({ ...current.job, cancelled: true }, cancelledOutcome(), current.now);
    // Another instance recorded an outcome first: the job stands as that one left it.
    return ended ? publicRecord(ended) : this.get(id);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const current = await this.#current(id);
    return current && publicRecord(current.job);
  }

  /**
   * The job as stored, ended first when its deadline or its instance's lease has passed, both judged
   * by Redis's clock (an instance whose own clock is off changes nothing), with that clock's time.
   */
  async #current(id: string): Promise<{ job: StoredJob; now: number } | undefined> {
    const { value, now } = await this.#jobs.read(id);
    if (value === undefined) return undefined;
    const job = JSON.parse(value) as StoredJob;
    if (job.outcome !== undefined) return { job, now };
    const failure =
      job.deadline <= now
        ? timedOutOutcome(this.#limits)
        : // This instance runs the job: it knows it has not stopped, whatever its lease says after an outage.
          !this.#leases.has(id) && (job.leaseUntil ?? job.createdAt) <= now
          ? failedOutcome(
              'internal_error',
              'The server instance running this job stopped, or could not reach the state store to record its result.',
              'Start the work again.',
            )
          : undefined;
    if (!failure) return { job, now };
    const ended = await this.#end(job, failure, now);
    if (ended) return { job: ended, now };
    const again = await this.#jobs.get(id);
    return { job: again === undefined ? job : (JSON.parse(again) as StoredJob), now };
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

  /**
   * Records the outcome, trying again while Redis does not answer (a restart, a blink) and renewing the
   * lease meanwhile, so a result is not lost to a short outage; gives up after about 20 s.
   */
  async finish(id: string, outcome: JobOutcome): Promise<void> {
    try {
      await this.#record(id, outcome, OUTCOME_RETRY_MS);
    } finally {
      this.#release(id);
    }
  }

  /** Only the jobs this instance runs: the others have instances of their own. */
  async abandonUnfinished(reason: string): Promise<number> {
    const ids = [...this.#leases.keys()];
    for (const id of ids) {
      // Once: a stopping instance does not wait for Redis; the lapsed lease tells the rest.
      await this.#record(id, failedOutcome('service_unavailable', reason, 'Start the work again.', 503), []);
      this.#release(id);
    }
    return ids.length;
  }

  async #record(id: string, outcome: JobOutcome, pauses: readonly number[]): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { value, now } = await this.#jobs.read(id);
        if (value === undefined) return;
        const job = JSON.parse(value) as StoredJob;
        await this.#end(job, job.deadline <= now ? timedOutOutcome(this.#limits) : outcome, now);
        return;
      } catch (error) {
        const pause = pauses[attempt];
        if (!(error instanceof StoreUnavailableError) || pause === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  async #renew(id: string, status?: 'running'): Promise<void> {
    const { value, now } = await this.#jobs.read(id);
    if (value === undefined) return;
    const job = JSON.parse(value) as StoredJob;
    if (job.outcome !== undefined) return this.#release(id);
    if (status) job.status = status;
    job.leaseUntil = now + this.#leaseMs;
    await this.#jobs.replace(id, JSON.stringify(job), JOB_RECORD_OVERHEAD_BYTES, undefined, 'outcome');
  }

  /** Records the outcome unless another instance did first; returns the job as stored, or undefined then. */
  async #end(job: StoredJob, outcome: JobOutcome, now: number): Promise<StoredJob | undefined> {
    const ended: StoredJob = {
      ...job,
      status: outcome.status < 400 ? 'completed' : 'failed',
      completedAt: now,
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
  return `rh:{jobs}:c:${client}`;
}

function publicRecord(job: StoredJob): JobRecord {
  const { leaseUntil: _lease, ...record } = job;
  return record;
}
