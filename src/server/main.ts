// The production entry (`npm start` runs the bundle of this file): serves the built site and sends
// the dynamic paths straight to the core.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, requestIdFrom, type App } from '../core/http/app.ts';
import { corePathMatcher } from '../core/http/core-paths.ts';
import { ASK_INDEX_PATH } from '../core/ask/ask-documents.ts';
import { AskIndex, type SerialisedAskIndex } from '../core/ask/ask-index.ts';
import { ASK_PAGE_PATH } from '../core/ask/ask-page.ts';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import type { ApiError } from '../core/errors.ts';
import { CONTENT_DATA_PATH, ContentDataSchema } from '../core/content/content-data.ts';
import { createDeps } from '../core/deps.ts';
import { clientKey, TrustedProxies } from '../core/http/client-address.ts';
import { errorBodyFor } from '../core/http/route.ts';
import { routes } from '../core/routes/index.ts';
import { NodeHeaders, toCoreRequest, writeCoreResponse, writeHead } from './node-adapter.ts';
import { RequestLog } from './request-log.ts';
import { describeStartupFailure, startupReport } from './startup-report.ts';
import { STATIC_MANIFEST_FILE, StaticManifestSchema } from './static-manifest.ts';
import { StaticSite } from './static-files.ts';
import { collectWhenIdle } from './idle-collector.ts';
import { closeIfBodyUnread, createTransport, refusalStatus, type RefusedRequest } from './transport.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Requests being answered, by request id: what a crash report names (formatted only then). */
export type InFlight = Map<string, IncomingMessage>;

export function createHandler(config: Config, distDir: string, inFlight: InFlight = new Map()) {
  const clientDir = path.join(distDir, 'client');
  const manifest = StaticManifestSchema.parse(
    JSON.parse(readFileSync(path.join(distDir, STATIC_MANIFEST_FILE), 'utf8')),
  );
  const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(clientDir, file), 'utf8'));
  const site = new StaticSite(clientDir, manifest);
  const log = config.logRequests ? new RequestLog() : undefined;
  const deps = createDeps(
    config,
    {
      content: ContentDataSchema.parse(readJson(CONTENT_DATA_PATH)),
      ask: AskIndex.load(readJson(ASK_INDEX_PATH) as SerialisedAskIndex),
      askPage: readFileSync(path.join(clientDir, ASK_PAGE_PATH), 'utf8'),
      readSiteFile: (urlPath) => site.readText(urlPath),
    },
    { logError: (message, error) => console.error(message, error) },
  );
  const app: App = createApp(deps, routes);
  const isCoreRequest = corePathMatcher(routes);
  const proxies = new TrustedProxies(config.trustedProxies);

  async function serveCore(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const remote = req.socket.remoteAddress ?? 'unknown';
    const forwardedFor = req.headers['x-forwarded-for'];
    const client = clientKey(
      proxies.clientAddress(
        remote,
        Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
        req.headers['forwarded'],
      ),
    );
    const response = await app.handle(toCoreRequest(req, res, requestId, client));
    if (clientGone(res)) return;
    closeIfBodyUnread(req, res);
    const writing = writeCoreResponse(req, res, response);
    if (writing) await writing;
  }

  async function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    pathname: string,
    search: string,
  ): Promise<void> {
    closeIfBodyUnread(req, res);
    const response = await site.serve({ method: req.method ?? 'GET', path: pathname, search, headers: req.headers });
    if (clientGone(res)) return;
    writeHead(res, response.status, { ...response.headers, 'X-Request-Id': requestId });
    res.end(response.body ?? undefined);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : url.slice(queryStart);
    const sentId = req.headers['x-request-id'];
    const requestId = requestIdFrom(typeof sentId === 'string' ? sentId : null);
    inFlight.set(requestId, req);
    try {
      if (isCoreRequest(pathname, search)) await serveCore(req, res, requestId);
      else await serveFile(req, res, requestId, pathname, search);
    } catch (error) {
      console.error('unhandled error while serving', pathname, error);
      if (!res.headersSent) {
        writeHead(res, 500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(
          '{"error":{"code":"internal_error","message":"The server hit an unexpected error.","status":500,"resolution":"Retry later."}}',
        );
      } else res.destroy();
    } finally {
      inFlight.delete(requestId);
    }
    const aborted = res.destroyed && !res.writableFinished;
    log?.add({
      method: req.method ?? 'GET',
      path: pathname,
      status: refusalStatus(res) ?? res.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
      id: requestId,
      aborted,
      endedAt: Date.now(),
    });
  }
  /** Refusals from node's parser read as the route at their path words errors (MCP: JSON-RPC). */
  function refusalText(error: ApiError, request: RefusedRequest | undefined): string {
    const route = request && app.find(request.method, request.url.split('?', 1)[0] ?? '/');
    return errorBodyFor(route, error, { headers: new NodeHeaders(request?.headers ?? {}) }, undefined);
  }
  /** A line for a request the transport answered itself (a CONNECT, new work while draining). */
  function logAnswer(method: string, url: string, status: number, id: string): void {
    log?.add({ method, path: url.split('?', 1)[0] ?? '/', status, ms: 0, id, aborted: false, endedAt: Date.now() });
  }
  return { handle, deps, proxies, refusalText, logAnswer };
}

