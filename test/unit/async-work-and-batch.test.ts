import { describe, expect, it } from 'vitest';
import { prefersRespondAsync } from '../../src/core/jobs/async-work.ts';
import { refusePath } from '../../src/core/routes/batch.ts';

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
