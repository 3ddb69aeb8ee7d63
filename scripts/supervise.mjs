// @ts-check
// Signal handling shared by the launcher and `npm start`, which both run one long-lived child
// process. Runs on Node >= 18 (the launcher imports it before it knows which Node it has).
import { constants } from 'node:os';

/**
 * npm runs a script as `sh -c "<script>"` and passes a SIGTERM or SIGINT it receives to that shell
 * only. `npm start` execs (package.json), so there the launcher is npm's child and hears the signal
 * itself; other scripts run under a dash that dies of the signal without passing it on. Under npm, a
 * parent that goes away (that shell, or npm killed outright) is therefore taken as a SIGTERM.
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
 * Ties this process to `child`: SIGTERM, SIGINT and SIGHUP are passed on, and this process exits only
 * when the child does, with its exit code (128 + the signal number when a signal ended it), unless
 * `restarted` says a new child took its place. A supervisor that signals only the top process (npm)
 * thus reaches the server, and learns of its end only once it has ended. Ctrl-C in a terminal reaches
 * the whole process group as well, so the server may hear a signal twice: it takes the first.
 * @param {import('node:child_process').ChildProcess} child
 * @param {(code: number | null, signal: NodeJS.Signals | null) => boolean} [restarted]
 */
export function superviseChild(child, restarted = () => false) {
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  const signals = /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP']);
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    console.error(`Could not run ${child.spawnfile}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const name of signals) process.off(name, forward);
    if (!restarted(code, signal)) process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
  });
}
