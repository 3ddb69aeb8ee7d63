// FairShareMap (../capacity.ts) in Redis, for stores shared by several instances: entries expire by
// PX, and the per-client and total bounds hold across instances. Every change is one Lua script, so
// two instances never both take the last place.
//
// Layout, every key under one hash tag (`rh:{jobs}:`...) so that each script's keys are declared in
// KEYS and live on one Redis Cluster slot; no script builds a key name:
//   e:<key>  a hash: `v` the value, `m` its member in the two indexes below
//   all      a sorted set of members by expiry: the total count, and what to sweep when
//   oe       the same members, all scored 0, so that one owner's are a lexical range (its count in
//            O(log n), its soonest expiry first)
//   bytes    the total size; obytes a hash owner -> size held
// A member is `owner \n expiry (15 digits) \n bytes \n key`: everything needed to forget an entry is
// in it, so losing any bookkeeping key loses nothing that cannot be rebuilt (`forget`, `repair`,
// `usage` and `totals` below). Time is Redis's (TIME), never the instance's, and every bookkeeping
// key has a TTL longer than the longest entry's, so an idle store leaves nothing behind.
import { CapacityError, type FairShare } from '../capacity.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

/** Lua shared by every script: KEYS[1..4] are all, oe, bytes, obytes. */
export const COMMON = `
local ALL, OE, BYTES, OBYTES = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function parse(member)
  local owner, expiry, bytes, key = string.match(member, '^(.-)\\n(%d+)\\n(%d+)\\n(.*)$')
  return owner, tonumber(expiry), tonumber(bytes), key
end
local function memberOf(owner, expiry, bytes, key)
  return owner .. '\\n' .. string.format('%015d', expiry) .. '\\n' .. bytes .. '\\n' .. key
end
local function add(counter, field, delta)
  local value
  if field then value = redis.call('HINCRBY', counter, field, delta) else value = redis.call('INCRBY', counter, delta) end
  if value <= 0 then
    if field then redis.call('HDEL', counter, field) else redis.call('DEL', counter) end
  end
end
-- Forgets a member: each counter shadows one index and moves only when that index held the member,
-- so a counter whose index was lost is never charged twice.
local function forget(member)
  local owner, _, bytes = parse(member)
  if redis.call('ZREM', ALL, member) == 1 then add(BYTES, nil, -bytes) end
  if redis.call('ZREM', OE, member) == 1 then add(OBYTES, owner, -bytes) end
end
local function remember(member, owner, expiry, bytes)
  redis.call('ZADD', ALL, expiry, member)
  redis.call('ZADD', OE, 0, member)
  redis.call('INCRBY', BYTES, bytes)
  redis.call('HINCRBY', OBYTES, owner, bytes)
end
local function ownedBy(owner) return '[' .. owner .. '\\n', '(' .. owner .. '\\11' end
-- Counters rebuilt when their index is empty: a lost index (deleted, or a failed write) never leaves
-- a store or a client refused for good.
local function repair(owner)
  if redis.call('EXISTS', ALL) == 0 then redis.call('DEL', BYTES) end
  if owner and redis.call('ZLEXCOUNT', OE, ownedBy(owner)) == 0 then redis.call('HDEL', OBYTES, owner) end
end
-- TTLs outliving every entry, set again when the index's has run a tenth down (or it was made anew)
-- and now and then (a counter lost and made anew): one PTTL per write, not four PEXPIREs.
local function keep(ms)
  if now % 64 == 0 or redis.call('PTTL', ALL) < ms * 0.9 then
    for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ms) end
  end
end
`;

/**
 * Sweeping: up to 200 expired members store-wide at each add; one owner's own only when it seems full
 * (members the store-wide index lost, which nothing else would remove). An owner's usage: its count,
 * and its bytes, reset when it holds nothing.
 */
export const SWEEP = `
local function sweep()
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', ALL, '-inf', now, 'LIMIT', 0, 200)) do forget(member) end
end
local function sweepOwner(owner)
  local low, high = ownedBy(owner)
  local swept = 0
  for _ = 1, 50 do
    local first = redis.call('ZRANGEBYLEX', OE, low, high, 'LIMIT', 0, 1)[1]
    if not first or select(2, parse(first)) > now then break end
    forget(first)
    swept = swept + 1
  end
  return swept
end
local function usage(owner)
  local count = redis.call('ZLEXCOUNT', OE, ownedBy(owner))
  if count == 0 then
    redis.call('HDEL', OBYTES, owner)
    return 0, 0
  end
  return count, tonumber(redis.call('HGET', OBYTES, owner) or '0')
end
local function totals()
  local count = redis.call('ZCARD', ALL)
  if count == 0 then
    redis.call('DEL', BYTES)
    return 0, 0
  end
  return count, tonumber(redis.call('GET', BYTES) or '0')
end
local function secondsUntil(expiry) return math.max(1, math.ceil((expiry - now) / 1000)) end
`;

