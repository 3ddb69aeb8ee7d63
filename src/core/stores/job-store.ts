// Where asynchronous jobs live: an async interface (so a shared backend can stand behind it) and the
// bounded in-memory default. Finished jobs stay pollable for an hour (an MCP task: the ttl it asked
// for, 60 s to an hour), and a minute once their result has been fetched; a job still running at its
// deadline ends failed with a reason, so nothing is `running` forever. A full store gives up the
// oldest finished result of its largest holder rather than refuse a newcomer (capacity.ts).
import { ERROR_CODES } from '../errors.ts';
import { newJobId, type JobOutcome, type JobRecord } from '../jobs/job.ts';
import { FairShareMap, type FairShare } from './capacity.ts';

export interface JobStore {
  /**
   * A new queued job counted against `owner` (an address), visible to `client` when one is named;
   * throws CapacityError when there is no room.
   */
  create(kind: string, owner: string, client?: string, options?: { ttlMs?: number }): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  /** The unexpired jobs of a kind made for `client`, oldest first. */
  listFor(client: string, kind: string): Promise<JobRecord[]>;
  /** Ends an unfinished job as cancelled; returns the job as it now stands (undefined when unknown). */
  cancel(id: string): Promise<JobRecord | undefined>;
  start(id: string): Promise<void>;
  /** Records the outcome; a job that already ended (past its deadline, or abandoned) keeps its first. */
  finish(id: string, outcome: JobOutcome): Promise<void>;
  /** Ends every job still queued or running as failed with `reason`; returns how many. */
  abandonUnfinished(reason: string): Promise<number>;
  /** The finished result has been fetched: it is kept FETCHED_RETENTION_MS more at most. */
  fetched?(id: string): Promise<void>;
}

export interface JobLimits {
  share: FairShare;
  /** How long a finished job stays pollable (the most an MCP task may ask for). */
  retentionMs: number;
  /** How long a job may run before it ends failed. */
  timeoutMs: number;
  /** Places only a client with no unfinished job may take: a group of fewer clients cannot fill the store. */
  reservedPlaces: number;
}

export const DEFAULT_JOB_LIMITS: JobLimits = {
  share: { total: { count: 2_000, bytes: 64 * 1024 * 1024 }, perClient: { count: 100, bytes: 8 * 1024 * 1024 } },
  retentionMs: 3_600_000,
  timeoutMs: 120_000,
  reservedPlaces: 1_000,
};

/** The least an MCP task's requested ttl is raised to (DESIGN.md, turn 4). */
export const TASK_TTL_FLOOR_MS = 60_000;
/** How long a finished result stays once fetched: long enough for a retry of the poll that read it. */
export const FETCHED_RETENTION_MS = 60_000;

/** The retention granted for a requested ttl: between the floor and the store's retention. */
export function grantedTtl(askedMs: number, limits: Pick<JobLimits, 'retentionMs'>): number {
  return Math.min(limits.retentionMs, Math.max(TASK_TTL_FLOOR_MS, Math.round(askedMs)));
}

/** Bytes a record takes beyond its outcome: ids, timestamps, object headers. */
export const JOB_RECORD_OVERHEAD_BYTES = 400;

/** The body of a job that ended without its work: the error shape every channel uses. */
export function failedOutcome(code: string, message: string, resolution: string, status = 500): JobOutcome {
  return { status, json: JSON.stringify({ error: { code, message, status, resolution } }) };
}

/** A job as it starts: queued, with its deadline. */
export function queuedJob(
  kind: string,
  owner: string,
  client: string | undefined,
  createdAt: number,
  limits: JobLimits,
  askedTtlMs?: number,
): JobRecord {
  return {
    id: newJobId(),
    kind,
    owner,
    ...(client === undefined ? {} : { client }),
    ...(askedTtlMs === undefined ? {} : { ttlMs: grantedTtl(askedTtlMs, limits) }),
    status: 'queued',
    createdAt,
    deadline: createdAt + limits.timeoutMs,
  };
}

