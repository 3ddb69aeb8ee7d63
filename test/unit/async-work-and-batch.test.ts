import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteContext } from '../../src/core/http/route.ts';
import { prefersRespondAsync, runWithinBudget } from '../../src/core/http/respond-async.ts';
import { refusePath } from '../../src/core/batch/executor.ts';

describe('Prefer: respond-async', () => {
  it.each([
    ['respond-async', true],
    ['wait=10, respond-async', true],
    ['Respond-Async; foo=bar', true],
    ['return=minimal', false],
    [null, false],
  ])('Prefer %s → async %s', (header, expected) => {
    expect(prefersRespondAsync(header)).toBe(expected);
  });
});

describe('batch path rules', () => {
  it.each([
    ['/api/v1/essays?limit=2', undefined],
    ['/ask?q=x', undefined],
    ['/api', undefined],
    ['http://evil/api', 'relative'],
    ['//evil/api', 'relative'],
    ['/api/../x', 'dot segments'],
    ['/api/%2E%2E/x', 'dot segments'],
    ['/api/%252e%252e/x', 'encoded twice'],
    ['/api/v1\\essays', 'backslashes'],
    ['/api/%zz', 'percent-encoding'],
    ['/essays', 'under /api/'],
    ['/asking', 'under /api/'],
    ['/api//v1', 'empty segments'],
  ])('%s', (path, refusal) => {
    const result = refusePath(path);
    if (refusal === undefined) expect(result).toBeUndefined();
    else expect(result).toContain(refusal);
  });
});

describe('the synchronous budget', () => {
  // Only what runWithinBudget reads without Prefer: respond-async and within the budget.
  const context = {
    deps: { config: { syncBudgetMs: 5 } },
    request: { clientAddress: '127.0.0.1', headers: { get: () => null } },
  } as unknown as RouteContext<unknown, unknown>;
  afterEach(() => vi.restoreAllMocks());

  it('answers work that ran to its end synchronously without arming a timer', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await expect(runWithinBudget(context, 'test', () => ({ body: 'done' }))).resolves.toEqual({ body: 'done' });
    expect(timers).not.toHaveBeenCalled();
  });

  it('races asynchronous work against the budget', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await expect(runWithinBudget(context, 'test', async () => ({ body: 'done' }))).resolves.toEqual({ body: 'done' });
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 5);
  });
});
