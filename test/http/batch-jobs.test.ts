import { describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer } from '../support/server.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  http(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const batch = (requests: unknown, headers: Record<string, string> = {}) =>
  post(`${running.server.url}/api/v1/batch`, { requests }, headers);

async function pollJob(base: string, location: string) {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await http(`${base}${location}`);
    seen.push(response.status);
    expect(response.headers['location']).toBe(location);
    expect(response.headers['retry-after']).toBe('2');
    if (response.status === 200) return { response, seen };
    expect(response.status).toBe(202);
    expect(['queued', 'running']).toContain(response.json().status);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not finish');
}

describe('POST /api/v1/batch', () => {
  it('runs sub-requests in-process and answers in request order', async () => {
    const response = await batch([
      { path: '/api/v1/glossary?limit=2', id: 'terms' },
      { path: '/api/v1/essays?limit=1' },
      { path: '/ask?q=what%20is%20a%20rollup' },
      { path: '/ask', method: 'POST', body: { q: 'what is gas', limit: 1 }, id: 'asked' },
      { path: '/api/v1/reports/search?q=neural&limit=2' },
    ]);
    expect(response.status).toBe(200);
    const body = response.json();
    expectMatchesOpenApi('/api/v1/batch', 'post', 200, body);
    expect(body.total_operations).toBe(5);
    expect(body.responses.map((sub: { id: string }) => sub.id)).toEqual(['terms', '1', '2', 'asked', '4']);
    expect(body.responses.map((sub: { status: number }) => sub.status)).toEqual([200, 200, 200, 200, 200]);
    expect(body.responses[0].body).toEqual((await http(`${running.server.url}/api/v1/glossary?limit=2`)).json());
    expect(body.responses[3].body.sources[0].slug).toBe('gas');
    expect(body.responses[4].body.results).toHaveLength(2);
  });

  it('gives each unsafe or unknown sub-request its own 4xx without failing the others', async () => {
    const attempts = [
      'http://169.254.169.254/latest/meta-data',
      '//evil.example/api/v1/essays',
      '/api/../essays',
      '/api/%2e%2e/healthz',
      '/api/%252e%252e/x',
      '/api/v1/essays\\..\\x',
      '\\\\evil.example\\share',
      '/essays/attention-and-transformers',
      '/healthz',
      '/api/v1/batch',
      '/api/v1/nothing-here',
      'api/v1/essays',
      '/api/v1/essays\r\nX-Injected: 1',
    ];
    const response = await batch([...attempts.map((path) => ({ path })), { path: '/api/v1/essays?limit=1', id: 'ok' }]);
    expect(response.status).toBe(200);
    const { responses } = response.json();
    for (const [index, path] of attempts.entries()) {
      expect(responses[index].status, path).toBeGreaterThanOrEqual(400);
      expect(responses[index].status, path).toBeLessThan(500);
      expect(responses[index].body.error.code, path).toMatch(/^(invalid_batch|not_found|method_not_allowed)$/);
    }
    expect(responses.at(-1)).toMatchObject({ id: 'ok', status: 200 });
    expect(responses[attempts.indexOf('/api/v1/nothing-here')].status).toBe(404);
  });

  it('refuses a batch inside a batch', async () => {
    const inner = { path: '/api/v1/batch', method: 'POST', body: { requests: [{ path: '/api/v1' }] } };
    const { responses } = (await batch([inner])).json();
    expect(responses[0]).toMatchObject({ status: 400, body: { error: { code: 'invalid_batch' } } });
  });

  it('passes sub-request validation errors and wrong methods through', async () => {
    const { responses } = (
      await batch([
        { path: '/api/v1/essays?limit=0' },
        { path: '/api/v1/essays', method: 'POST', body: {} },
        { path: '/api/v1/essays', method: 'DELETE' },
        { nope: true },
        { path: '/ask', method: 'POST', body: { q: 'rollup', prefer: { streaming: true } } },
      ])
    ).json();
    expect(responses.map((sub: { status: number }) => sub.status)).toEqual([400, 405, 400, 400, 400]);
    expect(responses[0].body.error.code).toBe('invalid_parameter');
    expect(responses[1].body.error.code).toBe('method_not_allowed');
    expect(responses[3].body.error.code).toBe('invalid_batch');
  });

  it.each([
    ['21 sub-requests', { requests: Array.from({ length: 21 }, () => ({ path: '/api/v1' })) }, 'batch_limit_exceeded'],
    ['no sub-requests', { requests: [] }, 'invalid_batch'],
    ['requests not an array', { requests: 'all' }, 'invalid_body'],
    ['no requests member', { calls: [] }, 'invalid_body'],
    ['not JSON', '{"requests": [', 'invalid_body'],
  ])('refuses %s with 400', async (_name, body, code) => {
    const response = await post(`${running.server.url}/api/v1/batch`, body);
    expect(response.status).toBe(400);
    expect(response.json().error.code).toBe(code);
    expectMatchesOpenApi('/api/v1/batch', 'post', 400, response.json());
  });

  it('is also served, deprecated, at /api/batch', async () => {
    const response = await post(`${running.server.url}/api/batch`, { requests: [{ path: '/api/v1' }] });
    expect(response.status).toBe(200);
    expect(response.headers['link']).toBe('</api/v1/batch>; rel="successor-version"');
  });
});

