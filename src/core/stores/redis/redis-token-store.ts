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
import { CapacityError } from '../capacity.ts';
import { RedisScript, type RedisConnection } from './connection.ts';
import { RedisFairShareMap } from './redis-fair-share.ts';

const RECORD_OVERHEAD_BYTES = 256;

/**
 * Where the layout before hash tags (c4ec20e and earlier) kept tokens. Tokens live 90 days, so an
 * upgrade must not drop them: one is moved to the new layout the first time it is used (an instance
 * of either version may have issued it during a rolling upgrade), and revoked there too.
 */
const LEGACY = 'rh:tokens:';

/**
 * KEYS: the legacy entry, its sizes hash, its expiry set, its byte count, its owner's set. ARGV: the
 * token's hash. Reads the entry and its time left, and removes it with its accounting; {} when gone.
 */
const TAKE_LEGACY = new RedisScript(`
local value = redis.call('GET', KEYS[1])
if not value then return {} end
local left = redis.call('PTTL', KEYS[1])
local info = redis.call('HGET', KEYS[2], ARGV[1]) or ''
local sep = string.find(info, '|', 1, true)
if sep then redis.call('DECRBY', KEYS[4], tonumber(string.sub(info, 1, sep - 1))) end
redis.call('DEL', KEYS[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[5], ARGV[1])
return {value, left}
`);

export class RedisTokenStore implements TokenStore {
  readonly #redis: RedisConnection;
  readonly #records: RedisFairShareMap;
  readonly #limits: TokenLimits;
  readonly #now: () => number;

  constructor(redis: RedisConnection, limits: Partial<TokenLimits> = {}, now = Date.now) {
    this.#redis = redis;
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
    const hash = hashToken(token);
    const text = (await this.#records.get(hash)) ?? (await this.#fromLegacy(hash));
    return text === undefined ? undefined : (JSON.parse(text) as TokenRecord);
  }

  async revoke(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    const hash = hashToken(token);
    await this.#records.delete(hash);
    await this.#takeLegacy(hash);
  }

  /** A token of the legacy layout, moved into this one (left where it is when its owner is full). */
  async #fromLegacy(hash: string): Promise<string | undefined> {
    const taken = await this.#takeLegacy(hash);
    if (!taken) return undefined;
    const { value, left, owner } = taken;
    try {
      await this.#records.add(hash, value, owner, RECORD_OVERHEAD_BYTES + value.length, left);
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
      await this.#redis.send(['SET', `${LEGACY}e:${hash}`, value, 'PX', String(left)]);
    }
    return value;
  }

  /**
   * Removes a legacy token and returns it. Nearly always there is none: one EXISTS on a key of its
   * own (so on Redis Cluster, where that layout never ran, no script spans slots).
   */
  async #takeLegacy(hash: string): Promise<{ value: string; left: number; owner: string } | undefined> {
    const entry = `${LEGACY}e:${hash}`;
    if ((await this.#redis.send(['EXISTS', entry])) !== 1) return undefined;
    const info = await this.#redis.send(['HGET', `${LEGACY}sizes`, hash]);
    const owner = typeof info === 'string' && info.includes('|') ? info.slice(info.indexOf('|') + 1) : 'legacy';
    const keys = [entry, `${LEGACY}sizes`, `${LEGACY}all`, `${LEGACY}bytes`, `${LEGACY}o:${owner}`];
    const reply = (await TAKE_LEGACY.run(this.#redis, keys, [hash])) as [string, number] | [];
    return reply.length === 2 ? { value: reply[0], left: Math.max(1, Number(reply[1])), owner } : undefined;
  }
}
