import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { RequestLog, type RequestLogEntry } from '../../src/server/request-log.ts';

/** A request that ended just now, with the fields a test cares about. */
const entry = (fields: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  method: 'GET',
  path: '/',
  status: 200,
  ms: 1,
  id: 'req-1',
  aborted: false,
  endedAt: Date.now(),
  ...fields,
});

/** The JSON lines of what was written, parsed. */
const parsed = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('RequestLog', () => {
  it('writes one valid JSON line per request, escaping what needs it, in one batch', () => {
    const writes: string[] = [];
    const log = new RequestLog((text) => writes.push(text));
    const paths = ['/api/v1/reports/search', '/x"y', '/back\\slash', '/tab\there', '/ünïcode'];
    for (const path of paths) log.add(entry({ path, ms: 0.12 }));
    log.add(entry({ method: 'POST', path: '/ask', ms: 3, id: 'id "quoted"', aborted: true }));
    log.flush();
    expect(writes).toHaveLength(1);
    const lines = parsed(writes[0]!);
    expect(lines.map((line) => line.path)).toEqual([...paths, '/ask']);
    expect(lines.at(-1)).toMatchObject({ method: 'POST', id: 'id "quoted"', aborted: true });
    expect(Date.parse(lines[0].time)).not.toBeNaN();
    expect(lines[0]).not.toHaveProperty('aborted');
  });
});

describe('RequestLog on a terminal', () => {
  it('writes a short readable line, with control characters escaped', () => {
    const writes: string[] = [];
    const log = new RequestLog((text) => writes.push(text), 'text');
    log.add(entry({ path: '/api/v1/essays', ms: 1.25 }));
    log.add(entry({ path: '/x\u001b[2J', status: 404, ms: 0.5, id: 'req-2', aborted: true }));
    log.flush();
    const [first, second] = writes[0]!.trimEnd().split('\n');
    expect(first).toMatch(/^\d\d:\d\d:\d\d 200 GET \/api\/v1\/essays 1\.25 ms$/);
    expect(second).toMatch(/^\d\d:\d\d:\d\d 404 GET "\/x\\u001b\[2J" 0\.5 ms \(client went away\)$/);
  });
});

describe('RequestLog batching', () => {
  it('holds lines at most 50 ms, stamped with the time each request ended', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00.000Z') });
    try {
      const writes: string[] = [];
      const log = new RequestLog((text) => writes.push(text));
      log.add(entry({ id: 'first' }));
      vi.advanceTimersByTime(30);
      log.add(entry({ id: 'second' }));
      vi.advanceTimersByTime(19);
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(parsed(writes.join('')).map((line) => [line.id, line.time])).toEqual([
        ['first', '2026-11-27T10:00:00.000Z'],
        ['second', '2026-11-27T10:00:00.030Z'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes at once when 256 lines have gathered, and nothing twice', () => {
    const writes: string[] = [];
    const log = new RequestLog((text) => writes.push(text));
    for (let i = 0; i < 300; i += 1) log.add(entry({ id: `r${i}` }));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.trimEnd().split('\n')).toHaveLength(256);
    log.flush();
    log.flush();
    expect(parsed(writes.join('')).map((line) => line.id)).toEqual(Array.from({ length: 300 }, (_, i) => `r${i}`));
  });
});

describe('RequestLog encoding', () => {
  it('carries non-ASCII text and escapes lone surrogates, which UTF-8 cannot hold', () => {
    const writes: string[] = [];
    const log = new RequestLog((text) => writes.push(text));
    const paths = ['/ünïcode/日本', '/emoji/\u{1F600}', '/lone/\ud800x'];
    for (const [i, path] of paths.entries()) log.add(entry({ path, id: `r${i}` }));
    log.flush();
    // What stdout does with the text: UTF-8, where a lone surrogate would turn into U+FFFD.
    const text = Buffer.from(writes.join(''), 'utf8').toString('utf8');
    expect(parsed(text).map((line) => line.path)).toEqual(paths);
    expect(text).toContain('\\ud800');
  });
});

describe('RequestLog on exit', () => {
  const module = fileURLToPath(new URL('../../src/server/request-log.ts', import.meta.url));
  // 300 lines: 256 written as a batch, 44 still gathered when the process ends.
  const script = (end: string) => `
    const { RequestLog } = await import(${JSON.stringify(module)});
    const log = new RequestLog();
    for (let i = 0; i < 300; i += 1)
      log.add({ method: 'GET', path: '/', status: 200, ms: 1, id: 'r' + i, aborted: false, endedAt: Date.now() });
    ${end}`;
  const all = Array.from({ length: 300 }, (_, i) => `r${i}`);

  it.each([
    ['an uncaught exception', "setTimeout(() => { throw new Error('crash'); });", 1],
    [
      'a crash handler that exits',
      "process.on('uncaughtException', () => process.exit(70)); setTimeout(() => { throw new Error('crash'); });",
      70,
    ],
    ['a process with nothing left to do', '', 0],
  ])('writes every gathered line on %s', (_, end, status) => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script(end)], { encoding: 'utf8' });
    expect(run.status).toBe(status);
    expect(parsed(run.stdout).map((line) => line.id)).toEqual(all);
  });
});
