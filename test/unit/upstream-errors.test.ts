// The OpenAlex client throws the papers contract's UpstreamError (no HTTP in it); toApiError maps it,
// at the edge, to 502 upstream_error / upstream_timeout with Retry-After.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.ts';
import { toApiError } from '../../src/core/http/error-mapping.ts';
import { UpstreamError } from '../../src/core/papers/contract/errors.ts';
import { OpenAlexClient } from '../../src/core/papers/openalex/client.ts';

const query = { search: 'x', filter: '', sort: 'cited_by_count:desc', perPage: 1, page: 1, select: ['id'] };

describe('OpenAlex failures as domain errors, mapped at the edge', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '';
      if (path.startsWith('/limited/')) response.writeHead(429, { 'Retry-After': '1' }).end('{}');
      else if (path.startsWith('/down/')) response.writeHead(503).end('{}');
      else if (path.startsWith('/refused/')) response.writeHead(400).end('{"message":"bad filter"}');
      else if (path.startsWith('/garbage/')) response.writeHead(200).end('not json');
      else if (path.startsWith('/slow/')) setTimeout(() => response.writeHead(200).end('{}'), 2_000);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  async function failureOf(prefix: string, timeoutMs = 3_000): Promise<unknown> {
    const client = new OpenAlexClient({ baseUrl: `${baseUrl}/${prefix}`, timeoutMs, maxRetries: 1, backoffBaseMs: 1 });
    try {
      await client.works(query);
    } catch (error) {
      return error;
    } finally {
      await client.close();
    }
    throw new Error('the call did not fail');
  }

  it('429 until the retries run out: rate_limited with the upstream Retry-After, 502 upstream_error', async () => {
    const error = await failureOf('limited', 4_000);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 1, code: 'PAPERS_UPSTREAM' });
    const mapped = toApiError(error);
    expect(mapped).toMatchObject({ code: 'upstream_error', status: 502, headers: { 'Retry-After': '1' } });
  });

  it.each(['down', 'refused', 'garbage'])(
    '%s: unavailable, 502 upstream_error with a default Retry-After',
    async (prefix) => {
      const error = await failureOf(prefix);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ kind: 'unavailable', retryAfterSeconds: undefined });
      const mapped = toApiError(error);
      expect(mapped.code).toBe('upstream_error');
      expect(mapped.status).toBe(502);
      expect(Number(mapped.headers['Retry-After'])).toBeGreaterThan(0);
      expect(mapped.message).toBe((error as Error).message);
    },
  );

  it('no answer within the budget: timeout, 502 upstream_timeout', async () => {
    const error = await failureOf('slow', 300);
    expect(error).toMatchObject({ kind: 'timeout' });
    const mapped = toApiError(error);
    expect(mapped).toMatchObject({ code: 'upstream_timeout', status: 502 });
    expect(Number(mapped.headers['Retry-After'])).toBeGreaterThan(0);
  });
});
