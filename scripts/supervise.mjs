// @ts-check
// Signal handling shared by the launcher and `npm start`, which both run one long-lived child
// process. Runs on Node >= 18 (the launcher imports it before it knows which Node it has).
import { constants } from 'node:os';

/**
 * npm runs a script as `sh -c "<script>"` and passes a SIGTERM it receives to that shell only; dash
 * dies of it without passing it on, so the script's own process would never hear of it and a server
 * would keep its port. Under npm, a parent that goes away is therefore taken as a SIGTERM.
 */
export function stopWhenNpmShellExits() {
  if (!process.env['npm_lifecycle_event']) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  watch.unref();
}

/**
 * Ties this process to `child`: SIGTERM and SIGHUP are passed on, and this process exits when the
 * child does, with its exit code (128 + the signal number when a signal ended it), unless `restarted`
 * says a new child took its place. SIGINT is not passed on: a terminal's Ctrl-C already reaches the
 * whole process group, and a second SIGINT would cut short the child's graceful shutdown.
 * @param {import('node:child_process').ChildProcess} child
 * @param {(code: number | null, signal: NodeJS.Signals | null) => boolean} [restarted]
 */
export function superviseChild(child, restarted = () => false) {
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  const ignore = () => {};
  process.on('SIGINT', ignore);
  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGHUP'])) process.on(signal, forward);
  child.on('error', (error) => {
    console.error(`Could not run ${child.spawnfile}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.off('SIGINT', ignore);
    for (const name of /** @type {const} */ (['SIGTERM', 'SIGHUP'])) process.off(name, forward);
    if (!restarted(code, signal)) process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
  });
}
