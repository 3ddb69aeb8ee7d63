// One line per request on stdout: a JSON line for log collectors, a short readable line when stdout is
// a terminal someone is watching. Under load the log had every turn of the event loop write its few
// lines in a synchronous syscall of its own; now lines gather for up to BATCH_MS or BATCH_LINES and go
// out in one write, through pino's asynchronous destination (sonic-boom, what fastify logs through),
// so a slow disk never stalls the event loop. A stop or a crash writes what has gathered before the
// process exits (close()); only SIGKILL, which no process can catch, can lose the last BATCH_MS.
import pino from 'pino';

/** JSON strings need escaping only for quotes, backslashes and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const SAFE = /^[^"\\\x00-\x1f]*$/;
const json = (text: string) => (SAFE.test(text) ? `"${text}"` : JSON.stringify(text));
/** Terminals act on control characters, so a line meant for one shows them escaped. */
const readable = (text: string) => (SAFE.test(text) ? text : JSON.stringify(text));

export interface LogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  id: string;
  aborted: boolean;
}

/** Where lines go: sonic-boom's surface, narrowed to what the log uses (tests pass their own). */
export interface LogDestination {
  write(text: string): unknown;
  flush(callback: (error?: Error | null) => void): void;
  flushSync(): void;
}

/**
 * Standard output through sonic-boom. minLength 1 writes every line at once as with 0 (no line waits
 * for company at idle), but makes flush(callback) wait for a write in flight: with 0 it calls back at once.
 */
export function asynchronousStdout(dest: number | string = 1): LogDestination {
  return pino.destination({ dest, sync: false, minLength: 1 });
}

/** How long a line may wait for company, and how many may gather before they are written at once. */
const BATCH_MS = 100;
const BATCH_LINES = 512;

export class RequestLog {
  #lines: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** The time of the last millisecond logged, as the format writes it: many requests share one under load. */
  #lastMs = 0;
  #lastTime = '';

  readonly #destination: LogDestination;
  readonly #format: 'json' | 'text';

  constructor(
    destination: LogDestination = asynchronousStdout(),
    format: 'json' | 'text' = process.stdout.isTTY ? 'text' : 'json',
  ) {
    this.#destination = destination;
    this.#format = format;
    // The last resort when the process exits without close(): whatever is still buffered.
    process.once('exit', () => {
      this.#flush();
      try {
        this.#destination.flushSync();
      } catch {
        // Nothing left to write, or the descriptor is gone: there is nowhere to report it.
      }
    });
  }

  add(entry: LogEntry): void {
    this.#lines.push(this.#line(entry, Date.now()));
    if (this.#lines.length >= BATCH_LINES) this.#flush();
    else this.#timer ??= setTimeout(this.#flush, BATCH_MS).unref();
  }

  #line(entry: LogEntry, now: number): string {
    // Assembled by hand, escaping only what can need it.
    if (now !== this.#lastMs) {
      this.#lastMs = now;
      this.#lastTime = this.#format === 'text' ? new Date(now).toTimeString().slice(0, 8) : new Date(now).toISOString();
    }
    return this.#format === 'text'
      ? `${this.#lastTime} ${entry.status} ${readable(entry.method)} ${readable(entry.path)} ${entry.ms} ms${entry.aborted ? ' (client went away)' : ''}\n`
      : `{"time":"${this.#lastTime}","method":${json(entry.method)},"path":${json(entry.path)},"status":${entry.status},"ms":${entry.ms},"id":${json(entry.id)}${entry.aborted ? ',"aborted":true' : ''}}\n`;
  }

  /** What has gathered, handed to the destination as one write. */
  readonly #flush = () => {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('');
    this.#lines = [];
    this.#destination.write(text);
  };

  /**
   * Resolves once every line so far is written, including one in flight (which flushSync at exit
   * could not wait for): a stop or a crash awaits it before the process exits. At most `timeoutMs`.
   */
  close(timeoutMs = 2_000): Promise<void> {
    this.#flush();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.#destination.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
