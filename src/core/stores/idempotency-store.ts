// Where Idempotency-Key records live (DESIGN.md section 2): the first response for a key is kept
// for 24 h with a fingerprint of the request; a claim is atomic, and an in-flight claim holds a lease
// so a request whose process died does not block its key for a day.
import { FairShareMap, type FairShare } from './capacity.ts';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export type IdempotencyDecision =
  | { kind: 'proceed' }
  | { kind: 'replay'; response: StoredResponse }
  /** `retryAfterSeconds`: when the claim lapses should its holder stop renewing it. */
  | { kind: 'in-flight'; retryAfterSeconds?: number }
  | { kind: 'mismatch' };

export interface IdempotencyStore {
  /**
   * Claims `key` for a request with `fingerprint`, or tells what an earlier claim decided. Keys are
   * already scoped to a client and hashed by the caller. Throws CapacityError when `owner` has no room.
   */
  begin(key: string, fingerprint: string, owner: string): Promise<IdempotencyDecision>;
  complete(key: string, response: StoredResponse): Promise<void>;
  /** Forgets a key whose request ended without a response worth replaying. */
  abandon(key: string): Promise<void>;
}

export interface IdempotencyLimits {
  share: FairShare;
  ttlMs: number;
  /** How long an unfinished claim blocks its key (longer than any request may run). */
  leaseMs: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: IdempotencyLimits = {
  share: { total: { count: 100_000, bytes: 64 * 1024 * 1024 }, perClient: { count: 1_000, bytes: 8 * 1024 * 1024 } },
  ttlMs: 24 * 3_600_000,
  leaseMs: 120_000,
};

/** Response headers worth replaying; per-request ones (ids, rate limits) are made fresh. */
const REPLAYED_HEADERS = ['Content-Type', 'Cache-Control', 'Location', 'Retry-After', 'Preference-Applied'];
const RECORD_OVERHEAD_BYTES = 300;

interface IdempotencyRecord {
  fingerprint: string;
  response: StoredResponse | undefined;
}

export function replayableHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) if (headers[name]) kept[name] = headers[name];
  return kept;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #records: FairShareMap<IdempotencyRecord>;
  readonly #limits: IdempotencyLimits;

  constructor(limits: Partial<IdempotencyLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_IDEMPOTENCY_LIMITS, ...limits };
    this.#records = new FairShareMap(this.#limits.share, 'idempotency records', now);
  }

  async begin(key: string, print: string, owner: string): Promise<IdempotencyDecision> {
    const record = this.#records.get(key);
    if (!record) {
      this.#records.add(
        key,
        { fingerprint: print, response: undefined },
        owner,
        RECORD_OVERHEAD_BYTES,
        this.#limits.leaseMs,
      );
      return { kind: 'proceed' };
    }
    if (record.fingerprint !== print) return { kind: 'mismatch' };
    return record.response ? { kind: 'replay', response: record.response } : { kind: 'in-flight' };
  }

  async complete(key: string, response: StoredResponse): Promise<void> {
    const record = this.#records.get(key);
    if (!record) return;
    const kept = { status: response.status, headers: replayableHeaders(response.headers), body: response.body };
    // A string body may take two bytes a character in V8; a byte array takes its length.
    const bodyBytes = typeof kept.body === 'string' ? 2 * kept.body.length : kept.body.byteLength;
    this.#records.replace(
      key,
      { fingerprint: record.fingerprint, response: kept },
      RECORD_OVERHEAD_BYTES + bodyBytes,
      this.#limits.ttlMs,
    );
  }

  async abandon(key: string): Promise<void> {
    this.#records.delete(key);
  }
}
