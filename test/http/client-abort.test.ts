// A client that goes away is not a server error (issue 45, finding 2): wherever it vanishes (in the
// middle of its request body, in the middle of the answer, during an event stream), the server writes
// no stack trace to stderr and logs the request with the status the client was sent, or 499 (nginx's
// "client closed request") when it was sent nothing. A slow body's 408 is logged as 408.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';

const MCP_HEADERS =
  'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n';

/** Opens a raw socket to the server and resolves once it is connected. */
function open(url: string): Promise<Socket> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.on('error', () => {});
  });
}

/** Resolves with what arrived once at least `bytes` have, or the socket closed. */
function receive(socket: Socket, bytes: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => resolve(text);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.length >= bytes) done();
    });
    socket.once('close', done);
  });
}

/** The request-log lines of requests with this id. */
async function logged(server: TestServer, id: string): Promise<Array<{ status: number; aborted?: boolean }>> {
  const lines = await server.linesWith(`"id":"${id}"`, 10_000);
  return lines.map((line) => JSON.parse(line) as { status: number; aborted?: boolean });
}

let server: TestServer;
let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works: fixtureWorks.ai });
  // A short request timeout for the slow-body case; headers must come within it too.
  server = await startTestServer({
    OPENALEX_URL: standIn.url,
    REQUEST_TIMEOUT_MS: '2000',
    HEADERS_TIMEOUT_MS: '1500',
  });
});
afterAll(async () => {
  await server.stop();
  await standIn.close();
});

describe('a client that aborts mid-body', () => {
  const posts = [
    { path: '/ask', headers: 'Content-Type: application/json\r\n' },
    { path: '/api/v1/batch', headers: 'Content-Type: application/json\r\n' },
    { path: '/api/mcp', headers: MCP_HEADERS },
  ];
  for (const { path, headers } of posts) {
    it(`POST ${path}: logged 499, nothing on stderr`, async () => {
      const id = `abort-body-${path.replaceAll('/', '-')}`;
      const before = server.errors.length;
      const socket = await open(server.url);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}X-Request-Id: ${id}\r\nContent-Length: 1000\r\n\r\n{"q": "wha`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
      expect(await logged(server, id)).toEqual([expect.objectContaining({ status: 499 })]);
      expect(server.errors.slice(before)).toEqual([]);
    });
  }
});

describe('a client that goes away while its answer is being made', () => {
  it('a reset in the middle of the body: logged 499, nothing on stderr', async () => {
    const id = 'reset-body-ask';
    const before = server.errors.length;
    const socket = await open(server.url);
    socket.write(
      `POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Request-Id: ${id}\r\n` +
        'Content-Length: 1000\r\n\r\n{"q": "wha',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.resetAndDestroy();
    expect(await logged(server, id)).toEqual([expect.objectContaining({ status: 499 })]);
    expect(server.errors.slice(before)).toEqual([]);
  });

  it('a search waiting on a slow upstream: logged 499, nothing on stderr', async () => {
    const id = 'gone-while-searching';
    const before = server.errors.length;
    standIn.setFault({ kind: 'slow', delayMs: 1_500, times: 1 });
    const socket = await open(server.url);
    socket.write(`GET /api/v1/reports/search?q=attention HTTP/1.1\r\nHost: x\r\nX-Request-Id: ${id}\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    expect(await logged(server, id)).toEqual([expect.objectContaining({ status: 499 })]);
    expect(server.errors.slice(before)).toEqual([]);
    standIn.setFault(undefined);
  });
});

describe('a client that aborts mid-answer', () => {
  it('a large answer cut after its first bytes: logged with the status that was sent', async () => {
    const id = 'abort-answer-batch';
    const before = server.errors.length;
    const socket = await open(server.url);
    // A batch of five glossary pages of 200 terms: about 500 KB, uncompressed, which the client never reads.
    const body = JSON.stringify({
      requests: Array.from({ length: 5 }, (_, index) => ({ path: `/api/v1/glossary?limit=200&i=${index}` })),
    });
    const arrived = receive(socket, 1);
    socket.write(
      `POST /api/v1/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Request-Id: ${id}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const first = await arrived;
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(await logged(server, id)).toEqual([expect.objectContaining({ status: 200 })]);
    expect(server.errors.slice(before)).toEqual([]);
  });

  it('an event stream closed after its first event: logged 200, aborted, nothing on stderr', async () => {
    const id = 'abort-stream-ask';
    const before = server.errors.length;
    const socket = await open(server.url);
    const body = JSON.stringify({ q: 'what is proof of stake', prefer: { streaming: true } });
    const arrived = receive(socket, 1);
    socket.write(
      `POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Request-Id: ${id}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(await arrived).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
    expect(await logged(server, id)).toEqual([expect.objectContaining({ status: 200 })]);
    expect(server.errors.slice(before)).toEqual([]);
  });
});

describe('a body too slow for the request timeout', () => {
  it('MCP: the client gets 408, the log says 408, nothing on stderr', async () => {
    const id = 'slow-body-mcp';
    const before = server.errors.length;
    const socket = await open(server.url);
    const answer = receive(socket, Number.POSITIVE_INFINITY);
    socket.write(
      `POST /api/mcp HTTP/1.1\r\nHost: x\r\n${MCP_HEADERS}X-Request-Id: ${id}\r\nContent-Length: 100\r\n\r\n{"json`,
    );
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(await logged(server, id)).toEqual([expect.objectContaining({ status: 408 })]);
    expect(server.errors.slice(before)).toEqual([]);
  });
});
