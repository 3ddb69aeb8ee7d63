import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { corporaOf, MirrorWriter } from '../../src/core/papers/mirror/work-import.ts';
import { LocalPaperSource } from '../../src/core/papers/mirror/local-paper-source.ts';
import { openMirror, rebuildSearchIndex } from '../../src/core/papers/mirror/schema.ts';
import { HarvestError, harvestCorpus, type HarvestOptions } from '../../src/core/papers/mirror/harvest.ts';
import { OpenAlexWorkSchema } from '../../src/core/papers/openalex/work.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { syntheticWorks } from '../support/synthetic-works.mjs';

// 700 synthetic works: about 460 in the ai corpus, so a harvest at 200 per page takes three pages.
const works = [...syntheticWorks(700)];
const aiWorks = works.filter((work) => corporaOf(OpenAlexWorkSchema.parse(work)).includes('ai'));

let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let dir: string;
beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works });
  dir = mkdtempSync(path.join(tmpdir(), 'harvest-test-'));
});
afterAll(async () => {
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => standIn.setFault(undefined));

let mirrors = 0;
function freshWriter() {
  return new MirrorWriter(openMirror(path.join(dir, `mirror-${(mirrors += 1)}.db`)));
}
const options = (extra: Partial<HarvestOptions> = {}): HarvestOptions => ({
  baseUrl: standIn.url,
  corpus: 'ai',
  politeDelayMs: 0,
  ...extra,
});
const storedWorks = (writer: MirrorWriter) =>
  (writer.db.prepare('SELECT count(*) AS n FROM works').get() as { n: number }).n;

describe('harvestCorpus', () => {
  it('pages through the corpus with cursor=*, 200 per page, politely, and stores every work once', async () => {
    const writer = freshWriter();
    const before = standIn.worksRequests().length;
    const report = await harvestCorpus(
      writer,
      options({ mailto: 'ops@example.org', apiKey: 'test-key', userAgent: 'test' }),
    );
    const sent = standIn.worksRequests().slice(before);
    expect(aiWorks.length).toBeGreaterThan(400);
    expect(sent.map((request) => request.query['cursor'])).toEqual([
      '*',
      Buffer.from('200').toString('base64url'),
      Buffer.from('400').toString('base64url'),
    ]);
    for (const request of sent) {
      expect(request.query).toMatchObject({
        filter: 'concepts.id:C154945302|C119857082|C108583219',
        per_page: '200',
        mailto: 'ops@example.org',
        api_key: 'test-key',
      });
      expect(request.query['select']?.split(',')).toContain('cited_by_count');
    }
    expect(report).toMatchObject({ finished: true, resumed: false, harvested: aiWorks.length, total: aiWorks.length });
    expect(storedWorks(writer)).toBe(aiWorks.length);
    writer.db.close();
  });

  it('with --query sends it as search, and the mirror then answers that query as the stand-in does', async () => {
    const writer = freshWriter();
    await harvestCorpus(writer, options({ query: 'learning' }));
    expect(standIn.worksRequests().at(-1)?.query['search']).toBe('learning');
    rebuildSearchIndex(writer.db);
    const local = await new LocalPaperSource(writer.db).search({
      q: 'learning',
      corpus: 'ai',
      limit: 5,
      page: 1,
      sort: 'citations',
    });
    const direct = await (
      await fetch(
        `${standIn.url}/works?${new URLSearchParams({
          search: 'learning',
          filter: 'concepts.id:C154945302|C119857082|C108583219',
          sort: 'cited_by_count:desc',
          per_page: '5',
        })}`,
      )
    ).json();
    expect(local.total).toBe(direct.meta.count);
    expect(local.items.map((item) => item.title)).toEqual(direct.results.map((work: { title: string }) => work.title));
    writer.db.close();
  });

  it('stops at --max, keeps the cursor, and resumes from it on the next run', async () => {
    const writer = freshWriter();
    const first = await harvestCorpus(writer, options({ max: 250 }));
    expect(first).toMatchObject({ finished: false, thisRun: 250, harvested: 250 });
    expect(storedWorks(writer)).toBe(250);
    const state = writer.db.prepare("SELECT cursor, finished_at FROM harvests WHERE corpus = 'ai'").get() as {
      cursor: string;
      finished_at: string | null;
    };
    expect(state).toEqual({ cursor: Buffer.from('250').toString('base64url'), finished_at: null });

    const before = standIn.worksRequests().length;
    const second = await harvestCorpus(writer, options());
    expect(standIn.worksRequests()[before]?.query['cursor']).toBe(state.cursor);
    expect(second).toMatchObject({ finished: true, resumed: true, harvested: aiWorks.length });
    expect(storedWorks(writer)).toBe(aiWorks.length);

    // A finished harvest starts again from the top, updating in place.
    const third = standIn.worksRequests().length;
    await harvestCorpus(writer, options({ max: 10 }));
    expect(standIn.worksRequests()[third]?.query['cursor']).toBe('*');
    expect(storedWorks(writer)).toBe(aiWorks.length);
    writer.db.close();
  });

  it('waits as long as a 429 Retry-After says, then carries on', async () => {
    const writer = freshWriter();
    standIn.setFault({ kind: 'status', status: 429, retryAfter: '1', times: 1 });
    const waits: Array<[number, string]> = [];
    const started = Date.now();
    const report = await harvestCorpus(writer, options({ onWait: (seconds, why) => waits.push([seconds, why]) }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(waits).toEqual([[1, 'HTTP 429']]);
    expect(report).toMatchObject({ finished: true, harvested: aiWorks.length });
    writer.db.close();
  });

  it('gives up after repeated failures, keeping the pages it stored', async () => {
    const writer = freshWriter();
    await harvestCorpus(writer, options({ max: 200 }));
    standIn.setFault({ kind: 'status', status: 503, retryAfter: '0' });
    await expect(harvestCorpus(writer, options({ maxAttempts: 3 }))).rejects.toThrow(
      /failed 3 times in a row \(last: HTTP 503\); run again to resume/,
    );
    expect(storedWorks(writer)).toBe(200);
    writer.db.close();
  });

  it('stops at once on a refusal that retrying cannot fix', async () => {
    const writer = freshWriter();
    standIn.setFault({ kind: 'status', status: 400 });
    const before = standIn.requests.length;
    await expect(harvestCorpus(writer, options())).rejects.toThrow(HarvestError);
    expect(standIn.requests.length).toBe(before + 1);
    writer.db.close();
  });

  it('stops after the page in hand when aborted', async () => {
    const writer = freshWriter();
    const stop = new AbortController();
    const report = await harvestCorpus(writer, options({ signal: stop.signal, onPage: () => stop.abort() }));
    expect(report).toMatchObject({ finished: false, thisRun: 200 });
    writer.db.close();
  });
});
