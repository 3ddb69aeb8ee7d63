// One line per request on stdout: a JSON line for log collectors, or a short readable line when
// stdout is a terminal someone is watching.
//
// A request only leaves its entry here; the lines of one turn of the event loop are formatted and
// written together when the turn ends, in one synchronous write. Formatting each line by hand as
// its request ended served 5-12 % fewer requests per second than this (issue 32; same-run A/Bs of 8
// rounds: essay page, essay list, search). pino's asynchronous destination gained nothing over one
// synchronous write per turn, and holding lines for 100 ms cost the full glossary page 13-17 %, so
// nothing is held past the turn. On exit (a stop or a crash) the turn's lines go out.

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  id: string;
  /** The client went away before the whole response was sent (e.g. a closed event stream). */
  aborted: boolean;
}

/** Terminals act on control characters, so a line meant for one shows them escaped. */
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const SAFE = /^[^"\\\x00-\x1f]*$/;
const readable = (text: string) => (SAFE.test(text) ? text : JSON.stringify(text));

function jsonLines(entries: readonly RequestLogEntry[], now: Date): string {
  const time = now.toISOString();
  let text = '';
  for (const { method, path, status, ms, id, aborted } of entries) {
    const line = aborted ? { time, method, path, status, ms, id, aborted } : { time, method, path, status, ms, id };
    text += `${JSON.stringify(line)}\n`;
  }
  return text;
}

function textLines(entries: readonly RequestLogEntry[], now: Date): string {
  const time = now.toTimeString().slice(0, 8);
  let text = '';
  for (const { method, path, status, ms, aborted } of entries) {
    text += `${time} ${status} ${readable(method)} ${readable(path)} ${ms} ms${aborted ? ' (client went away)' : ''}\n`;
  }
  return text;
}

export class RequestLog {
  #entries: RequestLogEntry[] = [];
  readonly #write: (text: string) => void;
  readonly #lines: (entries: readonly RequestLogEntry[], now: Date) => string;
  readonly #flush = () => this.flush();

  constructor(
    write: (text: string) => void = (text) => process.stdout.write(text),
    format: 'json' | 'text' = process.stdout.isTTY ? 'text' : 'json',
  ) {
    this.#write = write;
    this.#lines = format === 'text' ? textLines : jsonLines;
    process.once('exit', this.#flush);
  }

  add(entry: RequestLogEntry): void {
    if (this.#entries.push(entry) === 1) setImmediate(this.#flush);
  }

  /** Writes the lines of every entry so far; the time is the write's, within the turn that answered them. */
  flush(): void {
    const entries = this.#entries;
    if (entries.length === 0) return;
    this.#entries = [];
    this.#write(this.#lines(entries, new Date()));
  }
}
