// A paper source answers one page of a search in one of three orders. The OpenAlex proxy is one;
// the local mirror (local-mirror.ts) is the other, behind the same contract.
import { corpusFilter, type Corpus } from './corpora.ts';
import { toSearchResultItem, type SearchResultItem } from './search-result-item.ts';
import type { OpenAlexClient } from '../openalex/client.ts';
import { OpenAlexWorkSchema, WORK_SELECT } from '../openalex/work.ts';

/**
 * Result orders. Every one ends in the work id, so a page of a given sort is the same on every
 * request and cursors never skip or repeat a work.
 * - citations: most cited first (the contract's order, the default);
 * - relevance: the source's relevance (OpenAlex's relevance_score; the mirror's is in local-mirror.ts);
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
}

/** OpenAlex serves page-number paging only for the first 10,000 results of a query. */
export const MAX_REACHABLE_RESULTS = 10_000;

const OPENALEX_SORTS: Record<PaperSort, string> = {
  citations: 'cited_by_count:desc',
  relevance: 'relevance_score:desc',
  date: 'publication_date:desc',
};

/** OpenAlex's publication_year filter for the bounds a query has: `2019-2021`, `>2018` or `<2022`. */
export function yearFilter({ yearFrom, yearTo }: Pick<PaperQuery, 'yearFrom' | 'yearTo'>): string | undefined {
  if (yearFrom !== undefined && yearTo !== undefined) return `publication_year:${yearFrom}-${yearTo}`;
  if (yearFrom !== undefined) return `publication_year:>${yearFrom - 1}`;
  if (yearTo !== undefined) return `publication_year:<${yearTo + 1}`;
  return undefined;
}

export class OpenAlexPaperSource implements PaperSource {
  readonly name = 'openalex';
  readonly #client: OpenAlexClient;

  constructor(client: OpenAlexClient) {
    this.#client = client;
  }

  async search(query: PaperQuery): Promise<PaperResults> {
    const page = await this.#client.works({
      search: query.q,
      filter: [corpusFilter(query.corpus), yearFilter(query)].filter(Boolean).join(','),
      sort: OPENALEX_SORTS[query.sort],
      perPage: query.limit,
      page: query.page,
      select: WORK_SELECT,
    });
    const items: SearchResultItem[] = [];
    for (const raw of page.results) {
      const work = OpenAlexWorkSchema.safeParse(raw);
      // A single malformed record is skipped rather than failing the page.
      if (work.success) items.push(toSearchResultItem(work.data, query.corpus));
    }
    return { items, total: page.count };
  }
}
