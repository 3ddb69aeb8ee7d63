// The local paper mirror's SQLite file. Imports and harvests write the stored truth: `works` (one row
// per OpenAlex work: search text and citation count) and `corpus_works` (which corpus a work is in,
// with the search result item already mapped for that corpus, so a search never maps). The search
// tables are derived from those and rebuilt after every import: per corpus, `ranked_<corpus>` numbers
// the works by (citations desc, id) and the FTS5 table `search_<corpus>` uses that rank as its rowid.
// A full-text match walked in rowid order is therefore already in citation order: a page is the
// first matches after an offset, with no sort, and the walk stops as soon as the page is full.
import type * as Sqlite from 'node:sqlite';
import type { DatabaseSync } from 'node:sqlite';
import { CORPORA, type Corpus } from './corpora.ts';

/** The file at hand cannot serve as a mirror; the message says why, in words a user can act on. */
export class MirrorFileError extends Error {
  override readonly name = 'MirrorFileError';
}

/** Marks the file as ours (PRAGMA application_id), so a stray SQLite file is refused by name. */
const APPLICATION_ID = 0x5248_6d31; // "RHm1"
/** Bumped whenever the layout changes; an older file is refused rather than misread. */
export const MIRROR_SCHEMA_VERSION = 1;

export const rankedTable = (corpus: Corpus) => `ranked_${corpus}`;
export const searchTable = (corpus: Corpus) => `search_${corpus}`;

const STORED_TABLES = `
  CREATE TABLE IF NOT EXISTS works (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    cited_by_count INTEGER NOT NULL,
    synthetic INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID;
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

function layoutProblem(db: DatabaseSync): string | undefined {
  const appId = Number((db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id);
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (appId !== APPLICATION_ID) return 'it is not a Research Hub paper mirror';
  if (version !== MIRROR_SCHEMA_VERSION)
    return `it has mirror layout ${version}, this version reads layout ${MIRROR_SCHEMA_VERSION}`;
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
    if (!CORPORA.every((corpus) => tables.has(rankedTable(corpus)) && tables.has(searchTable(corpus))))
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
    // A 64 MB page cache keeps a large import's b-trees in memory (the default is 2 MB).
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536;');
    const empty = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n === 0;
    if (empty) {
      db.exec(`BEGIN; ${STORED_TABLES}
        PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${MIRROR_SCHEMA_VERSION}; COMMIT;`);
    } else {
      const problem = layoutProblem(db);
      if (problem) throw new MirrorFileError(`${file}: ${problem}`);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
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
 * Renumbers every corpus by (citations desc, id) and rebuilds its full-text index, in one transaction:
 * a server reading the file sees the old index until the new one is complete. Returns the works
 * indexed per corpus.
 */
export function rebuildSearchIndex(db: DatabaseSync): Record<Corpus, number> {
  const counts = {} as Record<Corpus, number>;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const corpus of CORPORA) {
      const ranked = rankedTable(corpus);
      const search = searchTable(corpus);
      db.exec(`
        DROP TABLE IF EXISTS ${ranked};
        DROP TABLE IF EXISTS ${search};
        CREATE TABLE ${ranked} (rank INTEGER PRIMARY KEY, work_id TEXT NOT NULL);
        CREATE VIRTUAL TABLE ${search} USING fts5(title, content='', columnsize=0, tokenize='porter unicode61');`);
      // The id tie-break makes the order total, so pages never overlap or skip between requests.
      db.prepare(
        `INSERT INTO ${ranked} (rank, work_id)
         SELECT row_number() OVER (ORDER BY w.cited_by_count DESC, w.id), w.id
         FROM corpus_works c JOIN works w ON w.id = c.work_id WHERE c.corpus = ?`,
      ).run(corpus);
      db.exec(`
        INSERT INTO ${search} (rowid, title) SELECT r.rank, w.title FROM ${ranked} r JOIN works w ON w.id = r.work_id;
        INSERT INTO ${search} (${search}) VALUES ('optimize');`);
      counts[corpus] = (db.prepare(`SELECT count(*) AS n FROM ${ranked}`).get() as { n: number }).n;
    }
    writeMeta(db, 'indexed_at', new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return counts;
}
