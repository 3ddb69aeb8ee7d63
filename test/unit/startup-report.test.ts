import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.ts';
import { describeStartupFailure, startupReport } from '../../src/server/startup-report.ts';

// A real listen error from node:net, as the server's listen() meets it.
async function listenError(port: number, host: string): Promise<Error> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', resolve);
    server.listen(port, host, () => server.close(() => reject(new Error('listen unexpectedly succeeded'))));
  });
}

describe('startupReport', () => {
  it('ends with the URL and says nothing about SITE_URL when it names the listening port', () => {
    const config = loadConfig({ PAPERS_DB: 'no/such/file.db' });
    const lines = startupReport(config, 'http://127.0.0.1:4321').split('\n');
    expect(lines.at(-1)).toBe('Research Hub is serving on http://127.0.0.1:4321');
    expect(lines.join('\n')).toContain('OpenAlex (https://api.openalex.org)');
    expect(lines.join('\n')).not.toContain('fixed when the site was built');
  });

  it('explains the public URL when PORT=0 picked another port', () => {
    const config = loadConfig({ PORT: '0', PAPERS_DB: 'no/such/file.db' });
    const report = startupReport(config, 'http://127.0.0.1:38211');
    expect(report).toContain('PORT=0 picked the free port 38211');
    expect(report).toContain('SITE_URL=http://localhost:4321');
    expect(report.split('\n').at(-1)).toBe('Research Hub is serving on http://127.0.0.1:38211');
  });

  it('does not ask a public SITE_URL to match the local port', () => {
    const config = loadConfig({ SITE_URL: 'https://research.example.org', LOG_REQUESTS: 'false' });
    const report = startupReport(config, 'http://127.0.0.1:4321');
    expect(report).not.toContain('fixed when the site was built');
    expect(report).toMatch(/request log +off/);
  });
});

describe('describeStartupFailure', () => {
  it('turns a busy port into one sentence naming PORT', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const error = await listenError(port, '127.0.0.1');
    holder.close();
    const sentence = describeStartupFailure(error, { HOST: '127.0.0.1', PORT: String(port) }, '/tmp/dist');
    expect(sentence).toBe(
      `Port ${port} on 127.0.0.1 is already in use (another Research Hub?): stop that program, or set PORT to a free port (PORT=0 picks one).`,
    );
  });

  it('names HOST when it is not an address of this machine', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never assigned to a real interface.
    const error = await listenError(0, '192.0.2.1');
    expect(describeStartupFailure(error, { HOST: '192.0.2.1' }, '/tmp/dist')).toMatch(/^HOST=192\.0\.2\.1 .*set HOST/);
  });

  it('points an incomplete build at --rebuild, and leaves other errors to show their stack', () => {
    const missing = Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/srv/app/dist/static-manifest.json' });
    expect(describeStartupFailure(missing, {}, '/srv/app/dist')).toMatch(
      /static-manifest\.json is missing\): run npm start -- --rebuild/,
    );
    expect(describeStartupFailure(new TypeError('a bug'), {}, '/srv/app/dist')).toBeUndefined();
    const elsewhere = Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/etc/other' });
    expect(describeStartupFailure(elsewhere, {}, '/srv/app/dist')).toBeUndefined();
  });
});
