// The local mirror as a paper source: the same contract as the OpenAlex proxy (citation order with an
// id tie-break, exact totals, page-number paging) answered from SQLite in about a millisecond. See
// local-mirror-schema.ts for why the FTS rowid is the citation rank.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CORPORA, type Corpus } from './corpora.ts';
import { toMatchExpression } from './full-text-query.ts';
import { openMirrorForSearch, rankedTable, searchTable } from './local-mirror-schema.ts';
import type { SearchResultItem } from './mapping.ts';
import type { PaperQuery, PaperResults, PaperSource } from './paper-source.ts';

interface CorpusStatements {
  /** Works matching an expression. */
  count: StatementSync;
  /** Items of one page of matches, in rank order. */
  page: StatementSync;
}

export class LocalPaperSource implements PaperSource {
  readonly name = 'local';
  readonly #db: DatabaseSync;
  readonly #statements: Record<Corpus, CorpusStatements>;

  constructor(db: DatabaseSync) {
    this.#db = db;
    const prepare = (corpus: Corpus): CorpusStatements => {
      const ranked = rankedTable(corpus);
      const search = searchTable(corpus);
      return {
        count: db.prepare(`SELECT count(*) AS n FROM ${search} WHERE ${search} MATCH ?`),
        // The page's ranks come first, so the offset skips bare rowids of the index, never joined rows.
        page: db.prepare(
          `SELECT c.item FROM ${ranked} r JOIN corpus_works c ON c.corpus = '${corpus}' AND c.work_id = r.work_id
           WHERE r.rank IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ? ORDER BY rowid LIMIT ? OFFSET ?)
           ORDER BY r.rank`,
        ),
      };
    };
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
    const expression = toMatchExpression(query.q);
    // A query with no word to search for (only stop words or punctuation) finds nothing, not everything.
    if (expression === undefined) return { items: [], total: 0 };
    const statements = this.#statements[query.corpus];
    const { n: total } = statements.count.get(expression) as { n: number };
    const offset = (query.page - 1) * query.limit;
    if (offset >= total) return { items: [], total };
    const rows = statements.page.all(expression, query.limit, offset) as Array<{ item: string }>;
    return { items: rows.map((row) => JSON.parse(row.item) as SearchResultItem), total };
  }

  close(): void {
    this.#db.close();
  }
}
