#!/usr/bin/env node
// @ts-check
// `npm run test:readme`: the README's two commands as a newcomer types them, in a fresh clone of
// HEAD, with a Node older than 22.12 first on PATH (README_TEST_NODE, else the first such `node` on
// PATH). `npm ci && npm start`: the printed URL serves a page, and a SIGTERM to npm frees the port.
// `npm ci && npm test`: passes. Not run through scripts/launch.mjs, which would put Node 24 first on
// PATH; it needs only Node >= 18 itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const oldNode = findOldNode();
const workspace = mkdtempSync(path.join(tmpdir(), 'readme-test-'));
const clone = path.join(workspace, 'research-hub');
// A newcomer's shell: none of the variables npm sets for this script, the old Node first on PATH.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$/i.test(name)));
env['PATH'] = [
  path.dirname(oldNode),
  ...(env['PATH'] ?? '').split(path.delimiter).filter((dir) => !dir.includes('node_modules')),
].join(path.delimiter);

/** @type {string[]} */
const failures = [];
/** @param {boolean} ok @param {string} what */
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

try {
  console.log(
    `README commands in a fresh clone of HEAD at ${clone}, with ${oldNode} (${version(oldNode)}) first on PATH`,
  );
  run('git', ['clone', '--quiet', root, clone], root);

  const install = run('npm', ['ci'], clone);
  check(install.status === 0, `npm ci exits 0 (${install.seconds} s)`);
  check(!/EBADENGINE/.test(install.output), 'npm ci prints no EBADENGINE warning');
  if (install.status === 0) await checkStart();

  // The install above is the one `npm ci && npm test` begins with: a second `npm ci` would replace
  // node_modules alone (not what npm start built) and cost CI a minute, proving nothing more.
  const tests = install.status === 0 ? run('npm', ['test'], clone, true) : undefined;
  check(tests?.status === 0, `npm ci && npm test exits 0 (${tests?.seconds ?? '-'} s for npm test)`);
  check(/^Note: .*shared.* is absent/m.test(tests?.output ?? ''), 'npm test says up front that ../shared is absent');
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`README test failed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('README test passed');

async function checkStart() {
  // PORT=0: a fixed port could be taken on a shared CI machine; the summary must then explain SITE_URL.
  const started = Date.now();
  const npm = spawn('npm', ['start'], { cwd: clone, env: { ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 180_000);
    /** @param {Buffer} chunk */
    const read = (chunk) => {
      output += chunk.toString('utf8');
      const found = /serving on (http:\/\/\S+)\s*$/m.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    npm.stdout.on('data', read);
    npm.stderr.on('data', read);
    npm.once('exit', () => resolve(undefined));
  });
  check(Boolean(url), `npm start prints the URL (${((Date.now() - started) / 1000).toFixed(1)} s, first start builds)`);
  if (!url) {
    console.log(output);
    npm.kill('SIGKILL');
    return;
  }
  const beforeUrl = output
    .slice(0, output.indexOf(`serving on ${url}`))
    .trim()
    .split('\n');
  check(beforeUrl.length <= 30, `npm start prints ${beforeUrl.length + 1} lines up to the URL, the URL last`);
  check(/SITE_URL=http:\/\/localhost:4321/.test(output), 'with PORT=0 the summary explains SITE_URL');
  const page = await fetch(`${url}/essays`).catch(() => undefined);
  const html = page ? await page.text() : '';
  check(page?.status === 200 && /<h1[^>]*>\s*Essays/.test(html), `GET ${url}/essays answers the essays page`);

  const port = Number(new URL(url).port);
  const stopping = Date.now();
  npm.kill('SIGTERM');
  const stopped = await Promise.race([
    new Promise((resolve) => npm.once('exit', () => resolve(true))),
    new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
  ]);
  // npm may exit before the server finishes closing: wait for the port itself.
  let free = false;
  for (let waited = 0; waited < 15_000 && !free; waited += 200) {
    free = !(await listening(port));
    if (!free) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  check(
    stopped && free,
    `SIGTERM to npm stops it and frees port ${port} (${((Date.now() - stopping) / 1000).toFixed(1)} s)`,
  );
}

/**
 * @param {string} command @param {string[]} args @param {string} cwd @param {boolean} [show] echo the output
 * @returns {{ status: number | null; output: string; seconds: string }}
 */
function run(command, args, cwd, show = false) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (show || result.status !== 0) console.log(output);
  return { status: result.status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** @param {number} port */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** @param {string} node */
function version(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

function findOldNode() {
  const candidates = [
    process.env['README_TEST_NODE'],
    ...(process.env['PATH'] ?? '').split(path.delimiter).map((dir) => path.join(dir, 'node')),
  ];
  for (const candidate of candidates) {
    if (!candidate || !existsSync(candidate)) continue;
    const [major = 0, minor = 0] = version(candidate).slice(1).split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 12)) return candidate;
  }
  console.error('No Node.js older than 22.12 found on PATH: set README_TEST_NODE to one (e.g. /usr/bin/node).');
  process.exit(1);
}
