// One JSON line per request on stdout, written in batches: lines collected during one turn of the
// event loop go out in a single write, so logging costs no syscall per request under load.

export class RequestLog {
  #lines: string[] = [];
  #scheduled = false;

  readonly #write: (text: string) => void;

  constructor(write: (text: string) => void = (text) => process.stdout.write(text)) {
    this.#write = write;
    process.once('exit', () => this.flush());
  }

  add(entry: { method: string; path: string; status: number; ms: number; id: string; aborted: boolean }): void {
    // Assembled by hand: only the path can need JSON escaping, and this runs once per request.
    this.#lines.push(
      `{"time":"${new Date().toISOString()}","method":${JSON.stringify(entry.method)},"path":${JSON.stringify(entry.path)},"status":${entry.status},"ms":${entry.ms},"id":${JSON.stringify(entry.id)}${entry.aborted ? ',"aborted":true' : ''}}`,
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
