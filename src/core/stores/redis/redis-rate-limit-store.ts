// Fixed-window rate limits in Redis: one window per bucket across every instance, each request charged
// all or none (the reason for our own Lua rather than a library's one-bucket limiter).
//
// A bucket is charged in one of two ways, and at any moment one instance alone decides for it:
// - Shared: each request is charged by a script call, requests batched (one call per turn of the event
//   loop, the next batch gathering while one is out), with the same answers as one call each.
// - Owned: a bucket charged from one instance only (a client that keeps to one instance) passes to that
//   instance under a lease. The owner decides in memory, exactly as the in-memory store does and with
//   no wait; every TICK_MS it writes the counts that changed, renews leases that are half spent and
//   reads its inbox. An instance that meets a bucket owned by another puts the bucket in the owner's
//   inbox and tries again shortly; the owner hands the bucket back with its count, and the bucket stays
//   shared while more than one instance charges it.
//
// An owner stops deciding LEASE_MARGIN_MS before its lease could end (by its own monotonic clock; Redis
// is trusted not to move its clock forward by as much). Charges it decided but could not write while it
// held the lease (it died, or stalled past the lease) are added to the shared count when it can write
// again, or lost if it died. Other instances wait for a dead owner until its lease ends (LEASE_MS).
//
// When Redis does not answer, limits fail open with a log line: serving without a limit for a moment
// is better than refusing everyone.
import { randomUUID } from 'node:crypto';
import {
  chargeWindows,
  type Bucket,
  type BucketState,
  type RateLimitDecision,
  type RateLimitStore,
  type Window,
} from '../rate-limit-store.ts';
import { RedisScript, type RedisConnection } from './connection.ts';

/** How long an owner's lease lasts in Redis. */
const LEASE_MS = 1_000;
/** An owner stops deciding this long before its lease would end in Redis: the lease is never outlived. */
const LEASE_MARGIN_MS = 250;
/** A lease is renewed once it has less than this left to decide in (about every 250 ms). */
const RENEW_WITHIN_MS = 500;
/** How often an owner writes the counts that changed, renews its leases and reads its inbox. */
const TICK_MS = 25;
/** An owned bucket not charged for this long is handed back. */
const IDLE_MS = 2_000;
/** A bucket charged from more than one instance stays shared until none has charged it for this long. */
const SHARED_MS = 60_000;
/** A request for a bucket another instance owns is tried again after this long. */
const WANTED_RETRY_MS = 10;
/** Past this wait for a bucket's owner (longer than any live owner takes), the request is let through. */
const WANTED_GIVE_UP_MS = 3 * LEASE_MS;
/** Buckets an instance may own at once: each costs a lease renewal every 250 ms. */
const MAX_OWNED = 1_000;
/** Requests in one script call at most: a flood after a stall is charged in several, none holding Redis long. */
const MAX_BATCH = 1_000;

/** What the script answers for an owned bucket it wrote: still owned, or the lease had ended. */
const KEPT = 1;
const LOST = 0;
/** What the script answers for a request touching a bucket another instance owns: not charged, try again. */
const OWNED_ELSEWHERE = -1;

/**
 * ARGV, in three parts after this instance's id, the lease (ms), how long a bucket stays shared (ms)
 * and how many more buckets this instance may own:
 * 1. Owned buckets written: their number; per bucket its key, count, milliseconds left in its window,
 *    the charges not yet written, and what to do with the lease (`hand back`, `renew` or `keep`).
 *    Answers KEPT or LOST per bucket. A bucket whose lease has ended gets its unwritten charges added.
 * 2. Shared requests: the number of distinct buckets; per bucket its key, limit and window (ms); then
 *    per request its cost, its bucket count and its buckets' positions (1-based) in that list. Answers
 *    per request the refusing bucket (1-based, 0 for none, or OWNED_ELSEWHERE), then each bucket's
 *    count and milliseconds to reset; then per bucket 1 if this instance now owns it, its count and
 *    milliseconds to reset.
 * 3. Last in the answer: the keys of owned buckets other instances want (this instance's inbox).
 *
 * Each bucket is read once, the batch decided in Lua arithmetic in arrival order, and each bucket
 * written once: under load a batch holds many requests of few buckets, and Redis commands, not
 * arithmetic, are what cost. As in memory, a window starts when a request first meets its bucket,
 * charged or not.
 *
 * Who has charged a bucket lately is kept beside it (`rh:rlm:`): one instance's id, or `*` for several.
 * A bucket passes to an instance that charges it again while the mark still names that instance alone,
 * and only when every request of the batch that touched it could pass all of its buckets too.
 */
