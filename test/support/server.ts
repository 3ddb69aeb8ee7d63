// Starts the built server (dist/app/server.mjs) as a child process on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createClient } from '@redis/client';
import path from 'node:path';
import { SERVER_ENV, serverArgs } from '../../scripts/server-command.mjs';

export interface TestServer {
  url: string;
  /** The server's process id (tests that look at its open descriptors). */
  pid: number;
  /** Lines the server printed (one JSON log line per request). */
  output: string[];
  /** The lines of `output` that came on stderr (a client's misbehaviour must leave none). */
  errors: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  /**
   * The printed lines that contain `text`, once there is at least one or `timeoutMs` has passed: the
   * request log writes its lines in batches, up to 50 ms after a request ends, later on a busy machine.
   */
  linesWith(text: string, timeoutMs?: number): Promise<string[]>;
  /** Sends a signal without waiting (shutdown tests). */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * With TEST_REDIS_URL (npm run test:redis), every server keeps its state in Redis, each in a database of
 * its own (numbered by a counter in database 0) so that test files running side by side share nothing.
 */
async function redisEnv(): Promise<Record<string, string>> {
  const base = process.env['TEST_REDIS_URL'];
  if (!base) return {};
  const client = createClient({ url: base });
  await client.connect();
  const database = (await client.incr('test:databases')) % 1000;
  await client.close();
  return { REDIS_URL: `${base}/${database === 0 ? 1 : database}` };
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: root,
    // A generous limit by default; rate-limit tests set their own. OpenAlex (the stand-in) unless a test
    // asks for the local mirror: a data/papers.db in the working copy must not change what tests see.
    env: {
      ...SERVER_ENV,
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      PAPERS_SOURCE: 'openalex',
      ...(await redisEnv()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const errors: string[] = [];
  // 'close', not 'exit': it comes once the output has been read to its end as well.
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('\n')}`)), 15_000);
    // A chunk may end inside a line: the rest of it comes with the next chunk of the same stream.
    const partial = new Map<unknown, string>();
    const onChunk = (stream: unknown) => (chunk: Buffer) => {
      const lines = ((partial.get(stream) ?? '') + chunk.toString('utf8')).split('\n');
      partial.set(stream, lines.pop() ?? '');
      for (const line of lines) {
        if (!line) continue;
        output.push(line);
        if (stream === child.stderr) errors.push(line);
        const found = /serving on (http:\/\/\S+)/.exec(line);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      }
    };
    child.stdout?.on('data', onChunk(child.stdout));
    child.stderr?.on('data', onChunk(child.stderr));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    output,
    errors,
    exited,
    linesWith: async (text, timeoutMs = 3_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const lines = output.filter((line) => line.includes(text));
        if (lines.length > 0 || Date.now() > deadline) return lines;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    signal: (name) => void child.kill(name),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
