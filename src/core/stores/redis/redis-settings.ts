// Which Redis the stores use, read from the environment with the rest of the configuration: one server
// (REDIS_URL), a Redis Cluster (REDIS_CLUSTER_NODES) or a master found through Sentinel (REDIS_SENTINELS
// and REDIS_SENTINEL_MASTER), with optional credentials and TLS with client certificates. Everything
// here that is shown to people (the start-up summary, /readyz, a configuration error) is redacted.
import { existsSync } from 'node:fs';
import { z } from 'zod';

export interface RedisNodeAddress {
  host: string;
  port: number;
}

export type RedisTopology =
  | { kind: 'single'; url: string }
  | { kind: 'cluster'; nodes: RedisNodeAddress[] }
  | { kind: 'sentinel'; sentinels: RedisNodeAddress[]; master: string };

export interface RedisTls {
  /** Files, read when connecting: the CA that signed the servers, and this client's certificate and key. */
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
}

export interface RedisSettings {
  topology: RedisTopology;
  /** For Cluster and Sentinel nodes (a REDIS_URL carries its own). */
  username?: string | undefined;
  password?: string | undefined;
  /** TLS: set by rediss://, REDIS_TLS=true or any of the REDIS_TLS_* files. */
  tls?: RedisTls | undefined;
  /** Longest a command waits for its reply before the store degrades. */
  commandTimeoutMs: number;
  /**
   * Replicas that must have a script's writes before it counts as done (WAIT): with Sentinel 1 by
   * default, so a failover cannot lose what was acknowledged; 0 elsewhere.
   */
  waitReplicas?: number | undefined;
}

const hostPort = /^(\[[0-9a-fA-F:.]+\]|[^\s:,[\]]+):(\d{1,5})$/;

/** A comma-separated `host:port` list; undefined when any entry is not one. */
export function parseNodeList(text: string): RedisNodeAddress[] | undefined {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const nodes = entries.map((entry) => hostPort.exec(entry));
  if (nodes.length === 0 || nodes.some((match) => !match || Number(match[2]) > 65_535)) return undefined;
  return nodes.map((match) => ({
    host: (match as RegExpExecArray)[1]!.replace(/^\[(.*)\]$/, '$1'),
    port: Number((match as RegExpExecArray)[2]),
  }));
}

const nodeList = z.string().refine((text) => parseNodeList(text) !== undefined, {
  message: 'must be a comma-separated list of host:port',
});
const readableFile = z.string().refine((file) => existsSync(file), { message: 'no such file' });

/** The Redis variables, merged into the configuration's schema (config.ts). */
export const RedisEnvShape = {
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_CLUSTER_NODES: nodeList.optional(),
  REDIS_SENTINELS: nodeList.optional(),
  REDIS_SENTINEL_MASTER: z.string().min(1).optional(),
  REDIS_USERNAME: z.string().min(1).optional(),
  REDIS_PASSWORD: z.string().min(1).optional(),
  REDIS_TLS: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  REDIS_TLS_CA: readableFile.optional(),
  REDIS_TLS_CERT: readableFile.optional(),
  REDIS_TLS_KEY: readableFile.optional(),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  REDIS_WAIT_REPLICAS: z.coerce.number().int().min(0).max(16).optional(),
};

type RedisEnv = z.infer<z.ZodObject<typeof RedisEnvShape>>;

/** What is wrong with a combination of Redis variables: [variable, message], or undefined when fine. */
export function redisEnvProblem(env: RedisEnv): [string, string] | undefined {
  const chosen = (['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'] as const).filter((name) => env[name]);
  if (chosen.length > 1) return [chosen[1]!, `set only one of ${chosen.join(' and ')}`];
  if (env.REDIS_SENTINELS && !env.REDIS_SENTINEL_MASTER)
    return ['REDIS_SENTINEL_MASTER', 'required with REDIS_SENTINELS: the name the sentinels monitor'];
  if (env.REDIS_SENTINEL_MASTER && !env.REDIS_SENTINELS)
    return ['REDIS_SENTINELS', 'required with REDIS_SENTINEL_MASTER: the sentinels to ask'];
  if (Boolean(env.REDIS_TLS_CERT) !== Boolean(env.REDIS_TLS_KEY))
    return [
      env.REDIS_TLS_CERT ? 'REDIS_TLS_KEY' : 'REDIS_TLS_CERT',
      'a client certificate needs its key, and a key its certificate',
    ];
  return undefined;
}

export function redisSettingsFrom(env: RedisEnv): RedisSettings | undefined {
  let topology: RedisTopology;
  if (env.REDIS_URL) topology = { kind: 'single', url: env.REDIS_URL };
  else if (env.REDIS_CLUSTER_NODES) topology = { kind: 'cluster', nodes: parseNodeList(env.REDIS_CLUSTER_NODES)! };
  else if (env.REDIS_SENTINELS && env.REDIS_SENTINEL_MASTER)
    topology = { kind: 'sentinel', sentinels: parseNodeList(env.REDIS_SENTINELS)!, master: env.REDIS_SENTINEL_MASTER };
  else return undefined;
  const files = { ca: env.REDIS_TLS_CA, cert: env.REDIS_TLS_CERT, key: env.REDIS_TLS_KEY };
  const tlsWanted =
    env.REDIS_TLS === true || env.REDIS_URL?.startsWith('rediss:') || Object.values(files).some(Boolean);
  return {
    topology,
    username: env.REDIS_USERNAME,
    password: env.REDIS_PASSWORD,
    tls: tlsWanted ? files : undefined,
    commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    waitReplicas: env.REDIS_WAIT_REPLICAS ?? (topology.kind === 'sentinel' ? 1 : 0),
  };
}

const address = ({ host, port }: RedisNodeAddress) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The store in one phrase, with no credentials: for the start-up summary and /readyz. */
export function describeRedis(settings: RedisSettings): string {
  const tls = settings.tls ? ' over TLS' : '';
  const { topology } = settings;
  switch (topology.kind) {
    case 'single': {
      const url = new URL(topology.url);
      const database = url.pathname.replace(/^\//, '');
      return `Redis at ${url.host}${database ? ` (database ${database})` : ''}${tls}`;
    }
    case 'cluster':
      return `Redis Cluster via ${topology.nodes.map(address).join(', ')}${tls}`;
    case 'sentinel':
      return `Redis master "${topology.master}" via Sentinel ${topology.sentinels.map(address).join(', ')}${tls}`;
  }
}

/**
 * An environment value as it may be shown in an error: secrets hidden, and anything that looks like
 * credentials in a URL (everything up to its last `@`) replaced, even when the URL is malformed.
 */
export function redactEnvValue(name: string, value: string): string {
  if (/PASSWORD|SECRET|API_KEY|TOKEN/.test(name)) return '(hidden)';
  const at = value.lastIndexOf('@');
  if (at === -1) return value;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
  return `${scheme}(credentials hidden)${value.slice(at)}`;
}
