// Paper search behind the search cache: one page of a source's answer, rendered once into the bytes
// the route sends and cached under the normalised request (see stores/search-cache.ts for the
// bounds, single-flight and stale-if-error).
import type { JsonText } from '../../json-text.ts';
import type { CacheOutcome, SearchCacheStore } from '../../stores/search-cache.ts';
import { PaperNotFoundError } from './errors.ts';
import { listCursor } from './list-cursor.ts';
import type { PaperRecord, RelatedQuery } from './paper.ts';
import { paperIdText, type PaperId } from './paper-id.ts';
import { MAX_REACHABLE_RESULTS, type PaperQuery, type PaperResults, type PaperSource } from './paper-source.ts';

export interface SearchOutcome {
  /** The serialised search response (SearchResponse in OpenAPI), as the cache keeps it. */
  body: JsonText;
  cache: CacheOutcome;
  /** Seconds since the results were fetched. */
  age: number;
}

export function normaliseQuery(q: string): string {
  return q.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** What fixes a search's list of pages (all but the page): the scope its cursors are bound to. */
export function searchScope(query: Omit<PaperQuery, 'page'>): string {
  return `search|${PaperSearch.key({ ...query, page: 0 })}`;
}

/** What fixes a paper's list (the paper as it was named, the relation, sort and limit): its cursors' scope. */
export function relatedScope(query: Omit<RelatedQuery, 'page' | 'work'>, id: PaperId): string {
  return `${query.relation}|${paperIdText(id)}|${query.sort}|${query.limit}`;
}

/** The response body for one page of results: fixed by the query, so it can be cached as bytes. */
export function renderSearchPage(results: PaperResults, query: PaperQuery): Uint8Array {
  return renderResultsPage(
    results,
    { ...query, scope: searchScope(query) },
    { corpus: query.corpus, sort: query.sort },
  );
}

/** One page of results as the API spells it, with `extra` fields after the paging ones. */
export function renderResultsPage(
  results: Pick<PaperResults, 'total'> & { items: readonly unknown[] },
  { limit, page, scope }: { limit: number; page: number; scope: string },
  extra: Record<string, unknown>,
): Uint8Array {
  // Paging stops where page × limit would pass the window, so has_more never points at a page that is empty.
  const reachable = Math.min(results.total, MAX_REACHABLE_RESULTS - (MAX_REACHABLE_RESULTS % limit));
  const hasMore = page * limit < reachable;
  const cursor = page > 1 ? listCursor(scope, page) : null;
  const next = hasMore ? listCursor(scope, page + 1) : null;
  return Buffer.from(
    JSON.stringify({
      results: results.items,
      total: results.total,
      limit,
      has_more: hasMore,
      next_cursor: next,
      pagination: { total: results.total, limit, has_more: hasMore, cursor, next_cursor: next },
      ...extra,
    }),
  );
}

export class PaperSearch {
  readonly source: PaperSource;
  readonly #cache: SearchCacheStore;
  readonly #now: () => number;

  constructor(source: PaperSource, cache: SearchCacheStore, now: () => number = Date.now) {
    this.source = source;
    this.#cache = cache;
    this.#now = now;
  }

  /** The query text must already be normalised (the route's schema does it). */
  static key(query: PaperQuery): string {
    const years = `${query.yearFrom ?? ''}-${query.yearTo ?? ''}`;
    return `${query.corpus}|${query.sort}|${years}|${query.limit}|${query.page}|${query.q.toLowerCase()}`;
  }

  /** `owner` is the client the cached page counts against. */
  search(query: PaperQuery, owner: string): Promise<SearchOutcome> {
    return this.cached(PaperSearch.key(query), owner, async () =>
      renderSearchPage(await this.source.search(query), query),
    );
  }

  /**
   * One paper's record, rendered by `render` and cached as a search page is (the key names the paper
   * as asked for: a W id and a DOI of one paper are two entries). A paper the source does not have
   * throws PaperNotFoundError, and is not cached.
   */
  paper(id: PaperId, owner: string, render: (paper: PaperRecord) => unknown): Promise<SearchOutcome> {
    return this.cached(`paper|${paperIdText(id)}`, owner, async () => {
      const paper = await this.source.paper(id);
      if (!paper) throw new PaperNotFoundError(paperIdText(id));
      return Buffer.from(JSON.stringify(render(paper)));
    });
  }

  /**
   * One page of a paper's citations or references, rendered with `extra` fields, cached as search pages
   * are; `scope` (relatedScope) names the list, as the paper was named, and binds its cursors.
   */
  related(query: RelatedQuery, scope: string, owner: string, extra: Record<string, unknown>): Promise<SearchOutcome> {
    return this.cached(`${scope}|${query.page}`, owner, async () =>
      renderResultsPage(await this.source.related(query), { ...query, scope }, extra),
    );
  }

  /** A body from the cache, loaded by `load` on a miss; `owner` is the client the entry counts against. */
  async cached(key: string, owner: string, load: () => Promise<Uint8Array>): Promise<SearchOutcome> {
    const { page, outcome } = await this.#cache.getOrLoad(key, owner, load);
    return { body: page.body, cache: outcome, age: Math.max(0, Math.floor((this.#now() - page.storedAt) / 1000)) };
  }
}
