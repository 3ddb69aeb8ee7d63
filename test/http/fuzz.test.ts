// The abuse fuzzer: 20,000 requests generated with fast-check over every route of the route table
// (both MCP servers included) and some paths of the static site: hostile query strings (invalid
// percent-encoding, NUL, duplicates, prototype keys), hostile bodies (10,000-deep JSON, bytes that are
// not UTF-8, wrong shapes, bodies in content codings taken or not, a gzip bomb) and hostile headers,
// then methods node's parser treats apart (CONNECT) over raw sockets. Seeded, bounded, loopback only. No
// answer may be a 5xx, the process must survive, and every API error must come in the documented shape.
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.ts';
import { routes } from '../../src/core/routes/index.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer } from '../support/server.ts';

const REQUESTS = 20_000;
const CONCURRENCY = 32;
const SEED = 20261122;

const routePaths = routes.flatMap((route) => [route.path, ...(route.aliases ?? [])]);
/** Each path with the method its route takes, so most requests get past method checks to the schemas. */
const routeTargets = routes.flatMap((route) =>
  [route.path, ...(route.aliases ?? [])].map((template) => ({ template, method: route.method as string })),
);
const knownParams = [
  'q',
  'query',
  'limit',
  'per_page',
  'page',
  'cursor',
  'corpus',
  'tag',
  'category',
  'types',
  'format',
];

const nasty = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%C0%AF',
  '%2e%2e%2f',
  '..%2f..%2f',
  '__proto__',
  'constructor',
  '\u0000',
  'é',
  '😀',
  '-1',
  '1e309',
  '0x10',
  ' ',
  'a'.repeat(5_000),
);
const word = fc.oneof(fc.string({ maxLength: 20 }), nasty, fc.integer({ min: -5, max: 100_000 }).map(String));
/** Percent-encodes what would stop the request from being sent, but keeps `%` sequences as they are. */
const raw = (text: string) =>
  text.replace(/[^\x21-\x7e]|[#?&=]/gu, (char) => Buffer.from(char).toString('hex').replace(/../g, '%$&'));

const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...knownParams, '__proto__', 'constructor'), word), word), {
    maxLength: 6,
  })
  .map((pairs) => pairs.map(([key, value]) => `${raw(key)}=${raw(value)}`).join('&'));

const fill = (template: string, filler: string) =>
  template.includes('{')
    ? template.replace(/\{[^}]+\}/g, raw(filler))
    : template.endsWith('/')
      ? `${template}${raw(filler)}`
      : template;
