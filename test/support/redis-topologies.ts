// Real Redis topologies on loopback for `npm run test:cluster`: a Redis Cluster of three masters
// (`redis-server --cluster-enabled yes`, joined by `redis-cli --cluster create`), and a master with a
// replica watched by three sentinels. Each process runs deploy/redis.conf in a directory of its own;
// everything is stopped and removed at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@redis/client';
import { freePort, RedisProcess } from './cluster.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks one node a command (a short-lived client of its own). */
export async function ask(port: number, args: string[]): Promise<unknown> {
  const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.sendCommand(args);
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface RedisClusterSetup {
  masters: RedisProcess[];
  /** For REDIS_CLUSTER_NODES. */
  nodes: string;
  stop(): Promise<void>;
}

export async function startRedisCluster(count = 3): Promise<RedisClusterSetup> {
  const dirs: string[] = [];
  const masters: RedisProcess[] = [];
  const stop = async () => {
    await Promise.all(masters.map((master) => master.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const dir = mkdtempSync(path.join(tmpdir(), 'rh-redis-cluster-'));
      dirs.push(dir);
      const master = new RedisProcess(await freePort(), dir, [
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        '2000',
      ]);
      masters.push(master);
      await master.start();
    }
    const addresses = masters.map((master) => `127.0.0.1:${master.port}`);
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${created.stdout}${created.stderr}`);
    for (const master of masters) {
      await waitFor(`cluster state on ${master.port} not ok`, async () =>
        String(await ask(master.port, ['CLUSTER', 'INFO'])).includes('cluster_state:ok'),
      );
    }
    return { masters, nodes: addresses.join(','), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface SentinelSetup {
  master: RedisProcess;
  replica: RedisProcess;
  /** For REDIS_SENTINELS. */
  sentinels: string;
  name: string;
  /** The port of the master the sentinels name now. */
  currentMasterPort(): Promise<number>;
  /** Asks a sentinel for a failover and waits until the replica is the master. */
  failover(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSentinelSetup(name = 'hub', sentinelCount = 3): Promise<SentinelSetup> {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rh-redis-sentinel-'));
    dirs.push(dir);
    return dir;
  };
  // Each port is picked once the process before it listens, so two never pick the same free port.
  const master = new RedisProcess(await freePort(), newDir());
  let replica: RedisProcess | undefined;
  const sentinels: Array<{ port: number; child: ChildProcess }> = [];
  const stop = async () => {
    for (const { child } of sentinels) child.kill('SIGTERM');
    await Promise.all([master.stop(), replica?.stop()]);
    await sleep(100);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await master.start();
    const started = new RedisProcess(await freePort(), newDir(), ['--replicaof', '127.0.0.1', String(master.port)]);
    replica = started;
    await started.start();
    await waitFor('replica not in sync', async () =>
      String(await ask(started.port, ['INFO', 'replication'])).includes('master_link_status:up'),
    );
    for (let index = 0; index < sentinelCount; index += 1) {
      const port = await freePort();
      const dir = newDir();
      const conf = path.join(dir, 'sentinel.conf');
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${master.port} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 2000`,
          '',
        ].join('\n'),
      );
      const child = spawn('redis-server', [conf, '--sentinel'], { cwd: dir, stdio: 'ignore' });
      sentinels.push({ port, child });
      await waitFor(`sentinel ${port} does not answer`, async () => (await ask(port, ['PING'])) === 'PONG');
    }
    for (const { port } of sentinels) {
      await waitFor(`sentinel ${port} does not see the replica`, async () => {
        const replicas = (await ask(port, ['SENTINEL', 'REPLICAS', name])) as unknown[];
        return replicas.length > 0;
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const currentMasterPort = async () =>
    Number(((await ask(sentinels[0]!.port, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name])) as string[])[1]);
  return {
    master,
    replica: replica!,
    sentinels: sentinels.map(({ port }) => `127.0.0.1:${port}`).join(','),
    name,
    currentMasterPort,
    async failover() {
      const before = await currentMasterPort();
      await ask(sentinels[0]!.port, ['SENTINEL', 'FAILOVER', name]);
      await waitFor('failover did not happen', async () => (await currentMasterPort()) !== before);
      const after = await currentMasterPort();
      await waitFor('the new master is not a master yet', async () =>
        String(await ask(after, ['INFO', 'replication'])).includes('role:master'),
      );
    },
    stop,
  };
}
