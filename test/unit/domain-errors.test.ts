// Operations throw domain errors, with no status (issue 46); the edge (http/error-mapping.ts) maps each
// to the catalogue's code, status and message. Checked on the errors themselves, on what an operation
// throws, and on the HTTP answer the dispatcher makes of it.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.ts';
import { createApp } from '../../src/core/http/app.ts';
import { toApiError } from '../../src/core/http/error-mapping.ts';
import { InvalidCursorError, NotFoundError } from '../../src/core/operations/errors.ts';
import { authorWorks, getAuthor } from '../../src/core/operations/scholar.ts';
import { AuthorNotFoundError } from '../../src/core/papers/contract/errors.ts';
import { PaperSearch } from '../../src/core/papers/contract/paper-search.ts';
import type { PaperSource } from '../../src/core/papers/contract/paper-source.ts';
import { MemorySearchCache } from '../../src/core/stores/search-cache.ts';
import { routes } from '../../src/core/routes/index.ts';
import { bodyText, coreRequest, testDeps } from '../support/core-deps.ts';

/** A paper index that knows no author, and no works. */
const noAuthors: PaperSource = {
  name: 'no-authors',
  search: () => Promise.resolve({ items: [], total: 0 }),
  paper: () => Promise.resolve(undefined),
  related: () => Promise.resolve({ items: [], total: 0 }),
  author: () => Promise.resolve(undefined),
  authorWorks: () => Promise.resolve({ items: [], total: 0 }),
};

function setup() {
  const share = { count: 100, bytes: 1 << 20 };
  const cache = new MemorySearchCache({ ttlMs: 60_000, share: { total: share, perClient: share } });
  const deps = testDeps({ papers: new PaperSearch(noAuthors, cache) });
  return { deps, context: { deps, clientAddress: '127.0.0.1' }, app: createApp(deps, routes) };
}

async function errorOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('domain errors at the edge', () => {
  it.each([
    [new AuthorNotFoundError('A42'), 404, 'author_not_found'],
    [new InvalidCursorError('is empty; leave it out for the first page'), 400, 'invalid_cursor'],
    [new NotFoundError('No essay has the slug "x".', 'List the essays.'), 404, 'not_found'],
  ] as const)('%s maps to %i %s with its own message', (error, status, code) => {
    expect(error).not.toBeInstanceOf(ApiError);
    const mapped = toApiError(error);
    expect(mapped).toMatchObject({ status, code, message: error.message });
    expect(mapped.toBody().error).toMatchObject({ status, code, message: error.message });
  });

  it('an unknown author is an AuthorNotFoundError from the operation, 404 author_not_found over HTTP', async () => {
    const { context, app } = setup();
    const thrown = await errorOf(() => getAuthor.run({ id: 'A9999' }, context));
    expect(thrown).toBeInstanceOf(AuthorNotFoundError);
    expect(thrown).not.toBeInstanceOf(ApiError);
    const response = await app.handle(coreRequest('GET', '/api/v1/authors/A9999'));
    expect(response.status).toBe(404);
    expect(JSON.parse(bodyText(response.body)).error).toMatchObject({
      status: 404,
      code: 'author_not_found',
      message: 'No author A9999 is in the paper index.',
    });
  });

  it('a cursor of another list is an InvalidCursorError from the operation, 400 invalid_cursor over HTTP', async () => {
    const { context, app } = setup();
    const input = { id: 'A9999', sort: 'citations' as const, limit: 25, cursor: 'bm90LWEtY3Vyc29y' };
    const thrown = await errorOf(() => authorWorks.run(input, context));
    expect(thrown).toBeInstanceOf(InvalidCursorError);
    expect(thrown).not.toBeInstanceOf(ApiError);
    const response = await app.handle(coreRequest('GET', `/api/v1/authors/A9999/works?cursor=${input.cursor}`));
    expect(response.status).toBe(400);
    const { error } = JSON.parse(bodyText(response.body));
    expect(error).toMatchObject({ status: 400, code: 'invalid_cursor' });
    expect(error.message).toMatch(/^Query parameter "cursor": "bm90LWEtY3Vyc29y" is not a cursor of this list/);
  });
});
