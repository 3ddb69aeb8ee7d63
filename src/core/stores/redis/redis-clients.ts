// The node-redis client for each topology (one server, Cluster, Sentinel), behind one small shape: send
// a command, say whether connected, close. Nothing here bounds a wait (command-guard.ts does, for all
// three alike); node-redis's own per-command timeout is left off, as it stops timing a command once
// it is written.
import { readFileSync } from 'node:fs';
import { createClient, createCluster, createSentinel, RESP_TYPES } from '@redis/client';
import type { RedisSettings, RedisTls } from './redis-settings.ts';

export type RedisArgument = string | Buffer;

export interface RawRedis {
  /**
   * Sends one command, unbounded; bulk strings come back as Buffers when `binary`. A Cluster routes it
   * by `routeKey` when given (a WAIT to the node that took a write), else by its first key.
   */
  send(args: readonly RedisArgument[], binary: boolean, routeKey?: RedisArgument): Promise<unknown>;
  /** Connected (for Cluster: to the nodes it has found), so a command is sent rather than refused. */
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  /** Closes at once, failing whatever waits for a reply. */
  destroy(): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

const asBuffers = { [RESP_TYPES.BLOB_STRING]: Buffer } as const;

/** Options every connection gets: no offline queue (a command fails at once while disconnected). */
function socketOptions(tls: RedisTls | undefined) {
  const secure = tls
    ? {
        tls: true as const,
        ...(tls.ca ? { ca: readFileSync(tls.ca) } : {}),
        ...(tls.cert ? { cert: readFileSync(tls.cert) } : {}),
        ...(tls.key ? { key: readFileSync(tls.key) } : {}),
      }
    : {};
  return {
    connectTimeout: 2_000,
    // Keep trying, at most every 2 s, so the stores recover when Redis returns.
    reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
    ...secure,
  };
}

/**
 * No timer per command: node-redis 6 otherwise gives each one a 5 s AbortSignal.timeout and a listener,
 * dropped once the command is written, so it never bounds a stall, yet it showed in a CPU profile of
 * every cache-hit search (two commands each). The guard's one watchdog bounds every wait instead.
 */
const commandOptions = { timeout: 0 } as const;

const clientOptions = (settings: RedisSettings) => ({
  disableOfflineQueue: true,
  commandOptions,
  // While Redis is stalled, commands already written wait in the client until the guard gives up on them
  // and its breaker stops sending more: at most this many, so a stall cannot grow the heap without end.
  commandsQueueMaxLength: 10_000,
  ...(settings.username ? { username: settings.username } : {}),
  ...(settings.password ? { password: settings.password } : {}),
});

/** The key a Cluster routes a command by: the first declared key of a script, else the first argument. */
export function firstKeyOf(args: readonly RedisArgument[]): RedisArgument | undefined {
  const name = String(args[0]).toUpperCase();
  if (name === 'EVAL' || name === 'EVALSHA') return Number(args[2]) > 0 ? args[3] : undefined;
  if (name === 'PING' || name === 'TIME' || name === 'INFO' || name === 'CONFIG' || name === 'SCRIPT') return undefined;
  return args[1];
}

/** What the three node-redis clients share, beside their own ways of sending and of being destroyed. */
interface ClientLifecycle {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  close(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

function rawRedis(client: ClientLifecycle, send: RawRedis['send'], destroy: () => void): RawRedis {
  return {
    send,
    get isReady() {
      return client.isReady;
    },
    connect: () => client.connect(),
    close: async () => void (await client.close()),
    destroy,
    on: (event, listener) => void client.on(event, listener),
  };
}

function single(settings: RedisSettings, url: string): RawRedis {
  const client = createClient({
    url,
    ...clientOptions(settings),
    socket: socketOptions(settings.tls),
  });
  const binary = client.withTypeMapping(asBuffers);
  return rawRedis(
    client,
    (args, wantBuffers) => (wantBuffers ? binary : client).sendCommand([...args]),
    () => client.destroy(),
  );
}

function cluster(settings: RedisSettings, nodes: ReadonlyArray<{ host: string; port: number }>): RawRedis {
  const defaults = { ...clientOptions(settings), socket: socketOptions(settings.tls) };
  const client = createCluster({
    rootNodes: nodes.map(({ host, port }) => ({ socket: { ...defaults.socket, host, port } })),
    defaults,
    commandOptions,
  });
  const binary = client.withTypeMapping(asBuffers);
  return rawRedis(
    client,
    (args, wantBuffers, routeKey) =>
      (wantBuffers ? binary : client).sendCommand(routeKey ?? firstKeyOf(args), false, [...args]),
    () => client.destroy(),
  );
}

function sentinel(settings: RedisSettings, sentinels: Array<{ host: string; port: number }>, master: string): RawRedis {
  const client = createSentinel({
    name: master,
    sentinelRootNodes: sentinels,
    commandOptions,
    nodeClientOptions: { ...clientOptions(settings), socket: socketOptions(settings.tls) },
    sentinelClientOptions: { socket: socketOptions(settings.tls) },
    // Errors of the clients inside (a master gone in a failover) reach our one listener.
    passthroughClientErrorEvents: true,
    // Look for a new master often: a failover is noticed within this (besides Sentinel's own messages).
    scanInterval: 2_000,
  });
  const binary = client.withTypeMapping(asBuffers);
  return rawRedis(
    client,
    (args, wantBuffers) => (wantBuffers ? binary : client).sendCommand(false, [...args]),
    () => void client.destroy().catch(() => undefined),
  );
}

export function createRawRedis(settings: RedisSettings): RawRedis {
  const { topology } = settings;
  switch (topology.kind) {
    case 'single':
      return single(settings, topology.url);
    case 'cluster':
      return cluster(settings, topology.nodes);
    case 'sentinel':
      return sentinel(settings, topology.sentinels, topology.master);
  }
}
