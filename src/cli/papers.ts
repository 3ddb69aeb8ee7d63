// `npm run papers -- <command>`: builds and inspects the local paper mirror (README, "Local paper
// mirror"). scripts/papers.mjs bundles this file with esbuild and runs it. Progress goes to stderr,
// results to stdout.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import { CorpusSchema, CORPORA, type Corpus } from '../core/papers/contract/corpora.ts';
import {
  MirrorFileError,
  openMirror,
  rankedTable,
  readMeta,
  rebuildSearchIndex,
  tableNames,
} from '../core/papers/mirror/schema.ts';
import { HarvestError, harvestCorpus } from '../core/papers/mirror/harvest.ts';
import {
  importJsonLines,
  MirrorWriter,
  StrictImportError,
  type ImportReport,
} from '../core/papers/mirror/work-import.ts';

const USAGE = `Usage: npm run papers -- <command>

  import <file.jsonl|file.jsonl.gz>... [--corpus ai|web3] [--strict]
      Adds or updates OpenAlex Works (snapshot or API shape, one per line). A work joins the corpora
      its concepts name, plus --corpus when given. Bad lines are counted and skipped; --strict stops
      at the first one and keeps nothing from that file.
  harvest --corpus ai|web3 [--query text] [--max N]
      Fetches the corpus (or the works matching --query) from OPENALEX_URL with cursor paging.
      Interrupted or stopped by --max, it resumes where it stopped on the next run.
  reindex
      Rebuilds the search index (import and harvest do this when they finish).
  stats
      What the mirror holds.

The mirror is the file PAPERS_DB (default data/papers.db). Harvests send OPENALEX_MAILTO and
OPENALEX_API_KEY when they are set.`;

class UsageError extends Error {}

const number = (value: number) => value.toLocaleString('en-US');
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Progress on stderr: one line rewritten in place on a terminal, an occasional plain line otherwise. */
class Progress {
  readonly tty = process.stderr.isTTY === true;
  #shown = false;

  show(text: string): void {
    if (this.tty) {
      process.stderr.write(`\r${text}\x1b[K`);
      this.#shown = true;
    } else process.stderr.write(`${text}\n`);
  }

