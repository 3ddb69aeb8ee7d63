// What the server tells the person who started it: a short summary with the URL on the last line,
// or, when it cannot start, one sentence that names the setting to change.
import path from 'node:path';
import type { Config } from '../core/config.ts';
import { chosenPaperSource } from '../core/papers/paper-source-factory.ts';
import { describeRedis } from '../core/stores/redis/redis-settings.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The lines printed once the server listens on `url`; the last one ends with the URL to open. */
export function startupReport(config: Config, url: string): string {
  const site = new URL(config.siteUrl);
  const listening = new URL(url);
  const papers =
    chosenPaperSource(config) === 'local' ? `the local mirror ${config.papersDb}` : `OpenAlex (${config.openAlexUrl})`;
  const rows: Array<[string, string]> = [
    ['pages', `built for ${config.siteUrl} (SITE_URL)`],
    ['papers', papers],
    // Named without credentials: a password in REDIS_URL never reaches the console.
    [
      'state',
      config.redis ? `${describeRedis(config.redis)}, shared by every instance` : 'in memory (this process only)',
    ],
    ['request log', config.logRequests ? 'one line per request (LOG_REQUESTS=false turns it off)' : 'off'],
    ['stop', 'Ctrl-C'],
  ];
  const lines = rows.map(([label, text]) => `  ${label.padEnd(12)} ${text}`);
  // Absolute URLs are baked into pages and feeds at build time, so they only work locally when the
  // site URL names the port this server really listens on.
  if (LOOPBACK_HOSTS.has(site.hostname) && portOf(site) !== portOf(listening)) {
    const picked =
      config.port === 0
        ? `PORT=0 picked the free port ${listening.port}`
        : `This server listens on port ${listening.port}`;
    const port = config.port === 0 ? 8080 : config.port;
    lines.push(
      '',
      `${picked}, but pages, feeds and manifests link to SITE_URL=${config.siteUrl}, fixed when the site was built.`,
      `For links that work, name one port in both: PORT=${port} SITE_URL=http://localhost:${port} npm start (it rebuilds once).`,
    );
  }
  return ['', 'Research Hub is ready.', ...lines, '', `Research Hub is serving on ${url}`].join('\n');
}

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * One sentence for the errors a newcomer meets when starting the server, naming the variable to
 * change; undefined for anything else (which then shows its stack as a bug would).
 */
export function describeStartupFailure(error: unknown, env: NodeJS.ProcessEnv, distDir: string): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, port, address, path: missing } = error as NodeJS.ErrnoException & { port?: number; address?: string };
  const host = env['HOST'] || '127.0.0.1';
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${address ?? host} is already in use (another Research Hub?): stop that program, or set PORT to a free port (PORT=0 picks one).`;
    case 'EACCES':
      return `This user may not listen on port ${port} of ${address ?? host}: set PORT to a port above 1023, such as the default 4321.`;
    case 'EADDRNOTAVAIL':
      return `HOST=${host} is not an address of this machine: set HOST to one of its addresses, 127.0.0.1 for this machine only or 0.0.0.0 for every interface.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST=${host} is not a host name this machine can resolve: set HOST to an address such as 127.0.0.1 or 0.0.0.0.`;
    case 'ENOENT':
      if (missing && path.resolve(missing).startsWith(path.resolve(distDir)))
        return `The build is incomplete (${path.relative(process.cwd(), missing)} is missing): run npm start -- --rebuild, which builds it again.`;
      return undefined;
    default:
      return undefined;
  }
}
