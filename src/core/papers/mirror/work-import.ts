// Writing OpenAlex Works into the local mirror: from JSON Lines files (plain or gzip; one Work per line
// as in the snapshot, or one API answer `{"meta":…,"results":[…]}` per line) and from harvested pages.
// Every write is an upsert by work id, so importing the same records again updates them in place.
// A line that is not a Work is counted and skipped, unless the import is strict.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { createGunzip } from 'node:zlib';
import { abstractText, splitAbstract } from '../openalex/abstract-text.ts';
import { CORPORA, CORPUS_DEFINITIONS, type Corpus } from '../contract/corpora.ts';
import { publicationDate, publicationYear, toPaperRecord, toSearchResultItem } from '../openalex/work-mapping.ts';
import { OpenAlexWorkSchema, pubmedIdOf, type OpenAlexWork } from '../openalex/work.ts';
import { dropCitationIndexes } from './schema.ts';

/** The corpora a work's concepts put it in. */
export function corporaOf(work: OpenAlexWork): Corpus[] {
  const conceptIds = new Set((work.concepts ?? []).map((concept) => concept.id?.split('/').pop()));
  return CORPORA.filter((corpus) => CORPUS_DEFINITIONS[corpus].conceptIds.some((id) => conceptIds.has(id)));
}

/** `https://openalex.org/W123` and `W123` are the same work. */
const shortId = (id: string) => id.trim().split('/').pop() ?? '';

/** What the mirror keeps of one authorship: the author's id, name, ORCID and institution, when OpenAlex identified them. */
function authorRow(authorship: NonNullable<OpenAlexWork['authorships']>[number]) {
  const author = authorship?.author as { id?: unknown; display_name?: string | null; orcid?: unknown } | undefined;
  const id = typeof author?.id === 'string' ? shortId(author.id).toUpperCase() : '';
  const name = (author?.display_name ?? authorship?.raw_author_name ?? '').replace(/\s+/g, ' ').trim();
  if (!/^A\d+$/.test(id) || !name) return undefined;
  const institution = (authorship as { institutions?: Array<{ display_name?: unknown }> }).institutions?.[0]
    ?.display_name;
  const orcid = typeof author?.orcid === 'string' ? author.orcid : null;
  return { id, name, orcid, institution: typeof institution === 'string' ? institution : null };
}

export type UpsertOutcome = 'stored' | 'outside-corpora';

export class MirrorWriter {
  readonly db: DatabaseSync;
  readonly #upsertWork: StatementSync;
  readonly #upsertItem: StatementSync;
  readonly #corporaOfWork: StatementSync;
  readonly #upsertRecord: StatementSync;
  readonly #dropLinks: StatementSync;
  readonly #addLink: StatementSync;
  readonly #dropAuthors: StatementSync;
  readonly #addAuthor: StatementSync;
  /** Whether this writer has dropped the citation indexes yet (on its first write; see schema.ts). */
  #indexesDropped = false;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.#upsertWork = db.prepare(
      `INSERT INTO works (id, title, abstract, cited_by_count, publication_date, publication_year, synthetic, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET title = excluded.title, abstract = excluded.abstract,
         cited_by_count = excluded.cited_by_count, publication_date = excluded.publication_date,
         publication_year = excluded.publication_year, synthetic = excluded.synthetic, updated_at = excluded.updated_at`,
    );
    this.#upsertItem = db.prepare(
      `INSERT INTO corpus_works (corpus, work_id, item) VALUES (?, ?, ?)
       ON CONFLICT (corpus, work_id) DO UPDATE SET item = excluded.item`,
    );
    this.#corporaOfWork = db.prepare('SELECT corpus FROM corpus_works WHERE work_id = ?');
    this.#upsertRecord = db.prepare(
      `INSERT INTO paper_records (work_id, doi, record, pmid) VALUES (?, ?, ?, ?)
       ON CONFLICT (work_id) DO UPDATE SET doi = excluded.doi, record = excluded.record, pmid = excluded.pmid`,
    );
    this.#dropLinks = db.prepare('DELETE FROM citation_links WHERE citing = ?');
    this.#addLink = db.prepare(
      'INSERT OR IGNORE INTO citation_links (citing, cited, citing_citations, citing_date) VALUES (?, ?, ?, ?)',
    );
    this.#dropAuthors = db.prepare('DELETE FROM work_authors WHERE work_id = ?');
    this.#addAuthor = db.prepare(
      'INSERT OR IGNORE INTO work_authors (author_id, work_id, name, orcid, institution) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /** The work's authors that OpenAlex identified (an author id), for the mirror's author search and pages. */
  #storeAuthors(id: string, work: OpenAlexWork): void {
    if (!Array.isArray(work.authorships)) return;
    this.#dropAuthors.run(id);
    for (const authorship of work.authorships) {
      const row = authorRow(authorship);
      if (row) this.#addAuthor.run(row.id, id, row.name, row.orcid, row.institution);
    }
  }

  /**
   * Stores a validated work in the corpora its concepts name, plus `corpus` when given. A work keeps
   * the corpora earlier imports put it in, and its item there is refreshed too. A work in no corpus
   * is not stored.
   */
  upsert(work: OpenAlexWork, corpus?: Corpus, abstract = abstractText(work.abstract_inverted_index)): UpsertOutcome {
    const id = shortId(work.id);
    const corpora = new Set(corporaOf(work));
    if (corpus) corpora.add(corpus);
    for (const row of this.#corporaOfWork.all(id) as Array<{ corpus: Corpus }>) corpora.add(row.corpus);
    if (corpora.size === 0) return 'outside-corpora';
    const title = work.display_name ?? work.title ?? '';
    const citations = Math.max(0, Math.trunc(work.cited_by_count ?? 0));
    this.#upsertWork.run(
      id,
      title,
      abstract,
      citations,
      publicationDate(work),
      publicationYear(work) ?? null,
      work['synthetic'] === true ? 1 : 0,
      new Date().toISOString(),
    );
    for (const member of corpora) this.#upsertItem.run(member, id, JSON.stringify(toSearchResultItem(work, member)));
    this.#storePaper(id, work);
    return 'stored';
  }

  /**
   * The paper's own record (its abstract stays in the works table, stored once) and the works it
   * cites, when the record lists them: a record fetched without `referenced_works` keeps the links
   * an earlier import stored. Each link carries the citing work's citation count and date, so a
   * paper's citations are read in either order straight from an index, however many there are.
   */
  #storePaper(id: string, work: OpenAlexWork): void {
    if (!this.#indexesDropped) {
      dropCitationIndexes(this.db);
      this.#indexesDropped = true;
    }
    const { abstract: _abstract, ...record } = toPaperRecord(work);
    const doi = record.doi?.replace(/^https:\/\/doi\.org\//, '').toLowerCase() ?? null;
    this.#upsertRecord.run(id, doi, JSON.stringify(record), pubmedIdOf(work) ?? null);
    this.#storeAuthors(id, work);
    if (!Array.isArray(work.referenced_works)) return;
    this.#dropLinks.run(id);
    for (const cited of work.referenced_works) {
      const citedId = typeof cited === 'string' ? shortId(cited) : '';
      if (/^W\d+$/.test(citedId) && citedId !== id)
        this.#addLink.run(id, citedId, record.citations, publicationDate(work));
    }
  }

  /** Runs `write` in one transaction: all of it lands, or none. */
  transaction<T>(write: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = write();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}

