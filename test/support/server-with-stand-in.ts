// The built server wired to a local OpenAlex stand-in serving the project's fixture works, started
// before and stopped after the calling test file's tests.
import { afterAll, beforeAll } from 'vitest';
import { fixtureWorks } from './fixtures.ts';
import { startOpenAlexStandIn } from './openalex-stand-in.mjs';
import { startTestServer, type TestServer } from './server.ts';

export type StandIn = Awaited<ReturnType<typeof startOpenAlexStandIn>>;

export function useServerWithStandIn(env: Record<string, string> = {}): { server: TestServer; standIn: StandIn } {
  const handles = {} as { server: TestServer; standIn: StandIn };
  beforeAll(async () => {
    handles.standIn = await startOpenAlexStandIn({
      works: [...fixtureWorks.ai, ...fixtureWorks.web3, ...fixtureWorks.other],
    });
    handles.server = await startTestServer({ OPENALEX_URL: handles.standIn.url, LOG_REQUESTS: 'false', ...env });
  });
  afterAll(async () => {
    await handles.server?.stop();
    await handles.standIn?.close();
  });
  return handles;
}
