// `npm run papers -- …` end to end: the esbuild-bundled CLI in a child process, as a user runs it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FILES } from '../support/local-mirror.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { syntheticWorks } from '../support/synthetic-works.mjs';

const CLI = path.resolve(import.meta.dirname, '../../scripts/papers.mjs');
let dir: string;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'papers-cli-'));
  standIn = await startOpenAlexStandIn({ works: [...syntheticWorks(300)] });
});
afterAll(async () => {
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

function papers(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

// Each case starts the CLI in a child process one to three times: 5 s was too short on a loaded
// machine (the harvest case timed out at load 13 on 2 cores), so every case has the 30 s of the slowest.
describe('npm run papers', { timeout: 30_000 }, () => {
  it('import: stores the works, reports bad lines, re-indexes; stats tells what the mirror holds', async () => {
    const env = { PAPERS_DB: path.join(dir, 'import/papers.db') };
    const file = path.join(dir, 'with-a-bad-line.jsonl');
    writeFileSync(file, `${readFileSync(FIXTURE_FILES[1]!, 'utf8')}{"oops"\n`);
    const imported = await papers(['import', FIXTURE_FILES[0]!, file], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`${FIXTURE_FILES[0]}: 36 works stored from 36 lines`);
    expect(imported.stdout).toContain('28 works stored from 29 lines, 1 bad line skipped (line 29: not JSON)');
    expect(imported.stdout).toMatch(/Search index rebuilt in [\d.]+ s: ai 36, web3 28 works/);

    const stats = await papers(['stats'], env);
    expect(stats.stdout).toMatch(/works: 64\n/);
    expect(stats.stdout).toContain('ai: 36 works, 36 in the search index');
    expect(stats.stdout).toContain('web3: 28 works, 28 in the search index');
  });

  it('import --strict: fails at the first bad line and keeps nothing from the file', async () => {
    const env = { PAPERS_DB: path.join(dir, 'strict.db') };
    const file = path.join(dir, 'strict.jsonl');
    writeFileSync(file, `${readFileSync(FIXTURE_FILES[0]!, 'utf8')}not json\n`);
    const failed = await papers(['import', file, '--strict'], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('line 37: not JSON. Nothing from that file was kept (--strict).');
    expect((await papers(['stats'], env)).stdout).toMatch(/works: 0\n/);
  });

  it('harvest: pages through OPENALEX_URL, waits out a 429, and resumes a run cut short by --max', async () => {
    const env = { PAPERS_DB: path.join(dir, 'harvest.db'), OPENALEX_URL: standIn.url };
    const first = await papers(['harvest', '--corpus', 'web3', '--max', '50'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Harvested 50 works in [\d.]+ s; 50 of \d+ so far, not finished/);

    standIn.setFault({ kind: 'status', status: 429, retryAfter: '1', times: 1 });
    const second = await papers(['harvest', '--corpus', 'web3'], env);
    standIn.setFault(undefined);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('OpenAlex answered HTTP 429; waiting 1 s before retrying');
    expect(second.stdout).toMatch(/Harvested \d+ works in [\d.]+ s \(resumed\); (\d+) of \1 so far, finished/);
    expect((await papers(['stats'], env)).stdout).toMatch(/harvest web3: (\d+) of \1, finished/);
  });

  // Five process starts: on a busy 2-core machine that takes longer than the 5 s default.
  it('refuses a bad command line with the usage and exit code 2', async () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['harvest'],
      ['import', '--corpus', 'bio', 'x.jsonl'],
      ['stats', '--nope'],
    ]) {
      const run = await papers(args, { PAPERS_DB: path.join(dir, 'unused.db') });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout + run.stderr).toContain('Usage: npm run papers -- <command>');
    }
  });
});