describe('asynchronous jobs', () => {
  it('Prefer: respond-async turns a batch into a job; polling returns its full result', async () => {
    const requests = [{ path: '/api/v1/glossary?limit=1' }, { path: '/ask?q=what%20is%20gas' }];
    const accepted = await batch(requests, { prefer: 'respond-async, wait=5' });
    expect(accepted.status).toBe(202);
    expectMatchesOpenApi('/api/v1/batch', 'post', 202, accepted.json());
    const job = accepted.json();
    expect(job.job_id).toMatch(/^job_[a-z2-7]{26}$/);
    expect(job.location).toBe(`/api/v1/jobs/${job.job_id}`);
    expect(accepted.headers['location']).toBe(job.location);
    expect(accepted.headers['retry-after']).toBe('2');
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    const { response } = await pollJob(running.server.url, job.location);
    const done = response.json();
    expectMatchesOpenApi('/api/v1/jobs/{jobId}', 'get', 200, done);
    expect(done.status).toBe('completed');
    expect(done.result.ready).toBe(true);
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
    const synchronous = (await batch(requests)).json();
    expect(done.result.data).toEqual(synchronous);
  });

  it('Prefer: respond-async works on POST /ask too', async () => {
    const accepted = await post(`${running.server.url}/ask`, { q: 'what is a wallet' }, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    const { response } = await pollJob(running.server.url, accepted.headers['location']!);
    expect(response.json().result.data.sources[0].slug).toBe('wallet');
  });

  it('work that outlives the sync budget becomes a job without being asked', async () => {
    const slow = await startTestServer({
      OPENALEX_URL: running.standIn.url,
      SYNC_BUDGET_MS: '50',
      LOG_REQUESTS: 'false',
    });
    try {
      running.standIn.setFault({ kind: 'slow', delayMs: 400, times: 1 });
      const accepted = await post(`${slow.url}/api/v1/batch`, {
        requests: [{ path: '/api/v1/reports/search?q=language&limit=3' }],
      });
      expect(accepted.status).toBe(202);
      expect(accepted.headers['preference-applied']).toBeUndefined();
      const { response, seen } = await pollJob(slow.url, accepted.headers['location']!);
      expect(seen[0]).toBe(202);
      expect(response.json().result.data.responses[0]).toMatchObject({ status: 200 });
    } finally {
      running.standIn.setFault(undefined);
      await slow.stop();
    }
  });

  it('records a failed sub-operation as a completed batch, and a failed ask as a failed job', async () => {
    running.standIn.setFault({ kind: 'status', status: 500 });
    try {
      const accepted = await batch([{ path: `/api/v1/reports/search?q=failing${Date.now()}` }], {
        prefer: 'respond-async',
      });
      const { response } = await pollJob(running.server.url, accepted.headers['location']!);
      expect(response.json().status).toBe('completed');
      expect(response.json().result.data.responses[0].status).toBe(502);
    } finally {
      running.standIn.setFault(undefined);
    }
  });

  it.each([
    ['/api/v1/jobs/not-a-job', 400, 'invalid_job_id'],
    ['/api/v1/jobs/job_ABCDEFGHIJKLMNOPQRSTUVWXYZ', 400, 'invalid_job_id'],
    ['/api/v1/jobs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa', 404, 'job_not_found'],
    ['/api/jobs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa', 404, 'job_not_found'],
  ])('GET %s → %i %s', async (path, status, code) => {
    const response = await http(`${running.server.url}${path}`);
    expect(response.status).toBe(status);
    expect(response.json().error.code).toBe(code);
    expectMatchesOpenApi('/api/v1/jobs/{jobId}', 'get', status, response.json());
  });
});

describe('Idempotency-Key on POST routes', () => {
  const requests = [{ path: '/api/v1/essays?limit=1' }];

  it('replays the first response for a repeat with the same body', async () => {
    const key = `replay-${Date.now()}`;
    const first = await batch(requests, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(first.json().idempotency_key).toBe(key);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await batch(requests, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['idempotency-key']).toBe(key);
    expect(again.text).toBe(first.text);
  });

  it('replays the same job for a repeated async request', async () => {
    const key = `async-${Date.now()}`;
    const first = await batch(requests, { 'idempotency-key': key, prefer: 'respond-async' });
    const again = await batch(requests, { 'idempotency-key': key, prefer: 'respond-async' });
    expect(again.json().job_id).toBe(first.json().job_id);
  });

  it('refuses the same key with a different body (422)', async () => {
    const key = `mismatch-${Date.now()}`;
    await batch(requests, { 'idempotency-key': key });
    const other = await batch([{ path: '/api/v1/glossary?limit=1' }], { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('refuses a repeat while the first is still running (409)', async () => {
    const key = `inflight-${Date.now()}`;
    running.standIn.setFault({ kind: 'slow', delayMs: 300, times: 1 });
    const slowBatch = [{ path: `/api/v1/reports/search?q=learning&limit=${(Date.now() % 150) + 1}` }];
    const [first, second] = await Promise.all([
      batch(slowBatch, { 'idempotency-key': key }),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => batch(slowBatch, { 'idempotency-key': key })),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.json().error.code).toBe('idempotency_key_in_use');
    running.standIn.setFault(undefined);
    const replayed = await batch(slowBatch, { 'idempotency-key': key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it('applies to POST /ask as well', async () => {
    const key = `ask-${Date.now()}`;
    const first = await post(`${running.server.url}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': key });
    const again = await post(`${running.server.url}/ask`, { q: 'what is a nonce' }, { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });
});
