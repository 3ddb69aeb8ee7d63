// Two instances sharing Redis behind nginx (deploy/nginx.conf, deploy/redis.conf), on loopback: state
// is one across instances, survives restarts, and a Redis outage degrades as the README documents.
// The tests run in order: the later ones kill, restart and stop what the earlier ones used.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { httpFrom, type RawResponse } from '../support/http.ts';
import { mcpFramed } from '../support/mcp-framing.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';

const RATE_LIMIT = 60;
const JOB_LEASE_MS = 3_000;

let cluster: Cluster;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;

beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
  cluster = await startCluster({
    OPENALEX_URL: standIn.url,
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    JOB_LEASE_MS: String(JOB_LEASE_MS),
    // Short enough that an MCP call kept slow by the stand-in becomes a task without a long wait.
    SYNC_BUDGET_MS: '2000',
    // The last test registers until Redis is back; the hourly limit is not what it tests.
    REGISTER_PER_HOUR: '1000',
  });
});

afterAll(async () => {
  await cluster?.stop();
  await standIn?.close();
});

/** The three ways in: instance A, instance B, and nginx in front of both. */
const bases = () => ({ a: cluster.instances[0]!.url, b: cluster.instances[1]!.url, nginx: cluster.url });

/** Each test is a client of its own (a loopback address), so no test spends another's rate limit. */
const client = (address: string) => ({
  get: (url: string, headers: Record<string, string> = {}) => httpFrom(address, url, { headers }),
  post: (url: string, body: unknown, headers: Record<string, string> = {}) =>
    httpFrom(address, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
});

async function pollUntilDone(get: (url: string) => Promise<RawResponse>, url: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await get(url);
    if (response.status !== 202) return response;
    if (Date.now() > deadline) throw new Error(`job still ${response.json().status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const quickBatch = { requests: [{ path: '/api/v1/glossary?limit=2' }, { path: '/ask?q=what%20is%20gas' }] };

describe('one state across instances', () => {
  it('polls a job created on one instance on the other, directly and through nginx', async () => {
    const { a, b, nginx } = bases();
    const me = client('127.0.0.11');
    const accepted = await me.post(`${a}/api/v1/batch`, quickBatch, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    const location = accepted.headers['location']!;
    const done = await pollUntilDone((url) => me.get(url), `${b}${location}`);
    expect(done.status).toBe(200);
    expect(done.json().status).toBe('completed');
    const viaNginx = await me.get(`${nginx}${location}`);
    expect(viaNginx.json()).toEqual(done.json());

    const throughNginx = await me.post(`${nginx}/api/v1/batch`, quickBatch, { prefer: 'respond-async' });
    expect(throughNginx.status).toBe(202);
    const second = throughNginx.headers['location']!;
    const onA = await pollUntilDone((url) => me.get(url), `${a}${second}`);
    expect(onA.json().status).toBe('completed');
    expect((await me.get(`${b}${second}`)).json()).toEqual(onA.json());
    expect(onA.json().result.data.responses[0]).toEqual(done.json().result.data.responses[0]);
  });

  it('makes an MCP task through one instance and reads it through the other, in both revisions', async () => {
    const { a, b } = bases();
    const me = client('127.0.0.19');
    const mcp = (base: string, version: string, method: string, params: Record<string, unknown>) => {
      const framed = mcpFramed(version, method, params);
      return me.post(
        `${base}/.well-known/mcp`,
        { jsonrpc: '2.0', id: 1, method, params: framed.params },
        framed.headers,
      );
    };

    const legacy = (
      await mcp(a, '2025-11-25', 'tools/call', { name: 'search_glossary', arguments: { query: 'gas' }, task: {} })
    ).json();
    const taskId = legacy.result.task.taskId;
    const result = (await mcp(b, '2025-11-25', 'tasks/result', { taskId })).json();
    expect(result.result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId });
    expect(result.result.structuredContent).toBeDefined();
    const listed = (await mcp(b, '2025-11-25', 'tasks/list', {})).json();
    expect(listed.result.tasks.map((task: { taskId: string }) => task.taskId)).toContain(taskId);

    // 2026-07-28: a paper lookup the stand-in keeps past the sync budget becomes a task on A, read on B.
    standIn.setFault({ kind: 'slow', delayMs: 5_000, times: 1 });
    try {
      const created = (
        await mcp(a, '2026-07-28', 'tools/call', { name: 'get_paper', arguments: { id: 'W9000000011' } })
      ).json();
      expect(created.result.resultType).toBe('task');
      const onB = (await mcp(b, '2026-07-28', 'tasks/get', { taskId: created.result.taskId })).json();
      expect(onB.result).toMatchObject({ taskId: created.result.taskId, status: 'working' });
      expect(
        (await mcp(b, '2026-07-28', 'tasks/cancel', { taskId: created.result.taskId })).json().result,
      ).toMatchObject({
        resultType: 'complete',
      });
      const onA = (await mcp(a, '2026-07-28', 'tasks/get', { taskId: created.result.taskId })).json();
      expect(onA.result.status).toBe('cancelled');
    } finally {
      standIn.setFault(undefined);
    }
  });

  it('replays an idempotent request on another instance, and answers 409 and 422 there', async () => {
    const { a, b, nginx } = bases();
    const me = client('127.0.0.12');
    const key = `cluster-replay-${Date.now()}`;
    const first = await me.post(`${a}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    for (const base of [b, nginx]) {
      const again = await me.post(`${base}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    }

    const slowKey = `cluster-in-flight-${Date.now()}`;
    const slowBatch = { requests: [{ path: `/api/v1/reports/search?q=neural&limit=3&page=2` }] };
    standIn.setFault({ kind: 'slow', delayMs: 1_500, times: 1 });
    try {
      const seen = standIn.requests.length;
      const running = me.post(`${a}/api/v1/batch`, slowBatch, { 'idempotency-key': slowKey });
      // The claim is taken before the search goes upstream: once the stand-in has the request, it is held.
      for (let tries = 0; standIn.requests.length === seen && tries < 250; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const busy = await me.post(`${b}/api/v1/batch`, slowBatch, { 'idempotency-key': slowKey });
      expect(busy.status).toBe(409);
      expect(busy.json().error.code).toBe('idempotency_key_in_use');
      expect((await running).status).toBe(200);
    } finally {
      standIn.setFault(undefined);
    }
    const replayed = await me.post(`${nginx}/api/v1/batch`, slowBatch, { 'idempotency-key': slowKey });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const otherBody = await me.post(`${b}/api/v1/batch`, quickBatch, { 'idempotency-key': slowKey });
    expect(otherBody.status).toBe(422);
    expect(otherBody.json().error.code).toBe('idempotency_key_reused');
  });

  it('has one rate limit: the request after the limit is 429 on whichever instance, spoofed or not', async () => {
    const { a, b, nginx } = bases();
    const me = client('127.0.0.13');
    const order = [a, b, nginx];
    const remaining: number[] = [];
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      // Keeping to one instance at first passes the client's buckets to it; then it must hand them over.
      const base = index < 10 ? a : order[index % 3];
      const response = await me.get(`${base}/api/v1/glossary?limit=1`);
      expect(response.status).toBe(200);
      remaining.push(Number(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(Array.from({ length: RATE_LIMIT }, (_, index) => RATE_LIMIT - 1 - index));
    for (const base of order) {
      const refused = await me.get(`${base}/api/v1/glossary?limit=1`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A client's own X-Forwarded-For names no fresh bucket: nginx appends the real address, which the
    // instances take, and straight to an instance the header is not believed at all.
    for (const base of [nginx, a]) {
      expect((await me.get(`${base}/api/v1/glossary?limit=1`, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    }
    // Another client is not affected.
    expect((await client('127.0.0.14').get(`${nginx}/api/v1/glossary?limit=1`)).status).toBe(200);
  });

  it('makes exactly one upstream call for 50 concurrent identical search misses through both instances', async () => {
    const { a, b, nginx } = bases();
    const me = client('127.0.0.15');
    const url = '/api/v1/reports/search?q=language%20model&limit=5&corpus=ai';
    standIn.setFault({ kind: 'slow', delayMs: 400 });
    const before = standIn.worksRequests().length;
    try {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) => me.get(`${[a, b, nginx][index % 3]}${url}`)),
      );
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 200));
      expect(new Set(responses.map((response) => JSON.stringify(response.json().results))).size).toBe(1);
      expect(responses[0]!.json().results.length).toBeGreaterThan(0);
      // The instance that read the page from Redis tags it as the one that loaded it did.
      expect(new Set(responses.map((response) => response.headers['etag'])).size).toBe(1);
      expect(responses[0]!.headers['etag']).toMatch(/^"[\w-]{22}"$/);
    } finally {
      standIn.setFault(undefined);
    }
    expect(standIn.worksRequests().length - before).toBe(1);
  });

  it('passes a server-sent event stream through nginx as it is written, not in one buffered piece', async () => {
    const response = await request(`${bases().nginx}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'how do rollups post data to ethereum', prefer: { streaming: true } }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const arrivals: Array<{ at: number; text: string }> = [];
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      arrivals.push({ at: performance.now(), text: chunk.toString('utf8') });
    }
    const text = arrivals.map((arrival) => arrival.text).join('');
    const answers = text.match(/^event: answer$/gm) ?? [];
    expect(answers.length).toBeGreaterThan(3);
    expect(text).toMatch(/event: done\n/);
    // Answer deltas are paced 15 ms apart by the app: buffered, they would arrive in one piece.
    const firstAnswer = arrivals.findIndex((arrival) => arrival.text.includes('event: answer'));
    const done = arrivals.findIndex((arrival) => arrival.text.includes('event: done'));
    expect(done - firstAnswer).toBeGreaterThanOrEqual(3);
    expect(arrivals[done]!.at - arrivals[firstAnswer]!.at).toBeGreaterThan(30);
  });
});

