// Every refusal that closes its connection (408, 413, 431, an endless body on a route that takes
// none) lets go of the socket within about 2 s of the answer, whatever the client does: never read,
// read slowly, or half-close. Seen from the server's side (its open descriptors), since a client that
// never reads cannot tell. Issue 32, item 1: a client that kept sending after its 408 kept the
// server's descriptor for as long as it sent.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsConnectionFrom } from '../support/server-sockets.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const HEADERS_TIMEOUT_MS = 1_000;
/** Node checks the headers timeout once a second: a 408 comes at most this long after the connection. */
const TIMEOUT_ANSWER_MS = HEADERS_TIMEOUT_MS + 1_000;
/**
 * The linger is 1 s; the margin is for a machine busy with other test files. A server that holds the
 * socket holds it for as long as the client sends, so any bound tells the two apart.
 */
const RELEASE_MS = 5_000;

interface Refusal {
  name: string;
  /** The request's first bytes, and what the client then keeps sending. */
  head: string;
  drip: string;
  /** When the answer is due, after the connection. */
  answerMs: number;
}

const refusals: Refusal[] = [
  {
    name: '408, headers too slow',
    head: 'GET / HTTP/1.1\r\nHost: x\r\n',
    drip: 'X-a: b\r\n',
    answerMs: TIMEOUT_ANSWER_MS,
  },
  {
    name: '431, headers too large',
    head: `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`,
    drip: 'X-a: b\r\n',
    answerMs: 0,
  },
  {
    name: '413, body too large',
    head: 'POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n',
    drip: 'x'.repeat(16_384),
    answerMs: 0,
  },
  {
    name: 'an endless body on a GET',
    head: 'GET /api/v1/glossary?limit=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
    drip: `4000\r\n${'x'.repeat(0x4000)}\r\n`,
    answerMs: 0,
  },
];

type Reader = 'never reads' | 'reads slowly' | 'half-closes';
const readers: Reader[] = ['never reads', 'reads slowly', 'half-closes'];

/** Opens a client that behaves as `reader` and keeps sending until stopped; resolves with its port. */
function misbehave(url: string, refusal: Refusal, reader: Reader): Promise<{ port: number; stop(): void }> {
  const { port } = new URL(url);
  // allowHalfOpen: the server's FIN does not stop this client from sending.
  const socket: Socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
  socket.on('error', () => {});
  const timers: NodeJS.Timeout[] = [];
  if (reader === 'reads slowly') {
    socket.pause();
    timers.push(setInterval(() => socket.read(8), 300));
  }
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.write(refusal.head);
      if (reader === 'half-closes') socket.end();
      else timers.push(setInterval(() => socket.writable && socket.write(refusal.drip), 100));
      resolve({
        port: socket.localPort ?? 0,
        stop: () => {
          for (const timer of timers) clearInterval(timer);
          socket.destroy();
        },
      });
    });
  });
}

describe('refusals that close the connection let go of the socket (issue 32)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      MAX_CONNECTIONS_PER_CLIENT: '64',
    });
  });
  afterAll(() => server.stop());

  // The probe sees what it looks for: else every test below would pass on a look that sees nothing.
  it('sees an open connection the server holds', async () => {
    const { port } = new URL(server.url);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    let held = false;
    for (let look = 0; look < 20 && !held; look += 1) {
      held = await holdsConnectionFrom(server.pid, socket.localPort ?? 0);
      if (!held) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.destroy();
    expect(held).toBe(true);
  });

  for (const refusal of refusals) {
    for (const reader of readers) {
      it.concurrent(`${refusal.name}: a client that ${reader}`, async () => {
        const client = await misbehave(server.url, refusal, reader);
        try {
          const deadline = Date.now() + refusal.answerMs + RELEASE_MS;
          let held = true;
          while (held && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            held = await holdsConnectionFrom(server.pid, client.port);
          }
          expect(held).toBe(false);
        } finally {
          client.stop();
        }
      });
    }
  }
});
