// Local paper mirrors for tests: a temporary SQLite file imported from JSON Lines records, the way
// `npm run papers -- import` builds one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openMirror, rebuildSearchIndex } from '../../src/core/papers/mirror/schema.ts';
import { importJsonLines, MirrorWriter } from '../../src/core/papers/mirror/work-import.ts';

export const FIXTURE_FILES = ['works-ai.jsonl', 'works-web3.jsonl'].map((file) =>
  path.resolve(import.meta.dirname, '../fixtures/openalex', file),
);

export interface TemporaryMirror {
  file: string;
  remove(): void;
}

/** A mirror of `files`, imported without --corpus: each work joins the corpora its concepts name. */
export async function buildMirror(files: readonly string[]): Promise<TemporaryMirror> {
  const dir = mkdtempSync(path.join(tmpdir(), 'papers-mirror-'));
  const file = path.join(dir, 'papers.db');
  const writer = new MirrorWriter(openMirror(file));
  try {
    for (const jsonl of files) await importJsonLines(writer, jsonl);
    rebuildSearchIndex(writer.db);
  } finally {
    writer.db.close();
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
