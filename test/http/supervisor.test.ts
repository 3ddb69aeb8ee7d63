// `npm start` keeps the server up: a server process that dies is started again.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

describe('npm start', () => {
  it('starts the server again after it is killed', { timeout: 60_000 }, async () => {
    const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: 'false', PAPERS_SOURCE: 'openalex' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const urls: string[] = [];
    const waiters: Array<() => void> = [];
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        output.push(line);
        const found = /serving on (http:\/\/\S+)/.exec(line);
        if (found?.[1]) {
          urls.push(found[1]);
          waiters.shift()?.();
        }
      }
    };
    launcher.stdout.on('data', collect);
    launcher.stderr.on('data', collect);
    const nextUrl = (count: number) =>
      new Promise<void>((resolve, reject) => {
        if (urls.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`no server:\n${output.join('\n')}`)), 30_000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    try {
      await nextUrl(1);
      expect((await http(`${urls[0]}/healthz`)).status).toBe(200);
      const [serverPid] = childrenOf(launcher.pid!);
      expect(serverPid).toBeGreaterThan(0);
      process.kill(serverPid!, 'SIGKILL');
      await nextUrl(2);
      expect(output.some((line) => /starting it again/.test(line))).toBe(true);
      expect((await http(`${urls[1]}/healthz`)).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => launcher.once('exit', resolve));
      launcher.kill('SIGTERM');
      await exited;
    }
  });
});
