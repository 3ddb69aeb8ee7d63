// TLS to Redis with client certificates (REDIS_TLS_CA, REDIS_TLS_CERT, REDIS_TLS_KEY): a redis-server
// that requires a client certificate signed by a test CA serves an instance that has one, and an
// instance without one is not ready. The certificates are made here with openssl, for this run only.
// Runs with `npm run test:cluster` (needs redis-server built with TLS, as Debian's is, and openssl).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisProcess } from '../support/cluster.ts';
import { httpFrom } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).error === undefined;
if (!hasOpenssl) console.log('redis-tls: skipped: openssl is not installed.');

let dir: string;
let redis: RedisProcess;
const servers: TestServer[] = [];
const file = (name: string) => path.join(dir, name);

function openssl(args: string[]): void {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${run.stderr}`);
}

/** A certificate for `name` signed by the test CA; `extensions` as openssl's -extfile takes them. */
function signed(name: string, subject: string, extensions: string): void {
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject]);
  writeFileSync(file(`${name}.ext`), extensions);
  openssl(
    ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial'].concat([
      '-out',
      `${name}.crt`,
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
    ]),
  );
}

describe.runIf(hasOpenssl)('TLS to Redis with a client certificate', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'redis-tls-'));
    openssl(
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt'].concat([
        '-days',
        '1',
        '-subj',
        '/CN=research-hub test CA',
      ]),
    );
    signed('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\n');
    signed('client', '/CN=research-hub instance', 'extendedKeyUsage=clientAuth\n');
    const port = await freePort();
    redis = new RedisProcess(port, dir, [
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--tls-cert-file',
      file('server.crt'),
      '--tls-key-file',
      file('server.key'),
      '--tls-ca-cert-file',
      file('ca.crt'),
      '--tls-auth-clients',
      'yes',
    ]);
    await redis.start();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function serverWith(env: Record<string, string>): Promise<TestServer> {
    const server = await startTestServer({
      REDIS_URL: `rediss://127.0.0.1:${redis.port}`,
      REDIS_TLS_CA: file('ca.crt'),
      LOG_REQUESTS: 'false',
      ...env,
    });
    servers.push(server);
    return server;
  }

  it('keeps state in a Redis that requires a client certificate, over TLS', async () => {
    const server = await serverWith({ REDIS_TLS_CERT: file('client.crt'), REDIS_TLS_KEY: file('client.key') });
    expect(server.output.join('\n')).toMatch(/state +Redis at 127\.0\.0\.1:\d+ over TLS/);
    expect((await httpFrom('127.0.0.61', `${server.url}/readyz`)).status).toBe(200);
    const registered = await httpFrom('127.0.0.61', `${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(registered.status).toBe(201);
    const token = registered.json().access_token as string;
    const bearer = await httpFrom('127.0.0.61', `${server.url}/api/v1/essays?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
  });

  it('is not ready without a client certificate', async () => {
    const server = await serverWith({});
    const ready = await httpFrom('127.0.0.62', `${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.json().error.message).toMatch(/unreachable/);
  });
});
