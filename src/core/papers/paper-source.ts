// A paper source answers one page of a citation-sorted search. The OpenAlex proxy is one; the
// local mirror (issue 8) will be another behind the same contract.
import { corpusFilter, type Corpus } from './corpora.ts';
import { toSearchResultItem, type SearchResultItem } from './mapping.ts';
import type { OpenAlexClient } from './openalex-client.ts';
import { OpenAlexWorkSchema, WORK_SELECT } from './openalex-work.ts';

export interface PaperQuery {
  /** Normalised query text (trimmed, single spaces). */
  q: string;
  corpus: Corpus;
  limit: number;
  page: number;
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

export class OpenAlexPaperSource implements PaperSource {
  readonly name = 'openalex';
  readonly #client: OpenAlexClient;

  constructor(client: OpenAlexClient) {
    this.#client = client;
  }

  async search(query: PaperQuery): Promise<PaperResults> {
    const page = await this.#client.works({
      search: query.q,
      filter: corpusFilter(query.corpus),
      sort: 'cited_by_count:desc',
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