describe('instances come and go', () => {
  it('ends the job of a killed instance failed within the lease, and nginx routes around it', async () => {
    const { b, nginx } = bases();
    const me = client('127.0.0.16');
    standIn.setFault({ kind: 'slow', delayMs: 6_000, times: 1 });
    try {
      const accepted = await me.post(
        `${bases().a}/api/v1/batch`,
        { requests: [{ path: '/api/v1/reports/search?q=blockchain&limit=4&corpus=web3' }] },
        { prefer: 'respond-async' },
      );
      expect(accepted.status).toBe(202);
      const location = accepted.headers['location']!;
      const deadline = Date.now() + 2_000;
      while ((await me.get(`${b}${location}`)).json().status !== 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await me.get(`${b}${location}`)).json().status).toBe('running');

      const killed = cluster.instances[0]!;
      killed.signal('SIGKILL');
      await killed.exited;
      const { value: ended, ms } = await timed(() => pollUntilDone((url) => me.get(url), `${b}${location}`));
      expect(ended.status).toBe(200);
      expect(ended.json().status).toBe('failed');
      expect(JSON.stringify(ended.json())).toContain('stopped');
      expect(ms).toBeLessThan(JOB_LEASE_MS + 1_000);
      // Every request through nginx is answered by the instance still up.
      for (let index = 0; index < 4; index += 1) {
        expect((await me.get(`${nginx}${location}`)).json().status).toBe('failed');
      }
    } finally {
      standIn.setFault(undefined);
      await cluster.restart(0);
    }
  });

  it('keeps jobs, tokens and idempotency records when both instances restart', async () => {
    const { a, nginx } = bases();
    const me = client('127.0.0.17');
    const registered = await me.post(`${nginx}/api/auth/register`, {});
    expect(registered.status).toBe(201);
    const token = registered.json().access_token as string;
    const accepted = await me.post(`${a}/api/v1/batch`, quickBatch, { prefer: 'respond-async' });
    const location = accepted.headers['location']!;
    const job = await pollUntilDone((url) => me.get(url), `${nginx}${location}`);
    const key = `cluster-restart-${Date.now()}`;
    const answered = await me.post(`${nginx}/ask`, { q: 'what is a wallet' }, { 'idempotency-key': key });

    await Promise.all([cluster.restart(0), cluster.restart(1)]);

    const after = bases();
    for (const base of [after.a, after.b]) {
      expect((await me.get(`${base}${location}`)).json()).toEqual(job.json());
      const bearer = await me.get(`${base}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` });
      expect(bearer.status).toBe(200);
      const replay = await me.post(`${base}/ask`, { q: 'what is a wallet' }, { 'idempotency-key': key });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(answered.json());
    }
    // Revocation on one instance is seen by the other at once.
    const revoked = await me.post(`${after.a}/api/auth/revoke`, { token });
    expect(revoked.status).toBeLessThan(300);
    const refused = await me.get(`${after.b}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` });
    expect(refused.status).toBe(401);
  });
});

