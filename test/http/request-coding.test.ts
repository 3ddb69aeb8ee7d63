// Every request gets an answer (issue 45, findings 4 and 5): CONNECT and methods nothing here serves
// get 405 (or 400) in the error shape, never a closed connection; request bodies in gzip, deflate and
// br are decoded, with the 1 MiB body limit applied to the decoded bytes (a gzip bomb gets 413 without
// being inflated), and any other content coding gets 415 with Accept-Encoding naming what is taken
// (RFC 9110 §8.4 and §15.5.16).
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const encoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => gzipSync(bytes),
  deflate: (bytes) => deflateSync(bytes),
  br: (bytes) => brotliCompressSync(bytes),
};

interface Door {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** What a decoded body's answer holds, to show the body was read as sent. */
  check(answer: any): void;
}

const doors: Door[] = [
  {
    name: 'POST /ask',
    path: '/ask',
    headers: {},
    body: { q: 'what is proof of stake', limit: 2 },
    check: (answer) => expect(answer.query).toBe('what is proof of stake'),
  },
  {
    name: 'batch',
    path: '/api/v1/batch',
    headers: {},
    body: { requests: [{ id: 'a', path: '/api/v1/glossary?limit=1' }] },
    check: (answer) => expect(answer.responses[0]).toMatchObject({ id: 'a', status: 200 }),
  },
  {
    name: 'MCP',
    path: '/api/mcp',
    headers: MCP_HEADERS,
    body: {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'search_glossary', arguments: { query: 'dao' } },
    },
    check: (answer) => expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, result: { content: expect.any(Array) } }),
  },
];

function post(path: string, headers: Record<string, string>, body: Buffer) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: new Uint8Array(body),
  });
}

describe('request bodies in a content coding', () => {
  for (const door of doors) {
    for (const [coding, encode] of Object.entries(encoders)) {
      it(`${door.name}: a ${coding} body is decoded`, async () => {
        const plain = Buffer.from(JSON.stringify(door.body));
        const response = await post(door.path, { ...door.headers, 'content-encoding': coding }, encode(plain));
        expect(response.status).toBe(200);
        door.check(await response.json());
      });
    }

    it(`${door.name}: an unknown coding gets 415 naming the codings taken`, async () => {
      for (const coding of ['zstd', 'bogus']) {
        const response = await post(
          door.path,
          { ...door.headers, 'content-encoding': coding },
          Buffer.from(JSON.stringify(door.body)),
        );
        expect(response.status).toBe(415);
        const accepted = (response.headers.get('accept-encoding') ?? '').split(/\s*,\s*/);
        expect(accepted).toEqual(expect.arrayContaining(['gzip', 'deflate', 'br']));
        const text = await response.text();
        expect(text).toContain('unsupported_media_type');
      }
    });

    it(`${door.name}: a gzip bomb gets 413, measured on the decoded bytes`, async () => {
      // 64 MiB of spaces inside a JSON string: about 64 KiB on the wire.
      const bomb = gzipSync(Buffer.concat([Buffer.from('{"q":"'), Buffer.alloc(64 * 1024 * 1024, 0x20)]));
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const response = await post(door.path, { ...door.headers, 'content-encoding': 'gzip' }, bomb);
      expect(response.status).toBe(413);
      expect(await response.text()).toContain('payload_too_large');
    });
  }

  it('a body that is not the gzip it says it is gets 400 invalid_body', async () => {
    const response = await post('/ask', { 'content-encoding': 'gzip' }, Buffer.from('{"q":"dao"}'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.code).toBe('invalid_body');
  });

  it('identity is the plain body', async () => {
    const response = await post('/ask', { 'content-encoding': 'identity' }, Buffer.from('{"q":"what is a dao"}'));
    expect(response.status).toBe(200);
  });
});

/** Sends raw bytes; resolves with what came back once the server closed or a whole head arrived. */
function raw(text: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (headEnd !== -1 && length !== undefined && received.length >= headEnd + 4 + Number(length)) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('methods nothing here serves', () => {
  for (const [method, target] of [
    ['CONNECT', 'example.com:443'],
    ['CONNECT', '/api/v1/essays'],
    ['PROPFIND', '/api/v1/essays'],
    ['PATCH', '/ask'],
    ['FOO', '/api/v1/essays'],
  ] as const) {
    it(`${method} ${target} gets 405 or 400 in the error shape`, async () => {
      const text = await raw(`${method} ${target} HTTP/1.1\r\nHost: example.com\r\n\r\n`);
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1]);
      expect([400, 405]).toContain(status);
      if (status === 405) expect(text).toMatch(/\r\nallow: [A-Z, ]+\r\n/i);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as any;
      expect(body.error).toMatchObject({ status, code: expect.any(String), resolution: expect.any(String) });
      // Answered by the transport or by the core, it has its log line all the same.
      if (method === 'CONNECT') {
        const id = /\r\nx-request-id: ([^\r]+)\r\n/i.exec(text)?.[1] ?? 'none';
        const lines = await server.linesWith(`"id":"${id}"`);
        expect(lines.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ method, status })]);
      }
    });
  }
});
