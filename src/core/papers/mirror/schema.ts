// The local paper mirror's SQLite file. Imports and harvests write the stored truth: `works` (one row
// per OpenAlex work: search text, citation count and publication date) and `corpus_works` (which
// corpus a work is in, with the search result item already mapped for that corpus, so a search never
// maps). The search tables are derived from those and rebuilt after every import. Per corpus:
// - `ranked_<corpus>` numbers the works by (citations desc, id): `rank`, and by (date desc, id):
//   `newness`;
// - two FTS5 tables index title, abstract and publication year, one with the rank as its rowid
//   (`search_<corpus>`), one with the newness (`newest_<corpus>`). A full-text match walked in rowid
//   order is therefore already in citation (or date) order: a page is the first matches after an
//   offset, with no sort, and the walk stops as soon as the page is full. The year is a token
//   ("y2019") in its own column, so a year range is part of the match, not a filter after it;
// - `years_<corpus>` lists the years present, to spell a range as the tokens that exist.
import type * as Sqlite from 'node:sqlite';
import type { DatabaseSync } from 'node:sqlite';
import { CORPORA, type Corpus } from '../contract/corpora.ts';

/** The file at hand cannot serve as a mirror; the message says why, in words a user can act on. */
export class MirrorFileError extends Error {
  override readonly name = 'MirrorFileError';
}

/** Marks the file as ours (PRAGMA application_id), so a stray SQLite file is refused by name. */
const APPLICATION_ID = 0x5248_6d31; // "RHm1"
/**
 * Bumped whenever the layout changes; the server refuses an older file rather than misread it, and
 * the CLI upgrades it in place (see upgradeLayout). 2: abstracts, publication dates, years, date order;
 * 3: items carry their publication date; 4: paper records and citation links (the paper graph);
 * 5: paper records keep the PubMed id, so a paper is found by it.
 */
export const MIRROR_SCHEMA_VERSION = 5;

export const rankedTable = (corpus: Corpus) => `ranked_${corpus}`;
/** Full-text index in citation order (rowid = rank). */
export const searchTable = (corpus: Corpus) => `search_${corpus}`;
/** Full-text index in date order (rowid = newness). */
export const newestTable = (corpus: Corpus) => `newest_${corpus}`;
export const yearsTable = (corpus: Corpus) => `years_${corpus}`;
/** A work's publication year is indexed as this prefix and the year ("y2019"). */
export const YEAR_TOKEN_PREFIX = 'y';

const STORED_TABLES = `
  CREATE TABLE IF NOT EXISTS works (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    cited_by_count INTEGER NOT NULL,
    synthetic INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    abstract TEXT NOT NULL DEFAULT '',
    publication_date TEXT NOT NULL DEFAULT '',
    publication_year INTEGER
  );
  CREATE TABLE IF NOT EXISTS corpus_works (
    corpus TEXT NOT NULL,
    work_id TEXT NOT NULL,
    item TEXT NOT NULL,
    PRIMARY KEY (corpus, work_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS corpus_works_by_work ON corpus_works (work_id);
  CREATE TABLE IF NOT EXISTS harvests (
    corpus TEXT NOT NULL,
    query TEXT NOT NULL,
    cursor TEXT,
    harvested INTEGER NOT NULL,
    total INTEGER,
    updated_at TEXT NOT NULL,
    finished_at TEXT,
    PRIMARY KEY (corpus, query)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS mirror_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS paper_records (
    work_id TEXT PRIMARY KEY,
    doi TEXT,
    record TEXT NOT NULL,
    pmid TEXT
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS paper_records_by_doi ON paper_records (doi) WHERE doi IS NOT NULL;
  CREATE INDEX IF NOT EXISTS paper_records_by_pmid ON paper_records (pmid) WHERE pmid IS NOT NULL;
  CREATE TABLE IF NOT EXISTS work_authors (
    author_id TEXT NOT NULL,
    work_id TEXT NOT NULL,
    name TEXT NOT NULL,
    orcid TEXT,
    institution TEXT,
    PRIMARY KEY (author_id, work_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS work_authors_by_work ON work_authors (work_id);
  CREATE TABLE IF NOT EXISTS citation_links (
    citing TEXT NOT NULL,
    cited TEXT NOT NULL,
    citing_citations INTEGER NOT NULL,
    citing_date TEXT NOT NULL,
    PRIMARY KEY (citing, cited)
  ) WITHOUT ROWID;
`;

/**
 * node:sqlite, loaded on demand: Node 22.12 has it only behind --experimental-sqlite, and a server
 * that searches OpenAlex must still start there.
 */
export function loadSqlite(): typeof Sqlite {
  const sqlite = process.getBuiltinModule('node:sqlite') as typeof Sqlite | undefined;
  if (!sqlite) {
    throw new MirrorFileError(
      `this Node.js (${process.version}) has no node:sqlite; use Node.js >= 22.13 (24 LTS recommended), or start Node 22.12 with --experimental-sqlite`,
    );
  }
  return sqlite;
}

