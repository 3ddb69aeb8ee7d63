// Chooses the paper source at start-up: PAPERS_SOURCE=openalex|local, and when it is unset, the local
// mirror if the PAPERS_DB file exists, else OpenAlex. A mirror that cannot serve stops start-up with
// a ConfigError naming the variables and the fixes, like any other bad setting.
import { existsSync } from 'node:fs';
import { ConfigError, type Config } from '../config.ts';
import { LocalPaperSource } from './mirror/local-paper-source.ts';
import { OpenAlexClient } from './openalex/client.ts';
import type { PaperSource } from './contract/paper-source.ts';
import { OpenAlexPaperSource } from './openalex/paper-source.ts';

export const chosenPaperSource = (config: Config): 'openalex' | 'local' =>
  config.papersSource ?? (existsSync(config.papersDb) ? 'local' : 'openalex');

export function createPaperSource(config: Config): PaperSource {
  if (chosenPaperSource(config) === 'openalex') {
    return new OpenAlexPaperSource(
      new OpenAlexClient({
        baseUrl: config.openAlexUrl,
        apiKey: config.openAlexApiKey,
        mailto: config.openAlexMailto,
        timeoutMs: config.openAlexTimeoutMs,
        userAgent: `ResearchHub/1.1 (+${config.siteUrl})`,
      }),
    );
  }
  const why = config.papersSource ? 'PAPERS_SOURCE=local' : 'PAPERS_SOURCE is unset and the PAPERS_DB file exists';
  let reason = 'there is no such file';
  if (existsSync(config.papersDb)) {
    try {
      return LocalPaperSource.open(config.papersDb);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  throw new ConfigError(
    `Invalid configuration:\n  PAPERS_DB=${JSON.stringify(config.papersDb)}: the local paper mirror cannot be used (${why}): ${reason}.\n` +
      '  Fix: build the mirror with "npm run papers -- import <works.jsonl.gz> --corpus ai" or ' +
      '"npm run papers -- harvest --corpus ai", point PAPERS_DB at a mirror, or set PAPERS_SOURCE=openalex.\n' +
      'See "Local paper mirror" in README.md.',
  );
}
