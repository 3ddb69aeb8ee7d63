// The local mirror as a paper source: the same contract as the OpenAlex proxy (three orders with an
// id tie-break, exact totals, page-number paging) answered from SQLite in milliseconds. See
// schema.ts for why each full-text index's rowid is already a sort order.
//
// Relevance here is not BM25: scoring every match of a common word costs time in proportion to the
// matches (tens of milliseconds at 250,000 abstracts), while OpenAlex's own relevance also weighs
// citations. The mirror ranks works whose title holds the whole query first, then those that match
// through their abstract, most cited first within each: two index-ordered walks, as fast as the
// citation order, and the same rule the project's OpenAlex stand-in follows.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CORPORA, type Corpus } from '../contract/corpora.ts';
import { toMatchExpression } from './full-text-query.ts';
import { newestTable, openMirrorForSearch, rankedTable, searchTable, YEAR_TOKEN_PREFIX, yearsTable } from './schema.ts';
import type { Author, AuthorQuery, AuthorResults, AuthorWorksQuery } from '../contract/author.ts';
import type { PaperRecord, PaperRelation, RelatedQuery, RelatedSort } from '../contract/paper.ts';
import { ScholarQueries } from './scholar-queries.ts';
import type { PaperId } from '../contract/paper-id.ts';
import { MAX_AUTHORS, type SearchResultItem } from '../contract/search-result-item.ts';
import type { PaperQuery, PaperResults, PaperSource } from '../contract/paper-source.ts';

/** One full-text index walked in its rowid order. */
interface OrderedIndex {
  /** Works matching an expression. */
  count: StatementSync;
  /** Items of one page of matches, in rowid order. */
  page: StatementSync;
}

interface CorpusStatements {
  byCitations: OrderedIndex;
  byDate: OrderedIndex;
  /** The years present within a range. */
  years: StatementSync;
}

/** A paper's list in one order: its size, and a page of its members' records. */
interface RelatedStatements {
  count: StatementSync;
  page: StatementSync;
}

/** The contract's orders over the works table: most cited, or newest (undated last); ties by id. */
const REFERENCE_ORDERS: Record<RelatedSort, string> = {
  citations: 'w.cited_by_count DESC, w.id',
  date: "w.publication_date = '', w.publication_date DESC, w.id",
};