const SYNC = new RedisScript(`
local me, lease, sharedFor, room = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local out = {}
local at = 6
for w = 1, tonumber(ARGV[5]) do
  local key, count, left, unwritten, lease_action = ARGV[at], tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2]),
    tonumber(ARGV[at + 3]), ARGV[at + 4]
  at = at + 5
  local counted = 'rh:rl:' .. key
  if redis.call('GET', 'rh:rlo:' .. key) == me then
    if left > 0 then redis.call('SET', counted, count, 'PX', left) else redis.call('DEL', counted) end
    if lease_action == 'hand back' then
      redis.call('DEL', 'rh:rlo:' .. key)
    elseif lease_action == 'renew' then
      redis.call('PEXPIRE', 'rh:rlo:' .. key, lease)
    end
    out[#out + 1] = ${KEPT}
  else
    if unwritten > 0 and left > 0 then
      redis.call('INCRBY', counted, unwritten)
      if redis.call('PTTL', counted) < 0 then redis.call('PEXPIRE', counted, left) end
    end
    out[#out + 1] = ${LOST}
  end
end
local distinct = tonumber(ARGV[at])
local keys, limits, windows, counts, charged, ttls, fresh = {}, {}, {}, {}, {}, {}, {}
local elsewhere, marks, passes = {}, {}, {}
for b = 1, distinct do
  local key = ARGV[at + 3 * b - 2]
  keys[b], limits[b], windows[b] = key, tonumber(ARGV[at + 3 * b - 1]), tonumber(ARGV[at + 3 * b])
  counts[b], charged[b] = tonumber(redis.call('GET', 'rh:rl:' .. key) or 0), 0
  ttls[b] = redis.call('PTTL', 'rh:rl:' .. key)
  fresh[b] = ttls[b] < 0
  if fresh[b] then ttls[b] = windows[b] end
  local owner = redis.call('GET', 'rh:rlo:' .. key)
  if owner ~= false and owner ~= me then
    elsewhere[b] = true
    redis.call('SADD', 'rh:rlw:' .. owner, key)
    redis.call('PEXPIRE', 'rh:rlw:' .. owner, 4 * lease)
  end
  marks[b] = redis.call('GET', 'rh:rlm:' .. key)
  passes[b] = not elsewhere[b] and marks[b] == me
end
at = at + 3 * distinct + 1
while at <= #ARGV do
  local cost, buckets = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
  local refused, all = 0, true
  for i = 1, buckets do
    local b = tonumber(ARGV[at + 1 + i])
    if elsewhere[b] then refused = ${OWNED_ELSEWHERE} end
    if not passes[b] then all = false end
  end
  for i = 1, buckets do
    local b = tonumber(ARGV[at + 1 + i])
    if refused == 0 and counts[b] + cost > limits[b] then refused = i end
    if not all then passes[b] = false end
  end
  out[#out + 1] = refused
  for i = 1, buckets do
    local b = tonumber(ARGV[at + 1 + i])
    if refused == 0 then
      counts[b] = counts[b] + cost
      charged[b] = charged[b] + cost
    end
    out[#out + 1] = counts[b]
    out[#out + 1] = ttls[b]
  end
  at = at + 2 + buckets
end
for b = 1, distinct do
  local key = keys[b]
  if fresh[b] and not elsewhere[b] then
    redis.call('SET', 'rh:rl:' .. key, counts[b], 'PX', windows[b])
  elseif charged[b] > 0 then
    redis.call('INCRBY', 'rh:rl:' .. key, charged[b])
  end
  if elsewhere[b] or (marks[b] and marks[b] ~= me) then
    redis.call('SET', 'rh:rlm:' .. key, '*', 'PX', sharedFor)
  else
    redis.call('SET', 'rh:rlm:' .. key, me, 'PX', sharedFor)
  end
  local owned = 0
  if passes[b] and charged[b] > 0 and room > 0 then
    redis.call('SET', 'rh:rlo:' .. key, me, 'PX', lease)
    room = room - 1
    owned = 1
  end
  out[#out + 1] = owned
  out[#out + 1] = counts[b]
  out[#out + 1] = ttls[b]
end
local inbox = redis.call('SMEMBERS', 'rh:rlw:' .. me)
if #inbox > 0 then redis.call('DEL', 'rh:rlw:' .. me) end
out[#out + 1] = inbox
return out
`);

