import { existsSync } from 'node:fs';
import path from 'node:path';
import { readJsonl } from './openalex-stand-in.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export const fixtureWorks = {
  ai: readJsonl(path.join(root, 'test/fixtures/openalex/works-ai.jsonl')),
  web3: readJsonl(path.join(root, 'test/fixtures/openalex/works-web3.jsonl')),
  /** In neither corpus: the paper whose first author is the API docs' sample author (A5023888391). */
  other: readJsonl(path.join(root, 'test/fixtures/openalex/works-other.jsonl')),
};

/** Real OpenAlex records in ../shared (CI has them; a user's clone does not). */
export const SHARED_OPENALEX = path.resolve(root, '../shared/data/openalex');
export const sharedAvailable = existsSync(path.join(SHARED_OPENALEX, 'works-ai.jsonl'));
export function sharedWorks(file: 'works-ai.jsonl' | 'works-other.jsonl') {
  return readJsonl(path.join(SHARED_OPENALEX, file));
}
export const SHARED_SKIP_REASON = `skipped: ${SHARED_OPENALEX} is absent (it exists beside the project in CI only)`;
