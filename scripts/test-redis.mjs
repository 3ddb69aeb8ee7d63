#!/usr/bin/env node
// @ts-check
// `npm run test:redis`: the whole HTTP contract suite again, with every server's state in Redis (a
// redis-server of its own on a free loopback port). Skips, saying why, where redis-server is missing
// outside CI; in CI (CI=true) a missing redis-server is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
if (found.error) {
  if (process.env['CI'] === 'true') {
    console.error('test:redis: redis-server is not installed (CI must install it: .ci/run does).');
    process.exit(1);
  }
  console.log('test:redis: skipped: redis-server is not installed (apt-get install redis-server).');
  process.exit(0);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const redis = spawn(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--databases', '1000'],
  {
    stdio: 'ignore',
  },
);
const stopRedis = () => redis.kill('SIGTERM');
process.on('exit', stopRedis);
await new Promise((resolve) => setTimeout(resolve, 300));
console.log(`test:redis: the HTTP suite with REDIS_URL=redis://127.0.0.1:${port}/<n>`);
const args = ['vitest', 'run', '--project', 'http', ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_REDIS_URL: `redis://127.0.0.1:${port}` },
});
stopRedis();
process.exit(run.status ?? 1);
