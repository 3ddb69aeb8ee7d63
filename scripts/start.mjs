#!/usr/bin/env node
// @ts-check
// `npm start`: builds when there is no build or it was made for another SITE_URL or CONTENT_DIR
// (absolute URLs are baked in at build time), then serves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverArgs, SERVER_ENTRY } from './server-command.mjs';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Research Hub needs Node.js >= 22.12 (this is ${process.version}). Install Node 24 LTS and retry.`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const manifestPath = path.join(root, 'dist/static-manifest.json');
const siteUrl = (process.env['SITE_URL'] || 'http://localhost:4321').replace(/\/+$/, '');
const contentDir = process.env['CONTENT_DIR'] || 'content';

/** @returns {string | undefined} why a build is needed */
function staleBecause() {
  if (!existsSync(manifestPath) || !existsSync(SERVER_ENTRY)) return 'there is no build yet';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.siteUrl !== siteUrl) return `the build is for ${manifest.siteUrl}, not ${siteUrl}`;
  if (manifest.contentDir !== contentDir) return `the build is of ${manifest.contentDir}, not ${contentDir}`;
  return undefined;
}

const reason = process.argv.includes('--rebuild') ? 'asked to rebuild' : staleBecause();
if (reason) {
  console.log(`Building first (${reason})...`);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// A server that dies (it logs why, with the request ids in flight) is started again; one that keeps
// dying within a minute of starting is left down, so a broken build does not spin.
const RESTARTS_PER_MINUTE = 5;
/** @type {number[]} */
const crashes = [];
/** @type {import('node:child_process').ChildProcess} */
let server;
let stopping = false;

function serve() {
  server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', env: process.env });
  server.on('exit', (code, signal) => {
    if (stopping || code === 0) process.exit(code ?? 0);
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && (crashes[0] ?? now) < now - 60_000) crashes.shift();
    if (crashes.length > RESTARTS_PER_MINUTE) {
      console.error(`The server stopped ${crashes.length} times within a minute; not restarting it.`);
      process.exit(code ?? 1);
    }
    console.error(`The server stopped (${signal ?? `exit code ${code}`}); starting it again.`);
    serve();
  });
}
serve();
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
