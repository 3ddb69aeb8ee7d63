#!/usr/bin/env node
// @ts-check
// Every npm script goes through this launcher: `node scripts/launch.mjs <file.mjs | binary> [args]`.
// On Node >= 22.12 it runs the command straight away: a script file in this very process, a package
// binary as a child. On an older Node (>= 18) it installs the pinned Node 24 once
// (scripts/node-provision.mjs) and runs itself again under it, with that Node first on PATH so every
// nested `node` and package binary uses it too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { provisionNode, ProvisionError } from './node-provision.mjs';
import { stopWhenNpmShellExits, superviseChild } from './supervise.mjs';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const supported = major > 22 || (major === 22 && minor >= 12);
const launcher = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(launcher), '..');
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/launch.mjs <file.mjs | binary> [arguments...]');
  process.exit(2);
}

/** @param {string} executable @param {string[]} argv @param {string} nodeDirectory */
const run = (executable, argv, nodeDirectory) =>
  superviseChild(
    spawn(executable, argv, {
      stdio: 'inherit',
      env: { ...process.env, PATH: `${nodeDirectory}${path.delimiter}${process.env['PATH'] ?? ''}` },
      // Package binaries are .cmd shims on Windows.
      shell: process.platform === 'win32' && executable !== process.execPath,
    }),
  );

stopWhenNpmShellExits();
if (supported && /\.[cm]?js$/.test(command)) {
  const script = path.resolve(command);
  process.argv = [process.execPath, script, ...args];
  await import(pathToFileURL(script).href);
} else if (supported) {
  run(command, args, path.dirname(process.execPath));
} else {
  try {
    const node = await provisionNode(root, (line) => console.error(line));
    run(node, [launcher, command, ...args], path.dirname(node));
  } catch (error) {
    if (!(error instanceof ProvisionError)) throw error;
    console.error(
      `Research Hub needs Node.js >= 22.12 (this is ${process.version}) and could not install one: ${error.message} Install Node.js 24 LTS from https://nodejs.org and retry.`,
    );
    process.exit(1);
  }
}
