// One line per request on stdout: a JSON line for log collectors, or a short readable line when
// stdout is a terminal someone is watching.
//
// A request only leaves its entry here; the lines are formatted and written together, in one
// synchronous write, when 256 have gathered or 50 ms after the first. Issue 32, measured with the
// log-on and log-off servers under load side by side (bench/lib.mjs `compareSideBySide`; two
// servers measured one after the other differ by up to 10 % even when identical): writing once per
// event-loop turn cost 13-15 % of the server's CPU per request on the essay page and the glossary,
// one write per 256 lines about 6 % (2.6-8.8 % by case, two servers each side, 10 rounds). Counted
// inside the server (thread CPU around each batch, cached search at about 190 µs a request):
// formatting 1.1-1.7 µs a line, the write 0.9-1.2 µs, and the entries held until their batch make
// young-generation collections longer by up to 4 µs. Formatting each line as its request ended,
// into a 64 KiB buffer kept for the purpose, took that last part away but cost more CPU per request
// than this in three cases of four (-1 to +7 %); hand-built JSON, fs.writeSync, smaller batches and
// an asynchronous fs.write (the write moved to libuv's pool, as pino's destination does) measured no
// better, and the log to /dev/null still cost +3 to +8 % (+7 to +12 % to a file in the same hour):
// the write is not most of it. On exit (a stop or a crash) the gathered lines go out.

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  id: string;
  /** The client went away before the whole response was sent (e.g. a closed event stream). */
  aborted: boolean;
  /** When the request ended (Date.now()): the line's time. */
  endedAt: number;
}

/** Lines gathered before they are written, and how long the first of them waits at most. */
const BATCH_LINES = 256;
const BATCH_MS = 50;

/** Terminals act on control characters, so a line meant for one shows them escaped. */
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const SAFE = /^[^"\\\x00-\x1f]*$/;
const readable = (text: string) => (SAFE.test(text) ? text : JSON.stringify(text));

type Format = (entries: readonly RequestLogEntry[]) => string;

/** Requests that end in the same millisecond (or second, on a terminal) share one formatted time. */
function timeFormatter(format: (date: Date) => string): (at: number) => string {
  let last = Number.NaN;
  let text = '';
  return (at) => {
    if (at !== last) [last, text] = [at, format(new Date(at))];
    return text;
  };
}

const jsonLines: Format = (entries) => {
  const timeOf = timeFormatter((date) => date.toISOString());
  let text = '';
  for (const { method, path, status, ms, id, aborted, endedAt } of entries) {
    const time = timeOf(endedAt);
    const line = aborted ? { time, method, path, status, ms, id, aborted } : { time, method, path, status, ms, id };
    text += `${JSON.stringify(line)}\n`;
  }
  return text;
};

const textLines: Format = (entries) => {
  const timeOf = timeFormatter((date) => date.toTimeString().slice(0, 8));
  let text = '';
  for (const { method, path, status, ms, aborted, endedAt } of entries) {
    const time = timeOf(Math.floor(endedAt / 1000) * 1000);
    text += `${time} ${status} ${readable(method)} ${readable(path)} ${ms} ms${aborted ? ' (client went away)' : ''}\n`;
  }
  return text;
};

export class RequestLog {
  #entries: RequestLogEntry[] = [];
  #timer: NodeJS.Timeout | undefined;
  readonly #write: (text: string) => void;
  readonly #lines: Format;
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
    const gathered = this.#entries.push(entry);
    if (gathered >= BATCH_LINES) this.flush();
    // Unref'd: a process with nothing else to do exits, and 'exit' writes the lines.
    else if (gathered === 1) this.#timer = setTimeout(this.#flush, BATCH_MS).unref();
  }

  /** Writes the lines of every entry so far. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const entries = this.#entries;
    if (entries.length === 0) return;
    this.#entries = [];
    this.#write(this.#lines(entries));
  }
}
