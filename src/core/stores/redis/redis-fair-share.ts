// FairShareMap (../capacity.ts) in Redis, for stores shared by several instances: entries expire by
// PX, and each entry's size and owner are kept beside it so the per-client and total bounds hold
// across instances. Every change is one Lua script, so two instances never both take the last place.
//
// Keys under `prefix`: `e:<key>` the value, `all` a sorted set of keys by expiry, `o:<owner>` one per
// owner, `sizes` a hash key -> "bytes|owner", `bytes` the total.
import { CapacityError, type FairShare } from '../capacity.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

/** Forgets one entry's accounting (its size, its owner's claim, its place in the expiry order). */
const FORGET = `
local function forget(prefix, key)
  local info = redis.call('HGET', prefix .. 'sizes', key)
  if info then
    local sep = string.find(info, '|', 1, true)
    redis.call('DECRBY', prefix .. 'bytes', tonumber(string.sub(info, 1, sep - 1)))
    redis.call('ZREM', prefix .. 'o:' .. string.sub(info, sep + 1), key)
    redis.call('HDEL', prefix .. 'sizes', key)
  end
  redis.call('ZREM', prefix .. 'all', key)
end
`;

/** Drops up to 200 expired entries from the accounting; shared by every script that adds. */
const SWEEP = `${FORGET}
local prefix = ARGV[1]
local now = tonumber(ARGV[2])
for _, key in ipairs(redis.call('ZRANGEBYSCORE', prefix .. 'all', '-inf', now, 'LIMIT', 0, 200)) do
  forget(prefix, key)
end
`;

/**
 * ARGV: prefix, now, key, value, owner, bytes, ttlMs, perCount, perBytes, totalCount, totalBytes.
 * Returns {1} when added, {2, value} when the key is taken, {0, scope, secondsUntilFree} when full.
 */
const ADD = new RedisScript(`${SWEEP}
local key, value, owner = ARGV[3], ARGV[4], ARGV[5]
local bytes, ttl = tonumber(ARGV[6]), tonumber(ARGV[7])
local existing = redis.call('GET', prefix .. 'e:' .. key)
if existing then return {2, existing} end
local function soonest(set)
  local first = redis.call('ZRANGE', set, 0, 0, 'WITHSCORES')
  if first[2] then return math.max(1, math.ceil((tonumber(first[2]) - now) / 1000)) end
  return 1
end
local ownerSet = prefix .. 'o:' .. owner
local members = redis.call('ZRANGE', ownerSet, 0, -1)
local held = 0
for _, member in ipairs(members) do
  local info = redis.call('HGET', prefix .. 'sizes', member)
  if info then held = held + tonumber(string.sub(info, 1, string.find(info, '|', 1, true) - 1)) end
end
if #members + 1 > tonumber(ARGV[8]) or held + bytes > tonumber(ARGV[9]) then
  return {0, 'client', soonest(ownerSet)}
end
local total = tonumber(redis.call('GET', prefix .. 'bytes') or '0')
if redis.call('ZCARD', prefix .. 'all') + 1 > tonumber(ARGV[10]) or total + bytes > tonumber(ARGV[11]) then
  return {0, 'server', soonest(prefix .. 'all')}
end
redis.call('SET', prefix .. 'e:' .. key, value, 'PX', ttl)
redis.call('ZADD', prefix .. 'all', now + ttl, key)
redis.call('ZADD', ownerSet, now + ttl, key)
redis.call('HSET', prefix .. 'sizes', key, bytes .. '|' .. owner)
redis.call('INCRBY', prefix .. 'bytes', bytes)
return {1}
`);

/**
 * ARGV: prefix, now, key, value, bytes, ttlMs (0 keeps the expiry), onlyIfField. With onlyIfField, the
 * stored JSON must not have that field yet (a job keeps its first outcome). Returns 1 when replaced.
 */
const REPLACE = new RedisScript(`
local prefix, now, key, value = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local bytes, ttl, field = tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[7]
local entry = prefix .. 'e:' .. key
local current = redis.call('GET', entry)
if not current then return 0 end
if field ~= '' and cjson.decode(current)[field] ~= nil then return 0 end
local info = redis.call('HGET', prefix .. 'sizes', key)
if not info then return 0 end
local sep = string.find(info, '|', 1, true)
local owner = string.sub(info, sep + 1)
redis.call('INCRBY', prefix .. 'bytes', bytes - tonumber(string.sub(info, 1, sep - 1)))
redis.call('HSET', prefix .. 'sizes', key, bytes .. '|' .. owner)
if ttl > 0 then
  redis.call('SET', entry, value, 'PX', ttl)
  redis.call('ZADD', prefix .. 'all', now + ttl, key)
  redis.call('ZADD', prefix .. 'o:' .. owner, now + ttl, key)
else
  redis.call('SET', entry, value, 'KEEPTTL')
end
return 1
`);

/** ARGV: prefix, key. */
const DELETE = new RedisScript(`${FORGET}
redis.call('DEL', ARGV[1] .. 'e:' .. ARGV[2])
forget(ARGV[1], ARGV[2])
return 1
`);

export class RedisFairShareMap {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #share: FairShare;
  readonly #what: string;
  readonly #now: () => number;

  constructor(redis: RedisConnection, prefix: string, share: FairShare, what: string, now: () => number = Date.now) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#share = share;
    this.#what = what;
    this.#now = now;
  }

  async get(key: string): Promise<string | undefined> {
    const value = await this.#redis.send(['GET', `${this.#prefix}e:${key}`]);
    return typeof value === 'string' ? value : undefined;
  }

  /** Adds `value` unless the key is taken (then returns what is stored); throws CapacityError when full. */
  async add(key: string, value: string, owner: string, bytes: number, ttlMs: number): Promise<string | undefined> {
    const { perClient, total } = this.#share;
    const reply = (await ADD.run(
      this.#redis,
      [],
      [
        this.#prefix,
        String(this.#now()),
        key,
        value,
        owner,
        String(bytes),
        String(Math.max(1, Math.round(ttlMs))),
      ].concat([perClient.count, perClient.bytes, total.count, total.bytes].map(String)),
    )) as [number, string?, number?];
    if (reply[0] === 2) return reply[1];
    if (reply[0] === 0) {
      const scope = reply[1] === 'client' ? 'client' : 'server';
      throw new CapacityError(scope, this.#what, Number(reply[2] ?? 1), scope === 'client' ? perClient : total);
    }
    return undefined;
  }

  /** Replaces a value that exists; `ttlMs` undefined keeps its expiry; `unlessField` keeps a first outcome. */
  async replace(key: string, value: string, bytes: number, ttlMs?: number, unlessField = ''): Promise<boolean> {
    const ttl = ttlMs === undefined ? '0' : String(Math.max(1, Math.round(ttlMs)));
    const args = [this.#prefix, String(this.#now()), key, value, String(bytes), ttl, unlessField];
    return (await REPLACE.run(this.#redis, [], args)) === 1;
  }

  async delete(key: string): Promise<void> {
    await DELETE.run(this.#redis, [], [this.#prefix, key]);
  }
}
