// AppDeps for in-process tests of the core: empty content, no papers, generous limits, through the
// same composition root as the server.
import type { AppDeps } from '../../src/core/deps.ts';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { loadConfig } from '../../src/core/config.ts';
import { createDeps, type DepsOptions } from '../../src/core/deps.ts';
import { isStreamBody, wholeBody, type CoreBody, type CoreRequest } from '../../src/core/http/types.ts';

const noIndex = () => Promise.reject(new Error('no papers in this test'));
const noPapers = { name: 'none', search: noIndex, paper: noIndex, related: noIndex };

export function testDeps(
  overrides: Partial<AppDeps> = {},
  askDocuments: AskDocument[] = [],
  options: DepsOptions & { env?: Record<string, string> } = {},
): AppDeps {
  const { env, ...rest } = options;
  const deps = createDeps(
    loadConfig({ RATE_LIMIT_PER_MINUTE: '1000000', ...env }),
    {
      content: { siteUrl: 'http://localhost:4321', essays: [], glossary: [], curriculum: [] },
      ask: AskIndex.load(AskIndex.build(askDocuments)),
    },
    { papers: noPapers, ...rest },
  );
  return { ...deps, ...overrides };
}

export function coreRequest(
  method: string,
  target: string,
  init: { headers?: Record<string, string>; body?: string; clientAddress?: string } = {},
): CoreRequest {
  const url = new URL(target, 'http://test');
  return {
    method,
    path: url.pathname,
    search: url.search.slice(1),
    headers: new Headers(init.headers),
    readBody: async () => new TextEncoder().encode(init.body ?? ''),
    clientAddress: init.clientAddress ?? '127.0.0.1',
    signal: new AbortController().signal,
  };
}

export function bodyText(body: CoreBody): string {
  if (body === null || isStreamBody(body)) throw new Error('bodyText reads a whole body, not a stream or none');
  const whole = wholeBody(body);
  return typeof whole === 'string' ? whole : new TextDecoder().decode(whole);
}