describe('Redis down', () => {
  it('degrades as documented without hanging, and recovers when Redis returns', async () => {
    const me = client('127.0.0.18');
    const { nginx } = bases();
    const registered = await me.post(`${nginx}/api/auth/register`, {});
    const token = registered.json().access_token as string;
    const accepted = await me.post(`${nginx}/api/v1/batch`, quickBatch, { prefer: 'respond-async' });
    const location = accepted.headers['location']!;
    const job = await pollUntilDone((url) => me.get(url), `${nginx}${location}`);

    await cluster.redis.stop();
    try {
      const { a, b } = bases();
      for (const [index, base] of [a, b, nginx].entries()) {
        const reads = await timed(() => me.get(`${base}/api/v1/glossary?limit=1`));
        expect(reads.value.status).toBe(200);
        expect(reads.ms).toBeLessThan(1_000);

        const before = standIn.worksRequests().length;
        const search = await timed(() => me.get(`${base}/api/v1/reports/search?q=bitcoin&limit=2&page=${index + 1}`));
        expect(search.value.status).toBe(200);
        expect(search.ms).toBeLessThan(1_000);
        expect(standIn.worksRequests().length).toBeGreaterThan(before);

        const work = await timed(() => me.post(`${base}/api/v1/batch`, quickBatch, { prefer: 'respond-async' }));
        expect(work.value.status).toBe(503);
        expect(work.value.json().error.code).toBe('service_unavailable');
        expect(Number(work.value.headers['retry-after'])).toBeGreaterThan(0);
        expect(work.ms).toBeLessThan(1_000);

        const poll = await timed(() => me.get(`${base}${location}`));
        expect(poll.value.status).toBe(503);
        expect(poll.ms).toBeLessThan(1_000);

        const revoke = await me.post(`${base}/api/auth/revoke`, { token });
        expect(revoke.status).toBe(503);

        const once = await timed(() =>
          me.post(`${base}/ask`, { q: 'what is gas' }, { 'idempotency-key': `cluster-down-${index}` }),
        );
        expect(once.value.status).toBe(503);
        expect(once.ms).toBeLessThan(1_000);

        const register = await timed(() => me.post(`${base}/api/auth/register`, {}));
        expect(register.value.status).toBe(503);
        expect(Number(register.value.headers['retry-after'])).toBeGreaterThan(0);
        expect(register.ms).toBeLessThan(1_000);

        // The token cannot be checked, so the request is served as anonymous rather than refused.
        const bearer = await timed(() => me.get(`${base}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` }));
        expect(bearer.value.status).toBe(200);
        expect(bearer.ms).toBeLessThan(1_000);
      }
    } finally {
      await cluster.redis.start();
    }

    // Back: each instance registers again within its client's reconnect backoff (at most 2 s), and
    // what was stored before the outage is still there (Redis wrote its append-only file on the way down).
    const { a, b } = bases();
    for (const base of [a, b]) {
      const deadline = Date.now() + 5_000;
      let again = await me.post(`${base}/api/auth/register`, {});
      while (again.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        again = await me.post(`${base}/api/auth/register`, {});
      }
      expect(again.status).toBe(201);
    }
    for (const base of [a, b, nginx]) {
      expect((await me.get(`${base}${location}`)).json()).toEqual(job.json());
      expect((await me.get(`${base}/api/v1/essays?limit=1`, { authorization: `Bearer ${token}` })).status).toBe(200);
      const unknown = await me.get(`${base}/api/v1/essays?limit=1`, {
        authorization: `Bearer rh_${'x'.repeat(32)}`,
      });
      expect(unknown.status).toBe(401);
    }
  });
});
