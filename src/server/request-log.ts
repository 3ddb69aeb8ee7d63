// One line per request on stdout, written in batches: lines collected during one turn of the event
// loop go out in a single write, so logging costs no syscall per request under load. A JSON line for
// log collectors; a short readable line when stdout is a terminal someone is watching.
//
// Measured against pino's asynchronous destination (sonic-boom, lines gathered for 100 ms), in the
// same rounds, as `npm start > file` runs the server (issue 32): no case gained 5 %, and the full
// glossary page lost 13-17 % (lines kept alive across collections). So the simpler code stays: one
// synchronous write per turn, nothing held back; on exit (a stop or a crash) the turn's lines go out.

/** JSON strings need escaping only for quotes, backslashes and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const SAFE = /^[^"\\\x00-\x1f]*$/;
const json = (text: string) => (SAFE.test(text) ? `"${text}"` : JSON.stringify(text));
/** Terminals act on control characters, so a line meant for one shows them escaped. */
const readable = (text: string) => (SAFE.test(text) ? text : JSON.stringify(text));

export class RequestLog {
  #lines: string[] = [];
  #scheduled = false;
  /** The time of the last millisecond logged, as the format writes it: many requests share one under load. */
  #lastMs = 0;
  #lastTime = '';

  readonly #write: (text: string) => void;
  readonly #format: 'json' | 'text';

  constructor(
    write: (text: string) => void = (text) => process.stdout.write(text),
    format: 'json' | 'text' = process.stdout.isTTY ? 'text' : 'json',
  ) {
    this.#write = write;
    this.#format = format;
    process.once('exit', () => this.flush());
  }

  add(entry: { method: string; path: string; status: number; ms: number; id: string; aborted: boolean }): void {
    // Assembled by hand, escaping only what can need it: this runs once per request.
    const now = Date.now();
    if (now !== this.#lastMs) {
      this.#lastMs = now;
      this.#lastTime = this.#format === 'text' ? new Date(now).toTimeString().slice(0, 8) : new Date(now).toISOString();
    }
    this.#lines.push(
      this.#format === 'text'
        ? `${this.#lastTime} ${entry.status} ${readable(entry.method)} ${readable(entry.path)} ${entry.ms} ms${entry.aborted ? ' (client went away)' : ''}`
        : `{"time":"${this.#lastTime}","method":${json(entry.method)},"path":${json(entry.path)},"status":${entry.status},"ms":${entry.ms},"id":${json(entry.id)}${entry.aborted ? ',"aborted":true' : ''}}`,
    );
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#lines.length === 0) return;
    const text = `${this.#lines.join('\n')}\n`;
    this.#lines = [];
    this.#write(text);
  }
}
