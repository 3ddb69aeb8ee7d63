// Operators can see the state store: /readyz is 503 with the reason while Redis is unreachable,
// refuses the password or may evict state (while /healthz, liveness, stays 200), 200 once Redis
// answers, and no password is ever printed: not in the start-up summary, not in the log. Runs with `npm run test:cluster`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { http } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const PASSWORD = 'correct-horse-battery';
let dir: string;
let redis: RedisProcess;
const servers: TestServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'readiness-'));
  redis = new RedisProcess(await freePort(), dir, ['--requirepass', PASSWORD]);
  await redis.start();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function serverWith(redisUrl: string): Promise<TestServer> {
  const server = await startTestServer({ REDIS_URL: redisUrl, LOG_REQUESTS: 'false' });
  servers.push(server);
  return server;
}

describe('/readyz', () => {
  it('is 503 with the reason while Redis refuses the password, and never prints the password', async () => {
    const wrong = 'not-the-password-1234';
    const server = await serverWith(`redis://:${wrong}@127.0.0.1:${redis.port}`);
    expect((await http(`${server.url}/healthz`)).status).toBe(200);
    const ready = await http(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    const { error } = ready.json();
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(error.message).toMatch(/unreachable: .*(WRONGPASS|password|auth)/i);
    expect(error.resolution).toEqual(expect.any(String));
    expect(ready.text).not.toContain(wrong);
    expect(server.output.join('\n')).toMatch(/state +Redis at 127\.0\.0\.1:\d+/);
    expect(server.output.join('\n')).not.toContain(wrong);
  });

  it('is 503 when Redis may evict state under memory pressure', async () => {
    const evicting = new RedisProcess(await freePort(), dir, ['--maxmemory-policy', 'allkeys-lru']);
    await evicting.start();
    try {
      const server = await serverWith(evicting.url);
      const ready = await http(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.json().error.message).toMatch(/misconfigured: .*allkeys-lru/);
    } finally {
      await evicting.stop();
    }
  });

  it('is 503 while nothing listens at REDIS_URL, and 200 as soon as Redis answers there', async () => {
    const port = await freePort();
    const server = await serverWith(`redis://:${PASSWORD}@127.0.0.1:${port}`);
    const down = await http(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.json().error.message).toMatch(/unreachable/);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    const late = new RedisProcess(port, dir, ['--requirepass', PASSWORD]);
    await late.start();
    try {
      const deadline = Date.now() + 5_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await http(`${server.url}/readyz`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect(server.output.join('\n')).not.toContain(PASSWORD);
    } finally {
      await late.stop();
    }
  });
});