function layoutOf(db: DatabaseSync): { appId: number; version: number } {
  return {
    appId: Number((db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id),
    version: Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version),
  };
}

function layoutProblem(db: DatabaseSync): string | undefined {
  const { appId, version } = layoutOf(db);
  if (appId !== APPLICATION_ID) return 'it is not a Research Hub paper mirror';
  if (version < MIRROR_SCHEMA_VERSION)
    return `it has mirror layout ${version}, this version reads layout ${MIRROR_SCHEMA_VERSION} (any import, harvest or "npm run papers -- reindex" upgrades it${version === 1 ? '; re-import the works to search their abstracts' : ''})`;
  if (version > MIRROR_SCHEMA_VERSION)
    return `it has mirror layout ${version}, newer than this version reads (${MIRROR_SCHEMA_VERSION}); update Research Hub`;
  return undefined;
}

export function tableNames(db: DatabaseSync): Set<string> {
  const rows = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>;
  return new Set(rows.map((row) => row.name));
}

/** Opens a mirror for searching. Throws with a plain reason when the file cannot serve searches. */
export function openMirrorForSearch(file: string): DatabaseSync {
  const { DatabaseSync } = loadSqlite();
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const problem = layoutProblem(db);
    if (problem) throw new MirrorFileError(problem);
    const tables = tableNames(db);
    const derived = (corpus: Corpus) =>
      [rankedTable, searchTable, newestTable, yearsTable].map((table) => table(corpus));
    if (!CORPORA.every((corpus) => derived(corpus).every((table) => tables.has(table))))
      throw new MirrorFileError(
        'it has no search index yet (an import or harvest builds it; so does the reindex command)',
      );
    return db;
  } catch (error) {
    db?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new MirrorFileError(/not a database/i.test(reason) ? 'it is not an SQLite database' : reason, {
      cause: error,
    });
  }
}

