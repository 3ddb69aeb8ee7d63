// The job store's fair share in Redis against a group (issue 45), on a real redis-server: a group of
// owners, each within its share, fills the store, and a newcomer's first job is still taken, from the
// places kept for owners holding nothing; a task keeps its result for the ttl it asked for; a fetched
// result is kept a minute at most.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapacityError } from '../../src/core/stores/capacity.ts';
import { FETCHED_RETENTION_MS, TASK_TTL_FLOOR_MS } from '../../src/core/stores/job-store.ts';
import { connectRedis, type ConnectedRedis } from '../../src/core/stores/redis/connection.ts';
import { RedisJobStore } from '../../src/core/stores/redis/redis-job-store.ts';
import { freePort, RedisProcess } from '../support/cluster.ts';

let dir: string;
let redis: RedisProcess;
let connection: ConnectedRedis;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'redis-fair-share-'));
  redis = new RedisProcess(await freePort(), dir, []);
  await redis.start();
  connection = connectRedis(redis.url);
  expect(await connection.ready(5_000)).toBe(true);
});

afterAll(async () => {
  await connection?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const limits = {
  share: { total: { count: 40, bytes: 64 * 1024 * 1024 }, perClient: { count: 20, bytes: 8 * 1024 * 1024 } },
  retentionMs: 3_600_000,
  timeoutMs: 10_000,
  reservedPlaces: 10,
};

const created = (store: RedisJobStore, owner: string) =>
  store.create('batch', owner).then(
    () => true,
    (error: unknown) => {
      if (error instanceof CapacityError) return false;
      throw error;
    },
  );

describe('the Redis job store against a group', () => {
  it('keeps the last places for owners holding nothing: fewer owners than that cannot fill it', async () => {
    await connection.send(['FLUSHALL']);
    const store = new RedisJobStore(connection, limits);
    // Past 30 of 40 places only an owner holding nothing gets one: 20 + 10 + 1 for three busy owners.
    let taken = 0;
    for (let owner = 0; owner < 3; owner += 1) {
      for (let index = 0; index < 20; index += 1) if (await created(store, `ip:${owner}`)) taken += 1;
    }
    expect(taken).toBe(31);
    // Six more of the group (nine owners, fewer than the ten kept places) take one each, no second.
    for (let owner = 10; owner < 16; owner += 1) expect(await created(store, `ip:${owner}`)).toBe(true);
    expect(await created(store, 'ip:10')).toBe(false);
    expect(await created(store, 'ip:new')).toBe(true);
  });

  it("keeps a task's result for the ttl granted, and a fetched result a minute at most", async () => {
    await connection.send(['FLUSHALL']);
    const store = new RedisJobStore(connection, limits);
    const task = await store.create('mcp-task:docs', 'ip:a', 'ip:a', { ttlMs: 1_000 });
    expect(task.ttlMs).toBe(TASK_TTL_FLOOR_MS);
    await store.finish(task.id, { status: 200, json: '{"ok":true}' });
    const taskLeft = Number(await connection.send(['PTTL', `rh:{jobs}:e:${task.id}`]));
    expect(taskLeft).toBeGreaterThan(TASK_TTL_FLOOR_MS - 5_000);
    expect(taskLeft).toBeLessThanOrEqual(TASK_TTL_FLOOR_MS);

    const job = await store.create('batch', 'ip:a');
    await store.finish(job.id, { status: 200, json: '{"ok":true}' });
    expect(Number(await connection.send(['PTTL', `rh:{jobs}:e:${job.id}`]))).toBeGreaterThan(3_000_000);
    await store.fetched(job.id);
    const jobLeft = Number(await connection.send(['PTTL', `rh:{jobs}:e:${job.id}`]));
    expect(jobLeft).toBeLessThanOrEqual(FETCHED_RETENTION_MS);
    expect(jobLeft).toBeGreaterThan(FETCHED_RETENTION_MS - 5_000);
    expect((await store.get(job.id))?.status).toBe('completed');
  });
});
