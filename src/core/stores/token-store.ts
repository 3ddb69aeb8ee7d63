// Bearer tokens: an async store interface and the bounded in-memory default. A token only gives its
// holder a rate-limit bucket of its own, so the store keeps no more than it needs for that: the
// SHA-256 hash of each token, never the token itself, so a memory dump or a shared backend leaks no
// usable credential. Each network address may hold a share of the tokens; a full store refuses new
// ones rather than forget somebody else's.
import { createHash, randomBytes } from 'node:crypto';
import { FairShareMap, type FairShare } from './capacity.ts';

/** `rh_` + base64url of 24 random bytes (192 bits). */
export const TOKEN_PATTERN = /^rh_[A-Za-z0-9_-]{32}$/;
export const MAX_TOKEN_LABEL_LENGTH = 100;
export const DEFAULT_TOKEN_TTL_MS = 90 * 24 * 3_600_000;

export interface TokenRecord {
  /** Stable and public: `tok_` + the first 16 hex characters of the token's hash. */
  clientId: string;
  createdAt: number;
  expiresAt: number;
  label: string | undefined;
}

export interface TokenStore {
  /** A new token for a client at `owner` (its address), returned once; the store keeps only its hash. */
  issue(owner: string, options?: { label?: string | undefined }): Promise<{ token: string; record: TokenRecord }>;
  /** The record of a token that was issued and is neither revoked nor expired. */
  lookup(token: string): Promise<TokenRecord | undefined>;
  /** Forgets the token; unknown tokens are ignored (RFC 7009). */
  revoke(token: string): Promise<void>;
}

export interface TokenLimits {
  share: FairShare;
  ttlMs: number;
}

export const DEFAULT_TOKEN_LIMITS: TokenLimits = {
  share: { total: { count: 100_000, bytes: 64 * 1024 * 1024 }, perClient: { count: 50, bytes: 64 * 1024 } },
  ttlMs: DEFAULT_TOKEN_TTL_MS,
};

/** Hash, ids, timestamps and object headers; the label is counted on top. */
const RECORD_OVERHEAD_BYTES = 256;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh token and the record kept for it. */
export function mintToken(now: number, ttlMs: number, label: string | undefined) {
  const token = `rh_${randomBytes(24).toString('base64url')}`;
  const hash = hashToken(token);
  const record: TokenRecord = {
    clientId: `tok_${hash.slice(0, 16)}`,
    createdAt: now,
    expiresAt: now + ttlMs,
    label: label?.slice(0, MAX_TOKEN_LABEL_LENGTH),
  };
  return { token, hash, record };
}

export class MemoryTokenStore implements TokenStore {
  readonly #records: FairShareMap<TokenRecord>;
  readonly #limits: TokenLimits;
  readonly #now: () => number;

  constructor(limits: Partial<TokenLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_TOKEN_LIMITS, ...limits };
    this.#now = now;
    this.#records = new FairShareMap(this.#limits.share, 'bearer tokens', now);
  }

  async issue(owner: string, options: { label?: string | undefined } = {}) {
    const { token, hash, record } = mintToken(this.#now(), this.#limits.ttlMs, options.label);
    this.#records.add(hash, record, owner, RECORD_OVERHEAD_BYTES + 2 * (record.label?.length ?? 0), this.#limits.ttlMs);
    return { token, record };
  }

  async lookup(token: string): Promise<TokenRecord | undefined> {
    // Anything that cannot be one of our tokens is refused before hashing it.
    return TOKEN_PATTERN.test(token) ? this.#records.get(hashToken(token)) : undefined;
  }

  async revoke(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) this.#records.delete(hashToken(token));
  }
}
