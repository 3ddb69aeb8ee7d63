#!/usr/bin/env node
// @ts-check
// The first step of `npm test`: says up front which tests this machine will skip and why, so the
// skipped count at the end of the run is no surprise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(root, '../shared/data');
const notices = [];
if (!existsSync(shared)) {
  notices.push(
    `${shared} is absent (it sits beside the project in CI only): the tests against real OpenAlex records and the published XSDs and JSON Schemas will be skipped.`,
  );
}
if (spawnSync('xmllint', ['--version']).status !== 0) {
  notices.push('xmllint is not installed (apt-get install libxml2-utils): the sitemap XSD checks will be skipped.');
}
for (const notice of notices) console.log(`Note: ${notice}`);