const anyMethod = fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'TRACE');
const siteRoots = fc.constantFrom('/', '/essays/', '/glossary/', '/api/v1/', '/.well-known/');
const target = fc.oneof(
  {
    weight: 7,
    arbitrary: fc
      .tuple(fc.constantFrom(...routeTargets), word)
      .map(([{ template, method }, filler]) => ({ method, path: fill(template, filler) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(anyMethod, fc.constantFrom(...routePaths), word)
      .map(([method, template, filler]) => ({ method, path: fill(template, filler) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyMethod, siteRoots, word)
      .map(([method, template, filler]) => ({ method, path: fill(template, filler) })),
  },
);

/** Stands for a gzip bomb: 64 MiB of spaces in a JSON string, about 64 KiB gzipped, sent as gzip. */
const BOMB = '\u0000bomb';
const bombBytes = gzipSync(Buffer.concat([Buffer.from('{"q":"'), Buffer.alloc(64 * 1024 * 1024, 0x20)]));
const encoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  'x-gzip': gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

/** The body's bytes: the bomb, or the text, encoded when it says it is and `encode` holds (else mislabelled). */
function bodyBytes(text: string, headers: Record<string, string>, encode: boolean): Buffer {
  if (text === BOMB) {
    headers['content-encoding'] = 'gzip';
    return bombBytes;
  }
  const plain = Buffer.from(text, 'latin1');
  const encoder = encoders[headers['content-encoding'] ?? ''];
  return encode && encoder ? encoder(plain) : plain;
}

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const jsonRpc = fc.record({
  jsonrpc: fc.constantFrom('2.0', '1.0', 2),
  id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.double(), fc.constant(2 ** 60)),
  method: fc.constantFrom('initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'nope', ''),
  params: fc.oneof(
    fc.record({
      name: fc.oneof(
        fc.constantFrom('search_reports', 'get_essay', 'search_glossary', 'get_api_documentation'),
        fc.jsonValue({ maxDepth: 3 }),
      ),
      arguments: fc.jsonValue({ maxDepth: 3 }),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
});
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  jsonRpc.map((value) => JSON.stringify(value)),
  fc
    .array(
      fc.record({
        path: fc.oneof(fc.constantFrom(...routePaths), word),
        method: fc.constantFrom('GET', 'POST', 'PUT'),
        body: fc.jsonValue({ maxDepth: 2 }),
      }),
      { maxLength: 25 },
    )
    .map((requests) => JSON.stringify({ requests })),
  fc
    .record({ q: word, limit: fc.jsonValue({ maxDepth: 1 }), types: fc.jsonValue({ maxDepth: 1 }) })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(deep(10_000), `{"q":${deep(10_000)}}`, '{"__proto__":{"polluted":1}}', '\xff\xfe', '{', 'null', ''),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constant(BOMB),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/json; charset=latin1',
      '',
    ),
    accept: fc.constantFrom(
      'application/json',
      'text/event-stream',
      'text/html',
      'text/markdown',
      '*/*',
      'image/png',
      '',
    ),
    'idempotency-key': fc.oneof(fc.string({ maxLength: 300 }), fc.uuid()),
    prefer: fc.constantFrom('respond-async', 'wait=1', 'respond-async, wait=100'),
    authorization: fc.constantFrom(
      'Bearer anonymous',
      'Bearer anonymous',
      'Bearer anonymous',
      'Bearer rh_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'Basic abc',
    ),
    'mcp-protocol-version': fc.constantFrom('2025-11-25', '2026-07-28', '1999-01-01', ''),
    origin: fc.constantFrom('http://localhost:4321', 'https://evil.example', 'null'),
    'x-request-id': word,
    'content-encoding': fc.constantFrom('gzip', 'x-gzip', 'deflate', 'br', 'zstd', 'bogus', 'identity', 'gzip, br'),
  },
  { requiredKeys: [] },
);
const request = fc.record({
  target,
  query: queryString,
  headers,
  body,
  encode: fc.boolean(),
});

/** Header values undici would refuse to send are dropped: the transport tests cover raw bytes. */
const sendable = (value: string) => /^[\t\x20-\x7e]*$/.test(value);

describe('abuse fuzzer', () => {
  it(
    `answers ${REQUESTS.toLocaleString('en')} hostile requests without a 5xx or a crash, errors in shape`,
    { timeout: 180_000 },
    async () => {
      const standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
      const server = await startTestServer({
        OPENALEX_URL: standIn.url,
        LOG_REQUESTS: 'false',
        RATE_LIMIT_PER_MINUTE: '10000000',
        REGISTER_PER_HOUR: '1000000',
      });
      let crashed = false;
      server.exited.then(
        () => (crashed = true),
        () => (crashed = true),
      );
      const pool = new Pool(server.url, { connections: CONCURRENCY, pipelining: 1 });
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let clientRefused = 0;
      try {
        const samples = fc.sample(request, { numRuns: REQUESTS, seed: SEED });
        let next = 0;
        const worker = async () => {
          while (next < samples.length && failures.length < 20) {
            const { target: aim, ...rest } = samples[next++]!;
            const sample = { ...rest, ...aim };
            const target = sample.query ? `${sample.path}?${sample.query}` : sample.path;
            const sent = Object.fromEntries(Object.entries(sample.headers).filter(([, value]) => sendable(value)));
            const hasBody = sample.method === 'POST' || sample.method === 'PUT';
            const bytes = hasBody ? bodyBytes(sample.body, sent, sample.encode) : null;
            let response;
            try {
              response = await pool.request({
                method: sample.method as 'GET',
                path: target,
                headers: sent,
                body: bytes,
              });
            } catch (error) {
              // undici refused to send it (an invalid path or header): nothing reached the server. Or the
              // server answered early and closed while the client was still writing: a head over Node's
              // 16 KiB (431), or a body over 64 KiB that the route does not read. The client reports a
              // closed socket.
              const code = (error as { code?: string }).code;
              const headBytes = target.length + JSON.stringify(sent).length;
              const early = headBytes > 16 * 1024 || (bytes !== null && bytes.length > 64 * 1024);
              if (code === 'UND_ERR_INVALID_ARG' || (code === 'UND_ERR_SOCKET' && early)) {
                clientRefused += 1;
                continue;
              }
              failures.push(
                `${sample.method} ${target.slice(0, 120)} (head ${headBytes} B, body ${bytes?.length ?? 0} B, ${code}): ${String(error)}`,
              );
              continue;
            }
            const text = await response.body.text();
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const where = `${sample.method} ${target.slice(0, 120)} → ${response.statusCode}`;
            if (response.statusCode >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
            const api = /^\/(api(\/|$)|ask$|\.well-known\/mcp)/.test(sample.path);
            const answer =
              api && response.statusCode >= 400 && sample.method !== 'HEAD'
                ? // An SSE-only client gets MCP answers, refusals included, as one event.
                  (JSON.parse(text.replace(/^event: message\ndata: /, '')) as Record<string, unknown>)
                : {};
            if (answer['jsonrpc'] === '2.0') {
              // MCP answers its refusals as JSON-RPC errors; a transport refusal keeps the API error in data.
              const error = answer['error'] as { code?: unknown; message?: unknown; data?: { status?: unknown } };
              // Every refusal carries the id member, null when the id could not be read (JSON-RPC 2.0).
              const shaped =
                'id' in answer &&
                Number.isInteger(error?.code) &&
                typeof error?.message === 'string' &&
                (error.data?.status === undefined || error.data.status === response.statusCode);
              if (!shaped) failures.push(`${where}: not a JSON-RPC error: ${text.slice(0, 200)}`);
            } else if (api && response.statusCode >= 400 && sample.method !== 'HEAD') {
              const error = (answer as { error?: Record<string, unknown> }).error;
              const code = error?.['code'] as keyof typeof ERROR_CODES;
              const shaped =
                typeof error?.['message'] === 'string' &&
                typeof error?.['resolution'] === 'string' &&
                ERROR_CODES[code]?.status === response.statusCode &&
                error?.['status'] === response.statusCode;
              if (!shaped) failures.push(`${where}: not in the error shape: ${text.slice(0, 200)}`);
            }
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        console.log(
          `fuzzer: ${next} requests (${clientRefused} refused by the client or closed early), statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
        );
        expect(failures).toEqual([]);
        expect(crashed).toBe(false);
        expect((await pool.request({ method: 'GET', path: '/healthz' })).statusCode).toBe(200);
      } finally {
        await pool.close();
        await server.stop();
        await standIn.close();
      }
    },
  );
});

/** Sends one raw request and resolves with every byte the server sent before it closed (or 5 s). */
function rawAnswer(url: string, text: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('methods the parser treats apart, over raw sockets', () => {
  it('answers CONNECT and methods nothing serves on every kind of path, never closing unanswered', async () => {
    const server = await startTestServer({ LOG_REQUESTS: 'false', RATE_LIMIT_PER_MINUTE: '10000000' });
    const methods = ['CONNECT', 'FOO', 'M-SEARCH', 'PROPFIND', 'LINK', 'PURGE', 'TRACE', 'PATCH'];
    const targets = ['example.com:443', '/', '/api/v1/essays', '/ask', '/api/mcp', '/api/v1/batch', '*', '/essays/'];
    const failures: string[] = [];
    try {
      for (const method of methods) {
        for (const target of targets) {
          const text = await rawAnswer(
            server.url,
            `${method} ${target} HTTP/1.1\r\nHost: example.com\r\nContent-Length: 2\r\n\r\n{}`,
          );
          const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1]);
          if (!(status >= 400 && status < 500))
            failures.push(`${method} ${target}: ${text.slice(0, 80) || 'no answer'}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