  end(): void {
    if (this.#shown) process.stderr.write('\n');
    this.#shown = false;
  }
}

function parseCorpus(value: string | undefined): Corpus | undefined {
  if (value === undefined) return undefined;
  const parsed = CorpusSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--corpus must be one of ${CORPORA.join(', ')} (got "${value}")`);
  return parsed.data;
}

function openWriter(config: Config): MirrorWriter {
  mkdirSync(path.dirname(path.resolve(config.papersDb)), { recursive: true });
  return new MirrorWriter(openMirror(config.papersDb));
}

function reindex(writer: MirrorWriter): void {
  const started = performance.now();
  const counts = rebuildSearchIndex(writer.db);
  const summary = CORPORA.map((corpus) => `${corpus} ${number(counts[corpus])}`).join(', ');
  console.log(`Search index rebuilt in ${seconds(started)}: ${summary} works.`);
}

const plural = (count: number, noun: string) => `${number(count)} ${noun}${count === 1 ? '' : 's'}`;

function describeImport(report: ImportReport): string {
  const parts = [`${plural(report.stored, 'work')} stored from ${plural(report.lines, 'line')}`];
  if (report.outsideCorpora) parts.push(`${plural(report.outsideCorpora, 'work')} outside every corpus (not stored)`);
  if (report.badLines) {
    const examples = report.badExamples.map((example) => `line ${example.line}: ${example.problem}`);
    if (report.badLines > examples.length) examples.push('…');
    parts.push(`${plural(report.badLines, 'bad line')} skipped (${examples.join('; ')})`);
  }
  return parts.join(', ');
}

async function importCommand(args: string[], config: Config): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { corpus: { type: 'string' }, strict: { type: 'boolean', default: false } },
  });
  if (positionals.length === 0) throw new UsageError('import needs at least one file');
  const corpus = parseCorpus(values.corpus);
  const missing = positionals.find((file) => !existsSync(file));
  if (missing) throw new UsageError(`no such file: ${missing}`);
  const writer = openWriter(config);
  const progress = new Progress();
  const started = performance.now();
  let stored = 0;
  try {
    for (const file of positionals) {
      const report = await importJsonLines(writer, file, {
        corpus,
        strict: values.strict,
        progressEvery: progress.tty ? 5_000 : 50_000,
        onProgress: ({ stored, fraction }) =>
          progress.show(`${file}: ${number(stored)} works stored (${Math.round(fraction * 100)} % read)`),
      });
      progress.end();
      console.log(`${file}: ${describeImport(report)}`);
      stored += report.stored;
    }
    reindex(writer);
    console.log(`Imported ${number(stored)} works in ${seconds(started)} into ${config.papersDb}.`);
  } finally {
    progress.end();
    writer.db.close();
  }
}

async function harvestCommand(args: string[], config: Config): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { corpus: { type: 'string' }, query: { type: 'string' }, max: { type: 'string' } },
  });
  const corpus = parseCorpus(values.corpus);
  if (!corpus) throw new UsageError('harvest needs --corpus ai or --corpus web3');
  const max = values.max === undefined ? undefined : Number(values.max);
  if (max !== undefined && !(Number.isInteger(max) && max > 0))
    throw new UsageError(`--max must be a positive whole number (got "${values.max}")`);
  const writer = openWriter(config);
  const progress = new Progress();
  const stop = new AbortController();
  const onSignal = () => {
    progress.end();
    console.error('Stopping after this page; run the same command again to resume.');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  const started = performance.now();
  let pages = 0;
  try {
    let report;
    try {
      report = await harvestCorpus(writer, {
        baseUrl: config.openAlexUrl,
        apiKey: config.openAlexApiKey,
        mailto: config.openAlexMailto,
        userAgent: `ResearchHub/1.1 harvest (+${config.siteUrl})`,
        corpus,
        query: values.query,
        max,
        signal: stop.signal,
        onPage: ({ harvested, total, thisRun }) => {
          pages += 1;
          if (progress.tty || pages % 10 === 1)
            progress.show(
              `harvest ${corpus}: ${number(harvested)} of ${number(total)} works (${number(thisRun)} this run)`,
            );
        },
        onWait: (wait, why) => {
          progress.end();
          console.error(`OpenAlex answered ${why}; waiting ${wait} s before retrying`);
        },
      });
    } catch (error) {
      // What the failed run stored is kept: make it searchable before saying so.
      if (error instanceof HarvestError) reindex(writer);
      throw error;
    }
    progress.end();
    const state = report.finished
      ? 'finished'
      : 'not finished: run the same command again to resume from the saved cursor';
    console.log(
      `Harvested ${number(report.thisRun)} works in ${seconds(started)}${report.resumed ? ' (resumed)' : ''}; ` +
        `${number(report.harvested)} of ${number(report.total)} so far, ${state}.` +
        (report.skipped ? ` ${number(report.skipped)} records were not Works and were skipped.` : ''),
    );
    reindex(writer);
  } finally {
    process.off('SIGINT', onSignal);
    progress.end();
    writer.db.close();
  }
}

function statsCommand(config: Config): void {
  if (!existsSync(config.papersDb)) {
    console.log(`There is no mirror at PAPERS_DB=${config.papersDb} yet: create it with import or harvest.`);
    return;
  }
  const db = openMirror(config.papersDb);
  try {
    const count = (sql: string, ...params: string[]) => (db.prepare(sql).get(...params) as { n: number }).n;
    const megabytes = (statSync(config.papersDb).size / 1024 / 1024).toFixed(1);
    console.log(`Mirror ${config.papersDb} (${megabytes} MB)`);
    const synthetic = count('SELECT count(*) AS n FROM works WHERE synthetic = 1');
    console.log(
      `  works: ${number(count('SELECT count(*) AS n FROM works'))}${synthetic ? ` (${number(synthetic)} synthetic)` : ''}`,
    );
    const tables = tableNames(db);
    let stale = false;
    for (const corpus of CORPORA) {
      const members = count('SELECT count(*) AS n FROM corpus_works WHERE corpus = ?', corpus);
      const indexed = tables.has(rankedTable(corpus)) ? count(`SELECT count(*) AS n FROM ${rankedTable(corpus)}`) : 0;
      stale ||= members !== indexed;
      console.log(`  ${corpus}: ${number(members)} works, ${number(indexed)} in the search index`);
    }
    console.log(`  search index built: ${readMeta(db, 'indexed_at') ?? 'never'}`);
    if (stale) console.log('  The search index is behind the stored works: run "npm run papers -- reindex".');
    const harvests = db
      .prepare('SELECT corpus, query, harvested, total, updated_at, finished_at FROM harvests ORDER BY corpus, query')
      .all() as Array<{
      corpus: string;
      query: string;
      harvested: number;
      total: number | null;
      updated_at: string;
      finished_at: string | null;
    }>;
    for (const h of harvests) {
      const state = h.finished_at ? `finished ${h.finished_at}` : `resumable, last page ${h.updated_at}`;
      console.log(
        `  harvest ${h.corpus}${h.query ? ` "${h.query}"` : ''}: ${number(h.harvested)} of ${number(h.total ?? 0)}, ${state}`,
      );
    }
  } finally {
    db.close();
  }
}

/** The commands, each returning the exit code. */
const COMMANDS: Record<string, (args: string[], config: Config) => Promise<number> | number> = {
  import: async (args, config) => {
    await importCommand(args, config);
    return 0;
  },
  harvest: async (args, config) => {
    await harvestCommand(args, config);
    return 0;
  },
  reindex: (args, config) => {
    noArguments(args);
    const writer = openWriter(config);
    try {
      reindex(writer);
    } finally {
      writer.db.close();
    }
    return 0;
  },
  stats: (args, config) => {
    noArguments(args);
    statsCommand(config);
    return 0;
  },
};

/** Only import and harvest take arguments: anything after the others is a mistake worth saying. */
function noArguments(args: string[]): void {
  parseArgs({ args, options: {} });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (run === undefined) throw new UsageError(`unknown command "${command}"`);
    return await run(args, config);
  } catch (error) {
    const exitCode = reportFailure(command, error);
    if (exitCode === undefined) throw error;
    return exitCode;
  }
}

/** The exit code for a failure the user can act on, after saying what it was; undefined for a bug. */
function reportFailure(command: string, error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (error instanceof StrictImportError) {
    console.error(`${error.message}. Nothing from that file was kept (--strict).`);
    return 1;
  }
  if (error instanceof HarvestError) {
    console.error(`Harvest stopped: ${error.message}. The pages before it are kept and indexed.`);
    return 1;
  }
  // A file that is not a mirror, a broken gzip, a full disk: the message is the story, not a stack.
  if (error instanceof MirrorFileError || typeof code === 'string') {
    console.error(`papers ${command} failed: ${(error as Error).message}`);
    return 1;
  }
  return undefined;
}

process.exitCode = await main(process.argv.slice(2));
