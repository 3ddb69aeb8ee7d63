// Harvesting a corpus from the OpenAlex API into the local mirror: cursor paging (`cursor=*`, 200 per
// page), each page stored in one transaction together with the next cursor, so an interrupted harvest
// resumes where it stopped. Polite: mailto/api_key when configured, a pause between requests, and
// on 429 it waits as long as Retry-After says; 5xx and network failures back off and retry.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Corpus } from '../contract/corpora.ts';
import { corpusFilter } from '../openalex/filters.ts';
import { parseRetryAfter } from '../openalex/client.ts';
import { HARVEST_SELECT, OpenAlexWorkSchema } from '../openalex/work.ts';
import type { MirrorWriter } from './work-import.ts';

export interface HarvestOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  mailto?: string | undefined;
  corpus: Corpus;
  /** OpenAlex `search` text; empty harvests the whole corpus. */
  query?: string;
  /** Stop after this many works in this run (the harvest can be resumed later). */
  max?: number;
  /** Pause between requests, to stay well inside OpenAlex's polite rate. */
  politeDelayMs?: number;
  /** Consecutive failed attempts of one page before giving up. */
  maxAttempts?: number;
  userAgent?: string;
  /** Aborting stops the harvest after the page in hand (its cursor is kept). */
  signal?: AbortSignal;
  onPage?: (progress: HarvestProgress) => void;
  onWait?: (seconds: number, why: string) => void;
}

export interface HarvestProgress {
  /** Works harvested for this corpus and query so far, across runs. */
  harvested: number;
  /** Works this run stored. */
  thisRun: number;
  /** Works OpenAlex says match. */
  total: number;
}

export interface HarvestReport extends HarvestProgress {
  resumed: boolean;
  finished: boolean;
  skipped: number;
}

export class HarvestError extends Error {
  override readonly name = 'HarvestError';
}

const PageSchema = z.object({
  meta: z.object({ count: z.number().int().min(0), next_cursor: z.string().nullish() }).passthrough(),
  results: z.array(z.unknown()),
});

interface HarvestState {
  cursor: string | null;
  harvested: number;
  total: number | null;
  finished_at: string | null;
}

/** OpenAlex's largest page. */
const PER_PAGE = 200;
const RETRYABLE = (status: number) => status === 429 || status >= 500;

type HarvestPage = z.infer<typeof PageSchema>;

export async function harvestCorpus(writer: MirrorWriter, options: HarvestOptions): Promise<HarvestReport> {
  const query = options.query?.trim() ?? '';
  const saveState = writer.db.prepare(
    `INSERT INTO harvests (corpus, query, cursor, harvested, total, updated_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (corpus, query) DO UPDATE SET cursor = excluded.cursor, harvested = excluded.harvested,
       total = excluded.total, updated_at = excluded.updated_at, finished_at = excluded.finished_at`,
  );
  const start = startingPoint(writer, options.corpus, query);
  const report = start.report;
  let cursor = start.cursor;

  while (!options.signal?.aborted) {
    const pageSize = options.max === undefined ? PER_PAGE : Math.min(PER_PAGE, options.max - report.thisRun);
    if (pageSize <= 0) break;
    const page = await fetchPage(options, { query, cursor, perPage: pageSize });
    if (page === undefined) break; // aborted while waiting
    const next = page.meta.next_cursor ?? null;
    const finished = next === null || page.results.length === 0;
    writer.transaction(() => {
      storeWorks(writer, page, options.corpus, report);
      const now = new Date().toISOString();
      saveState.run(options.corpus, query, next, report.harvested, page.meta.count, now, finished ? now : null);
    });
    report.total = page.meta.count;
    options.onPage?.(report);
    if (finished || next === null) {
      report.finished = true;
      break;
    }
    cursor = next;
    await sleep(options.politeDelayMs ?? 100, undefined, { signal: options.signal }).catch(() => undefined);
  }
  return report;
}

