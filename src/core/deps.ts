// The composition root: everything the core needs, wired once from configuration and the built site.
// The server, the CLI and the tests all build their dependencies here.
import type { AskIndex } from './ask/ask-index.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { Config } from './config.ts';
import type { ContentData } from './content/content-data.ts';
import { ContentService } from './content/content-service.ts';
import type { JsonText } from './json-text.ts';
import { BackgroundWork } from './jobs/background-work.ts';
import { PaperSearch } from './papers/contract/paper-search.ts';
import { createPaperSource } from './papers/paper-source-factory.ts';
import type { PaperSource } from './papers/contract/paper-source.ts';
import { createStores, type Stores } from './stores/index.ts';

/** What the build produced, read by the caller (the server reads dist/; tests make their own). */
export interface BuiltSite {
  content: ContentData;
  ask: AskIndex;
  /** The built Ask page, filled in for browsers without JavaScript. */
  askPage?: string;
  /** Reads a file of the built site by URL path (Markdown twins, the auth guide). */
  readSiteFile?: (urlPath: string) => Promise<string | undefined>;
}

export interface AppDeps {
  config: Config;
  content: ContentService;
  papers: PaperSearch;
  ask: AskIndex;
  /** The built Ask page, filled in for browsers without JavaScript (see ask/ask-page.ts). */
  askPage?: string;
  /** Reads a file of the built site by URL path (Markdown twins, the auth guide). */
  readSiteFile?: (urlPath: string) => Promise<string | undefined>;
  /** Jobs, idempotency records, rate limits, bearer tokens and the search cache. */
  stores: Stores;
  /** Asynchronous work still running, which shutdown waits for. */
  background: BackgroundWork;
  /** Serialised answers of pure routes over static content. */
  memo: BoundedCache<JsonText>;
  logError?: (message: string, error: unknown) => void;
}

export interface DepsOptions {
  /** Replaces the source configuration chooses (tests pass a fake). */
  papers?: PaperSource;
  /** Replaces the in-memory stores. */
  stores?: Stores;
  logError?: (message: string, error: unknown) => void;
}

export function createDeps(config: Config, site: BuiltSite, options: DepsOptions = {}): AppDeps {
  const stores = options.stores ?? createStores(config);
  return {
    config,
    content: new ContentService(site.content),
    papers: new PaperSearch(options.papers ?? createPaperSource(config), stores.searchCache),
    ask: site.ask,
    ...(site.askPage === undefined ? {} : { askPage: site.askPage }),
    ...(site.readSiteFile ? { readSiteFile: site.readSiteFile } : {}),
    stores,
    background: new BackgroundWork(),
    memo: new BoundedCache<JsonText>({
      maxEntries: 2_000,
      maxBytes: 32 * 1024 * 1024,
      sizeOf: (json) => json.retainedBytes,
    }),
    ...(options.logError ? { logError: options.logError } : {}),
  };
}
