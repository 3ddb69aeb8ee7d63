// The mirror's authors and similar papers, from what its works hold: the authorships OpenAlex
// identified (work_authors, written at import) and the references (citation_links). An author's
// counts are of the works the mirror holds, not of all their works. A mirror imported before
// work_authors existed has no authors until its works are imported again: the statements are
// prepared on first use, and a missing table answers as no author.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Author, AuthorQuery, AuthorResults, AuthorWorksQuery } from '../contract/author.ts';
import type { PaperRecord, RelatedSort } from '../contract/paper.ts';
import type { PaperResults } from '../contract/paper-source.ts';
import type { SearchResultItem } from '../contract/search-result-item.ts';

/** Words of a name or a query, as the name search compares them (the OpenAlex stand-in's rule). */
const nameWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The contract's orders over the works table: most cited, or newest (undated last); ties by id. */
const WORK_ORDERS: Record<RelatedSort, string> = {
  citations: 'w.cited_by_count DESC, w.id',
  date: "w.publication_date = '', w.publication_date DESC, w.id",
};

interface Statements {
  candidates: StatementSync;
  totals: StatementSync;
  latest: StatementSync;
  worksCount: StatementSync;
  works: Record<RelatedSort, StatementSync>;
  similar: StatementSync;
}

export class ScholarQueries {
  readonly #db: DatabaseSync;
  readonly #toItem: (record: PaperRecord) => SearchResultItem;
  #statements: Statements | null | undefined;

  constructor(db: DatabaseSync, toItem: (record: PaperRecord) => SearchResultItem) {
    this.#db = db;
    this.#toItem = toItem;
  }

  #prepared(): Statements | null {
    if (this.#statements !== undefined) return this.#statements;
    try {
      const db = this.#db;
      const ofAuthor = 'FROM work_authors a JOIN works w ON w.id = a.work_id WHERE a.author_id';
      const worksOf = `FROM work_authors a JOIN works w ON w.id = a.work_id
        JOIN paper_records p ON p.work_id = a.work_id WHERE a.author_id = ?`;
      this.#statements = {
        candidates: db.prepare('SELECT DISTINCT author_id, name FROM work_authors WHERE name LIKE ?'),
        totals: db.prepare(
          `SELECT a.author_id AS id, count(*) AS n, sum(w.cited_by_count) AS c ${ofAuthor} IN (SELECT value FROM json_each(?))
           GROUP BY a.author_id ORDER BY c DESC, a.author_id LIMIT ? OFFSET ?`,
        ),
        latest: db.prepare(
          `SELECT a.name, a.orcid, a.institution ${ofAuthor} = ?
           ORDER BY w.publication_date DESC, w.id LIMIT 1`,
        ),
        worksCount: db.prepare(`SELECT count(*) AS n, sum(w.cited_by_count) AS c ${ofAuthor} = ?`),
        works: {
          citations: db.prepare(`SELECT p.record ${worksOf} ORDER BY ${WORK_ORDERS.citations} LIMIT ? OFFSET ?`),
          date: db.prepare(`SELECT p.record ${worksOf} ORDER BY ${WORK_ORDERS.date} LIMIT ? OFFSET ?`),
        },
        // Works sharing references with the paper, the most shared first, then the most cited.
        similar: db.prepare(
          `SELECT p.record, count(*) AS shared FROM citation_links mine
           JOIN citation_links other ON other.cited = mine.cited AND other.citing <> mine.citing
           JOIN works w ON w.id = other.citing JOIN paper_records p ON p.work_id = other.citing
           WHERE mine.citing = ? GROUP BY other.citing ORDER BY shared DESC, w.cited_by_count DESC, w.id LIMIT ?`,
        ),
      };
    } catch {
      this.#statements = null;
    }
    return this.#statements;
  }

  /** Authors whose name holds every word of the query (whole words), most cited first, ties by id. */
  authors({ q, limit, page }: AuthorQuery): AuthorResults {
    const statements = this.#prepared();
    const wanted = nameWords(q);
    const longest = [...wanted].sort((a, b) => b.length - a.length)[0];
    if (!statements || !longest) return { items: [], total: 0 };
    const rows = statements.candidates.all(`%${longest}%`) as Array<{ author_id: string; name: string }>;
    const ids = new Set(
      rows.filter((row) => wanted.every((word) => nameWords(row.name).includes(word))).map((row) => row.author_id),
    );
    const json = JSON.stringify([...ids]);
    const totals = statements.totals.all(json, limit, (page - 1) * limit) as Array<{
      id: string;
      n: number;
      c: number;
    }>;
    const items = totals
      .map((row) => this.#authorFrom(statements, row.id, row.n, row.c))
      .filter((author): author is Author => author !== undefined);
    return { items, total: ids.size };
  }

  author(id: string): Author | undefined {
    const statements = this.#prepared();
    if (!statements) return undefined;
    const totals = statements.worksCount.get(id) as { n: number; c: number | null };
    return totals.n > 0 ? this.#authorFrom(statements, id, totals.n, totals.c ?? 0) : undefined;
  }

  authorWorks({ author, sort, limit, page }: AuthorWorksQuery): PaperResults {
    const statements = this.#prepared();
    if (!statements) return { items: [], total: 0 };
    const total = (statements.worksCount.get(author) as { n: number }).n;
    const rows = statements.works[sort].all(author, limit, (page - 1) * limit) as Array<{ record: string }>;
    return { items: rows.map((row) => this.#toItem(JSON.parse(row.record) as PaperRecord)), total };
  }

  similar(work: string, limit: number): PaperResults {
    const statements = this.#prepared();
    if (!statements) return { items: [], total: 0 };
    const rows = statements.similar.all(work, limit) as Array<{ record: string }>;
    return { items: rows.map((row) => this.#toItem(JSON.parse(row.record) as PaperRecord)), total: rows.length };
  }

  /** The author as of their newest work here (name, ORCID, institution), with the counts given. */
  #authorFrom(statements: Statements, id: string, works: number, citations: number): Author | undefined {
    const latest = statements.latest.get(id) as { name: string; orcid: string | null; institution: string | null };
    if (!latest) return undefined;
    return {
      id: `https://openalex.org/${id}`,
      name: latest.name,
      orcid: latest.orcid,
      works_count: works,
      citations,
      institution: latest.institution,
    };
  }
}
