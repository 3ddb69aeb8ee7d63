// Idempotency-Key for POST routes (DESIGN.md section 2): the first response for a key is kept for
// 24 h with a fingerprint of method, path and body; a repeat with the same fingerprint is replayed,
// a different one is refused (422), and a repeat while the first is running gets 409.
import { createHash } from 'node:crypto';
import { BoundedCache } from './bounded-cache.ts';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

type Entry = { fingerprint: string; response: StoredResponse | undefined };

export type IdempotencyDecision =
  { kind: 'proceed' } | { kind: 'replay'; response: StoredResponse } | { kind: 'in-flight' } | { kind: 'mismatch' };

/** Response headers worth replaying; per-request ones (ids, rate limits) are made fresh. */
const REPLAYED_HEADERS = ['Content-Type', 'Cache-Control', 'Location', 'Retry-After', 'Preference-Applied'];

export function fingerprint(method: string, path: string, body: Uint8Array | undefined): string {
  const hash = createHash('sha256').update(`${method} ${path}\n`);
  if (body) hash.update(body);
  return hash.digest('base64url');
}

export interface IdempotencyStore {
  begin(key: string, fingerprint: string): IdempotencyDecision;
  complete(key: string, response: StoredResponse): void;
  /** Forgets a key whose request ended without a response worth replaying. */
  abandon(key: string): void;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #entries: BoundedCache<Entry>;

  constructor(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number; now?: () => number } = {}) {
    this.#entries = new BoundedCache<Entry>({
      ttlMs: options.ttlMs ?? 24 * 3_600_000,
      maxEntries: options.maxEntries ?? 10_000,
      maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
      sizeOf: (entry) => 200 + (entry.response ? entry.response.body.length : 0),
      ...(options.now ? { now: options.now } : {}),
    });
  }

  begin(key: string, print: string): IdempotencyDecision {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.#entries.set(key, { fingerprint: print, response: undefined });
      return { kind: 'proceed' };
    }
    if (entry.fingerprint !== print) return { kind: 'mismatch' };
    return entry.response ? { kind: 'replay', response: entry.response } : { kind: 'in-flight' };
  }

  complete(key: string, response: StoredResponse): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => (response.headers[name] ? [[name, response.headers[name]]] : [])),
    );
    this.#entries.set(key, {
      fingerprint: entry.fingerprint,
      response: { status: response.status, headers, body: response.body },
    });
  }

  abandon(key: string): void {
    this.#entries.delete(key);
  }
}