export interface ParsedWork {
  work: OpenAlexWork;
  /** The abstract as text, rebuilt from the work's inverted index. */
  abstract: string;
}

/** Parses one JSON Lines record into the works it holds, or the reason it holds none. */
export function worksOfLine(line: string): { works: ParsedWork[] } | { problem: string } {
  const split = splitAbstract(line);
  let value: unknown;
  try {
    value = JSON.parse(split?.record ?? line);
  } catch {
    return { problem: 'not JSON' };
  }
  const page = value as { results?: unknown; id?: unknown } | null;
  const records = page && Array.isArray(page.results) && page.id === undefined ? page.results : [value];
  const works: ParsedWork[] = [];
  for (const record of records) {
    const parsed = OpenAlexWorkSchema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { problem: `not an OpenAlex Work (${issue?.path.join('.') || 'record'}: ${issue?.message})` };
    }
    if (shortId(parsed.data.id) === '') return { problem: 'not an OpenAlex Work (empty id)' };
    const abstract = split && records.length === 1 ? split.abstract : abstractText(parsed.data.abstract_inverted_index);
    works.push({ work: parsed.data, abstract });
  }
  return { works };
}

export interface ImportProgress {
  stored: number;
  /** Share of the file read so far, 0..1. */
  fraction: number;
}

export interface ImportReport {
  lines: number;
  stored: number;
  outsideCorpora: number;
  badLines: number;
  /** The first few bad lines, for the report. */
  badExamples: Array<{ line: number; problem: string }>;
}

export class StrictImportError extends Error {
  override readonly name = 'StrictImportError';
}

export interface ImportOptions {
  corpus?: Corpus | undefined;
  /** Stop at the first bad line (nothing from the file is kept) instead of counting it. */
  strict?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  progressEvery?: number;
}

const MAX_BAD_EXAMPLES = 5;

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Imports one JSON Lines file (gzip recognised by its magic bytes) in one transaction. */
export async function importJsonLines(writer: MirrorWriter, file: string, options: ImportOptions = {}) {
  const size = (await stat(file)).size;
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  const gunzip = (await isGzip(file)) ? createGunzip() : undefined;
  // pipe() does not pass a read error on: the lines must end with it all the same.
  raw.on('error', (error) => gunzip?.destroy(error));
  const report: ImportReport = { lines: 0, stored: 0, outsideCorpora: 0, badLines: 0, badExamples: [] };
  const every = options.progressEvery ?? 10_000;
  writer.db.exec('BEGIN IMMEDIATE');
  try {
    for await (const line of createInterface({ input: gunzip ? raw.pipe(gunzip) : raw, crlfDelay: Infinity })) {
      report.lines += 1;
      if (line.trim() === '') continue;
      const parsed = worksOfLine(line);
      if ('problem' in parsed) {
        if (options.strict) throw new StrictImportError(`${file}, line ${report.lines}: ${parsed.problem}`);
        report.badLines += 1;
        if (report.badExamples.length < MAX_BAD_EXAMPLES)
          report.badExamples.push({ line: report.lines, problem: parsed.problem });
        continue;
      }
      for (const { work, abstract } of parsed.works) {
        if (writer.upsert(work, options.corpus, abstract) === 'stored') report.stored += 1;
        else report.outsideCorpora += 1;
      }
      if (report.lines % every === 0) options.onProgress?.({ stored: report.stored, fraction: raw.bytesRead / size });
    }
    writer.db.exec('COMMIT');
  } catch (error) {
    writer.db.exec('ROLLBACK');
    throw error;
  } finally {
    // A strict stop leaves the loop early, which does not close the file.
    raw.destroy();
  }
  return report;
}
