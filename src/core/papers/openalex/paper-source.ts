// The OpenAlex proxy as a paper source: one /works request per page, in the contract's three orders
// (each ending in the work id, as OpenAlex's sorts do), mapped into search result items; a paper by
// /works/{id}; its citations and references by the `cites:` and `cited_by:` filters.
import type { Author, AuthorQuery, AuthorResults, AuthorWorksQuery } from '../contract/author.ts';
import type { PaperRecord, RelatedQuery } from '../contract/paper.ts';
import { paperIdText, type PaperId } from '../contract/paper-id.ts';
import type { PaperQuery, PaperResults, PaperSort, PaperSource } from '../contract/paper-source.ts';
import type { Corpus } from '../contract/corpora.ts';
import type { OpenAlexClient, WorksPage } from './client.ts';
import { AUTHOR_SELECT, toAuthor } from './author-mapping.ts';
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

  async authors(query: AuthorQuery): Promise<AuthorResults> {
    const page = await this.#client.works({
      entity: 'authors',
      search: query.q,
      filter: '',
      sort: OPENALEX_SORTS.citations,
      perPage: query.limit,
      page: query.page,
      select: AUTHOR_SELECT,
    });
    return { items: page.results.flatMap((raw) => toAuthor(raw) ?? []), total: page.count };
  }

  async author(id: string): Promise<Author | undefined> {
    const raw = await this.#client.work(id, AUTHOR_SELECT, 'authors');
    return raw === undefined ? undefined : toAuthor(raw);
  }

  async authorWorks(query: AuthorWorksQuery): Promise<PaperResults> {
    const page = await this.#client.works({
      filter: `author.id:${query.author}`,
      sort: OPENALEX_SORTS[query.sort],
      perPage: query.limit,
      page: query.page,
      select: WORK_SELECT,
    });
    return resultsOf(page, undefined);
  }

  /** OpenAlex's related works of the paper, fetched as one page by id, most cited first. */
  async similar(work: string, limit: number): Promise<PaperResults> {
    const raw = await this.#client.work(work, ['id', 'related_works']);
    const related = (raw as { related_works?: unknown } | undefined)?.related_works;
    const ids = (Array.isArray(related) ? related : [])
      .map((id) => String(id).split('/').pop() ?? '')
      .filter((id) => /^W\d+$/.test(id))
      .slice(0, limit);
    if (ids.length === 0) return { items: [], total: 0 };
    const page = await this.#client.works({
      filter: `ids.openalex:${ids.join('|')}`,
      sort: OPENALEX_SORTS.citations,
      perPage: ids.length,
      page: 1,
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
