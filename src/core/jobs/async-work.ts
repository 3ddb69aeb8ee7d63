// Work raced against a time budget: past it the work runs on, and the doors turn it into a job
// (http/respond-async.ts).

export const OUT_OF_TIME = Symbol('out of time');

/** The work's value if it settles within `budgetMs`, else OUT_OF_TIME (the work runs on). */
export async function withinBudget<T>(running: Promise<T>, budgetMs: number): Promise<T | typeof OUT_OF_TIME> {
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<typeof OUT_OF_TIME>((resolve) => {
    timer = setTimeout(() => resolve(OUT_OF_TIME), budgetMs);
  });
  try {
    return await Promise.race([running, outOfTime]);
  } finally {
    clearTimeout(timer);
  }
}
