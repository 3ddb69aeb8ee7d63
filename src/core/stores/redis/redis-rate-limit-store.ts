// Fixed-window rate limits in Redis: one window per bucket across every instance, each request charged
// all or none (the reason for our own Lua rather than a library's one-bucket limiter).
//
// A bucket is charged in one of two ways, and at any moment one instance alone decides for it:
// - Shared: each request is charged by a script call, requests batched (one call per turn of the event
//   loop, the next batch gathering while one is out), with the same answers as one call each.
// - Owned: a bucket charged from one instance only (a client that keeps to one instance, as most do)
//   passes to that instance under a lease. The owner decides in memory, exactly as the in-memory store
//   does and with no wait, and writes its count to Redis every TICK_MS while renewing the lease. An
//   instance that meets a bucket owned by another marks it wanted and tries again shortly; the owner
//   sees the mark at its next tick and hands the bucket back with its final count, and the bucket stays
//   shared while more than one instance charges it. An owner that dies is waited for until its lease
//   ends (LEASE_MS); the charges it had not written yet (at most TICK_MS of them) are lost.
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

/** How long an owner's lease lasts in Redis, renewed every tick. */
const LEASE_MS = 1_000;
/** An owner stops deciding this long before its lease would end in Redis: the lease is never outlived. */
const LEASE_MARGIN_MS = 250;
/** How often an owner writes its counts, renews its leases and looks for buckets other instances want. */
const TICK_MS = 25;
/** An owned bucket not charged for this long is handed back. */
const IDLE_MS = 2_000;
/** A bucket charged from more than one instance stays shared until none has charged it for this long. */
const SHARED_MS = 60_000;
/** A request for a bucket another instance owns is tried again after this long. */
const WANTED_RETRY_MS = 10;
/** Past this wait for a bucket's owner (longer than any live owner takes), the request is let through. */
const WANTED_GIVE_UP_MS = 3 * LEASE_MS;
/** No more buckets pass to an instance owning this many (every owned bucket is written every tick). */
const MAX_OWNED = 1_000;
/** Requests in one script call at most: a flood after a stall is charged in several, none holding Redis long. */
const MAX_BATCH = 1_000;

/** What the script says of an owned bucket it wrote. */
const LOST = 0;
const KEPT = 1;
const WANTED = 2;
/** What the script says of a request touching a bucket another instance owns: not charged, try again. */
const OWNED_ELSEWHERE = -1;

/**
 * ARGV: this instance, the lease (ms), how long a bucket stays shared (ms), and 1 if it may own more.
 * Then the owned buckets written: their number, then per bucket its key, count, milliseconds left in its
 * window and 1 to hand it back (else the lease is renewed); each answers LOST, KEPT or WANTED. Then the
 * shared requests: the number of distinct buckets, per bucket its key, limit and window (ms); then per
 * request its cost, its bucket count and its buckets' positions (1-based) in that list. Each bucket is
 * read once, the batch decided in Lua arithmetic in arrival order, and each charged bucket written once:
 * under load a batch holds many requests of few buckets, and Redis commands, not arithmetic, are what
 * cost. A window starts with its bucket's first charge, as in memory. Answers per request the refusing
 * bucket (1-based, 0 for none, OWNED_ELSEWHERE), then each bucket's count and milliseconds to reset; then
 * per bucket 1 if this instance now owns it, its count and milliseconds to reset.
 *
 * Who has charged a bucket lately is kept beside it (`rh:rlm:`): one instance's id, or `*` for several.
 * A bucket passes to an instance that charges it again while the mark still names that instance alone,
 * and only when every request of the batch that touched it could pass all of its buckets too.
 */
