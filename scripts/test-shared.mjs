#!/usr/bin/env node
// @ts-check
// `npm run test:shared`: the unit and HTTP test files that read ../shared (real OpenAlex records, the
// published XSDs and JSON Schemas). `.ci/run` runs the README's test command once, in the fresh clone
// of `npm run test:readme`, where ../shared is absent and these files skip; this runs them beside it.
// The files are found by what they read, so a new one is not missed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(root, '../shared/data');
// A path into ../shared, or the helpers of test/support/fixtures.ts that read it.
const readsShared = /\.\.\/shared\/|\bsharedAvailable\b|\bsharedWorks\b/;

if (!existsSync(shared)) {
  console.log(`skipped: ${shared} is absent (it sits beside the project in CI only)`);
  process.exit(0);
}
const files = ['test/unit', 'test/http']
  .flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)),
  )
  .filter((file) => file.endsWith('.test.ts') && readsShared.test(readFileSync(path.join(root, file), 'utf8')))
  .sort();
console.log(`test:shared: ${files.length} files read ../shared: ${files.join(', ')}`);
const projects = ['unit', 'http', 'mcp-uncached'].flatMap((name) => ['--project', name]);
const vitest = spawnSync('vitest', ['run', ...projects, ...files], { cwd: root, stdio: 'inherit' });
process.exit(vitest.status ?? 1);
