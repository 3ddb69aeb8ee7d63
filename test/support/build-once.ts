// Builds the site and server once per test run, so HTTP and browser tests exercise the real build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Marks the run's process once built: each project that needs the build runs this global setup. */
const BUILT = Symbol.for('research-hub.test-build');

export default function buildOnce(): void {
  if (process.env['TEST_SKIP_BUILD'] === '1') return;
  const run = globalThis as { [BUILT]?: true };
  if (run[BUILT]) return;
  const root = path.resolve(import.meta.dirname, '../..');
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    env: { ...process.env, SITE_URL: TEST_SITE_URL, CONTENT_DIR: 'content' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`);
  run[BUILT] = true;
  console.log(`test build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export const TEST_SITE_URL = 'http://localhost:4321';
