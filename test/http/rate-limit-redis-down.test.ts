// `npm run test:redis` only (it sets TEST_REDIS_URL): a server sharing its state through a Redis of its
// own, which the test stops. Rate limits must hold while Redis is away (per instance: each counts what it
// sees), not switch off: anyone able to slow Redis could otherwise send without limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const enabled = Boolean(process.env['TEST_REDIS_URL']);
if (!enabled) console.log('rate-limit-redis-down: skipped: runs under npm run test:redis (TEST_REDIS_URL unset).');

describe.runIf(enabled)('rate limits while Redis is stopped', () => {
  let redis: RedisProcess;
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rate-limit-down-'));
    redis = new RedisProcess(await freePort(), dir);
    await redis.start();
    server = await startTestServer({ REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '3', LOG_REQUESTS: 'false' });
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('still answers 429 past the limit, with the headers, and answers without waiting', async () => {
    const glossary = `${server.url}/api/v1/glossary?limit=1`;
    expect((await fetch(glossary)).status).toBe(200);
    await redis.stop();
    const statuses: number[] = [];
    let refused: { headers: Headers; body: { error: { code: string } } } | undefined;
    const started = performance.now();
    for (let index = 0; index < 5; index += 1) {
      const response = await fetch(glossary);
      statuses.push(response.status);
      const body = await response.json();
      if (response.status === 429) refused ??= { headers: response.headers, body };
    }
    expect(performance.now() - started).toBeLessThan(2_000);
    // Redis held the first request; the instance counts afresh, so three more pass, then 429.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(refused!.body.error.code).toBe('rate_limited');
    expect(refused!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
