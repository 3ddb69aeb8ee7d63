// Redis restarted (SIGTERM, its append-only file kept) while a job is about to finish: the outcome is
// written once Redis is back, and the job reads `completed` with its result, not `failed` with a
// reason that names a stopped instance that never stopped. Runs with `npm run test:cluster`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { http, type RawResponse } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';

let dir: string;
let redis: RedisProcess;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'redis-restart-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start();
  standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
  server = await startTestServer({ REDIS_URL: redis.url, OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' });
});

afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Redis restarted while a job finishes', () => {
  it('keeps the outcome: the job reads completed with its result', async () => {
    standIn.setFault({ kind: 'slow', delayMs: 3_000, times: 1 });
    const accepted = await http(`${server.url}/api/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ requests: [{ path: '/api/v1/reports/search?q=neural&limit=2&page=4' }] }),
    });
    expect(accepted.status).toBe(202);
    const location = `${server.url}${accepted.headers['location']}`;
    await sleep(1_000);
    expect((await http(location)).json().status).toBe('running');

    // Down across the moment the work ends (the source answers 3 s after it was asked).
    await redis.stop();
    await sleep(4_000);
    await redis.start();

    const deadline = Date.now() + 25_000;
    let polled: RawResponse;
    for (;;) {
      polled = await http(location);
      if (polled.status === 200 || Date.now() > deadline) break;
      await sleep(200);
    }
    expect(polled.json().status).toBe('completed');
    expect(polled.json().result.data.responses[0].status).toBe(200);
  });
});
