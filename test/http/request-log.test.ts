// The request log loses no line when the server is stopped mid-load (issue 32): its lines are written
// asynchronously in batches, so a stop must write what has gathered before the process exits.
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestServer } from '../support/server.ts';

/** Requests one path over and over until the server stops answering; the ids of what was answered. */
async function hammer(url: string, answered: string[]): Promise<void> {
  for (;;) {
    try {
      const response = await request(url);
      await response.body.dump();
      const id = response.headers['x-request-id'];
      if (typeof id === 'string' && response.statusCode < 500) answered.push(id);
    } catch {
      return;
    }
  }
}

describe('request log', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`has a line for every request answered before a ${signal} mid-load`, async () => {
      const server = await startTestServer({ SHUTDOWN_GRACE_MS: '3000' });
      const answered: string[] = [];
      const paths = ['/api/v1/glossary?limit=1', '/healthz', '/', '/api/v1/essays?limit=2'];
      const load = Array.from({ length: 12 }, (_, i) => hammer(`${server.url}${paths[i % paths.length]}`, answered));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      server.signal(signal);
      await Promise.all(load);
      expect(await server.exited).toBe(0);
      const logged = new Set<string>();
      for (const line of server.output) {
        if (!line.startsWith('{')) continue;
        const id = (JSON.parse(line) as { id?: unknown }).id;
        if (typeof id === 'string') logged.add(id);
      }
      expect(answered.length).toBeGreaterThan(100);
      expect(answered.filter((id) => !logged.has(id))).toEqual([]);
    });
  }
});
