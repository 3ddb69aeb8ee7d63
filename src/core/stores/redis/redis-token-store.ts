// Bearer tokens in Redis: hashes only, 90 days, and a revocation every instance sees at once (no
// instance keeps a copy). Each network address may hold its share of them, across instances.
import {
  DEFAULT_TOKEN_LIMITS,
  hashToken,
  mintToken,
  TOKEN_PATTERN,
  type TokenLimits,
  type TokenRecord,
  type TokenStore,
} from '../token-store.ts';
import type { RedisConnection } from './connection.ts';
import { RedisFairShareMap } from './redis-fair-share.ts';

const RECORD_OVERHEAD_BYTES = 256;

export class RedisTokenStore implements TokenStore {
  readonly #records: RedisFairShareMap;
  readonly #limits: TokenLimits;
  readonly #now: () => number;

  constructor(redis: RedisConnection, limits: Partial<TokenLimits> = {}, now = Date.now) {
    this.#limits = { ...DEFAULT_TOKEN_LIMITS, ...limits };
    this.#now = now;
    this.#records = new RedisFairShareMap(redis, 'tokens', this.#limits.share, 'bearer tokens', this.#limits.ttlMs);
  }

  async issue(owner: string, options: { label?: string | undefined } = {}) {
    const { token, hash, record } = mintToken(this.#now(), this.#limits.ttlMs, options.label);
    const bytes = RECORD_OVERHEAD_BYTES + 2 * (record.label?.length ?? 0);
    await this.#records.add(hash, JSON.stringify(record), owner, bytes, this.#limits.ttlMs);
    return { token, record };
  }

  async lookup(token: string): Promise<TokenRecord | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const text = await this.#records.get(hashToken(token));
    return text === undefined ? undefined : (JSON.parse(text) as TokenRecord);
  }

  async revoke(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await this.#records.delete(hashToken(token));
  }
}
