// All configuration comes from environment variables, validated once at start-up. A bad value stops
// the process with a message that names the variable and the fix.
import { z } from 'zod';
import {
  redactEnvValue,
  RedisEnvShape,
  redisEnvProblem,
  redisSettingsFrom,
  type RedisSettings,
} from './stores/redis/redis-settings.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Registrations one network address may make per hour, unless REGISTER_PER_HOUR says otherwise. */
export const DEFAULT_REGISTER_PER_HOUR = 10;

export const EnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:4321')
    .transform(trimSlash),
  OPENALEX_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.openalex.org')
    .transform(trimSlash),
  OPENALEX_API_KEY: z.string().min(1).optional(),
  OPENALEX_MAILTO: z.email().optional(),
  OPENALEX_TIMEOUT_MS: positiveInt(8_000),
  PAPERS_SOURCE: z.enum(['openalex', 'local']).optional(),
  PAPERS_DB: z.string().min(1).default('data/papers.db'),
  RATE_LIMIT_PER_MINUTE: positiveInt(120),
  SYNC_BUDGET_MS: positiveInt(10_000),
  ALLOWED_ORIGINS: z.string().optional(),
  CONTENT_DIR: z.string().min(1).default('content'),
  LOG_REQUESTS: booleanFlag.default(true),
  MCP_ANSWER_CACHE: booleanFlag.default(true),
  REGISTER_PER_HOUR: positiveInt(DEFAULT_REGISTER_PER_HOUR),
  JOBS_PER_CLIENT: positiveInt(100),
  IDEMPOTENCY_KEYS_PER_CLIENT: positiveInt(1_000),
  TOKENS_PER_CLIENT: positiveInt(50),
  HEADERS_TIMEOUT_MS: positiveInt(10_000),
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  MAX_CONNECTIONS: positiveInt(10_000),
  MAX_CONNECTIONS_PER_CLIENT: positiveInt(256),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).optional(),
  ...RedisEnvShape,
  TRUST_PROXY: z.string().optional(),
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).optional(),
});

export interface Config {
  host: string;
  port: number;
  siteUrl: string;
  openAlexUrl: string;
  openAlexApiKey: string | undefined;
  openAlexMailto: string | undefined;
  openAlexTimeoutMs: number;
  papersSource: 'openalex' | 'local' | undefined;
  papersDb: string;
  rateLimitPerMinute: number;
  syncBudgetMs: number;
  allowedOrigins: string[];
  contentDir: string;
  logRequests: boolean;
  /** MCP answers remembered for their repetitions (mcp/answer-cache.ts); false answers every call afresh. */
  mcpAnswerCache: boolean;
  /** Registrations one network address may make per hour. */
  registerPerHour: number;
  /** What one client (network address) may hold in each store. */
  jobsPerClient: number;
  idempotencyKeysPerClient: number;
  tokensPerClient: number;
  /** Transport limits: slow or greedy clients are cut off (see server/transport.ts). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerClient: number;
  /** How long SIGTERM waits for in-flight work: by default the longest a request may take. */
  shutdownGraceMs: number;
  /** Shared state for several instances (one Redis, a Cluster or Sentinel); unset: bounded in-process stores. */
  redis: RedisSettings | undefined;
  /** REDIS_URL as given, when the store is one Redis server (it may hold a password: never print it). */
  redisUrl: string | undefined;
  /** Proxy addresses whose X-Forwarded-For / Forwarded names the client. */
  trustedProxies: string[];
  /** With Redis: how long a job outlives its instance before it ends failed; unset: the store's default. */
  jobLeaseMs: number | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as they do in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  const problems: Array<[string, string]> = parsed.success
    ? [redisEnvProblem(parsed.data)].filter((problem) => problem !== undefined)
    : parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]);
  if (!parsed.success || problems.length > 0) {
    const lines = problems.map(([name, message]) => {
      // A value is shown to say what was read, never with a password in it (a malformed URL included).
      const shown = JSON.stringify(redactEnvValue(name, env[name] ?? ''));
      return `  ${name}=${shown}: ${message}. Fix the value or unset ${name} to use the default.`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee "Configuration" in README.md.`);
  }
  const e = parsed.data;
  const extraOrigins = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => trimSlash(origin.trim()))
    .filter(Boolean);
  return {
    host: e.HOST,
    port: e.PORT,
    siteUrl: e.SITE_URL,
    openAlexUrl: e.OPENALEX_URL,
    openAlexApiKey: e.OPENALEX_API_KEY,
    openAlexMailto: e.OPENALEX_MAILTO,
    openAlexTimeoutMs: e.OPENALEX_TIMEOUT_MS,
    papersSource: e.PAPERS_SOURCE,
    papersDb: e.PAPERS_DB,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    syncBudgetMs: e.SYNC_BUDGET_MS,
    allowedOrigins: [...new Set([new URL(e.SITE_URL).origin, ...extraOrigins])],
    contentDir: e.CONTENT_DIR,
    logRequests: e.LOG_REQUESTS,
    mcpAnswerCache: e.MCP_ANSWER_CACHE,
    registerPerHour: e.REGISTER_PER_HOUR,
    jobsPerClient: e.JOBS_PER_CLIENT,
    idempotencyKeysPerClient: e.IDEMPOTENCY_KEYS_PER_CLIENT,
    tokensPerClient: e.TOKENS_PER_CLIENT,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? e.OPENALEX_TIMEOUT_MS + e.SYNC_BUDGET_MS,
    redis: redisSettingsFrom(e),
    redisUrl: e.REDIS_URL,
    trustedProxies: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    jobLeaseMs: e.JOB_LEASE_MS,
  };
}