/**
 * KEYS: all, oe, bytes, obytes, the entry. ARGV: value, owner, bytes, ttlMs, perCount, perBytes,
 * totalCount, totalBytes, keepMs, key. Returns {1} when added, {2, value, msLeft} when the key is
 * taken, {0, scope, secondsUntilFree} when full. Costs O(log n) whatever the owner holds.
 */
const ADD = new RedisScript(`${COMMON}${SWEEP}
local value, owner, bytes, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local existing = redis.call('HGET', KEYS[5], 'v')
if existing then return {2, existing, redis.call('PTTL', KEYS[5])} end
sweep()
local count, held = usage(owner)
local function full() return count + 1 > tonumber(ARGV[5]) or held + bytes > tonumber(ARGV[6]) end
if full() and sweepOwner(owner) > 0 then count, held = usage(owner) end
if full() then
  local low, high = ownedBy(owner)
  local first = redis.call('ZRANGEBYLEX', OE, low, high, 'LIMIT', 0, 1)[1]
  local soonest = now
  if first then soonest = select(2, parse(first)) end
  return {0, 'client', secondsUntil(soonest)}
end
local total, totalBytes = totals()
if total + 1 > tonumber(ARGV[7]) or totalBytes + bytes > tonumber(ARGV[8]) then
  local first = redis.call('ZRANGE', ALL, 0, 0, 'WITHSCORES')
  return {0, 'server', secondsUntil(tonumber(first[2] or now))}
end
local member = memberOf(owner, now + ttl, bytes, ARGV[10])
redis.call('HSET', KEYS[5], 'v', value, 'm', member)
redis.call('PEXPIRE', KEYS[5], ttl)
remember(member, owner, now + ttl, bytes)
keep(tonumber(ARGV[9]))
return {1}
`);

/**
 * KEYS: all, oe, bytes, obytes, the entry. ARGV: value, bytes, ttlMs (0 keeps the expiry),
 * onlyIfField, keepMs, key. With onlyIfField, the stored JSON must not have that field yet (a job
 * keeps its first outcome). The value is written even when the entry's bookkeeping was lost; the
 * entry is then counted again. Returns 1 when replaced.
 */
const REPLACE = new RedisScript(`${COMMON}
local value, bytes, ttl, field = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local current = redis.call('HGET', KEYS[5], 'v')
if not current then return 0 end
if field ~= '' and cjson.decode(current)[field] ~= nil then return 0 end
local old = redis.call('HGET', KEYS[5], 'm')
local owner, expiry = '', now + math.max(1, redis.call('PTTL', KEYS[5]))
if old then
  owner, expiry = parse(old)
  forget(old)
end
repair(owner)
if ttl > 0 then
  expiry = now + ttl
  redis.call('PEXPIRE', KEYS[5], ttl)
end
local member = memberOf(owner, expiry, bytes, ARGV[6])
redis.call('HSET', KEYS[5], 'v', value, 'm', member)
remember(member, owner, expiry, bytes)
keep(tonumber(ARGV[5]))
return 1
`);

/**
 * KEYS: all, oe, bytes, obytes, the entry. ARGV: ttlMs, keepMs, key, onlyIfField (as REPLACE's: a
 * renewal that arrives after a claim was completed leaves it alone). Returns 1 when extended.
 */
const EXTEND = new RedisScript(`${COMMON}
local old = redis.call('HGET', KEYS[5], 'm')
if not old then return 0 end
if ARGV[4] ~= '' and cjson.decode(redis.call('HGET', KEYS[5], 'v'))[ARGV[4]] ~= nil then return 0 end
local owner, _, bytes = parse(old)
forget(old)
repair(owner)
local member = memberOf(owner, now + tonumber(ARGV[1]), bytes, ARGV[3])
redis.call('HSET', KEYS[5], 'm', member)
redis.call('PEXPIRE', KEYS[5], ARGV[1])
remember(member, owner, now + tonumber(ARGV[1]), bytes)
keep(tonumber(ARGV[2]))
return 1
`);

/** KEYS: all, oe, bytes, obytes, the entry. */
const DELETE = new RedisScript(`${COMMON}
local member = redis.call('HGET', KEYS[5], 'm')
if member then forget(member) end
redis.call('DEL', KEYS[5])
return 1
`);