/** Where this run starts: the saved cursor of an unfinished harvest, else the top (`*`). */
function startingPoint(writer: MirrorWriter, corpus: Corpus, query: string): { cursor: string; report: HarvestReport } {
  const previous = writer.db
    .prepare('SELECT cursor, harvested, total, finished_at FROM harvests WHERE corpus = ? AND query = ?')
    .get(corpus, query) as HarvestState | undefined;
  const report = { harvested: 0, thisRun: 0, total: 0, resumed: false, finished: false, skipped: 0 };
  // A finished harvest starts again from the top: works are updated in place.
  if (previous === undefined || previous.finished_at !== null || previous.cursor === null)
    return { cursor: '*', report };
  return {
    cursor: previous.cursor,
    report: { ...report, harvested: previous.harvested, total: previous.total ?? 0, resumed: true },
  };
}

function storeWorks(writer: MirrorWriter, page: HarvestPage, corpus: Corpus, report: HarvestReport): void {
  for (const raw of page.results) {
    const work = OpenAlexWorkSchema.safeParse(raw);
    if (work.success) {
      writer.upsert(work.data, corpus);
      report.thisRun += 1;
      report.harvested += 1;
    } else report.skipped += 1;
  }
}

function pageUrl(options: HarvestOptions, request: { query: string; cursor: string; perPage: number }): string {
  const params = new URLSearchParams({
    filter: corpusFilter(options.corpus),
    per_page: String(request.perPage),
    cursor: request.cursor,
    select: HARVEST_SELECT.join(','),
  });
  if (request.query) params.set('search', request.query);
  if (options.apiKey) params.set('api_key', options.apiKey);
  if (options.mailto) params.set('mailto', options.mailto);
  return `${options.baseUrl}/works?${params}`;
}

/** One page, retried with backoff (or as long as Retry-After says); undefined when aborted. */
async function fetchPage(
  options: HarvestOptions,
  request: { query: string; cursor: string; perPage: number },
): Promise<HarvestPage | undefined> {
  const url = pageUrl(options, request);
  const maxAttempts = options.maxAttempts ?? 6;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await attemptPage(url, options);
    if (outcome === undefined || 'page' in outcome) return outcome?.page;
    if (attempt >= maxAttempts)
      throw new HarvestError(
        `OpenAlex failed ${attempt} times in a row (last: ${outcome.failure}); run again to resume`,
      );
    const waitSeconds = outcome.retryAfterSeconds ?? Math.min(60, 2 ** (attempt - 1));
    options.onWait?.(waitSeconds, outcome.failure);
    try {
      await sleep(waitSeconds * 1000, undefined, { signal: options.signal });
    } catch {
      return undefined;
    }
  }
}

type Attempt = { page: HarvestPage } | { failure: string; retryAfterSeconds?: number | undefined } | undefined;

/** One request: the page, a retryable failure, undefined when aborted; a refusal (4xx) throws. */
async function attemptPage(url: string, options: HarvestOptions): Promise<Attempt> {
  try {
    const timeout = AbortSignal.timeout(60_000);
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent ?? 'ResearchHub/1.1 harvest' },
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    const text = await response.text();
    if (response.ok) {
      const page = PageSchema.safeParse(JSON.parse(text));
      return page.success ? { page: page.data } : { failure: 'the answer is not a list of works' };
    }
    if (RETRYABLE(response.status)) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after') ?? undefined);
      return { failure: `HTTP ${response.status}`, retryAfterSeconds };
    }
    const detail = /"message"\s*:\s*"([^"]{1,200})/.exec(text)?.[1];
    throw new HarvestError(`OpenAlex refused the request (HTTP ${response.status}${detail ? `: ${detail}` : ''})`);
  } catch (error) {
    if (error instanceof HarvestError) throw error;
    if (options.signal?.aborted) return undefined;
    return {
      failure: error instanceof SyntaxError ? 'the answer is not JSON' : `could not reach it (${describe(error)})`,
    };
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
