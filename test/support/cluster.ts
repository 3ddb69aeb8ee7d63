// A small cluster on loopback for `npm run test:cluster`: redis-server with deploy/redis.conf, two
// instances of the built server sharing it, and Debian's nginx running deploy/nginx.conf in front,
// each in a temporary directory of its own and all stopped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const NGINX_CONF = path.join(root, 'deploy/nginx.conf');
export const REDIS_CONF = path.join(root, 'deploy/redis.conf');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once something accepts connections on the port. */
async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * The shipped nginx.conf with the test's addresses: the listen port, the two upstream servers and the
 * directory for the pid and temp files. Every substitution must apply, so an edit to the shipped file
 * that this no longer matches fails loudly instead of testing something else.
 */
export function renderNginxConf(source: string, listen: string, upstreams: readonly [string, string], dir: string) {
  const substitutions: Array<[string, string]> = [
    ['listen 8080;', `listen ${listen};`],
    ['server app-1:4321 ', `server ${upstreams[0]} `],
    ['server app-2:4321 ', `server ${upstreams[1]} `],
    ['/tmp/', `${dir}/`],
  ];
  return substitutions.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}"`);
    return text.replaceAll(from, to);
  }, source);
}

/** redis-server on a fixed port and directory, so it can be stopped and started again with its data. */
export class RedisProcess {
  readonly port: number;
  readonly url: string;
  readonly #dir: string;
  /** Settings after the shipped file's, as `--name value` pairs (a test's small maxmemory). */
  readonly #extra: readonly string[];
  #child: ChildProcess | undefined;

  constructor(port: number, dir: string, extra: readonly string[] = []) {
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
    this.#dir = dir;
    this.#extra = extra;
  }

  async start(): Promise<void> {
    // A copy of the shipped file: Sentinel's failover has Redis rewrite its configuration file (CONFIG
    // REWRITE), which must never be the one in the working copy.
    const conf = path.join(this.#dir, `redis-${this.port}.conf`);
    copyFileSync(REDIS_CONF, conf);
    const args = [conf, '--port', String(this.port), '--bind', '127.0.0.1', ...this.#extra];
    this.#child = spawn('redis-server', args, { cwd: this.#dir, stdio: 'ignore' });
    await waitForPort(this.port);
  }

  /** SIGTERM: Redis writes its append-only file and exits, as `docker compose stop` would have it. */
  /** Stops (SIGSTOP) or resumes (SIGCONT) the process: up and connected, but answering nothing. */
  pause(paused: boolean): void {
    this.#child?.kill(paused ? 'SIGSTOP' : 'SIGCONT');
  }

  /** SIGKILL: Redis dies as in a crash, with no chance to write what its append-only file lacks. */
  async crash(): Promise<void> {
    if (!this.#child) return;
    this.#child.kill('SIGKILL');
    await exitOf(this.#child);
    this.#child = undefined;
  }

  async stop(): Promise<void> {
    if (!this.#child) return;
    this.#child.kill('SIGTERM');
    await exitOf(this.#child);
    this.#child = undefined;
  }
}

export interface Cluster {
  redis: RedisProcess;
  /** The two app instances; `restart` replaces an entry. */
  instances: TestServer[];
  /** nginx in front of both. */
  url: string;
  /** Starts instance `index` again on its port (after a stop or a kill). */
  restart(index: number): Promise<TestServer>;
  /** What nginx wrote to stderr (warnings and errors). */
  nginxLog: string[];
  stop(): Promise<void>;
}

export async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-cluster-'));
  const redis = new RedisProcess(await freePort(), dir);
  const ports = [await freePort(), await freePort()];
  const instanceEnv = (port: number) => ({
    ...env,
    PORT: String(port),
    REDIS_URL: redis.url,
    TRUST_PROXY: '127.0.0.1',
    LOG_REQUESTS: 'false',
  });
  const instances: TestServer[] = [];
  let nginx: ChildProcess | undefined;
  const nginxLog: string[] = [];
  // Also run when start-up fails half-way, so nothing is left running.
  const stop = async () => {
    nginx?.kill('SIGTERM');
    await Promise.all([nginx ? exitOf(nginx) : undefined, ...instances.map((instance) => instance.stop())]);
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  const listen = `127.0.0.1:${await freePort()}`;
  try {
    await redis.start();
    instances.push(...(await Promise.all(ports.map((port) => startTestServer(instanceEnv(port))))));
    const upstreams = ports.map((port) => `127.0.0.1:${port}`) as [string, string];
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, renderNginxConf(readFileSync(NGINX_CONF, 'utf8'), listen, upstreams, dir));
    // -e: the compiled-in error log (/var/log/nginx) is not writable without root, and nginx opens it
    // before reading the configuration.
    nginx = spawn('nginx', ['-p', dir, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    nginx.stderr?.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString('utf8')));
    await waitForPort(Number(listen.split(':')[1])).catch((error: unknown) => {
      throw new Error(`nginx did not start: ${nginxLog.join('')}`, { cause: error });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    redis,
    instances,
    url: `http://${listen}`,
    nginxLog,
    async restart(index) {
      await instances[index]?.stop();
      const started = await startTestServer(instanceEnv(ports[index] ?? 0));
      instances[index] = started;
      return started;
    },
    stop,
  };
}
