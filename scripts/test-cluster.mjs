#!/usr/bin/env node
// @ts-check
// `npm run test:cluster`: two instances sharing a redis-server behind nginx, all on loopback, running
// the shipped deploy/redis.conf and deploy/nginx.conf; the same instances on a Redis Cluster of three
// masters and on Sentinel with a failover; and the fault suite (a stalled Redis) (test/cluster/).
// Skips, saying why, where redis-server, redis-cli or nginx is missing outside CI; in CI (CI=true) a
// missing one is a failure.
import { spawnSync } from 'node:child_process';

const missing = ['redis-server', 'redis-cli', 'nginx'].filter(
  (command) => spawnSync(command, ['-v'], { stdio: 'ignore' }).error !== undefined,
);
if (missing.length > 0) {
  if (process.env['CI'] === 'true') {
    console.error(`test:cluster: ${missing.join(' and ')} not installed (CI must install them: .ci/run does).`);
    process.exit(1);
  }
  console.log(
    `test:cluster: skipped: ${missing.join(' and ')} not installed (apt-get install redis-server redis-tools nginx).`,
  );
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'cluster', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
