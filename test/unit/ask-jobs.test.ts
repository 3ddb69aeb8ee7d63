import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore } from '../../src/core/idempotency.ts';
import { prefersRespondAsync } from '../../src/core/jobs/async-work.ts';
import { describeJob, JOB_ID_PATTERN, MemoryJobStore, newJobId } from '../../src/core/jobs/job-store.ts';
import { refusePath } from '../../src/core/routes/batch.ts';

describe('jobs', () => {
  it('makes ids of job_ and 26 base32 characters, all different', () => {
    const ids = new Set(Array.from({ length: 1000 }, newJobId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(JOB_ID_PATTERN);
  });

  it('refuses new jobs with 503 when full, and forgets finished ones after the retention', () => {
    let now = 0;
    const store = new MemoryJobStore({ maxJobs: 2, retentionMs: 1_000, now: () => now });
    const first = store.create('batch');
    store.create('batch');
    expect(() => store.create('batch')).toThrowError(
      expect.objectContaining({ code: 'service_unavailable', status: 503 }),
    );
    store.finish(first.id, { status: 200, body: { ok: true } });
    now = 1_000;
    expect(store.get(first.id)).toBeUndefined();
    expect(store.create('batch').status).toBe('queued');
  });

  it('describes finished and failed jobs with the payload', () => {
    const store = new MemoryJobStore();
    const job = store.create('ask');
    expect(describeJob(job)).toMatchObject({ status: 'queued', poll_interval: 2, result: { ready: false } });
    store.finish(job.id, { status: 502, body: { error: { message: 'upstream down' } } });
    expect(describeJob(store.get(job.id)!)).toMatchObject({
      status: 'failed',
      result: { ready: true, message: 'upstream down', data: { error: { message: 'upstream down' } } },
    });
  });

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

describe('idempotency store', () => {
  it('proceeds, then reports in-flight, replay and mismatch', () => {
    const store = new MemoryIdempotencyStore();
    expect(store.begin('k', 'f1').kind).toBe('proceed');
    expect(store.begin('k', 'f1').kind).toBe('in-flight');
    expect(store.begin('k', 'f2').kind).toBe('mismatch');
    store.complete('k', {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'a' },
      body: '{}',
    });
    const replay = store.begin('k', 'f1');
    expect(replay).toEqual({
      kind: 'replay',
      response: { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' },
    });
    store.abandon('k');
    expect(store.begin('k', 'f2').kind).toBe('proceed');
  });

  it('expires keys after the TTL', () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ ttlMs: 1_000, now: () => now });
    store.begin('k', 'f');
    store.complete('k', { status: 200, headers: {}, body: '' });
    now = 1_000;
    expect(store.begin('k', 'other').kind).toBe('proceed');
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