interface Pending {
  buckets: readonly Bucket[];
  cost: number;
  resolve: (decision: RateLimitDecision) => void;
  /** When the request first found its bucket owned by another instance. */
  waitingSince?: number;
}

/** Times are read from the monotonic clock (performance.now): setting the wall clock back must not stretch a lease. */
interface OwnedWindow extends Window {
  windowMs: number;
  /** Past this, the lease may have ended in Redis: the bucket is handed back rather than decided. */
  decidesUntil: number;
  lastCharged: number;
  /** The count Redis is known to hold for the window that started at `writtenStart`. */
  written: number;
  writtenStart: number;
}

type LeaseAction = 'hand back' | 'renew' | 'keep';

interface OwnedWrite {
  key: string;
  window: OwnedWindow;
  action: LeaseAction;
  /** The window's start and count as sent, and the milliseconds left in it (0: it has ended). */
  start: number;
  count: number;
  left: number;
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisConnection;
  readonly #log: (message: string) => void;
  readonly #instance = randomUUID();
  readonly #pending: Pending[] = [];
  readonly #owned = new Map<string, OwnedWindow>();
  /** Owned buckets no longer decided here, written with their final counts by the next script call. */
  readonly #handingBack = new Map<string, OwnedWindow>();
  #ticker: NodeJS.Timeout | undefined;
  #tickDue = false;
  #scheduled = false;
  #sending: Promise<void> | undefined;
  #closed = false;
  #lastLogged = 0;

  constructor(redis: RedisConnection, log: (message: string) => void = console.error) {
    this.#redis = redis;
    this.#log = log;
  }

  /** Synchronous for buckets this instance owns; else the answer of the next script call. */
  consume(buckets: readonly Bucket[], cost: number): RateLimitDecision | Promise<RateLimitDecision> {
    return this.#decideOwned(buckets, cost) ?? new Promise((resolve) => this.#queue({ buckets, cost, resolve }));
  }

  /** Hands every owned bucket back, with its count, so other instances need not wait for the leases. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stopTicker();
    await this.#sending;
    for (const key of [...this.#owned.keys()]) this.#handBack(key);
    this.#flush();
    await this.#sending;
  }

  /** A decision in memory when this instance owns every bucket; owned buckets of a mixed request go back. */
  #decideOwned(buckets: readonly Bucket[], cost: number): RateLimitDecision | undefined {
    if (this.#owned.size === 0) return undefined;
    const now = performance.now();
    const windows: OwnedWindow[] = [];
    for (const bucket of buckets) {
      const window = this.#owned.get(bucket.key);
      if (window === undefined || window.decidesUntil <= now) break;
      windows.push(window);
    }
    if (windows.length < buckets.length) {
      for (const bucket of buckets) this.#handBack(bucket.key);
      return undefined;
    }
    for (const window of windows) window.lastCharged = now;
    return chargeWindows(buckets, windows, cost, now);
  }

