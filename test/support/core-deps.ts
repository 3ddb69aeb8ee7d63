// AppDeps for in-process tests of the core: empty content, no papers, generous limits.
import type { AppDeps } from '../../src/core/app.ts';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { MemoryTokenStore } from '../../src/core/auth/token-store.ts';
import { BoundedCache } from '../../src/core/bounded-cache.ts';
import { loadConfig } from '../../src/core/config.ts';
import { ContentService } from '../../src/core/content/content-service.ts';
import type { JsonText } from '../../src/core/http/route.ts';
import type { CoreRequest } from '../../src/core/http/types.ts';
import { MemoryIdempotencyStore } from '../../src/core/idempotency.ts';
import { MemoryJobStore } from '../../src/core/jobs/job-store.ts';
import { PaperSearch } from '../../src/core/papers/paper-search.ts';
import { FixedWindowRateLimiter } from '../../src/core/rate-limit.ts';

export function testDeps(overrides: Partial<AppDeps> = {}, askDocuments: AskDocument[] = []): AppDeps {
  return {
    config: loadConfig({}),
    content: new ContentService({ siteUrl: 'http://localhost:4321', essays: [], glossary: [], curriculum: [] }),
    papers: new PaperSearch({ name: 'none', search: () => Promise.reject(new Error('no papers in this test')) }),
    ask: AskIndex.load(AskIndex.build(askDocuments)),
    jobs: new MemoryJobStore(),
    idempotency: new MemoryIdempotencyStore(),
    rateLimiter: new FixedWindowRateLimiter(1_000_000),
    tokens: new MemoryTokenStore(),
    memo: new BoundedCache<JsonText>({ maxEntries: 100, maxBytes: 1e7, sizeOf: (json) => json.text.length }),
    ...overrides,
  };
}

export function coreRequest(
  method: string,
  target: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): CoreRequest {
  const url = new URL(target, 'http://test');
  return {
    method,
    path: url.pathname,
    search: url.search.slice(1),
    headers: new Headers(init.headers),
    readBody: async () => new TextEncoder().encode(init.body ?? ''),
    clientAddress: '127.0.0.1',
    signal: new AbortController().signal,
  };
}

export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array);
}
