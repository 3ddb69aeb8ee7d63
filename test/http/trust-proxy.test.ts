// TRUST_PROXY: behind a trusted proxy, rate limits key on the client it names; anyone else's
// forwarding headers are ignored.
import { describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { startTestServer } from '../support/server.ts';

async function statuses(url: string, forwardedFor: string, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1) {
    seen.push((await http(`${url}/api/v1/glossary?limit=1`, { headers: { 'x-forwarded-for': forwardedFor } })).status);
  }
  return seen;
}

describe('TRUST_PROXY', () => {
  it('keys rate limits on the forwarded client when the proxy is trusted', async () => {
    const server = await startTestServer({
      RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: '127.0.0.1',
      LOG_REQUESTS: 'false',
    });
    try {
      expect(await statuses(server.url, '203.0.113.1', 3)).toEqual([200, 200, 429]);
      expect(await statuses(server.url, '203.0.113.2', 1)).toEqual([200]);
    } finally {
      await server.stop();
    }
  });

  it('ignores forwarding headers from an address it does not trust', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2', LOG_REQUESTS: 'false' });
    try {
      expect(await statuses(server.url, '203.0.113.1', 2)).toEqual([200, 200]);
      expect(await statuses(server.url, '203.0.113.2', 1)).toEqual([429]);
    } finally {
      await server.stop();
    }
  });
});
