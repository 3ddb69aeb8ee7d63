// Bounds every wait on Redis, replies included, and stops sending to a Redis that keeps not answering.
//
// node-redis's per-command timeout only covers a command waiting to be written: once it is on the
// socket its timer is dropped, so a connected but silent Redis (SIGSTOP, a frozen VM, a full disk
// under `appendfsync always`) is waited on for as long as it stays silent. Here every command is
// tracked with its deadline and one watchdog timer (ten ticks per timeout, alive only while
// commands are pending) fails those past it: one interval for all commands rather than a timer each,
// which kept the per-command cost out of the request path (see redis-rate-limit-store.ts on what a
// timer per command cost).
//
// The breaker: after `openAfter` timeouts with no reply in between, commands fail at once without
// being sent, and a probe (one command, on its own timer) asks again every `probeEveryMs` until Redis
// answers; then commands flow again. Only timeouts count: a command that fails before its deadline
// (an error reply, or refused at once while disconnected) says nothing of a stall.
import { StoreUnavailableError } from './store-unavailable-error.ts';

export interface GuardOptions {
  /** Longest a command waits for its reply. */
  timeoutMs: number;
  /** Consecutive timeouts that open the breaker. */
  openAfter?: number;
  /** While open, how often the probe asks Redis again. */
  probeEveryMs?: number;
  /** The probe: any command; its answer closes the breaker. */
  probe: () => Promise<unknown>;
  /** Told when the breaker opens or closes, for the log. */
  onChange?: (open: boolean) => void;
}

interface Pending {
  deadline: number;
  fail: (error: Error) => void;
}

export class CommandGuard {
  readonly timeoutMs: number;
  readonly #openAfter: number;
  readonly #probeEveryMs: number;
  readonly #probe: () => Promise<unknown>;
  readonly #onChange: ((open: boolean) => void) | undefined;
  readonly #pending = new Set<Pending>();
  #watchdog: NodeJS.Timeout | undefined;
  #prober: NodeJS.Timeout | undefined;
  #timeoutsInARow = 0;
  #open = false;
  #closed = false;

  constructor(options: GuardOptions) {
    this.timeoutMs = options.timeoutMs;
    this.#openAfter = options.openAfter ?? 3;
    this.#probeEveryMs = options.probeEveryMs ?? 1_000;
    this.#probe = options.probe;
    this.#onChange = options.onChange;
  }

  /** Open: Redis kept not answering, and commands fail at once until a probe is answered. */
  get open(): boolean {
    return this.#open;
  }

  /**
   * Runs `send`, failing with StoreUnavailableError past the timeout, or at once while open; a failure
   * of `send` itself is passed through `failure` first (one promise less per command than a catch).
   */
  run<T>(send: () => Promise<T>, failure: (error: unknown) => unknown = (error) => error): Promise<T> {
    if (this.#open) return Promise.reject(new StoreUnavailableError('Redis is not answering (circuit open).'));
    return this.#bounded(send, failure);
  }

  /** Stops the timers; pending commands fail now. */
  close(): void {
    this.#closed = true;
    clearInterval(this.#prober);
    this.#prober = undefined;
    this.#expire(Number.POSITIVE_INFINITY);
  }

  #bounded<T>(send: () => Promise<T>, failure: (error: unknown) => unknown = (error) => error): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { deadline: performance.now() + this.timeoutMs, fail: reject };
      this.#pending.add(entry);
      this.#watch();
      send().then(
        (value) => {
          if (!this.#pending.delete(entry)) return;
          this.#answered();
          resolve(value);
        },
        (error: unknown) => {
          if (!this.#pending.delete(entry)) return;
          // Failed before its deadline (an error reply, or refused while disconnected): not a stall.
          this.#answered();
          reject(failure(error));
        },
      );
    });
  }

  #watch(): void {
    if (this.#watchdog) return;
    // A command fails at most a tenth of its timeout late (100 ms at the default 1 s).
    const tick = Math.max(10, Math.min(100, Math.floor(this.timeoutMs / 10)));
    this.#watchdog = setInterval(() => {
      if (this.#pending.size === 0) {
        clearInterval(this.#watchdog);
        this.#watchdog = undefined;
        return;
      }
      this.#expire(performance.now());
    }, tick);
    this.#watchdog.unref();
  }

  /** Fails every command whose deadline has passed; enough of them in a row open the breaker. */
  #expire(now: number): void {
    for (const entry of this.#pending) {
      if (entry.deadline > now) continue;
      this.#pending.delete(entry);
      entry.fail(new StoreUnavailableError(`Redis did not answer within ${this.timeoutMs} ms.`));
      this.#timeoutsInARow += 1;
    }
    if (!this.#open && !this.#closed && this.#timeoutsInARow >= this.#openAfter) this.#trip();
  }

  #answered(): void {
    this.#timeoutsInARow = 0;
  }

  #trip(): void {
    this.#open = true;
    this.#onChange?.(true);
    this.#prober = setInterval(() => {
      this.#bounded(this.#probe).then(
        () => this.#reset(),
        () => undefined,
      );
    }, this.#probeEveryMs);
    this.#prober.unref();
  }

  #reset(): void {
    if (!this.#open) return;
    clearInterval(this.#prober);
    this.#prober = undefined;
    this.#open = false;
    this.#timeoutsInARow = 0;
    this.#onChange?.(false);
  }
}