  #handBack(key: string): void {
    const window = this.#owned.get(key);
    if (window === undefined) return;
    this.#owned.delete(key);
    this.#handingBack.set(key, window);
    this.#schedule();
  }

  #queue(request: Pending): void {
    this.#pending.push(request);
    this.#schedule();
  }

  /** One script call at the end of this turn of the event loop, or after the one out now. */
  #schedule(): void {
    if (this.#scheduled || this.#sending) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  /** Sends what is waiting, unless a call is out (`#sending`, never rejected, settles when it is answered). */
  #flush(): void {
    if (this.#sending) return;
    const now = performance.now();
    const ticking = this.#tickDue;
    const writes: OwnedWrite[] = [];
    const write = (key: string, window: OwnedWindow, action: LeaseAction) => {
      const { start, windowMs } = window;
      const left = now - start < windowMs ? Math.ceil(start + windowMs - now) : 0;
      writes.push({ key, window, action, start, count: left > 0 ? window.count : 0, left });
    };
    for (const [key, window] of this.#handingBack) write(key, window, 'hand back');
    this.#handingBack.clear();
    if (ticking) {
      this.#tickDue = false;
      for (const [key, window] of this.#owned) {
        if (now - window.lastCharged >= IDLE_MS || window.decidesUntil <= now) {
          this.#owned.delete(key);
          write(key, window, 'hand back');
        } else if (window.decidesUntil - now < RENEW_WITHIN_MS) write(key, window, 'renew');
        else if (window.count !== window.written || window.start !== window.writtenStart) write(key, window, 'keep');
      }
      if (this.#owned.size === 0) this.#stopTicker();
    }
    const batch = this.#pending.splice(0, MAX_BATCH);
    // A tick with nothing to write still reads the inbox.
    if (batch.length === 0 && writes.length === 0 && !ticking) return;
    const room = this.#closed ? 0 : Math.max(0, MAX_OWNED - this.#owned.size);
    const args = [this.#instance, String(LEASE_MS), String(SHARED_MS), String(room), String(writes.length)];
    for (const { window, key, action, start, count, left } of writes) {
      const unwritten = start === window.writtenStart ? count - window.written : count;
      args.push(key, String(count), String(left), String(Math.max(0, unwritten)), action);
    }
    const positions = new Map<string, number>();
    const distinct: Bucket[] = [];
    const requestArgs: string[] = [];
    for (const { buckets, cost } of batch) {
      requestArgs.push(String(cost), String(buckets.length));
      for (const bucket of buckets) {
        let position = positions.get(bucket.key);
        if (position === undefined) {
          distinct.push(bucket);
          position = distinct.length;
          positions.set(bucket.key, position);
        }
        requestArgs.push(String(position));
      }
    }
    args.push(String(distinct.length));
    for (const bucket of distinct) args.push(bucket.key, String(bucket.limit), String(bucket.windowMs));
    for (const arg of requestArgs) args.push(arg);
    this.#sending = SYNC.run(this.#redis, [], args)
      .then((reply) => this.#answer(batch, writes, distinct, reply as unknown[], now))
      .catch((error: unknown) => {
        if (Date.now() - this.#lastLogged > 10_000) {
          this.#lastLogged = Date.now();
          this.#log(`rate limits are not enforced while Redis is unavailable: ${(error as Error).message}`);
        }
        // Every request of the batch not answered yet is let through (fail open). Unconfirmed leases
        // lapse by themselves (decidesUntil); unwritten charges are sent again with the next write.
        for (const { buckets, resolve } of batch) resolve(failOpen(buckets));
      })
      .finally(() => {
        this.#sending = undefined;
        if (this.#pending.length > 0 || this.#handingBack.size > 0 || this.#tickDue) this.#schedule();
      });
  }

  #answer(
    batch: readonly Pending[],
    writes: readonly OwnedWrite[],
    distinct: readonly Bucket[],
    reply: readonly unknown[],
    sentAt: number,
  ): void {
    const decidesUntil = sentAt + LEASE_MS - LEASE_MARGIN_MS;
    let at = 0;
    const next = () => Number(reply[at++] ?? 0);
    for (const { key, window, action, start, count } of writes) {
      const state = next();
      // Redis now holds this count of this window, whoever owns the bucket.
      window.writtenStart = start;
      window.written = count;
      if (action === 'renew' && state === KEPT && this.#owned.get(key) === window) window.decidesUntil = decidesUntil;
      // The lease had ended (a stall past it): stop deciding, before the next request does.
      if (state === LOST && this.#owned.get(key) === window) this.#owned.delete(key);
    }
    for (const request of batch) {
      const refusedBy = next();
      const states: BucketState[] = request.buckets.map((bucket) => {
        const [count, ttl] = [next(), next()];
        return {
          limit: bucket.limit,
          remaining: Math.max(0, bucket.limit - count),
          // A key that had just expired has no TTL (-2): its window is a whole one.
          reset: Math.max(1, Math.ceil(Math.max(0, ttl) / 1000) || Math.round(bucket.windowMs / 1000)),
          windowSeconds: Math.round(bucket.windowMs / 1000),
        };
      });
      if (refusedBy === OWNED_ELSEWHERE) this.#waitForOwner(request, sentAt);
      else {
        const allowed = refusedBy === 0;
        const binding = allowed
          ? states.reduce((best, state) => (state.remaining < best.remaining ? state : best))
          : (states[refusedBy - 1] as BucketState);
        request.resolve({ allowed, binding });
      }
    }
    for (const bucket of distinct) {
      const [owned, count, ttl] = [next(), next(), next()];
      if (owned !== 1) continue;
      // The window ends no later here than in Redis.
      const start = sentAt + Math.max(0, ttl) - bucket.windowMs;
      const { windowMs } = bucket;
      this.#owned.set(bucket.key, {
        start,
        count,
        windowMs,
        decidesUntil,
        lastCharged: sentAt,
        written: count,
        writtenStart: start,
      });
      // Closing: what this last call passed here goes straight back.
      if (this.#closed) this.#handBack(bucket.key);
      else this.#startTicker();
    }
    for (const key of (reply[at] ?? []) as string[]) this.#handBack(key);
    // Requests that gathered while this call was out, on buckets this instance now owns, are decided
    // here and now: charged in Redis instead, their charges would be overwritten by the owner's count.
    if (this.#owned.size > 0) {
      let kept = 0;
      for (const request of this.#pending) {
        const decided = this.#decideOwned(request.buckets, request.cost);
        if (decided) request.resolve(decided);
        else this.#pending[kept++] = request;
      }
      this.#pending.length = kept;
    }
  }

  /** The bucket's owner hands it back when it reads its inbox; a dead owner's lease ends. */
  #waitForOwner(request: Pending, now: number): void {
    request.waitingSince ??= now;
    if (now - request.waitingSince >= WANTED_GIVE_UP_MS) {
      request.resolve(failOpen(request.buckets));
      return;
    }
    setTimeout(() => {
      const decided = this.#decideOwned(request.buckets, request.cost);
      if (decided) request.resolve(decided);
      else this.#queue(request);
    }, WANTED_RETRY_MS);
  }

  #startTicker(): void {
    this.#ticker ??= setInterval(() => {
      this.#tickDue = true;
      this.#schedule();
    }, TICK_MS).unref();
  }

  #stopTicker(): void {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }
}

function failOpen(buckets: readonly Bucket[]): RateLimitDecision {
  const first = buckets[0] as Bucket;
  const windowSeconds = Math.round(first.windowMs / 1000);
  return {
    allowed: true,
    binding: { limit: first.limit, remaining: first.limit, reset: windowSeconds, windowSeconds },
  };
}
