// The OpenAlex proxy as a paper source: one /works request per page, in the contract's three orders
// (each ending in the work id, as OpenAlex's sorts do), mapped into search result items; a paper by
// /works/{id}; its citations and references by the `cites:` and `cited_by:` filters.
import type { PaperRecord, RelatedQuery } from '../contract/paper.ts';
import { paperIdText, type PaperId } from '../contract/paper-id.ts';
import type { PaperQuery, PaperResults, PaperSort, PaperSource } from '../contract/paper-source.ts';
import type { Corpus } from '../contract/corpora.ts';
import type { OpenAlexClient, WorksPage } from './client.ts';
import { corpusFilter, yearFilter } from './filters.ts';
import { toPaperRecord, toSearchResultItem } from './work-mapping.ts';
import { OpenAlexWorkSchema, PAPER_SELECT, WORK_SELECT } from './work.ts';

const OPENALEX_SORTS: Record<PaperSort, string> = {
  citations: 'cited_by_count:desc',
  relevance: 'relevance_score:desc',
  date: 'publication_date:desc',
};

/** `cites:W1` lists the works citing W1; `cited_by:W1` the works W1 cites. */
const RELATION_FILTERS = { citations: 'cites', references: 'cited_by' } as const;

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
    return resultsOf(page, query.corpus);
  }

  async paper(id: PaperId): Promise<PaperRecord | undefined> {
    const raw = await this.#client.work(paperIdText(id), PAPER_SELECT);
    const work = raw === undefined ? undefined : OpenAlexWorkSchema.safeParse(raw);
    return work?.success ? toPaperRecord(work.data) : undefined;
  }

  async related(query: RelatedQuery): Promise<PaperResults> {
    const page = await this.#client.works({
      filter: `${RELATION_FILTERS[query.relation]}:${query.work}`,
      sort: OPENALEX_SORTS[query.sort],
      perPage: query.limit,
      page: query.page,
      select: WORK_SELECT,
    });
    return resultsOf(page, undefined);
  }
}

function resultsOf(page: WorksPage, corpus: Corpus | undefined): PaperResults {
  const items = [];
  for (const raw of page.results) {
    const work = OpenAlexWorkSchema.safeParse(raw);
    // A single malformed record is skipped rather than failing the page.
    if (work.success) items.push(toSearchResultItem(work.data, corpus));
  }
  return { items, total: page.count };
}