/** Opens a mirror read-write (for imports, harvests and stats), creating it when absent. */
export function openMirror(file: string): DatabaseSync {
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(file, { timeout: 10_000 });
  try {
    // WAL: a server reading the mirror keeps answering while an import writes and re-indexes it.
    // A 64 MB page cache keeps a large import's b-trees in memory (the default is 2 MB), and the file
    // is read through a memory map (up to 2 GB): a rebuild reads every abstract in rank order, and
    // reading them a page per system call took 5.5 s of system time at 250,000 works, mapped 3.0 s.
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA mmap_size = 2147483648;',
    );
    const empty = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n === 0;
    if (empty) {
      db.exec(`BEGIN; ${STORED_TABLES}
        PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${MIRROR_SCHEMA_VERSION}; COMMIT;`);
    } else if (!upgradeLayout(db)) {
      const problem = layoutProblem(db);
      if (problem) throw new MirrorFileError(`${file}: ${problem}`);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Brings an older file to the current layout, keeping every work, one layout at a time. Returns
 * whether it upgraded.
 * - 1 (titles only) to 2: the new columns start empty, items gain the fields they lacked (the id
 *   from the row, the DOI from a DOI url, no authors and no open-access link, all of which the next
 *   import of those works fills in), and the search index is rebuilt.
 * - 2 to 3: items gain the publication date the works table already holds, when it names a real
 *   day (null otherwise, as for every work a layout-1 file held); the search index does not change.
 * - 3 to 4: the paper records and citation links start empty; the next import of a work fills in its
 *   record and the works it cites (until then the mirror answers its papers as not found).
 * - 4 to 5: paper records gain an empty PubMed id; the next import of a work fills it in (until then
 *   the work is not found by its PubMed id, only by its work id or DOI).
 */
function upgradeLayout(db: DatabaseSync): boolean {
  const { appId, version } = layoutOf(db);
  if (appId !== APPLICATION_ID || version < 1 || version >= MIRROR_SCHEMA_VERSION) return false;
  db.exec('BEGIN IMMEDIATE');
  try {
    if (version === 1) {
      db.exec(`
        ALTER TABLE works RENAME TO works_layout_1;
        ${STORED_TABLES}
        INSERT INTO works (id, title, cited_by_count, synthetic, updated_at)
          SELECT id, title, cited_by_count, synthetic, updated_at FROM works_layout_1;
        DROP TABLE works_layout_1;
        UPDATE corpus_works SET item = json_set(item,
          '$.id', 'https://openalex.org/' || work_id,
          '$.doi', CASE WHEN item ->> '$.url' LIKE 'https://doi.org/%' THEN item ->> '$.url' END,
          '$.authors', json('[]'),
          '$.open_access_url', NULL);`);
    }
    if (version < 3) {
      db.exec(`
        UPDATE corpus_works SET item = json_set(item, '$.publication_date',
          (SELECT CASE WHEN date(w.publication_date) = w.publication_date THEN w.publication_date END
           FROM works w WHERE w.id = corpus_works.work_id));`);
    }
    if (version === 4) db.exec('ALTER TABLE paper_records ADD COLUMN pmid TEXT');
    db.exec(`${STORED_TABLES}
      PRAGMA user_version = ${MIRROR_SCHEMA_VERSION};
      COMMIT;`);
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  if (version === 1) rebuildSearchIndex(db);
  return true;
}

export function readMeta(db: DatabaseSync, key: string): string | undefined {
  return (db.prepare('SELECT value FROM mirror_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

function writeMeta(db: DatabaseSync, key: string, value: string): void {
  db.prepare(
    'INSERT INTO mirror_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/**
 * Renumbers every corpus by (citations desc, id) and by (date desc, id) and rebuilds its full-text
 * indexes, in one transaction: a server reading the file sees the old index until the new one is
 * complete. Returns the works indexed per corpus.
 */
/**
 * A paper's citations in either order, straight from an index however many there are. Built here, in
 * one sorted pass, rather than kept up while an import adds links in random order: at 250,000 works
 * (2.5 million links) keeping them up cost 20 s of a 73 s import. A writer drops them (MirrorWriter).
 */
const CITATION_INDEXES = `
  CREATE INDEX IF NOT EXISTS citations_by_rank ON citation_links (cited, citing_citations DESC, citing);
  CREATE INDEX IF NOT EXISTS citations_by_date ON citation_links (cited, citing_date DESC, citing);`;

/** Before an import or harvest adds links: the citation indexes wait for the rebuild that ends it. */
export function dropCitationIndexes(db: DatabaseSync): void {
  db.exec('DROP INDEX IF EXISTS citations_by_rank; DROP INDEX IF EXISTS citations_by_date;');
}

export function rebuildSearchIndex(db: DatabaseSync): Record<Corpus, number> {
  const counts = {} as Record<Corpus, number>;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const corpus of CORPORA) {
      const ranked = rankedTable(corpus);
      const years = yearsTable(corpus);
      db.exec(`
        DROP TABLE IF EXISTS ${ranked};
        DROP TABLE IF EXISTS ${years};
        CREATE TABLE ${ranked} (rank INTEGER PRIMARY KEY, newness INTEGER NOT NULL, work_id TEXT NOT NULL);
        CREATE TABLE ${years} (year INTEGER PRIMARY KEY) WITHOUT ROWID;`);
      // The id tie-breaks make both orders total, so pages never overlap or skip between requests.
      db.prepare(
        `INSERT INTO ${ranked} (rank, newness, work_id)
         SELECT row_number() OVER (ORDER BY w.cited_by_count DESC, w.id),
                row_number() OVER (ORDER BY w.publication_date DESC, w.id), w.id
         FROM corpus_works c JOIN works w ON w.id = c.work_id WHERE c.corpus = ?`,
      ).run(corpus);
      db.exec(`CREATE INDEX ${ranked}_by_newness ON ${ranked} (newness)`);
      db.exec(`INSERT INTO ${years} (year) SELECT DISTINCT w.publication_year FROM ${ranked} r
               JOIN works w ON w.id = r.work_id WHERE w.publication_year IS NOT NULL`);
      // Each index is written once and merged into one segment at the end ('optimize'), so the
      // merges FTS5 does while rows arrive are wasted work (automerge 0), and leaf pages larger than
      // its default 1000 bytes cut the per-page overhead: together 40 % off a rebuild (measured at
      // 13,000 works with abstracts).
      for (const [table, rowid] of [
        [searchTable(corpus), 'rank'],
        [newestTable(corpus), 'newness'],
      ] as const) {
        db.exec(`
          DROP TABLE IF EXISTS ${table};
          CREATE VIRTUAL TABLE ${table} USING fts5(title, abstract, year, content='', columnsize=0,
            tokenize='porter unicode61');
          INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 0);
          INSERT INTO ${table} (${table}, rank) VALUES ('pgsz', 4000);
          INSERT INTO ${table} (rowid, title, abstract, year)
            SELECT r.${rowid}, w.title, w.abstract, '${YEAR_TOKEN_PREFIX}' || w.publication_year
            FROM ${ranked} r JOIN works w ON w.id = r.work_id ORDER BY r.${rowid};
          INSERT INTO ${table} (${table}) VALUES ('optimize');`);
      }
      counts[corpus] = (db.prepare(`SELECT count(*) AS n FROM ${ranked}`).get() as { n: number }).n;
    }
    db.exec(CITATION_INDEXES);
    writeMeta(db, 'indexed_at', new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return counts;
}
