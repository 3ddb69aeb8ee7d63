import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asynchronousStdout, type LogDestination, RequestLog } from '../../src/server/request-log.ts';

/** A destination that keeps what it is given. */
function recording(): LogDestination & { text(): string; writes: number } {
  const writes: string[] = [];
  return {
    write: (text: string) => writes.push(text),
    flush: (callback) => callback(),
    flushSync: () => {},
    text: () => writes.join(''),
    get writes() {
      return writes.length;
    },
  };
}

describe('RequestLog', () => {
  it('writes one valid JSON line per request, escaping what needs it, in one write', async () => {
    const destination = recording();
    const log = new RequestLog(destination, 'json');
    const paths = ['/api/v1/reports/search', '/x"y', '/back\\slash', '/tab\there', '/ünïcode'];
    for (const path of paths) log.add({ method: 'GET', path, status: 200, ms: 0.12, id: 'req-1', aborted: false });
    log.add({ method: 'POST', path: '/ask', status: 200, ms: 3, id: 'id "quoted"', aborted: true });
    await log.close();
    expect(destination.writes).toBe(1);
    const lines = destination
      .text()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.path)).toEqual([...paths, '/ask']);
    expect(lines.at(-1)).toMatchObject({ method: 'POST', id: 'id "quoted"', aborted: true });
    expect(Date.parse(lines[0].time)).not.toBeNaN();
    expect(lines[0]).not.toHaveProperty('aborted');
  });

  it('has every line in the file once close() resolves, through the asynchronous destination', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'request-log-')), 'log');
    const destination = asynchronousStdout(file);
    const log = new RequestLog(destination, 'json');
    for (let i = 0; i < 5_000; i += 1) {
      log.add({ method: 'GET', path: `/p/${i}`, status: 200, ms: 1, id: `id-${i}`, aborted: false });
    }
    await log.close();
    const ids = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(ids).toHaveLength(5_000);
    expect(ids[4_999]).toBe('id-4999');
  });
});

describe('RequestLog on a terminal', () => {
  it('writes a short readable line, with control characters escaped', async () => {
    const destination = recording();
    const log = new RequestLog(destination, 'text');
    log.add({ method: 'GET', path: '/api/v1/essays', status: 200, ms: 1.25, id: 'req-1', aborted: false });
    log.add({ method: 'GET', path: '/x\u001b[2J', status: 404, ms: 0.5, id: 'req-2', aborted: true });
    await log.close();
    const [first, second] = destination.text().trimEnd().split('\n');
    expect(first).toMatch(/^\d\d:\d\d:\d\d 200 GET \/api\/v1\/essays 1\.25 ms$/);
    expect(second).toMatch(/^\d\d:\d\d:\d\d 404 GET "\/x\\u001b\[2J" 0\.5 ms \(client went away\)$/);
  });
});
