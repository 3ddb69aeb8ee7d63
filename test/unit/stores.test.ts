// The state stores (src/core/stores/): fair-share bounds, jobs, idempotency records, rate-limit
// windows and the search cache. Time is an injected clock, never a timer. Token store tests live in
// token-store.test.ts.
import { describe, expect, it } from 'vitest';
import { toApiError } from '../../src/core/http/error-mapping.ts';
import type { JsonText } from '../../src/core/json-text.ts';
import { describeJob, JOB_ID_PATTERN, newJobId } from '../../src/core/jobs/job.ts';
import { CapacityError, FairShareMap, type FairShare } from '../../src/core/stores/capacity.ts';
import { MemoryIdempotencyStore } from '../../src/core/stores/idempotency-store.ts';
import { MemoryJobStore } from '../../src/core/stores/job-store.ts';
import { MemoryRateLimitStore, type Bucket } from '../../src/core/stores/rate-limit-store.ts';
import { MemorySearchCache } from '../../src/core/stores/search-cache.ts';

const LOTS = 1024 * 1024;

function share(perClientCount: number, totalCount: number, perClientBytes = LOTS, totalBytes = LOTS): FairShare {
  return {
    total: { count: totalCount, bytes: totalBytes },
    perClient: { count: perClientCount, bytes: perClientBytes },
  };
}

/** A settable clock: `clock.now` is what the store sees. */
function manualClock(start = 0) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

/** Runs `action` and returns the CapacityError it throws (or rejects with). */
async function capacityError(action: () => unknown): Promise<CapacityError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof CapacityError) return error;
    throw error;
  }
  throw new Error('expected a CapacityError, but the action succeeded');
}

const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = (body: JsonText) => body.text;