export class LocalPaperSource implements PaperSource {
  readonly name = 'local';
  readonly #db: DatabaseSync;
  readonly #statements: Record<Corpus, CorpusStatements>;
  readonly #paperById: StatementSync;
  readonly #paperByDoi: StatementSync;
  readonly #paperByPmid: StatementSync;
  readonly #related: Record<PaperRelation, Record<RelatedSort, RelatedStatements>>;
  readonly #scholar: ScholarQueries;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#scholar = new ScholarQueries(db, itemOf);
    const record = 'SELECT p.record, w.abstract FROM paper_records p JOIN works w ON w.id = p.work_id';
    this.#paperById = db.prepare(`${record} WHERE p.work_id = ?`);
    this.#paperByDoi = db.prepare(`${record} WHERE p.doi = ? ORDER BY p.work_id LIMIT 1`);
    this.#paperByPmid = db.prepare(`${record} WHERE p.pmid = ? ORDER BY p.work_id LIMIT 1`);
    // A paper's citations come straight from an index in either order (each link carries its citing
    // work's count and date); its references, a few dozen at most, are sorted from the works table.
    const citations = (sort: RelatedSort): RelatedStatements => ({
      count: db.prepare('SELECT count(*) AS n FROM citation_links WHERE cited = ?'),
      page: db.prepare(
        `SELECT p.record FROM citation_links l JOIN paper_records p ON p.work_id = l.citing WHERE l.cited = ?
         ORDER BY ${sort === 'date' ? 'l.citing_date' : 'l.citing_citations'} DESC, l.citing LIMIT ? OFFSET ?`,
      ),
    });
    const references = (sort: RelatedSort): RelatedStatements => {
      const members = `FROM citation_links l JOIN works w ON w.id = l.cited
        JOIN paper_records p ON p.work_id = l.cited WHERE l.citing = ?`;
      return {
        count: db.prepare(`SELECT count(*) AS n ${members}`),
        page: db.prepare(`SELECT p.record ${members} ORDER BY ${REFERENCE_ORDERS[sort]} LIMIT ? OFFSET ?`),
      };
    };
    this.#related = {
      citations: { citations: citations('citations'), date: citations('date') },
      references: { citations: references('citations'), date: references('date') },
    };
    const ordered = (corpus: Corpus, fts: string, column: 'rank' | 'newness'): OrderedIndex => {
      const ranked = rankedTable(corpus);
      return {
        count: db.prepare(`SELECT count(*) AS n FROM ${fts} WHERE ${fts} MATCH ?`),
        // The page's rowids come first, so the offset skips bare rowids of the index, never joined rows.
        page: db.prepare(
          `SELECT c.item FROM ${ranked} r JOIN corpus_works c ON c.corpus = '${corpus}' AND c.work_id = r.work_id
           WHERE r.${column} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid LIMIT ? OFFSET ?)
           ORDER BY r.${column}`,
        ),
      };
    };
    const prepare = (corpus: Corpus): CorpusStatements => ({
      byCitations: ordered(corpus, searchTable(corpus), 'rank'),
      byDate: ordered(corpus, newestTable(corpus), 'newness'),
      years: db.prepare(`SELECT year FROM ${yearsTable(corpus)} WHERE year BETWEEN ? AND ? ORDER BY year`),
    });
    this.#statements = Object.fromEntries(CORPORA.map((corpus) => [corpus, prepare(corpus)])) as Record<
      Corpus,
      CorpusStatements
    >;
  }

  /** Opens the mirror file read-only; throws with a plain reason when it cannot serve searches. */
  static open(file: string): LocalPaperSource {
    return new LocalPaperSource(openMirrorForSearch(file));
  }

  async search(query: PaperQuery): Promise<PaperResults> {
    const words = toMatchExpression(query.q);
    const statements = this.#statements[query.corpus];
    const years = this.#yearClause(statements, query);
    // A query with no word to search for (only stop words or punctuation) finds nothing, not everything;
    // nor does a year range with no work in it.
    if (words === undefined || years === null) return { items: [], total: 0 };
    const within = (expression: string) => (years ? `${expression} AND ${years}` : expression);
    const anywhere = within(`{title abstract} : (${words})`);
    const offset = (query.page - 1) * query.limit;
    if (query.sort !== 'relevance') {
      const index = query.sort === 'date' ? statements.byDate : statements.byCitations;
      const total = count(index, anywhere);
      return { items: offset < total ? page(index, anywhere, query.limit, offset) : [], total };
    }
    const inTitle = within(`{title} : (${words})`);
    const index = statements.byCitations;
    const total = count(index, anywhere);
    // A first page needs no count of the title matches: if it is not filled by them, it has them all.
    const titled = offset === 0 ? 0 : count(index, inTitle);
    const items = offset === 0 || offset < titled ? page(index, inTitle, query.limit, offset) : [];
    const wanted = query.limit - items.length;
    if (wanted > 0 && offset + items.length < total) {
      const rest = `(${anywhere}) NOT (${inTitle})`;
      items.push(...page(index, rest, wanted, Math.max(0, offset - titled)));
    }
    return { items, total };
  }

  async paper(id: PaperId): Promise<PaperRecord | undefined> {
    const row = (
      id.kind === 'openalex'
        ? this.#paperById.get(id.id)
        : id.kind === 'doi'
          ? this.#paperByDoi.get(id.doi)
          : this.#paperByPmid.get(id.pmid)
    ) as { record: string; abstract: string } | undefined;
    return row
      ? { ...(JSON.parse(row.record) as Omit<PaperRecord, 'abstract'>), abstract: row.abstract || null }
      : undefined;
  }

  /** Only the works the mirror holds are listed (and counted): it knows no other work's record. */
  async related(query: RelatedQuery): Promise<PaperResults> {
    const statements = this.#related[query.relation][query.sort];
    const total = (statements.count.get(query.work) as { n: number }).n;
    const offset = (query.page - 1) * query.limit;
    if (offset >= total) return { items: [], total };
    const rows = statements.page.all(query.work, query.limit, offset) as Array<{ record: string }>;
    return { items: rows.map((row) => itemOf(JSON.parse(row.record) as PaperRecord)), total };
  }

  async authors(query: AuthorQuery): Promise<AuthorResults> {
    return this.#scholar.authors(query);
  }

  async author(id: string): Promise<Author | undefined> {
    return this.#scholar.author(id);
  }

  async authorWorks(query: AuthorWorksQuery): Promise<PaperResults> {
    return this.#scholar.authorWorks(query);
  }

  /** The works sharing the most references with the paper (the mirror has no related_works). */
  async similar(work: string, limit: number): Promise<PaperResults> {
    return this.#scholar.similar(work, limit);
  }

  /**
   * The year range as a match on the year tokens present in it (works without a year never match
   * one): undefined without a range, null when no work falls in it.
   */
  #yearClause(statements: CorpusStatements, { yearFrom, yearTo }: PaperQuery): string | undefined | null {
    if (yearFrom === undefined && yearTo === undefined) return undefined;
    const present = statements.years.all(yearFrom ?? 0, yearTo ?? Number.MAX_SAFE_INTEGER) as Array<{
      year: number;
    }>;
    if (present.length === 0) return null;
    return `{year} : (${present.map(({ year }) => `"${YEAR_TOKEN_PREFIX}${year}"`).join(' OR ')})`;
  }

  close(): void {
    this.#db.close();
  }
}

const count = (index: OrderedIndex, expression: string) => (index.count.get(expression) as { n: number }).n;

function page(index: OrderedIndex, expression: string, limit: number, offset: number): SearchResultItem[] {
  const rows = index.page.all(expression, limit, offset) as Array<{ item: string }>;
  return rows.map((row) => JSON.parse(row.item) as SearchResultItem);
}

/** A paper record as a search result item: the item's fields, the first authors only. */
function itemOf(record: PaperRecord): SearchResultItem {
  const { title, source, url, date, publication_date, category, type, citations, id, doi, open_access_url } = record;
  const authors = record.authors.slice(0, MAX_AUTHORS);
  return { title, source, url, date, publication_date, category, type, citations, id, doi, authors, open_access_url };
}
