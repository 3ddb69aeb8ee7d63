// Idempotency records in Redis: the claim is atomic across instances (the first to add the key
// proceeds), and a finished one is kept 24 h. An unfinished claim holds a short lease that its
// instance renews while the request runs, so a claim whose holder died (kill -9) blocks its key for a
// few seconds, not for the longest a request may run; the 409 meanwhile says how long. Bodies are
// stored as base64 inside the record.
import {
  DEFAULT_IDEMPOTENCY_LIMITS,
  replayableHeaders,
  type IdempotencyDecision,
  type IdempotencyLimits,
  type IdempotencyStore,
  type StoredResponse,
} from '../idempotency-store.ts';
import type { RedisConnection } from './connection.ts';
import { RedisFairShareMap } from './redis-fair-share.ts';

const RECORD_OVERHEAD_BYTES = 300;
/** How long a claim outlives its last renewal: three renewals may fail (a Redis blink) before it lapses. */
export const CLAIM_LEASE_MS = 6_000;

interface StoredRecord {
  fingerprint: string;
  response?: { status: number; headers: Record<string, string>; body: string; binary: boolean };
}

export class RedisIdempotencyStore implements IdempotencyStore {
  readonly #records: RedisFairShareMap;
  readonly #limits: IdempotencyLimits;
  readonly #claimLeaseMs: number;
  /** Claims this instance holds, with the timer that renews each. */
  readonly #claims = new Map<string, NodeJS.Timeout>();

  constructor(redis: RedisConnection, limits: Partial<IdempotencyLimits> = {}, claimLeaseMs = CLAIM_LEASE_MS) {
    this.#limits = { ...DEFAULT_IDEMPOTENCY_LIMITS, ...limits };
    this.#claimLeaseMs = claimLeaseMs;
    this.#records = new RedisFairShareMap(redis, 'idem', this.#limits.share, 'idempotency records', this.#limits.ttlMs);
  }

  async begin(key: string, print: string, owner: string): Promise<IdempotencyDecision> {
    const claim: StoredRecord = { fingerprint: print };
    const taken = await this.#records.add(key, JSON.stringify(claim), owner, RECORD_OVERHEAD_BYTES, this.#claimLeaseMs);
    if (taken === undefined) {
      this.#hold(key);
      return { kind: 'proceed' };
    }
    const record = JSON.parse(taken.value) as StoredRecord;
    if (record.fingerprint !== print) return { kind: 'mismatch' };
    if (!record.response) return { kind: 'in-flight', retryAfterSeconds: Math.max(1, Math.ceil(taken.msLeft / 1000)) };
    const { status, headers, body, binary } = record.response;
    return { kind: 'replay', response: { status, headers, body: binary ? Buffer.from(body, 'base64') : body } };
  }

  async complete(key: string, response: StoredResponse): Promise<void> {
    this.#release(key);
    const text = await this.#records.get(key);
    if (text === undefined) return;
    const { fingerprint } = JSON.parse(text) as StoredRecord;
    const binary = typeof response.body !== 'string';
    const body = binary ? Buffer.from(response.body).toString('base64') : (response.body as string);
    const record: StoredRecord = {
      fingerprint,
      response: { status: response.status, headers: replayableHeaders(response.headers), body, binary },
    };
    const json = JSON.stringify(record);
    await this.#records.replace(key, json, RECORD_OVERHEAD_BYTES + json.length, this.#limits.ttlMs);
  }

  async abandon(key: string): Promise<void> {
    this.#release(key);
    await this.#records.delete(key);
  }

  /** Renews the claim a third of its lease apart until the request ends (or the claim is gone). */
  #hold(key: string): void {
    const timer = setInterval(
      () => {
        this.#records.extend(key, this.#claimLeaseMs, 'response').then(
          (held) => held || this.#release(key),
          () => undefined,
        );
      },
      Math.max(100, Math.floor(this.#claimLeaseMs / 3)),
    );
    timer.unref();
    this.#claims.set(key, timer);
  }

  #release(key: string): void {
    clearInterval(this.#claims.get(key));
    this.#claims.delete(key);
  }
}