describe('FairShareMap', () => {
  it('refuses a client over its share (scope client) while other clients still add', async () => {
    const clock = manualClock();
    const map = new FairShareMap<string>(share(2, 10), 'things', clock.read);
    map.add('a1', 'A one', 'A', 10, 60_000);
    map.add('a2', 'A two', 'A', 10, 60_000);
    const error = await capacityError(() => map.add('a3', 'A three', 'A', 10, 60_000));
    expect(error.scope).toBe('client');
    expect(error.limit).toEqual({ count: 2, bytes: LOTS });
    expect(error.message).toContain('things');
    expect(map.get('a3')).toBeUndefined();
    map.add('b1', 'B one', 'B', 10, 60_000);
    expect(map.get('b1')).toBe('B one');
    expect(map.get('a1')).toBe('A one');
    expect(map.size).toBe(3);
  });

  it('refuses everyone (scope server) when the total is reached, even a client with no entries', async () => {
    const clock = manualClock();
    const map = new FairShareMap<string>(share(2, 3), 'things', clock.read);
    map.add('a1', 'x', 'A', 10, 60_000);
    map.add('a2', 'x', 'A', 10, 60_000);
    map.add('b1', 'x', 'B', 10, 60_000);
    const fresh = await capacityError(() => map.add('c1', 'x', 'C', 10, 60_000));
    expect(fresh.scope).toBe('server');
    expect(fresh.limit).toEqual({ count: 3, bytes: LOTS });
    // B is within its own share, but there is no room at all.
    expect((await capacityError(() => map.add('b2', 'x', 'B', 10, 60_000))).scope).toBe('server');
  });

  it('bounds bytes the same way: per client, then in total', async () => {
    const map = new FairShareMap<string>(share(100, 100, 100, 200), 'things', manualClock().read);
    map.add('a1', 'x', 'A', 60, 60_000);
    expect((await capacityError(() => map.add('a2', 'x', 'A', 50, 60_000))).scope).toBe('client');
    map.add('a2', 'x', 'A', 40, 60_000); // exactly the share: 100 bytes
    map.add('b1', 'x', 'B', 60, 60_000);
    expect((await capacityError(() => map.add('c1', 'x', 'C', 50, 60_000))).scope).toBe('server');
    map.add('c1', 'x', 'C', 40, 60_000); // exactly the total: 200 bytes
    expect(map.bytes).toBe(200);
  });

  it("says when room frees: the owner's oldest entry for a client, the soonest of all for the server", async () => {
    const clock = manualClock();
    const map = new FairShareMap<string>(share(2, 3), 'things', clock.read);
    map.add('a1', 'x', 'A', 10, 10_000); // expires at 10 s
    clock.now = 2_000;
    map.add('a2', 'x', 'A', 10, 10_000); // expires at 12 s
    clock.now = 2_500;
    // 7.5 s until a1 expires: rounded up, so a retry at that time finds room.
    expect((await capacityError(() => map.add('a3', 'x', 'A', 10, 10_000))).retryAfterSeconds).toBe(8);
    clock.now = 3_000;
    map.add('b1', 'x', 'B', 10, 4_000); // expires at 7 s, before anything of A's
    const client = await capacityError(() => map.add('a3', 'x', 'A', 10, 10_000));
    expect(client).toMatchObject({ scope: 'client', retryAfterSeconds: 7 }); // A's own a1, not B's b1
    const server = await capacityError(() => map.add('c1', 'x', 'C', 10, 10_000));
    expect(server).toMatchObject({ scope: 'server', retryAfterSeconds: 4 }); // b1, the soonest in the store
  });

  it('frees the share when entries expire or are deleted', async () => {
    const clock = manualClock();
    const map = new FairShareMap<string>(share(2, 10), 'things', clock.read);
    map.add('a1', 'x', 'A', 10, 10_000);
    clock.now = 5_000;
    map.add('a2', 'x', 'A', 10, 10_000);
    clock.now = 9_999;
    expect(map.get('a1')).toBe('x');
    await capacityError(() => map.add('a3', 'x', 'A', 10, 10_000));
    clock.now = 10_000;
    expect(map.get('a1')).toBeUndefined();
    map.add('a3', 'x', 'A', 10, 10_000);
    expect(map.size).toBe(2);
    await capacityError(() => map.add('a4', 'x', 'A', 10, 10_000));
    map.delete('a2');
    map.add('a4', 'x', 'A', 10, 10_000);
    expect([...map.values()].length).toBe(2);
    expect(map.bytes).toBe(20);
  });

  it('sweeps expired entries without being read, so a client that waits as told finds room', async () => {
    const clock = manualClock();
    const map = new FairShareMap<string>(share(1, 10), 'things', clock.read);
    map.add('a1', 'x', 'A', 10, 2_500);
    clock.now = 1_000;
    const error = await capacityError(() => map.add('a2', 'x', 'A', 10, 2_500));
    expect(error.retryAfterSeconds).toBe(2);
    clock.now += error.retryAfterSeconds * 1_000;
    map.add('a2', 'x', 'A', 10, 2_500);
    expect(map.size).toBe(1);
  });

  it('counts a replaced value at its new size against its owner, keeping the owner', async () => {
    const map = new FairShareMap<string>(share(10, 10, 100, 1_000), 'things', manualClock().read);
    map.add('a1', 'small', 'A', 10, 60_000);
    map.replace('a1', 'big', 95, 60_000);
    expect(map.get('a1')).toBe('big');
    expect(map.bytes).toBe(95);
    expect((await capacityError(() => map.add('a2', 'x', 'A', 10, 60_000))).scope).toBe('client');
    map.add('b1', 'x', 'B', 10, 60_000);
    map.replace('missing', 'x', 10);
    expect(map.get('missing')).toBeUndefined();
  });
});

