// The OpenAlex proxy as a paper source: one /works request per page, in the contract's three orders
// (each ending in the work id, as OpenAlex's sorts do), mapped into search result items.
import type { PaperQuery, PaperResults, PaperSort, PaperSource } from '../contract/paper-source.ts';
import type { SearchResultItem } from '../contract/search-result-item.ts';
import type { OpenAlexClient } from './client.ts';
import { corpusFilter, yearFilter } from './filters.ts';
import { toSearchResultItem } from './work-mapping.ts';
import { OpenAlexWorkSchema, WORK_SELECT } from './work.ts';

const OPENALEX_SORTS: Record<PaperSort, string> = {
  citations: 'cited_by_count:desc',
  relevance: 'relevance_score:desc',
  date: 'publication_date:desc',
};

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
