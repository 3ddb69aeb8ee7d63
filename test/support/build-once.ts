// Builds the site and server once per test run, so HTTP and browser tests exercise the real build.
// A build whose inputs have not changed since the last test build is used as it is: CI runs vitest
// four times in a row (shared, Redis, cluster and browser tests), and each build took about 23 s.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Marks the run's process once built: each project that needs the build runs this global setup. */
const BUILT = Symbol.for('research-hub.test-build');

export const TEST_SITE_URL = 'http://localhost:4321';
const TEST_CONTENT_DIR = 'content';

const root = path.resolve(import.meta.dirname, '../..');
/** Written after a test build succeeds; scripts/build.mjs empties dist/ first, so any other build removes it. */
const stampPath = path.join(root, 'dist/app/test-build-inputs');
/** What no build reads: the tests and benchmarks themselves, and what builds and installs write. */
const NOT_INPUTS = new Set(['.git', 'node_modules', 'dist', '.astro', '.cache', 'test', 'bench', 'test-results']);

/**
 * One hash of every file a build could read (sources, content, configuration and the lock file that
 * fixes node_modules), with the build's settings and the Node that runs it.
 */
export function buildInputsHash(directory = root): string {
  const hash = createHash('sha256').update(`${process.version}\n${TEST_SITE_URL}\n${TEST_CONTENT_DIR}\n`);
  const visit = (relative: string) => {
    const entries = readdirSync(path.join(directory, relative), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    );
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_INPUTS.has(name)) visit(name);
      } else if (entry.isFile()) hash.update(`${name}\n`).update(readFileSync(path.join(directory, name)));
    }
  };
  visit('');
  return hash.digest('hex');
}

export default function buildOnce(): void {
  if (process.env['TEST_SKIP_BUILD'] === '1') return;
  const run = globalThis as { [BUILT]?: true };
  if (run[BUILT]) return;
  const inputs = buildInputsHash();
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === inputs) {
    run[BUILT] = true;
    console.log('test build reused: its inputs have not changed');
    return;
  }
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    env: { ...process.env, SITE_URL: TEST_SITE_URL, CONTENT_DIR: TEST_CONTENT_DIR },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`);
  writeFileSync(stampPath, inputs);
  run[BUILT] = true;
  console.log(`test build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