/**
 * nginx's "client closed request": what the log says of a request whose client went away before any of
 * its answer was written (a slow body's 408, written by the transport, is logged as 408 instead).
 */
const CLIENT_CLOSED_REQUEST = 499;

/** True, and the status to log set, when the client has gone and nothing is left to write to. */
function clientGone(res: ServerResponse): boolean {
  if (!res.destroyed) return false;
  res.statusCode = CLIENT_CLOSED_REQUEST;
  return true;
}

export async function startServer(
  config: Config,
  distDir: string,
  inFlight: InFlight = new Map(),
): Promise<RunningServer> {
  const { handle, deps, proxies, refusalText, logAnswer } = createHandler(config, distDir, inFlight);
  const transport = createTransport(config, handle, proxies, refusalText, logAnswer);
  const { server } = transport;
  // With REDIS_URL, serve once connected; past the wait, the stores degrade until Redis answers.
  await deps.stores.ready(5_000);
  const stopCollector = collectWhenIdle(() => transport.served);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    async close() {
      const started = Date.now();
      stopCollector();
      const { cut } = await transport.drain(config.shutdownGraceMs);
      // Jobs run on after their 202; they get what is left of the grace period, then end failed with a reason.
      await deps.background.idle(Math.max(0, config.shutdownGraceMs - (Date.now() - started)));
      // With Redis down or stalled the outcomes cannot be written: the jobs' leases lapse instead, and
      // the stop goes on (it must end within the grace, and close the stores).
      const abandoned = await deps.stores.jobs
        .abandonUnfinished('The server shut down before the work finished.')
        .catch((error: unknown) => {
          console.error(`shutdown: unfinished jobs not recorded (${String((error as Error)?.message ?? error)})`);
          return 0;
        });
      if (cut > 0 || abandoned > 0) console.log(`shutdown: ${cut} request(s) cut, ${abandoned} job(s) ended failed`);
      // Job polls were answered until now; the stores close after the last connection.
      transport.close();
      await deps.stores.close();
    },
  };
}

async function main(): Promise<void> {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let config: Config;
  let running: RunningServer;
  const inFlight: InFlight = new Map();
  // A crash is logged with the requests it interrupted; `npm start` restarts the process.
  const crash = (kind: string) => (error: unknown) => {
    console.error(
      JSON.stringify({
        level: 'fatal',
        kind,
        error: String((error as Error)?.stack ?? error),
        in_flight: Object.fromEntries(
          [...inFlight].map(([id, req]) => [id, `${req.method} ${(req.url ?? '').slice(0, 200)}`]),
        ),
      }),
    );
    process.exit(70);
  };
  process.on('uncaughtException', crash('uncaughtException'));
  process.on('unhandledRejection', crash('unhandledRejection'));
  try {
    config = loadConfig();
    // Start-up can also find a setting unusable (a PAPERS_DB that is no mirror): same message, same exit.
    running = await startServer(config, distDir, inFlight);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : describeStartupFailure(error, process.env, distDir);
    if (message) {
      console.error(message);
      process.exit(1);
    }
    throw error;
  }
  console.log(startupReport(config, running.url));
  // A stop is taken once: a supervisor and a terminal may both send one (npm passes SIGINT on as well).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests (up to ${config.shutdownGraceMs} ms)`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

// scripts/start.mjs launches this bundle with the flags in scripts/server-command.mjs.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