describe('MemoryJobStore', () => {
  const limits = { share: share(2, 3), timeoutMs: 10_000, retentionMs: 60_000 };

  it('makes ids of job_ and 26 base32 characters, all different', () => {
    const ids = new Set(Array.from({ length: 1000 }, newJobId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(JOB_ID_PATTERN);
  });

  it('creates queued jobs owned by their client, with a deadline of the timeout', async () => {
    const clock = manualClock(5_000);
    const store = new MemoryJobStore(limits, clock.read);
    const job = await store.create('ask', 'ip:1');
    expect(job).toMatchObject({ kind: 'ask', owner: 'ip:1', status: 'queued', createdAt: 5_000, deadline: 15_000 });
    expect(job.id).toMatch(JOB_ID_PATTERN);
    expect(describeJob(job)).toMatchObject({ status: 'queued', poll_interval: 2, result: { ready: false } });
    await store.start(job.id);
    const running = await store.get(job.id);
    expect(running?.status).toBe('running');
    expect(describeJob(running!).result).toMatchObject({ ready: false });
    expect(await store.get(newJobId())).toBeUndefined();
  });

  it('cancels an unfinished job once: its first outcome stands, and a late finish changes nothing', async () => {
    const clock = manualClock(1_000);
    const store = new MemoryJobStore(limits, clock.read);
    const job = await store.create('mcp-task:product', 'ip:1', 'token:tok_a');
    await store.start(job.id);
    clock.now = 1_500;
    const cancelled = await store.cancel(job.id);
    expect(cancelled).toMatchObject({ status: 'failed', cancelled: true, completedAt: 1_500, client: 'token:tok_a' });
    expect(JSON.parse(cancelled!.outcome!.json).error.code).toBe('job_cancelled');
    await store.finish(job.id, { status: 200, json: '{"late":true}' });
    expect((await store.get(job.id))?.outcome).toEqual(cancelled!.outcome);

    const done = await store.create('mcp-task:product', 'ip:1', 'token:tok_a');
    await store.finish(done.id, { status: 200, json: '{"ok":true}' });
    const again = await store.cancel(done.id);
    expect(again).toMatchObject({ status: 'completed' });
    expect(again?.cancelled).toBeUndefined();
    expect(await store.cancel(newJobId())).toBeUndefined();
  });

  it('lists the jobs of one client and kind, oldest first', async () => {
    const clock = manualClock(1_000);
    const store = new MemoryJobStore({ ...limits, share: share(10, 10) }, clock.read);
    const first = await store.create('mcp-task:product', 'ip:1', 'token:tok_a');
    clock.now = 2_000;
    await store.create('mcp-task:docs', 'ip:1', 'token:tok_a');
    await store.create('mcp-task:product', 'ip:1', 'token:tok_b');
    await store.create('mcp-task:product', 'ip:1');
    const second = await store.create('mcp-task:product', 'ip:2', 'token:tok_a');
    const listed = await store.listFor('token:tok_a', 'mcp-task:product');
    expect(listed.map((job) => job.id)).toEqual([first.id, second.id]);
    expect(await store.listFor('token:tok_c', 'mcp-task:product')).toEqual([]);
  });

  it('holds each client to its share (429) and refuses everyone when full (503)', async () => {
    const store = new MemoryJobStore(limits, manualClock().read);
    await store.create('batch', 'A');
    await store.create('batch', 'A');
    const own = await capacityError(() => store.create('batch', 'A'));
    expect(own.scope).toBe('client');
    expect(toApiError(own)).toMatchObject({ status: 429, code: 'quota_exceeded' });
    expect(toApiError(own).headers['Retry-After']).toBe(String(own.retryAfterSeconds));
    await store.create('batch', 'B');
    const full = await capacityError(() => store.create('batch', 'C'));
    expect(full.scope).toBe('server');
    expect(toApiError(full)).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('forgets finished jobs after the retention, which frees their room', async () => {
    const clock = manualClock();
    const store = new MemoryJobStore(limits, clock.read);
    const first = await store.create('batch', 'A');
    await store.create('batch', 'A');
    clock.now = 2_000;
    await store.finish(first.id, { status: 200, json: '{"ok":true}' });
    clock.now = 2_000 + 60_000 - 1;
    expect((await store.get(first.id))?.status).toBe('completed');
    await capacityError(() => store.create('batch', 'A'));
    clock.now = 2_000 + 60_000;
    expect(await store.get(first.id)).toBeUndefined();
    expect((await store.create('batch', 'A')).status).toBe('queued');
  });

  it('ends a job still running at its deadline as failed, with a message naming the timeout', async () => {
    const clock = manualClock();
    const store = new MemoryJobStore(limits, clock.read);
    const job = await store.create('ask', 'A');
    await store.start(job.id);
    clock.now = 9_999;
    expect((await store.get(job.id))?.status).toBe('running');
    clock.now = 10_000;
    const ended = await store.get(job.id);
    expect(ended).toMatchObject({ status: 'failed', completedAt: 10_000 });
    expect(ended?.outcome?.status).toBeGreaterThanOrEqual(500);
    const described = describeJob(ended!);
    expect(described.completed_at).toBe(new Date(10_000).toISOString());
    expect(described.result?.ready).toBe(true);
    expect(described.result?.message).toContain('10 s');
    expect(described.result?.data).toMatchObject({ error: { message: described.result?.message } });
    // The work finishing late does not turn the failure into a success.
    await store.finish(job.id, { status: 200, json: '{"answer":"late"}' });
    expect(await store.get(job.id)).toEqual(ended);
  });

  it('keeps the first outcome when a job is finished twice', async () => {
    const store = new MemoryJobStore(limits, manualClock().read);
    const job = await store.create('ask', 'A');
    await store.finish(job.id, { status: 200, json: '{"n":1}' });
    await store.finish(job.id, { status: 500, json: '{"error":{"message":"second"}}' });
    const kept = await store.get(job.id);
    expect(kept?.status).toBe('completed');
    expect(kept?.outcome).toEqual({ status: 200, json: '{"n":1}' });
  });

  it('abandons every unfinished job as failed with the reason, and leaves finished ones', async () => {
    const clock = manualClock();
    const store = new MemoryJobStore({ ...limits, share: share(10, 10) }, clock.read);
    const done = await store.create('ask', 'A');
    const running = await store.create('ask', 'A');
    const queued = await store.create('batch', 'B');
    await store.finish(done.id, { status: 200, json: '{"ok":true}' });
    await store.start(running.id);
    clock.now = 1_000;
    expect(await store.abandonUnfinished('The server is shutting down.')).toBe(2);
    for (const id of [running.id, queued.id]) {
      const job = await store.get(id);
      expect(job).toMatchObject({ status: 'failed', completedAt: 1_000 });
      expect(job?.outcome?.status).toBe(503);
      expect(describeJob(job!).result?.message).toBe('The server is shutting down.');
    }
    expect((await store.get(done.id))?.outcome).toEqual({ status: 200, json: '{"ok":true}' });
    await store.finish(running.id, { status: 200, json: '{"ok":true}' });
    expect((await store.get(running.id))?.status).toBe('failed');
    expect(await store.abandonUnfinished('again')).toBe(0);
  });

  it('describes completed and failed jobs with the parsed payload', async () => {
    const clock = manualClock(1_000);
    const store = new MemoryJobStore(limits, clock.read);
    const completed = await store.create('ask', 'A');
    const failed = await store.create('ask', 'A');
    clock.now = 3_000;
    await store.finish(completed.id, { status: 200, json: '{"answer":"yes","sources":[1,2]}' });
    await store.finish(failed.id, { status: 502, json: '{"error":{"message":"upstream down"}}' });
    expect(describeJob((await store.get(completed.id))!)).toEqual({
      job_id: completed.id,
      status: 'completed',
      created_at: new Date(1_000).toISOString(),
      completed_at: new Date(3_000).toISOString(),
      location: `/api/v1/jobs/${completed.id}`,
      poll_interval: 2,
      result: { ready: true, message: 'The work completed.', data: { answer: 'yes', sources: [1, 2] } },
    });
    expect(describeJob((await store.get(failed.id))!)).toMatchObject({
      status: 'failed',
      result: { ready: true, message: 'upstream down', data: { error: { message: 'upstream down' } } },
    });
  });

  it('describes a failure without an error message by its HTTP status', async () => {
    const store = new MemoryJobStore(limits, manualClock().read);
    const job = await store.create('ask', 'A');
    await store.finish(job.id, { status: 504, json: '{"detail":"slow"}' });
    const result = describeJob((await store.get(job.id))!).result;
    expect(result).toMatchObject({ ready: true, data: { detail: 'slow' } });
    expect(result?.message).toContain('504');
  });

  it('hands out copies: changing a returned record changes nothing kept', async () => {
    const store = new MemoryJobStore(limits, manualClock().read);
    const job = await store.create('ask', 'A');
    job.status = 'completed';
    const fetched = await store.get(job.id);
    expect(fetched?.status).toBe('queued');
    fetched!.status = 'failed';
    expect((await store.get(job.id))?.status).toBe('queued');
  });
});

describe('MemoryIdempotencyStore', () => {
  const limits = { share: share(2, 10), ttlMs: 10_000, leaseMs: 3_000 };

  it('proceeds, then reports in-flight, mismatch, replay, and forgets an abandoned key', async () => {
    const store = new MemoryIdempotencyStore(limits, manualClock().read);
    expect(await store.begin('k', 'f1', 'A')).toEqual({ kind: 'proceed' });
    expect(await store.begin('k', 'f1', 'A')).toEqual({ kind: 'in-flight' });
    expect(await store.begin('k', 'f2', 'A')).toEqual({ kind: 'mismatch' });
    await store.complete('k', {
      status: 201,
      headers: {
        'Content-Type': 'application/json',
        Location: '/x/1',
        'X-Request-Id': 'a',
        'RateLimit-Remaining': '3',
      },
      body: '{"id":1}',
    });
    // Per-request headers (ids, rate limits) are made fresh on replay, not kept.
    const replay = {
      kind: 'replay',
      response: { status: 201, headers: { 'Content-Type': 'application/json', Location: '/x/1' }, body: '{"id":1}' },
    };
    expect(await store.begin('k', 'f1', 'A')).toEqual(replay);
    expect(await store.begin('k', 'f1', 'B')).toEqual(replay);
    expect(await store.begin('k', 'f2', 'A')).toEqual({ kind: 'mismatch' });
    await store.abandon('k');
    expect(await store.begin('k', 'f2', 'A')).toEqual({ kind: 'proceed' });
  });

  it('replays byte bodies as they were', async () => {
    const store = new MemoryIdempotencyStore(limits, manualClock().read);
    await store.begin('k', 'f', 'A');
    await store.complete('k', { status: 200, headers: {}, body: bytesOf('{"ok":true}') });
    const decision = await store.begin('k', 'f', 'A');
    expect(decision.kind).toBe('replay');
    if (decision.kind === 'replay')
      expect(new TextDecoder().decode(decision.response.body as Uint8Array)).toBe('{"ok":true}');
  });

  it('keeps a response for the TTL after it was stored, then lets the key be used afresh', async () => {
    const clock = manualClock();
    const store = new MemoryIdempotencyStore(limits, clock.read);
    await store.begin('k', 'f', 'A');
    clock.now = 2_000;
    await store.complete('k', { status: 200, headers: {}, body: '{}' });
    clock.now = 2_000 + 10_000 - 1;
    expect((await store.begin('k', 'f', 'A')).kind).toBe('replay');
    clock.now = 2_000 + 10_000;
    expect((await store.begin('k', 'other', 'A')).kind).toBe('proceed');
  });

  it('lets an unfinished claim block its key only for the lease', async () => {
    const clock = manualClock();
    const store = new MemoryIdempotencyStore(limits, clock.read);
    expect((await store.begin('k', 'f', 'A')).kind).toBe('proceed');
    clock.now = 2_999;
    expect((await store.begin('k', 'f', 'A')).kind).toBe('in-flight');
    expect((await store.begin('k', 'g', 'A')).kind).toBe('mismatch');
    clock.now = 3_000;
    // The process that claimed it never answered: the key is free again, for any request.
    expect((await store.begin('k', 'g', 'A')).kind).toBe('proceed');
  });

  it('holds each client to its share of keys; repeats of its own keys still answer', async () => {
    const store = new MemoryIdempotencyStore(limits, manualClock().read);
    await store.begin('a1', 'f', 'A');
    await store.begin('a2', 'f', 'A');
    const error = await capacityError(() => store.begin('a3', 'f', 'A'));
    expect(error.scope).toBe('client');
    expect(error.what).toBe('idempotency records');
    expect((await store.begin('a1', 'f', 'A')).kind).toBe('in-flight');
    expect((await store.begin('b1', 'f', 'B')).kind).toBe('proceed');
    await store.abandon('a1');
    expect((await store.begin('a3', 'f', 'A')).kind).toBe('proceed');
  });

  it('counts the stored response against its owner', async () => {
    const store = new MemoryIdempotencyStore({ ...limits, share: share(10, 100, 4_000, LOTS) }, manualClock().read);
    await store.begin('a1', 'f', 'A');
    await store.complete('a1', { status: 200, headers: {}, body: new Uint8Array(4_001) });
    // A's response alone fills its byte share; B's room is untouched.
    expect((await capacityError(() => store.begin('a2', 'f', 'A'))).scope).toBe('client');
    expect((await store.begin('b1', 'f', 'B')).kind).toBe('proceed');
    expect((await store.begin('a1', 'f', 'A')).kind).toBe('replay');
  });
});

describe('MemoryRateLimitStore', () => {
  const minute = (key: string, limit: number): Bucket => ({ key, limit, windowMs: 60_000 });

  it('allows the limit per window, per key, then resets', async () => {
    const clock = manualClock();
    const store = new MemoryRateLimitStore(clock.read);
    const a = [minute('a', 2)];
    expect(await store.consume(a, 1)).toEqual({
      allowed: true,
      binding: { limit: 2, remaining: 1, reset: 60, windowSeconds: 60 },
    });
    clock.now = 1_000;
    expect(await store.consume(a, 1)).toMatchObject({ allowed: true, binding: { remaining: 0, reset: 59 } });
    clock.now = 2_500;
    expect(await store.consume(a, 1)).toMatchObject({ allowed: false, binding: { remaining: 0, reset: 58 } });
    expect(await store.consume([minute('b', 2)], 1)).toMatchObject({ allowed: true, binding: { remaining: 1 } });
    clock.now = 59_999;
    expect((await store.consume(a, 1)).allowed).toBe(false);
    clock.now = 60_000;
    expect(await store.consume(a, 1)).toMatchObject({ allowed: true, binding: { remaining: 1, reset: 60 } });
  });

  it('charges every bucket or none: a refused request costs nothing', async () => {
    const store = new MemoryRateLimitStore(manualClock().read);
    const client = minute('client', 5);
    const network = minute('net', 3);
    expect((await store.consume([client, network], 2)).allowed).toBe(true); // client 3 left, network 1
    const refused = await store.consume([client, network], 2);
    expect(refused).toEqual({
      allowed: false,
      binding: { limit: 3, remaining: 1, reset: 60, windowSeconds: 60 },
    });
    // Had the refused request been charged to the client, only 1 would remain there.
    expect(await store.consume([client], 3)).toMatchObject({ allowed: true, binding: { remaining: 0 } });
    // Nor was the network charged: its last unit is still there.
    expect(await store.consume([network], 1)).toMatchObject({ allowed: true, binding: { remaining: 0 } });
  });

  it('reports the bucket with least room when allowed, and the refusing one when not', async () => {
    const store = new MemoryRateLimitStore(manualClock().read);
    const wide = minute('wide', 100);
    const narrow = minute('narrow', 4);
    expect((await store.consume([wide, narrow], 1)).binding).toMatchObject({ limit: 4, remaining: 3 });
    expect((await store.consume([narrow, wide], 1)).binding).toMatchObject({ limit: 4, remaining: 2 });
    // `tight` refuses a cost of 2 while `wide` and `narrow` have room for it.
    const tight = minute('tight', 10);
    await store.consume([tight], 9);
    const refused = await store.consume([wide, tight, narrow], 2);
    expect(refused.allowed).toBe(false);
    expect(refused.binding).toMatchObject({ limit: 10, remaining: 1 });
  });

  it('rolls each bucket on its own window', async () => {
    const clock = manualClock();
    const store = new MemoryRateLimitStore(clock.read);
    const slow = minute('slow', 10);
    const fast: Bucket = { key: 'fast', limit: 1, windowMs: 10_000 };
    expect((await store.consume([slow, fast], 1)).allowed).toBe(true);
    clock.now = 9_999;
    const refused = await store.consume([slow, fast], 1);
    expect(refused).toMatchObject({ allowed: false, binding: { limit: 1, reset: 1, windowSeconds: 10 } });
    clock.now = 10_000;
    expect((await store.consume([slow, fast], 1)).allowed).toBe(true);
    // slow has been charged twice (the refusal in between cost nothing): 8 of 10 left, 50 s to go.
    expect((await store.consume([slow], 0)).binding).toEqual({ limit: 10, remaining: 8, reset: 50, windowSeconds: 60 });
  });

  it('refuses a cost larger than the limit, even in a fresh window', async () => {
    const store = new MemoryRateLimitStore(manualClock().read);
    expect(await store.consume([minute('a', 3)], 4)).toMatchObject({ allowed: false, binding: { remaining: 3 } });
    expect((await store.consume([minute('a', 3)], 3)).allowed).toBe(true);
  });
});

describe('MemorySearchCache', () => {
  const limits = { share: share(2, 10), ttlMs: 1_000 };

  /** A loader that counts its calls and answers with the key it was made for. */
  function loader(body: string) {
    const calls = { count: 0 };
    const load = async () => {
      calls.count += 1;
      return bytesOf(body);
    };
    return { calls, load };
  }

  it('serves a page fresh for the TTL, then loads it again', async () => {
    const clock = manualClock();
    const cache = new MemorySearchCache(limits, clock.read);
    const { calls, load } = loader('page');
    const first = await cache.getOrLoad('k', 'A', load);
    expect(first.outcome).toBe('miss');
    expect(textOf(first.page.body)).toBe('page');
    expect(first.page.storedAt).toBe(0);
    clock.now = 999;
    expect((await cache.getOrLoad('k', 'B', load)).outcome).toBe('hit');
    expect(calls.count).toBe(1);
    clock.now = 1_000;
    const again = await cache.getOrLoad('k', 'A', load);
    expect(again).toMatchObject({ outcome: 'miss', page: { storedAt: 1_000 } });
    expect(calls.count).toBe(2);
  });

  it('collapses 50 concurrent identical misses into one load', async () => {
    const cache = new MemorySearchCache(limits, manualClock().read);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const load = async () => {
      calls += 1;
      await gate;
      return bytesOf('shared');
    };
    const pending = Array.from({ length: 50 }, (_, index) => cache.getOrLoad('k', `client-${index}`, load));
    release();
    const results = await Promise.all(pending);
    expect(calls).toBe(1);
    expect(results.filter((result) => result.outcome === 'miss')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'collapsed')).toHaveLength(49);
    for (const result of results) expect(textOf(result.page.body)).toBe('shared');
    expect((await cache.getOrLoad('k', 'A', load)).outcome).toBe('hit');
    expect(calls).toBe(1);
  });

  it('serves the stale page when loading fails, and fails when there is none', async () => {
    const clock = manualClock();
    const cache = new MemorySearchCache(limits, clock.read);
    await cache.getOrLoad('k', 'A', loader('old').load);
    clock.now = 5_000;
    const failing = () => Promise.reject(new Error('upstream down'));
    const stale = await cache.getOrLoad('k', 'A', failing);
    expect(stale.outcome).toBe('stale');
    expect(textOf(stale.page.body)).toBe('old');
    expect(clock.now - stale.page.storedAt).toBe(5_000);
    await expect(cache.getOrLoad('other', 'A', failing)).rejects.toThrow('upstream down');
    // A failure is not cached: the next call loads again.
    expect((await cache.getOrLoad('other', 'A', loader('new').load)).outcome).toBe('miss');
    // Nor does serving stale replace the page: a working source refreshes it.
    const fresh = await cache.getOrLoad('k', 'A', loader('refreshed').load);
    expect(fresh).toMatchObject({ outcome: 'miss', page: { storedAt: 5_000 } });
    expect(textOf(fresh.page.body)).toBe('refreshed');
  });

  it("evicts a client's own least recently used pages when it passes its share, not other clients'", async () => {
    const cache = new MemorySearchCache(limits, manualClock().read);
    await cache.getOrLoad('a1', 'A', loader('a1').load);
    await cache.getOrLoad('b1', 'B', loader('b1').load); // B's, and older than A's a2
    await cache.getOrLoad('a2', 'A', loader('a2').load);
    expect((await cache.getOrLoad('a1', 'A', loader('x').load)).outcome).toBe('hit'); // a2 is now A's LRU
    await cache.getOrLoad('a3', 'A', loader('a3').load);
    expect(cache.size).toBe(3);
    expect((await cache.getOrLoad('b1', 'B', loader('x').load)).outcome).toBe('hit');
    expect((await cache.getOrLoad('a1', 'A', loader('x').load)).outcome).toBe('hit');
    expect((await cache.getOrLoad('a3', 'A', loader('x').load)).outcome).toBe('hit');
    expect((await cache.getOrLoad('a2', 'A', loader('x').load)).outcome).toBe('miss');
  });

  it('keeps within the total, evicting the least recently used page', async () => {
    const cache = new MemorySearchCache({ share: share(10, 2), ttlMs: 1_000 }, manualClock().read);
    for (const key of ['aa', 'bb', 'cc']) await cache.getOrLoad(key, `client-${key}`, loader(key).load);
    expect(cache.size).toBe(2);
    expect((await cache.getOrLoad('cc', 'X', loader('cc').load)).outcome).toBe('hit');
    expect((await cache.getOrLoad('bb', 'X', loader('bb').load)).outcome).toBe('hit');
    expect((await cache.getOrLoad('aa', 'X', loader('aa').load)).outcome).toBe('miss');
    expect(cache.size).toBe(2);
  });

  it("answers with a page larger than one client may hold, but keeps neither it nor evicts the client's others", async () => {
    const cache = new MemorySearchCache({ share: share(10, 10, 1_000, LOTS), ttlMs: 1_000 }, manualClock().read);
    await cache.getOrLoad('small', 'A', loader('s').load);
    const bytesBefore = cache.bytes;
    const big = await cache.getOrLoad('big', 'A', loader('x'.repeat(1_001)).load);
    expect(big.outcome).toBe('miss');
    expect(big.page.body.bytes.byteLength).toBe(1_001);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(bytesBefore);
    expect((await cache.getOrLoad('small', 'A', loader('s').load)).outcome).toBe('hit');
    expect((await cache.getOrLoad('big', 'A', loader('x'.repeat(1_001)).load)).outcome).toBe('miss');
  });
});
