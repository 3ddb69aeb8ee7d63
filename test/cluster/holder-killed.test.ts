// Claims and locks belong to their holder: after `kill -9` of the instance holding an idempotency claim
// or the search cache's single-flight lock, another instance sharing its Redis is held up a few seconds
// at most, and its 409 says for how long. Runs with `npm run test:cluster`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { httpFrom } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';

let dir: string;
let redis: RedisProcess;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let survivor: TestServer;
const servers: TestServer[] = [];

const startInstance = async () => {
  const server = await startTestServer({ REDIS_URL: redis.url, OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'holder-killed-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start();
  standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
  survivor = await startInstance();
});

afterEach(() => standIn.setFault(undefined));

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await standIn?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `work` on a new instance, waits until it has asked the (stalled) source, then kills it. */
async function killMidRequest(work: (base: string) => Promise<unknown>): Promise<void> {
  const doomed = await startInstance();
  const before = standIn.worksRequests().length;
  standIn.setFault({ kind: 'slow', delayMs: 20_000, times: 1 });
  void work(doomed.url).catch(() => undefined);
  const deadline = Date.now() + 5_000;
  while (standIn.worksRequests().length === before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(standIn.worksRequests().length).toBeGreaterThan(before);
  doomed.signal('SIGKILL');
  await doomed.exited;
}

describe('a holder killed mid-request', () => {
  it('blocks its idempotency key for a few seconds, and the 409 says so', async () => {
    const me = '127.0.0.41';
    const key = `killed-holder-${Date.now()}`;
    const batch = { requests: [{ path: '/api/v1/reports/search?q=neural&limit=3&page=3' }] };
    const send = (base: string) =>
      httpFrom(me, `${base}/api/v1/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(batch),
      });
    await killMidRequest(send);

    const killedAt = performance.now();
    const busy = await send(survivor.url);
    expect(busy.status).toBe(409);
    expect(busy.json().error.code).toBe('idempotency_key_in_use');
    const retryAfter = Number(busy.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(6);
    let answer = busy;
    while (answer.status === 409 && performance.now() - killedAt < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await send(survivor.url);
    }
    expect(answer.status).toBe(200);
    expect(performance.now() - killedAt).toBeLessThan(12_000);
  });

  it('holds the same search on another instance a few seconds at most (single-flight lock)', async () => {
    const me = '127.0.0.42';
    const search = '/api/v1/reports/search?q=blockchain&limit=4&corpus=web3&page=2';
    await killMidRequest((base) => httpFrom(me, `${base}${search}`));
    const killedAt = performance.now();
    const answer = await httpFrom(me, `${survivor.url}${search}`);
    expect(answer.status).toBe(200);
    expect(performance.now() - killedAt).toBeLessThan(10_000);
  });
});