const SYNC = new RedisScript(`
local me, lease, sharedFor, mayOwn = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'
local out = {}
local at = 6
for w = 1, tonumber(ARGV[5]) do
  local key, count, left, handBack = ARGV[at], tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2]), ARGV[at + 3] == '1'
  at = at + 4
  local state = 0
  if redis.call('GET', 'rh:rlo:' .. key) == me then
    if count > 0 and left > 0 then
      redis.call('SET', 'rh:rl:' .. key, count, 'PX', left)
    else
      redis.call('DEL', 'rh:rl:' .. key)
    end
    if handBack then
      redis.call('DEL', 'rh:rlo:' .. key)
    else
      redis.call('PEXPIRE', 'rh:rlo:' .. key, lease)
      state = 1
      if redis.call('GET', 'rh:rlm:' .. key) == '*' then state = 2 end
    end
  end
  out[#out + 1] = state
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
  elsewhere[b] = owner ~= false and owner ~= me
  marks[b] = redis.call('GET', 'rh:rlm:' .. key)
  passes[b] = mayOwn and not elsewhere[b] and marks[b] == me
end
at = at + 3 * distinct + 1
while at <= #ARGV do
  local cost, buckets = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
  local refused, all = 0, true
  for i = 1, buckets do
    local b = tonumber(ARGV[at + 1 + i])
    if elsewhere[b] then refused = -1 end
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
  if charged[b] > 0 then
    redis.call('INCRBY', 'rh:rl:' .. key, charged[b])
    if fresh[b] then redis.call('PEXPIRE', 'rh:rl:' .. key, windows[b]) end
  end
  if elsewhere[b] or (marks[b] and marks[b] ~= me) then
    redis.call('SET', 'rh:rlm:' .. key, '*', 'PX', sharedFor)
  else
    redis.call('SET', 'rh:rlm:' .. key, me, 'PX', sharedFor)
  end
  local owned = 0
  if passes[b] and charged[b] > 0 then
    redis.call('SET', 'rh:rlo:' .. key, me, 'PX', lease)
    owned = 1
  end
  out[#out + 1] = owned
  out[#out + 1] = counts[b]
  out[#out + 1] = ttls[b]
end
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
}

interface OwnedWrite {
  key: string;
  window: OwnedWindow;
  handBack: boolean;
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
  #renewalDue = false;
  #scheduled = false;
  #sending: Promise<void> | undefined;
  #lastLogged = 0;

  constructor(redis: RedisConnection, log: (message: string) => void = console.error) {
    this.#redis = redis;
    this.#log = log;
  }

  /** Synchronous for buckets this instance owns; else the answer of the next script call. */
  consume(buckets: readonly Bucket[], cost: number): RateLimitDecision | Promise<RateLimitDecision> {
    const decided = this.#owned.size > 0 ? this.#decideOwned(buckets, cost, performance.now()) : undefined;
    return decided ?? new Promise((resolve) => this.#enqueue({ buckets, cost, resolve }));
  }

  /** Hands every owned bucket back, with its count, so other instances need not wait for the leases. */
  async close(): Promise<void> {
    this.#stopTicker();
    for (const [key, window] of this.#owned) this.#handingBack.set(key, window);
    this.#owned.clear();
    await this.#sending;
    this.#flush();
    await this.#sending;
  }

  /** A decision in memory when this instance owns every bucket; owned buckets of a mixed request go back. */
  #decideOwned(buckets: readonly Bucket[], cost: number, now: number): RateLimitDecision | undefined {
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
    for (const window of windows) {
      if (now - window.start >= window.windowMs) {
        window.start = now;
        window.count = 0;
      }
      window.lastCharged = now;
    }
    return chargeWindows(buckets, windows, cost, now);
  }

  #handBack(key: string): void {
    const window = this.#owned.get(key);
    if (window === undefined) return;
    this.#owned.delete(key);
    this.#handingBack.set(key, window);
    this.#schedule();
  }

  #enqueue(request: Pending): void {
    const decided =
      this.#owned.size > 0 ? this.#decideOwned(request.buckets, request.cost, performance.now()) : undefined;
    if (decided) request.resolve(decided);
    else {
      this.#pending.push(request);
      this.#schedule();
    }
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
    const writes: OwnedWrite[] = [];
    for (const [key, window] of this.#handingBack) writes.push({ key, window, handBack: true });
    this.#handingBack.clear();
    if (this.#renewalDue) {
      this.#renewalDue = false;
      for (const [key, window] of this.#owned) {
        const handBack = now - window.lastCharged >= IDLE_MS || window.decidesUntil <= now;
        if (handBack) this.#owned.delete(key);
        writes.push({ key, window, handBack });
      }
      if (this.#owned.size === 0) this.#stopTicker();
    }
    const batch = this.#pending.splice(0, MAX_BATCH);
    if (batch.length === 0 && writes.length === 0) return;
    const args = [this.#instance, String(LEASE_MS), String(SHARED_MS), this.#owned.size < MAX_OWNED ? '1' : '0'];
    args.push(String(writes.length));
    for (const { key, window, handBack } of writes) {
      const current = now - window.start < window.windowMs;
      args.push(
        key,
        String(current ? window.count : 0),
        String(current ? Math.ceil(window.start + window.windowMs - now) : 0),
        handBack ? '1' : '0',
      );
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
      .then((reply) => this.#answer(batch, writes, distinct, (reply as unknown[]).map(Number), now))
      .catch((error: unknown) => {
        if (Date.now() - this.#lastLogged > 10_000) {
          this.#lastLogged = Date.now();
          this.#log(`rate limits are not enforced while Redis is unavailable: ${(error as Error).message}`);
        }
        // Every request of the batch not answered yet is let through (fail open). Unconfirmed leases
        // lapse by themselves (decidesUntil); counts not written are lost.
        for (const { buckets, resolve } of batch) resolve(failOpen(buckets));
      })
      .finally(() => {
        this.#sending = undefined;
        if (this.#pending.length > 0 || this.#handingBack.size > 0 || this.#renewalDue) this.#schedule();
      });
  }

  #answer(
    batch: readonly Pending[],
    writes: readonly OwnedWrite[],
    distinct: readonly Bucket[],
    reply: readonly number[],
    sentAt: number,
  ): void {
    const decidesUntil = sentAt + LEASE_MS - LEASE_MARGIN_MS;
    let at = 0;
    for (const { key, window, handBack } of writes) {
      const state = reply[at++];
      // A bucket handed back (or given up and owned again) since this write was sent is not touched.
      if (handBack || this.#owned.get(key) !== window) continue;
      if (state === KEPT) window.decidesUntil = decidesUntil;
      else if (state === WANTED) this.#handBack(key);
      // The lease ended before this write (Redis stalled): the count since the last write is lost.
      else if (state === LOST) this.#owned.delete(key);
    }
    for (const request of batch) {
      const { buckets, resolve } = request;
      const refusedBy = reply[at] ?? 0;
      const states: BucketState[] = buckets.map((bucket, index) => ({
        limit: bucket.limit,
        remaining: Math.max(0, bucket.limit - (reply[at + 1 + 2 * index] ?? 0)),
        // A key that had just expired has no TTL (-2): its window is a whole one.
        reset: Math.max(
          1,
          Math.ceil(Math.max(0, reply[at + 2 + 2 * index] ?? 0) / 1000) || Math.round(bucket.windowMs / 1000),
        ),
        windowSeconds: Math.round(bucket.windowMs / 1000),
      }));
      at += 1 + 2 * buckets.length;
      if (refusedBy === OWNED_ELSEWHERE) this.#waitForOwner(request, sentAt);
      else {
        const allowed = refusedBy === 0;
        const binding = allowed
          ? states.reduce((best, state) => (state.remaining < best.remaining ? state : best))
          : (states[refusedBy - 1] as BucketState);
        resolve({ allowed, binding });
      }
    }
    for (const bucket of distinct) {
      const [owned, count, ttl] = [reply[at], reply[at + 1] ?? 0, reply[at + 2] ?? 0];
      at += 3;
      if (owned !== 1) continue;
      this.#owned.set(bucket.key, {
        // The window ends no later here than in Redis.
        start: sentAt + Math.max(0, ttl) - bucket.windowMs,
        count,
        windowMs: bucket.windowMs,
        decidesUntil,
        lastCharged: sentAt,
      });
      this.#startTicker();
    }
    // Requests that gathered while this call was out, on buckets this instance now owns, are decided
    // here and now: charged in Redis instead, their charges would be overwritten by the owner's count.
    if (this.#owned.size > 0) {
      let kept = 0;
      for (const request of this.#pending) {
        const decided = this.#decideOwned(request.buckets, request.cost, performance.now());
        if (decided) request.resolve(decided);
        else this.#pending[kept++] = request;
      }
      this.#pending.length = kept;
    }
  }

  /** The bucket's owner hands it back at its next tick; a dead owner's lease ends. */
  #waitForOwner(request: Pending, now: number): void {
    request.waitingSince ??= now;
    if (now - request.waitingSince >= WANTED_GIVE_UP_MS) {
      request.resolve(failOpen(request.buckets));
      return;
    }
    setTimeout(() => this.#enqueue(request), WANTED_RETRY_MS);
  }

  #startTicker(): void {
    this.#ticker ??= setInterval(() => {
      this.#renewalDue = true;
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
