// Work that outlives its request (asynchronous jobs): tracked, so shutdown can wait for it.

export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();

  get size(): number {
    return this.#running.size;
  }

  /** `work` must not reject (settleInto never does). */
  track(work: Promise<void>): void {
    this.#running.add(work);
    const done = () => this.#running.delete(work);
    work.then(done, done);
  }

  /** Resolves when nothing is running, or after `timeoutMs`, whichever comes first. */
  async idle(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      while (this.#running.size > 0) {
        const next = Promise.all([...this.#running]).then(() => undefined);
        if ((await Promise.race([next.then(() => 'done' as const), deadline.then(() => 'late' as const)])) === 'late')
          return;
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
