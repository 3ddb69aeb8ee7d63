// The job store's fair share against a group of clients (issue 45): a full store gives up the oldest
// finished result of its largest holder rather than refuse a newcomer; unfinished jobs, which cannot
// be given up, leave the last places to clients holding none; a task keeps its result for the ttl it
// asked for (60 s to an hour); a fetched result is freed a minute later. Time is an injected clock.
import { describe, expect, it } from 'vitest';
import { CapacityError, type FairShare } from '../../src/core/stores/capacity.ts';
import { FETCHED_RETENTION_MS, MemoryJobStore, TASK_TTL_FLOOR_MS } from '../../src/core/stores/job-store.ts';

const HOUR = 3_600_000;

function clock(start = 0) {
  const state = { now: start, read: () => state.now };
  return state;
}

/** A result whose JSON is `chars` long. */
const outcome = (chars: number) => ({
  status: 200,
  json: JSON.stringify({ data: 'x'.repeat(Math.max(0, chars - 11)) }),
});

async function refusal(action: () => Promise<unknown>): Promise<CapacityError | undefined> {
  try {
    await action();
    return undefined;
  } catch (error) {
    if (error instanceof CapacityError) return error;
    throw error;
  }
}

describe('MemoryJobStore against a group', () => {
  const share: FairShare = { total: { count: 40, bytes: 100_000 }, perClient: { count: 20, bytes: 30_000 } };

  it('gives up the oldest finished result of the largest holder, so a newcomer still gets in', async () => {
    const time = clock();
    const store = new MemoryJobStore({ share, retentionMs: HOUR, timeoutMs: 10_000, reservedPlaces: 10 }, time.read);
    const finished = async (owner: string, chars: number) => {
      time.now += 1;
      const job = await store.create('batch', owner);
      await store.finish(job.id, outcome(chars));
      return job.id;
    };
    // Owners 1 to 7 hold two results of 6,400 bytes each (12,800), owner 0 one of 10,400: 100,000 in all.
    const held = new Map<string, string[]>();
    held.set('ip:0', [await finished('ip:0', 5_000)]);
    for (let owner = 1; owner < 8; owner += 1) held.set(`ip:${owner}`, [await finished(`ip:${owner}`, 3_000)]);
    for (let owner = 1; owner < 8; owner += 1) held.get(`ip:${owner}`)!.push(await finished(`ip:${owner}`, 3_000));
    const newcomer = await store.create('batch', 'ip:new');
    expect(newcomer.status).toBe('queued');
    // One of the largest holders (owners 1 to 7) gave up its oldest result; nothing else went.
    const lost: string[] = [];
    for (const id of [...held.values()].flat()) if ((await store.get(id)) === undefined) lost.push(id);
    expect(lost).toHaveLength(1);
    const [loser, ids] = [...held].find(([, owned]) => owned.includes(lost[0]!))!;
    expect(loser).not.toBe('ip:0');
    expect(ids[0]).toBe(lost[0]);
  });

  it('keeps the last places for clients holding no unfinished job', async () => {
    const store = new MemoryJobStore({ share, retentionMs: HOUR, timeoutMs: 10_000, reservedPlaces: 10 }, clock().read);
    // Unfinished jobs cannot be given up. Past 30 of 40 places, only a client holding none gets one:
    // owner 0 takes its 20, owner 1 the 10 left below 30, owner 2 one of the ten kept places.
    let taken = 0;
    for (let owner = 0; owner < 3; owner += 1) {
      for (let index = 0; index < 20; index += 1) {
        if (
          await store.create('batch', `ip:${owner}`).then(
            () => true,
            () => false,
          )
        )
          taken += 1;
      }
    }
    expect(taken).toBe(31);
    const more = await refusal(() => store.create('batch', 'ip:1'));
    expect(more?.scope).toBe('server');
    // Six more of the group (nine addresses in all, fewer than the ten kept places) take one each,
    // and no second; a newcomer still gets in.
    for (let owner = 10; owner < 16; owner += 1) await store.create('batch', `ip:${owner}`);
    expect(await refusal(() => store.create('batch', 'ip:10'))).toBeDefined();
    expect((await store.create('batch', 'ip:new')).status).toBe('queued');
  });
});

describe('how long a finished job is kept', () => {
  const limits = {
    share: { total: { count: 100, bytes: 1_000_000 }, perClient: { count: 100, bytes: 1_000_000 } },
    retentionMs: HOUR,
    timeoutMs: 10_000,
  };

  it("keeps a task's result for the ttl it asked for, from the floor to the retention", async () => {
    for (const [asked, kept] of [
      [1_000, TASK_TTL_FLOOR_MS],
      [120_000, 120_000],
      [10 * HOUR, HOUR],
    ] as const) {
      const time = clock();
      const store = new MemoryJobStore(limits, time.read);
      const job = await store.create('mcp-task:docs', 'ip:a', 'ip:a', { ttlMs: asked });
      expect(job.ttlMs).toBe(kept);
      await store.finish(job.id, outcome(100));
      time.now = kept - 1;
      expect(await store.get(job.id)).toBeDefined();
      time.now = kept;
      expect(await store.get(job.id)).toBeUndefined();
    }
    expect(TASK_TTL_FLOOR_MS).toBe(60_000);
  });

  it('frees a result a minute after it was fetched, and only a finished one', async () => {
    const time = clock();
    const store = new MemoryJobStore(limits, time.read);
    const [fetched, kept, running] = await Promise.all([0, 1, 2].map(() => store.create('batch', 'ip:a')));
    await store.finish(fetched!.id, outcome(100));
    await store.finish(kept!.id, outcome(100));
    await store.fetched(fetched!.id);
    await store.fetched(running!.id);
    time.now = FETCHED_RETENTION_MS;
    expect(await store.get(fetched!.id)).toBeUndefined();
    expect(await store.get(kept!.id)).toBeDefined();
    expect(await store.get(running!.id)).toBeDefined();
  });
});
