// The production entry (`npm start` runs the bundle of this file): serves the built site and sends
// the dynamic paths straight to the core.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, isCorePath, type App } from '../core/app.ts';
import { ASK_INDEX_PATH } from '../core/ask/ask-documents.ts';
import { MemoryTokenStore } from '../core/auth/token-store.ts';
import { AskIndex, type SerialisedAskIndex } from '../core/ask/ask-index.ts';
import { ASK_PAGE_PATH } from '../core/ask/ask-page.ts';
import { BoundedCache } from '../core/bounded-cache.ts';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import { CONTENT_DATA_PATH, ContentDataSchema } from '../core/content/content-data.ts';
import { ContentService } from '../core/content/content-service.ts';
import type { JsonText } from '../core/http/route.ts';
import { MemoryIdempotencyStore } from '../core/idempotency.ts';
import { MemoryJobStore } from '../core/jobs/job-store.ts';
import { PaperSearch } from '../core/papers/paper-search.ts';
import { createPaperSource } from '../core/papers/paper-source-factory.ts';
import { FixedWindowRateLimiter } from '../core/rate-limit.ts';
import { toCoreRequest, writeCoreResponse } from './node-adapter.ts';
import { RequestLog } from './request-log.ts';
import { describeStartupFailure, startupReport } from './startup-report.ts';
import { STATIC_MANIFEST_FILE, StaticManifestSchema } from './static-manifest.ts';
import { StaticSite } from './static-files.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export function createHandler(config: Config, distDir: string) {
  const clientDir = path.join(distDir, 'client');
  const manifest = StaticManifestSchema.parse(
    JSON.parse(readFileSync(path.join(distDir, STATIC_MANIFEST_FILE), 'utf8')),
  );
  const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(clientDir, file), 'utf8'));
  const content = ContentDataSchema.parse(readJson(CONTENT_DATA_PATH));
  const ask = AskIndex.load(readJson(ASK_INDEX_PATH) as SerialisedAskIndex);
  const askPage = readFileSync(path.join(clientDir, ASK_PAGE_PATH), 'utf8');
  const site = new StaticSite(clientDir, manifest);
  const log = config.logRequests ? new RequestLog() : undefined;
  const app: App = createApp({
    config,
    content: new ContentService(content),
    papers: new PaperSearch(createPaperSource(config)),
    ask,
    askPage,
    readSiteFile: (urlPath) => site.readText(urlPath),
    jobs: new MemoryJobStore(),
    idempotency: new MemoryIdempotencyStore(),
    rateLimiter: new FixedWindowRateLimiter(config.rateLimitPerMinute),
    tokens: new MemoryTokenStore(),
    memo: new BoundedCache<JsonText>({
      maxEntries: 2_000,
      maxBytes: 32 * 1024 * 1024,
      sizeOf: (json) => json.text.length * 2,
    }),
    logError: (message, error) => console.error(message, error),
  });

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    let requestId = '';
    try {
      if (isCorePath(pathname)) {
        const response = await app.handle(toCoreRequest(req, res));
        requestId = response.headers['X-Request-Id'] ?? '';
        await writeCoreResponse(req, res, response);
      } else {
        requestId = crypto.randomUUID();
        const response = await site.serve({
          method: req.method ?? 'GET',
          path: pathname,
          search: queryStart === -1 ? '' : url.slice(queryStart),
          headers: req.headers,
        });
        res.writeHead(response.status, { ...response.headers, 'X-Request-Id': requestId });
        res.end(response.body ?? undefined);
      }
    } catch (error) {
      console.error('unhandled error while serving', pathname, error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(
          '{"error":{"code":"internal_error","message":"The server hit an unexpected error.","status":500,"resolution":"Retry later."}}',
        );
      } else res.destroy();
    }
    log?.add({
      method: req.method ?? 'GET',
      path: pathname,
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
      id: requestId,
      // The client went away before the whole response was sent (e.g. a closed event stream).
      aborted: res.destroyed && !res.writableFinished,
    });
  };
}

export async function startServer(config: Config, distDir: string): Promise<RunningServer> {
  const handler = createHandler(config, distDir);
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Give in-flight requests (and streams) a moment, then cut what is left.
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}

async function main(): Promise<void> {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let config: Config;
  let running: RunningServer;
  try {
    config = loadConfig();
    // Start-up can also find a setting unusable (a PAPERS_DB that is no mirror): same message, same exit.
    running = await startServer(config, distDir);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : describeStartupFailure(error, process.env, distDir);
    if (message) {
      console.error(message);
      process.exit(1);
    }
    throw error;
  }
  console.log(startupReport(config, running.url));
  const stop = (signal: string) => {
    console.log(`${signal} received: finishing in-flight requests`);
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

// scripts/start.mjs launches this bundle with the flags in scripts/server-command.mjs.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
