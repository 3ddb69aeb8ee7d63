// Idempotency records in Redis: the claim is atomic across instances (the first to add the key
// proceeds), an unfinished claim holds a lease so a dead instance frees its key, and a finished one is
// kept 24 h. Bodies are stored as base64 inside the record.
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

interface StoredRecord {
  fingerprint: string;
  response?: { status: number; headers: Record<string, string>; body: string; binary: boolean };
}

export class RedisIdempotencyStore implements IdempotencyStore {
  readonly #records: RedisFairShareMap;
  readonly #limits: IdempotencyLimits;

  constructor(redis: RedisConnection, limits: Partial<IdempotencyLimits> = {}, now = Date.now) {
    this.#limits = { ...DEFAULT_IDEMPOTENCY_LIMITS, ...limits };
    this.#records = new RedisFairShareMap(redis, 'rh:idem:', this.#limits.share, 'idempotency records', now);
  }

  async begin(key: string, print: string, owner: string): Promise<IdempotencyDecision> {
    const claim: StoredRecord = { fingerprint: print };
    const taken = await this.#records.add(
      key,
      JSON.stringify(claim),
      owner,
      RECORD_OVERHEAD_BYTES,
      this.#limits.leaseMs,
    );
    if (taken === undefined) return { kind: 'proceed' };
    const record = JSON.parse(taken) as StoredRecord;
    if (record.fingerprint !== print) return { kind: 'mismatch' };
    if (!record.response) return { kind: 'in-flight' };
    const { status, headers, body, binary } = record.response;
    return { kind: 'replay', response: { status, headers, body: binary ? Buffer.from(body, 'base64') : body } };
  }

  async complete(key: string, response: StoredResponse): Promise<void> {
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
    await this.#records.delete(key);
  }
}