export function cancelledOutcome(): JobOutcome {
  const { status, resolution } = ERROR_CODES.job_cancelled;
  return failedOutcome('job_cancelled', 'The client that started this work cancelled it.', resolution, status);
}

/** Oldest first, ties by id, so a list cursor (the last id seen) is stable. */
export function byCreation(a: JobRecord, b: JobRecord): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function timedOutOutcome(limits: JobLimits): JobOutcome {
  const seconds = Math.round(limits.timeoutMs / 1000);
  return failedOutcome('internal_error', `The work did not finish within ${seconds} s.`, 'Start it again.');
}

export class MemoryJobStore implements JobStore {
  readonly #jobs: FairShareMap<JobRecord>;
  readonly #limits: JobLimits;
  readonly #now: () => number;

  constructor(limits: Partial<JobLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_JOB_LIMITS, ...limits };
    this.#now = now;
    this.#jobs = new FairShareMap(this.#limits.share, 'asynchronous jobs', now, {
      evictable: (job) => job.outcome !== undefined,
      reservedPlaces: this.#limits.reservedPlaces,
    });
  }

  async create(kind: string, owner: string, client?: string, options: { ttlMs?: number } = {}): Promise<JobRecord> {
    const job = queuedJob(kind, owner, client, this.#now(), this.#limits, options.ttlMs);
    // Held until its deadline, then for the retention period once it has an outcome.
    this.#jobs.add(job.id, job, owner, JOB_RECORD_OVERHEAD_BYTES, this.#limits.timeoutMs + this.#limits.retentionMs);
    return { ...job };
  }

  async fetched(id: string): Promise<void> {
    if (this.#jobs.get(id)?.outcome !== undefined) this.#jobs.shorten(id, FETCHED_RETENTION_MS);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const job = this.#jobs.get(id);
    if (!job) return undefined;
    if (job.outcome === undefined && job.deadline <= this.#now()) this.#end(job, timedOutOutcome(this.#limits));
    return { ...job };
  }

  async listFor(client: string, kind: string): Promise<JobRecord[]> {
    const mine = [...this.#jobs.values()].filter((job) => job.client === client && job.kind === kind);
    return Promise.all(mine.sort(byCreation).map((job) => this.get(job.id))).then((jobs) =>
      jobs.filter((job): job is JobRecord => job !== undefined),
    );
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const job = await this.get(id);
    const held = this.#jobs.get(id);
    if (job && held && held.outcome === undefined) {
      held.cancelled = true;
      this.#end(held, cancelledOutcome());
      return { ...held };
    }
    return job;
  }

  async start(id: string): Promise<void> {
    const job = this.#jobs.get(id);
    if (job?.status === 'queued') job.status = 'running';
  }

  async finish(id: string, outcome: JobOutcome): Promise<void> {
    const job = this.#jobs.get(id);
    // Past its deadline the job has failed, whether or not anybody polled it in between.
    if (job && job.outcome === undefined)
      this.#end(job, job.deadline <= this.#now() ? timedOutOutcome(this.#limits) : outcome);
  }

  async abandonUnfinished(reason: string): Promise<number> {
    let count = 0;
    for (const job of [...this.#jobs.values()]) {
      if (job.outcome !== undefined) continue;
      this.#end(job, failedOutcome('service_unavailable', reason, 'Start the work again.', 503));
      count += 1;
    }
    return count;
  }

  #end(job: JobRecord, outcome: JobOutcome): void {
    job.status = outcome.status < 400 ? 'completed' : 'failed';
    job.completedAt = this.#now();
    job.outcome = outcome;
    // Two bytes a character is what V8 can take for a string: an upper bound, never an underestimate.
    const retentionMs = job.ttlMs ?? this.#limits.retentionMs;
    this.#jobs.replace(job.id, job, JOB_RECORD_OVERHEAD_BYTES + 2 * outcome.json.length, retentionMs);
  }
}
