#!/usr/bin/env node
// @ts-check
// `npm start` (through scripts/launch.mjs): builds when there is no build or it was made for another
// SITE_URL or CONTENT_DIR (absolute URLs are baked in at build time), then serves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverArgs, SERVER_ENTRY, SERVER_ENV } from './server-command.mjs';
import { superviseChild } from './supervise.mjs';

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
  console.log(`Building the site for ${siteUrl} first (${reason}).`);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// A server that dies (it logs why, with the request ids in flight) is started again; one that keeps
// dying within a minute is left down, so a broken build does not spin. Signals go to whichever server
// runs now, and a server that exits by itself or on a signal ends `npm start` with it.
const RESTARTS_PER_MINUTE = 5;
const CRASH_EXIT_CODE = 70;
/** @type {number[]} */
const crashes = [];
let stopping = false;
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGHUP', 'SIGINT']))
  process.on(signal, () => (stopping = true));

function serve() {
  const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', env: { ...SERVER_ENV, ...process.env } });
  superviseChild(server, (code, signal) => {
    // 70 is the server's own exit after a crash it logged; a signal is an outside kill (OOM, kill -9).
    // Any other exit is a start-up failure that a restart would only repeat.
    if (stopping || (code !== CRASH_EXIT_CODE && signal === null)) return false;
    const now = Date.now();
    crashes.push(now);
    while ((crashes[0] ?? now) < now - 60_000) crashes.shift();
    if (crashes.length > RESTARTS_PER_MINUTE) {
      console.error(`The server stopped ${crashes.length} times within a minute; not starting it again.`);
      return false;
    }
    console.error(`The server stopped (${signal ?? `exit code ${code}`}); starting it again.`);
    serve();
    return true;
  });
}
serve();
