import { describe, expect, it } from 'vitest';
import { Router } from '../../src/core/http/router.ts';

describe('Router', () => {
  const router = new Router<string>();
  router.add('/api/v1/essays', 'essays-get');
  router.add('/api/v1/essays', 'essays-post');
  router.add('/api/v1/jobs/{jobId}', 'job');
  router.add('/api/a.b', 'dotted');

  it('matches exact paths with every entry', () => {
    expect(router.match('/api/v1/essays')).toEqual({ entries: ['essays-get', 'essays-post'], params: {} });
  });

  it('extracts and decodes template parameters', () => {
    expect(router.match('/api/v1/jobs/job_abc%20d')).toEqual({ entries: ['job'], params: { jobId: 'job_abc d' } });
  });

  it('does not match across segments or partial paths', () => {
    expect(router.match('/api/v1/jobs/a/b')).toBeUndefined();
    expect(router.match('/api/v1/jobs/')).toBeUndefined();
    expect(router.match('/api/v1/essays/')).toBeUndefined();
    expect(router.match('/api/aXb')).toBeUndefined();
  });

  it('gives exact paths parameters no caller can change, as every request shares them', () => {
    const params = router.match('/api/v1/essays')!.params;
    expect(() => {
      params['x'] = 'y';
    }).toThrow(TypeError);
    expect(router.match('/api/v1/essays')!.params).toEqual({});
  });
});
