// A job whose Redis restarts empty is gone, and the server cannot tell that from an id it never issued or
// a job past its hour: the 404 says exactly that, not "expired", which would send people looking for a
// clock bug. Runs with `npm run test:cluster` (needs redis-server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { http, type RawResponse } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const dirs: string[] = [];
let redis: RedisProcess;
let port: number;
let server: TestServer;

/** A redis-server on `port` in a new, empty directory: nothing of an earlier one survives. */
async function emptyRedis(): Promise<RedisProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'job-lost-'));
  dirs.push(dir);
  const started = new RedisProcess(port, dir);
  await started.start();
  return started;
}

beforeAll(async () => {
  port = await freePort();
  redis = await emptyRedis();
  server = await startTestServer({ REDIS_URL: redis.url, LOG_REQUESTS: 'false' });
});

afterAll(async () => {
  await server?.stop();
  await redis?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Polls until the answer is not 503 (the server reconnecting to Redis) or the time is up. */
async function pollPastOutage(url: string, timeoutMs = 10_000): Promise<RawResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await http(url);
    if (response.status !== 503 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectNotFoundWording(response: RawResponse) {
  expect(response.status).toBe(404);
  const { error } = response.json();
  expect(error.code).toBe('job_not_found');
  // What is known is "not found"; the message names every way a job goes missing, the store included.
  expect(error.message).toMatch(/^No job \S+ was found: /);
  expect(error.message).toContain('lost with the job store');
  expect(error.message).not.toMatch(/it never existed or has expired/);
  expect(error.resolution).toContain('start the work again');
}

describe('a job lost with its store', () => {
  it('is polled as not found (unknown, expired or lost with the store) once Redis restarts empty', async () => {
    const accepted = await http(`${server.url}/api/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ requests: [{ path: '/api/v1/glossary?limit=1' }] }),
    });
    expect(accepted.status).toBe(202);
    const location = `${server.url}${accepted.headers['location']}`;
    const before = await http(location);
    expect([200, 202]).toContain(before.status);

    await redis.stop();
    redis = await emptyRedis();

    expectNotFoundWording(await pollPastOutage(location));
  });

  it('words an id never issued the same way', async () => {
    expectNotFoundWording(await http(`${server.url}/api/v1/jobs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa`));
  });
});
