// A paper source answers one page of a search in one of three orders. The OpenAlex proxy
// (../openalex/paper-source.ts) is one; the local mirror (../mirror/local-paper-source.ts) is the
// other, behind the same contract.
import type { Author, AuthorQuery, AuthorResults, AuthorWorksQuery } from './author.ts';
import type { Corpus } from './corpora.ts';
import type { PaperRecord, RelatedQuery } from './paper.ts';
import type { PaperId } from './paper-id.ts';
import type { SearchResultItem } from './search-result-item.ts';

/**
 * Result orders. Every one ends in the work id, so a page of a given sort is the same on every
 * request and cursors never skip or repeat a work.
 * - citations: most cited first (the contract's order, the default);
 * - relevance: the source's relevance (OpenAlex's relevance_score; the mirror's: local-paper-source.ts);
 * - date: newest first, by publication date.
 */
export const PAPER_SORTS = ['citations', 'relevance', 'date'] as const;
export type PaperSort = (typeof PAPER_SORTS)[number];

/** Publication years a search may be bounded by: wide enough for any real work. */
export const YEAR_RANGE = { min: 1000, max: 2100 } as const;

export interface PaperQuery {
  /** Normalised query text (trimmed, single spaces). */
  q: string;
  corpus: Corpus;
  limit: number;
  page: number;
  sort: PaperSort;
  /** Inclusive publication-year bounds, when the search has them. */
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
}

export interface PaperResults {
  items: SearchResultItem[];
  total: number;
}

export interface PaperSource {
  readonly name: string;
  search(query: PaperQuery): Promise<PaperResults>;
  /** One paper by work id or DOI; undefined when the source has no such paper. */
  paper(id: PaperId): Promise<PaperRecord | undefined>;
  /** One page of the works citing a paper, or of the works it cites, in a search order. */
  related(query: RelatedQuery): Promise<PaperResults>;
  /** Authors whose name holds every word of the query, most cited first (ties by id). */
  authors?(query: AuthorQuery): Promise<AuthorResults>;
  /** One author by short id (A…); undefined when the source has none. */
  author?(id: string): Promise<Author | undefined>;
  /** One page of an author's works, in a paper-list order. */
  authorWorks?(query: AuthorWorksQuery): Promise<PaperResults>;
  /**
   * Works like a paper (by short work id), most cited first, at most `limit`: OpenAlex's related works,
   * or in the mirror the works sharing the most references with it.
   */
  similar?(work: string, limit: number): Promise<PaperResults>;
}

/** OpenAlex serves page-number paging only for the first 10,000 results of a query; every source holds to it. */
export const MAX_REACHABLE_RESULTS = 10_000;
