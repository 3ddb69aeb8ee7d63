// One line per request on stdout: a JSON line for log collectors, or a short readable line when
// stdout is a terminal someone is watching.
//
// Issue 32 measured where the cost was. Each line is formatted as its request ends and its bytes
// are copied into one buffer the log keeps; the buffer goes out in one synchronous write when 256
// lines have gathered or 50 ms after the first, and again on exit (a stop or a crash). What made the
// log cost 6-7 % of the server's CPU per request was not the formatting but what it left for the
// garbage collector: a batch's lines joined into one string, turned into a new Buffer by
// process.stdout, made young-generation collections longer by 2-3 µs per request (--trace-gc, log on
// and off side by side); entries kept until their batch was written added to it. With the lines in a
// kept buffer, collections cost what they cost with the log off (bench/lib.mjs `compareSideBySide`).

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  id: string;
  /** The client went away before the whole response was sent (e.g. a closed event stream). */
  aborted: boolean;
}

/** Where the lines go: process.stdout, or what a test gives. */
export interface LogSink {
  write(chunk: Uint8Array): unknown;
  /** Bytes given to write that the sink still holds: a stream that could not write them yet. */
  readonly writableLength: number;
}

/** Lines gathered before they are written, and how long the first of them waits at most. */
const BATCH_LINES = 256;
const BATCH_MS = 50;
/** Room for 256 lines with paths of a hundred characters or so; a longer run is written early. */
const BUFFER_BYTES = 64 * 1024;

/** Characters a JSON string must escape, and lone surrogates, which UTF-8 cannot carry. */
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const SAFE = /^[^"\\\x00-\x1f\ud800-\udfff]*$/;
const jsonString = (text: string) => (SAFE.test(text) ? `"${text}"` : JSON.stringify(text));
/** Terminals act on control characters, so a line meant for one shows them escaped. */
const readable = (text: string) => (SAFE.test(text) ? text : JSON.stringify(text));

type Line = (entry: RequestLogEntry, at: number) => string;

/** A moment's time as text, formatted once a second: requests of the same second share the start. */
function clock(formatSecond: (date: Date) => string, withMillis: (start: string, ms: number) => string) {
  let second = Number.NaN;
  let start = '';
  return (at: number) => {
    const ms = at % 1000;
    if (at - ms !== second) [second, start] = [at - ms, formatSecond(new Date(at - ms))];
    return withMillis(start, ms);
  };
}

function jsonLine(): Line {
  // '2026-11-27T10:00:00.' and the milliseconds: what Date#toISOString gives, cheaper.
  const time = clock(
    (date) => date.toISOString().slice(0, 20),
    (start, ms) => `${start}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`,
  );
  return ({ method, path, status, ms, id, aborted }, at) =>
    `{"time":"${time(at)}","method":${jsonString(method)},"path":${jsonString(path)},"status":${status},"ms":${ms},"id":${jsonString(id)}${aborted ? ',"aborted":true' : ''}}\n`;
}

function textLine(): Line {
  const time = clock(
    (date) => date.toTimeString().slice(0, 8),
    (start) => start,
  );
  return ({ method, path, status, ms, aborted }, at) =>
    `${time(at)} ${status} ${readable(method)} ${readable(path)} ${ms} ms${aborted ? ' (client went away)' : ''}\n`;
}

export class RequestLog {
  #buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  #used = 0;
  #lines = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #sink: LogSink;
  readonly #line: Line;
  readonly #flush = () => this.flush();

  constructor(sink: LogSink = process.stdout, format: 'json' | 'text' = process.stdout.isTTY ? 'text' : 'json') {
    this.#sink = sink;
    this.#line = format === 'text' ? textLine() : jsonLine();
    process.once('exit', this.#flush);
  }

  add(entry: RequestLogEntry): void {
    const line = this.#line(entry, Date.now());
    // UTF-8 takes at most three bytes for each UTF-16 unit of a string.
    const most = line.length * 3;
    if (this.#used + most > this.#buffer.length) this.flush();
    if (most > this.#buffer.length) {
      this.#sink.write(Buffer.from(line));
      return;
    }
    this.#used += this.#buffer.write(line, this.#used);
    this.#lines += 1;
    if (this.#lines >= BATCH_LINES) this.flush();
    // Unref'd: a process with nothing else to do exits, and 'exit' writes the lines.
    else if (this.#lines === 1) this.#timer = setTimeout(this.#flush, BATCH_MS).unref();
  }

  /** Writes the lines gathered so far. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#used === 0) return;
    this.#sink.write(this.#buffer.subarray(0, this.#used));
    // stdout writes at once on Linux; a sink that kept the bytes to write later owns them now.
    if (this.#sink.writableLength > 0) this.#buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
    this.#used = 0;
    this.#lines = 0;
  }
}
