// Two instances on a real Redis Cluster (three masters) and on Sentinel (a master, a replica, three
// sentinels): jobs, idempotency, tokens, rate limits and the search cache agree across instances, and
// a Sentinel failover in the middle of the work loses nothing that was acknowledged. Runs with
// `npm run test:cluster` (needs redis-server and redis-cli).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { httpFrom, type RawResponse } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startRedisCluster, startSentinelSetup, type SentinelSetup } from '../support/redis-topologies.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const RATE_LIMIT = 20;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;

beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
});

afterAll(async () => {
  await standIn?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clientAt(address: string) {
  return {
    get: (url: string, headers: Record<string, string> = {}) => httpFrom(address, url, { headers }),
    post: (url: string, body: unknown, headers: Record<string, string> = {}) =>
      httpFrom(address, url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
  };
}

async function pollUntilDone(get: (url: string) => Promise<RawResponse>, url: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await get(url);
    if (response.status !== 202 && response.status !== 503) return response;
    if (Date.now() > deadline) throw new Error(`job still ${response.status} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function startInstances(env: Record<string, string>): Promise<[TestServer, TestServer]> {
  const shared = {
    ...env,
    OPENALEX_URL: standIn.url,
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    REGISTER_PER_HOUR: '1000',
    TOKENS_PER_CLIENT: '1000',
    LOG_REQUESTS: 'false',
  };
  return Promise.all([startTestServer(shared), startTestServer(shared)]);
}

const quickBatch = { requests: [{ path: '/api/v1/glossary?limit=2' }] };

/** Every store, used on one instance and read on the other; `tag` keeps runs apart. */
async function expectOneState(a: string, b: string, tag: string, address: string): Promise<void> {
  const me = clientAt(address);
  const accepted = await me.post(`${a}/api/v1/batch`, quickBatch, { prefer: 'respond-async' });
  expect(accepted.status).toBe(202);
  const done = await pollUntilDone((url) => me.get(url), `${b}${accepted.headers['location']!}`);
  expect(done.json().status).toBe('completed');

  const key = `topology-${tag}-${Date.now()}`;
  const first = await me.post(`${a}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': key });
  expect(first.status).toBe(200);
  const replay = await me.post(`${b}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': key });
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.json()).toEqual(first.json());

  const registered = await me.post(`${a}/api/auth/register`, {});
  expect(registered.status).toBe(201);
  const token = registered.json().access_token as string;
  expect((await me.get(`${b}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` })).status).toBe(200);
  expect((await me.post(`${b}/api/auth/revoke`, { token })).status).toBeLessThan(300);
  expect((await me.get(`${a}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` })).status).toBe(401);

  const search = `/api/v1/reports/search?q=${tag}%20network&limit=3&corpus=ai`;
  const before = standIn.worksRequests().length;
  const onA = await me.get(`${a}${search}`);
  expect(onA.status).toBe(200);
  const onB = await me.get(`${b}${search}`);
  expect(onB.status).toBe(200);
  expect(onB.headers['etag']).toBe(onA.headers['etag']);
  expect(standIn.worksRequests().length - before).toBe(1);

  // A fresh address: its requests so far are the only ones in its window, shared by both instances.
  const limited = clientAt(`${address.replace(/\.\d+$/, '')}.${Number(address.split('.').pop()) + 100}`);
  const statuses: number[] = [];
  for (let index = 0; index < RATE_LIMIT + 2; index += 1) {
    statuses.push((await limited.get(`${index % 2 ? a : b}/api/v1/glossary?limit=1`)).status);
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
  expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
}

describe('on a Redis Cluster of three masters', () => {
  let cluster: Awaited<ReturnType<typeof startRedisCluster>>;
  let instances: TestServer[] = [];

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
    instances = await startInstances({ REDIS_CLUSTER_NODES: cluster.nodes });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await cluster?.stop();
  });

  it('keeps one state across instances, and is ready', async () => {
    const [a, b] = instances.map((instance) => instance.url) as [string, string];
    for (const base of [a, b]) expect((await clientAt('127.0.0.41').get(`${base}/readyz`)).status).toBe(200);
    expect(instances[0]!.output.join('\n')).toMatch(/state +Redis Cluster via 127\.0\.0\.1:\d+/);
    await expectOneState(a, b, 'cluster', '127.0.0.42');
  }, 60_000);
});

describe('on Sentinel, with a failover in the middle', () => {
  let setup: SentinelSetup;
  let instances: TestServer[] = [];

  beforeAll(async () => {
    setup = await startSentinelSetup();
    instances = await startInstances({ REDIS_SENTINELS: setup.sentinels, REDIS_SENTINEL_MASTER: setup.name });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await setup?.stop();
  });

  it('keeps one state across instances, and loses nothing acknowledged in a failover', async () => {
    const [a, b] = instances.map((instance) => instance.url) as [string, string];
    expect((await clientAt('127.0.0.51').get(`${a}/readyz`)).status).toBe(200);
    await expectOneState(a, b, 'sentinel', '127.0.0.52');

    // Writers register tokens on both instances, before, during and after the failover; every token
    // whose registration was answered 201 must work afterwards. Each request comes from an address of
    // its own, so no rate limit or share stands in the way.
    let sent = 0;
    const fresh = () => clientAt(`127.0.${1 + Math.floor(sent / 250)}.${1 + (sent++ % 250)}`);
    const acknowledged: string[] = [];
    let writing = true;
    const writers = [a, b].map(async (base) => {
      while (writing) {
        const started = performance.now();
        const answer = await fresh().post(`${base}/api/auth/register`, {});
        expect(performance.now() - started).toBeLessThan(5_000);
        if (answer.status === 201) acknowledged.push(answer.json().access_token as string);
        else expect(answer.status, answer.text).toBe(503);
        await sleep(30);
      }
    });
    await sleep(500);
    const oldMaster = await setup.currentMasterPort();
    await setup.failover();
    expect(await setup.currentMasterPort()).not.toBe(oldMaster);
    // Both instances follow the new master by themselves. A write counts once a replica has it (WAIT),
    // so registrations answer 503 until the old master has rejoined as the new one's replica (about
    // 10 s here, with one replica): then they are acknowledged again.
    const atFailover = acknowledged.length;
    const deadline = Date.now() + 40_000;
    while (acknowledged.length < atFailover + 10 && Date.now() < deadline) await sleep(100);
    writing = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(atFailover + 10);
    for (const base of [a, b]) expect((await fresh().get(`${base}/readyz`)).status).toBe(200);

    const lost: number[] = [];
    for (const [index, token] of acknowledged.entries()) {
      const answer = await fresh().get(`${index % 2 ? a : b}/api/v1/essays?limit=1`, {
        authorization: `Bearer ${token}`,
      });
      if (answer.status !== 200) lost.push(index);
    }
    expect(lost, `of ${acknowledged.length} acknowledged, ${atFailover} before the failover`).toEqual([]);
    await expectOneState(a, b, 'failover', '127.0.0.54');
  }, 120_000);
});
