// Bearer tokens: a store interface and a bounded in-memory implementation. A token only gives its
// holder a rate-limit bucket of its own, so the store keeps no more than it needs for that: the
// SHA-256 hash of each token, never the token itself, so a memory dump or a shared backend leaks no
// usable credential.
import { createHash, randomBytes } from 'node:crypto';
import { BoundedCache } from '../bounded-cache.ts';

/** `rh_` + base64url of 24 random bytes (192 bits). */
export const TOKEN_PATTERN = /^rh_[A-Za-z0-9_-]{32}$/;
export const MAX_TOKEN_LABEL_LENGTH = 100;
export const DEFAULT_MAX_TOKENS = 100_000;
export const DEFAULT_TOKEN_TTL_MS = 90 * 24 * 3_600_000;

export interface TokenRecord {
  /** Stable and public: `tok_` + the first 16 hex characters of the token's hash. */
  clientId: string;
  createdAt: number;
  /** Undefined for a token that never expires. */
  expiresAt: number | undefined;
  label: string | undefined;
}

export interface TokenStore {
  /** A new token, returned once; the store keeps only its hash. */
  issue(options?: { label?: string | undefined }): { token: string; record: TokenRecord };
  /** The record of a token that was issued and is neither revoked nor expired. */
  lookup(token: string): TokenRecord | undefined;
  /** Forgets the token; unknown tokens are ignored (RFC 7009). */
  revoke(token: string): void;
}

/** Where records live, keyed by token hash. The default is a bounded LRU cache. */
export interface TokenRecordMap {
  get(hash: string): TokenRecord | undefined;
  set(hash: string, record: TokenRecord): void;
  delete(hash: string): void;
}

export interface MemoryTokenStoreOptions {
  /** When full, the token unused for longest is forgotten: its holder gets 401 and registers again. */
  maxTokens?: number;
  /** Lifetime of a token; Infinity for tokens that never expire. */
  ttlMs?: number;
  /** Replaces the bounded cache (tests pass a Map to see everything the store keeps). */
  records?: TokenRecordMap;
  now?: () => number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class MemoryTokenStore implements TokenStore {
  readonly #records: TokenRecordMap;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: MemoryTokenStoreOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_TOKEN_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#records =
      options.records ??
      new BoundedCache<TokenRecord>({
        maxEntries: options.maxTokens ?? DEFAULT_MAX_TOKENS,
        // Labels are cut to MAX_TOKEN_LABEL_LENGTH, so the count bounds memory; bytes are a backstop.
        maxBytes: 64 * 1024 * 1024,
        sizeOf: (record) => 256 + 2 * (record.label?.length ?? 0),
        ttlMs: this.#ttlMs,
        now: this.#now,
      });
  }

  issue(options: { label?: string | undefined } = {}): { token: string; record: TokenRecord } {
    const token = `rh_${randomBytes(24).toString('base64url')}`;
    const hash = hashToken(token);
    const createdAt = this.#now();
    const record: TokenRecord = {
      clientId: `tok_${hash.slice(0, 16)}`,
      createdAt,
      expiresAt: Number.isFinite(this.#ttlMs) ? createdAt + this.#ttlMs : undefined,
      label: options.label?.slice(0, MAX_TOKEN_LABEL_LENGTH),
    };
    this.#records.set(hash, record);
    return { token, record };
  }

  lookup(token: string): TokenRecord | undefined {
    // Anything that cannot be one of our tokens is refused before hashing it.
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const hash = hashToken(token);
    const record = this.#records.get(hash);
    // Checked here rather than left to the backend, so every backend honours expiry.
    if (record?.expiresAt !== undefined && record.expiresAt <= this.#now()) {
      this.#records.delete(hash);
      return undefined;
    }
    return record;
  }

  revoke(token: string): void {
    if (TOKEN_PATTERN.test(token)) this.#records.delete(hashToken(token));
  }
}
