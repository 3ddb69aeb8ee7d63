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

  it('counts two IPv6 addresses of one /64 as one client, and an IPv4-mapped address as its IPv4', async () => {
    const server = await startTestServer({
      RATE_LIMIT_PER_MINUTE: '2',
      REGISTER_PER_HOUR: '1',
      TRUST_PROXY: '127.0.0.1',
      LOG_REQUESTS: 'false',
    });
    try {
      expect(await statuses(server.url, '2001:db8:1:2::a', 2)).toEqual([200, 200]);
      expect(await statuses(server.url, '2001:db8:1:2:8000::b', 1)).toEqual([429]);
      // The next /64 is another client.
      expect(await statuses(server.url, '2001:db8:1:3::a', 1)).toEqual([200]);
      expect(await statuses(server.url, '198.51.100.9', 2)).toEqual([200, 200]);
      expect(await statuses(server.url, '::ffff:198.51.100.9', 1)).toEqual([429]);
      // Registrations too: one an hour for the /64, whichever of its addresses asks.
      const register = (forwardedFor: string) =>
        http(`${server.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: '{}',
        });
      expect((await register('2001:db8:9:9::1')).status).toBe(201);
      expect((await register('2001:db8:9:9::2')).status).toBe(429);
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
