// Which Redis the stores use, from the environment: one topology at a time, validated at start-up, and
// never a password in anything printed (a configuration error, the start-up summary).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/core/config.ts';
import { describeRedis } from '../../src/core/stores/redis/redis-settings.ts';
import { startupReport } from '../../src/server/startup-report.ts';

const SECRET = 'hunter2-very-secret';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('Redis settings', () => {
  it('never prints the password of a malformed REDIS_URL, nor REDIS_PASSWORD', () => {
    for (const url of [`redis://user:${SECRET}@host:notaport`, `redis//:${SECRET}@host`, `http://:${SECRET}@h:1`]) {
      const message = configError({ REDIS_URL: url });
      expect(message).toContain('REDIS_URL=');
      expect(message).not.toContain(SECRET);
    }
    const message = configError({ REDIS_PASSWORD: SECRET, REDIS_SENTINELS: 'localhost:26379' });
    expect(message).toContain('REDIS_SENTINEL_MASTER');
    expect(message).not.toContain(SECRET);
  });

  it('names the store in the start-up summary without credentials', () => {
    const single = loadConfig({ REDIS_URL: `redis://app:${SECRET}@cache.internal:6380/2` });
    const report = startupReport(single, 'http://127.0.0.1:4321');
    expect(report).toMatch(/state +Redis at cache\.internal:6380 \(database 2\)/);
    expect(report).not.toContain(SECRET);
    expect(startupReport(loadConfig({}), 'http://127.0.0.1:4321')).toMatch(/state +in memory/);
  });

  it('selects Cluster or Sentinel by their variables, one topology at a time', () => {
    const cluster = loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7001,[::1]:7002' }).redis!;
    expect(cluster.topology).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '::1', port: 7002 },
      ],
    });
    expect(describeRedis(cluster)).toBe('Redis Cluster via 10.0.0.1:7000, 10.0.0.2:7001, [::1]:7002');
    const sentinel = loadConfig({ REDIS_SENTINELS: 's1:26379,s2:26379', REDIS_SENTINEL_MASTER: 'hub' }).redis!;
    expect(sentinel.topology).toMatchObject({ kind: 'sentinel', master: 'hub' });
    expect(configError({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'b:2' })).toMatch(/set only one of/);
    expect(configError({ REDIS_CLUSTER_NODES: 'just-a-host' })).toMatch(/REDIS_CLUSTER_NODES=.*host:port/);
    expect(configError({ REDIS_SENTINEL_MASTER: 'hub' })).toMatch(/REDIS_SENTINELS=/);
  });

  it('turns TLS on by rediss://, REDIS_TLS or a certificate file, and refuses a file that is not there', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://h:6380' }).redis!.tls).toBeDefined();
    expect(loadConfig({ REDIS_URL: 'redis://h:6379' }).redis!.tls).toBeUndefined();
    const files = loadConfig({ REDIS_CLUSTER_NODES: 'h:1', REDIS_TLS_CA: 'package.json' }).redis!;
    expect(files.tls).toEqual({ ca: 'package.json', cert: undefined, key: undefined });
    expect(describeRedis(files)).toMatch(/over TLS$/);
    expect(configError({ REDIS_URL: 'rediss://h:1', REDIS_TLS_CA: 'no/such/ca.pem' })).toMatch(
      /REDIS_TLS_CA=.*no such file/,
    );
    expect(configError({ REDIS_URL: 'rediss://h:1', REDIS_TLS_CERT: 'package.json' })).toMatch(/REDIS_TLS_KEY/);
  });

  it('bounds every command by REDIS_COMMAND_TIMEOUT_MS, 1 s unless set', () => {
    expect(loadConfig({ REDIS_URL: 'redis://h:1' }).redis!.commandTimeoutMs).toBe(1_000);
    expect(loadConfig({ REDIS_URL: 'redis://h:1', REDIS_COMMAND_TIMEOUT_MS: '250' }).redis!.commandTimeoutMs).toBe(250);
    expect(configError({ REDIS_URL: 'redis://h:1', REDIS_COMMAND_TIMEOUT_MS: '0' })).toMatch(
      /REDIS_COMMAND_TIMEOUT_MS/,
    );
  });
});