/** KEYS: the entry. Returns {value or false, Redis's time in ms}: leases are judged by one clock. */
const READ = new RedisScript(`
local time = redis.call('TIME')
return {redis.call('HGET', KEYS[1], 'v'), tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)}
`);

/** KEYS: any key of the store (it names the node, on Redis Cluster). Returns Redis's time in ms. */
const CLOCK = new RedisScript(`
local time = redis.call('TIME')
return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`);

/** The key names of a store: `rh:{name}:`, one hash tag, so one Cluster slot. */
export function storeKeys(name: string) {
  const prefix = `rh:{${name}}:`;
  return {
    prefix,
    entry: (key: string) => `${prefix}e:${key}`,
    bookkeeping: ['all', 'oe', 'bytes', 'obytes'].map((part) => prefix + part),
  };
}

export class RedisFairShareMap {
  readonly #redis: RedisConnection;
  readonly #keys: ReturnType<typeof storeKeys>;
  readonly #share: FairShare;
  readonly #what: string;
  readonly #keepMs: string;

  /** `keepMs`: the longest an entry of this store lives, which its bookkeeping outlives. */
  constructor(redis: RedisConnection, name: string, share: FairShare, what: string, keepMs: number) {
    this.#redis = redis;
    this.#keys = storeKeys(name);
    this.#share = share;
    this.#what = what;
    this.#keepMs = String(Math.round(keepMs) + 60_000);
  }

  async get(key: string): Promise<string | undefined> {
    const value = await this.#redis.send(['HGET', this.#keys.entry(key), 'v']);
    return typeof value === 'string' ? value : undefined;
  }

  /** The value with Redis's clock (ms since the epoch), for a caller that judges a lease or deadline. */
  async read(key: string): Promise<{ value: string | undefined; now: number }> {
    const [value, now] = (await READ.run(this.#redis, [this.#keys.entry(key)], [])) as [unknown, number];
    return { value: typeof value === 'string' ? value : undefined, now: Number(now) };
  }

  /** Redis's clock (ms since the epoch), read on the node that holds this store. */
  async time(): Promise<number> {
    return Number(await CLOCK.run(this.#redis, [this.#keys.bookkeeping[0] as string], []));
  }

  /**
   * Adds `value` unless the key is taken (then returns what is stored, and how long it has left);
   * throws CapacityError when full.
   */
  async add(
    key: string,
    value: string,
    owner: string,
    bytes: number,
    ttlMs: number,
  ): Promise<{ value: string; msLeft: number } | undefined> {
    const { perClient, total } = this.#share;
    const counts = [perClient.count, perClient.bytes, total.count, total.bytes].map(String);
    const args = [value, owner, String(bytes), String(Math.max(1, Math.round(ttlMs))), ...counts, this.#keepMs, key];
    const reply = (await ADD.run(this.#redis, this.#scriptKeys(key), args)) as [number, string?, number?];
    if (reply[0] === 2) return { value: reply[1] ?? '', msLeft: Number(reply[2] ?? 0) };
    if (reply[0] === 0) {
      const scope = reply[1] === 'client' ? 'client' : 'server';
      throw new CapacityError(scope, this.#what, Number(reply[2] ?? 1), scope === 'client' ? perClient : total);
    }
    return undefined;
  }

  /** Replaces a value that exists; `ttlMs` undefined keeps its expiry; `unlessField` keeps a first outcome. */
  async replace(key: string, value: string, bytes: number, ttlMs?: number, unlessField = ''): Promise<boolean> {
    const ttl = ttlMs === undefined ? '0' : String(Math.max(1, Math.round(ttlMs)));
    const args = [value, String(bytes), ttl, unlessField, this.#keepMs, key];
    return (await REPLACE.run(this.#redis, this.#scriptKeys(key), args)) === 1;
  }

  /** Sets how long an entry has left, keeping its value (a lease renewed); false when gone or settled. */
  async extend(key: string, ttlMs: number, unlessField = ''): Promise<boolean> {
    const args = [String(Math.max(1, Math.round(ttlMs))), this.#keepMs, key, unlessField];
    return (await EXTEND.run(this.#redis, this.#scriptKeys(key), args)) === 1;
  }

  async delete(key: string): Promise<void> {
    await DELETE.run(this.#redis, this.#scriptKeys(key), []);
  }

  #scriptKeys(key: string): string[] {
    return [...this.#keys.bookkeeping, this.#keys.entry(key)];
  }
}
