// One full garbage collection when traffic stops. V8 shrinks its heap only after a full collection,
// and Node gives it no idle time to run one, so after a burst the process would keep its high-water
// mark for as long as it stays quiet. Measured with `npm run bench:soak` (see the README).

const CHECK_MS = 5_000;

/** Collects once after a period with requests is followed by one without; needs node --expose-gc. */
export function collectWhenIdle(requestsSoFar: () => number): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return () => undefined;
  let seen = requestsSoFar();
  let busy = false;
  const timer = setInterval(() => {
    const now = requestsSoFar();
    if (now !== seen) busy = true;
    else if (busy) {
      busy = false;
      gc();
    }
    seen = now;
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
