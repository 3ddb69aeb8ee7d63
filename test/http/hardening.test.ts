// One test per finding of the attack run in the hardening issue: crashes, 500s on client input, one
// client starving the others, nominal limits, the register replay leak, slow clients, shutdown and
// parser-level errors. Every client here is on loopback; a second client is a second loopback address.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { http, httpFrom } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { fixtureWorks } from '../support/fixtures.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const SECOND_CLIENT = '127.0.0.2';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
/** A JSON array nested `depth` deep: about 2 bytes a level. */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function expectErrorShape(body: any, code: string) {
  expect(body.error).toMatchObject({ code, status: expect.any(Number) });
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.resolution).toBe('string');
}

/** A refusal on an MCP path: a JSON-RPC error (no id was read) carrying the API error in its data. */
function expectRpcRefusal(body: any, code: string) {
  expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.any(String) } });
  expect(body.id ?? null).toBeNull();
  expect(body).not.toHaveProperty('result');
  expect(body.error.data).toMatchObject({ code, resolution: expect.any(String) });
}

async function withServer<T>(env: Record<string, string>, run: (server: TestServer) => Promise<T>): Promise<T> {
  const server = await startTestServer({ LOG_REQUESTS: 'false', ...env });
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

/** Opens a raw socket, writes `text`, and collects what comes back until the server closes it. */
function rawExchange(url: string, write: (socket: Socket) => void, timeoutMs = 8_000) {
  const { port } = new URL(url);
  return new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`socket still open after ${timeoutMs} ms; received: ${text.slice(0, 300)}`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => write(socket));
  });
}

function parseRawResponse(text: string) {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('hostile JSON', () => {
  it('a 10,000-deep tool name on an async MCP call does not crash the process (finding 1)', async () => {
    await withServer({}, async (server) => {
      const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${deepArray(10_000)}}}`;
      const response = await http(
        `${server.url}/.well-known/mcp`,
        json(body, { ...mcpHeaders, prefer: 'respond-async' }),
      );
      expect(response.status).toBeLessThan(500);
      expect(response.json().error.code).toBe(-32600);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await http(`${server.url}/healthz`)).status).toBe(200);
    });
  });

  it('deep values in a batch body and a synchronous MCP call are client errors, not 500 (finding 2)', async () => {
    await withServer({}, async (server) => {
      const batch = `{"requests":[{"path":"/ask","method":"POST","body":{"q":${deepArray(10_000)}}}]}`;
      const batchResponse = await http(`${server.url}/api/v1/batch`, json(batch));
      expect(batchResponse.status).toBe(400);
      expectErrorShape(batchResponse.json(), 'invalid_body');
      expect(batchResponse.json().error.message).toMatch(/64 levels/);

      const mcp = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_essay","arguments":{"slug":${deepArray(10_000)}}}}`;
      const mcpResponse = await http(`${server.url}/.well-known/mcp`, json(mcp, mcpHeaders));
      expect(mcpResponse.status).toBeLessThan(500);
      expect(mcpResponse.json().error.code).toBe(-32600);

      // Just inside the limit is still served, with the schema's own answer.
      const shallow = await http(`${server.url}/ask`, json(`{"q":${deepArray(60)}}`));
      expect(shallow.status).toBe(400);
      expectErrorShape(shallow.json(), 'invalid_body');
    });
  });

  it('prototype keys in a body change nothing', async () => {
    await withServer({}, async (server) => {
      const response = await http(
        `${server.url}/ask`,
        json('{"q":"what is gas","__proto__":{"limit":999},"constructor":{"prototype":{"x":1}}}'),
      );
      expect(response.status).toBe(200);
      expect(response.json().sources.length).toBeLessThanOrEqual(5);
    });
  });
});

describe('fair share of bounded stores (finding 3)', () => {
  it('a client flooding async work hits its own share while a second client is still served', async () => {
    await withServer({ JOBS_PER_CLIENT: '20' }, async (server) => {
      const statuses: number[] = [];
      let refusal: Awaited<ReturnType<typeof http>> | undefined;
      for (let attempt = 0; attempt < 30 && !refusal; attempt += 1) {
        const response = await http(`${server.url}/ask`, json({ q: `flood ${attempt}` }, { prefer: 'respond-async' }));
        statuses.push(response.status);
        if (response.status !== 202) refusal = response;
      }
      expect(statuses.filter((status) => status === 202)).toHaveLength(20);
      expect(refusal?.status).toBe(429);
      expectErrorShape(refusal?.json(), 'quota_exceeded');
      // Capacity frees when the oldest of this client's finished jobs expires (kept one hour).
      const retryAfter = Number(refusal?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_000);
      expect(retryAfter).toBeLessThanOrEqual(3_600);

      const other = await httpFrom(
        SECOND_CLIENT,
        `${server.url}/ask`,
        json({ q: 'what is gas' }, { prefer: 'respond-async' }),
      );
      expect(other.status).toBe(202);
    });
  });

  it('idempotency records are shared fairly too', async () => {
    await withServer({ IDEMPOTENCY_KEYS_PER_CLIENT: '5' }, async (server) => {
      const statuses: number[] = [];
      for (let index = 0; index < 7; index += 1) {
        const response = await http(
          `${server.url}/ask`,
          json({ q: 'what is gas' }, { 'idempotency-key': `key-${index}` }),
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const other = await httpFrom(
        SECOND_CLIENT,
        `${server.url}/ask`,
        json({ q: 'what is gas' }, { 'idempotency-key': 'key-0' }),
      );
      expect(other.status).toBe(200);
      expect(other.headers['idempotent-replayed']).toBeUndefined();
    });
  });
});

describe('rate-limit cost equals work (finding 4)', () => {
  it('a batch costs its sub-requests', async () => {
    await withServer({ RATE_LIMIT_PER_MINUTE: '30' }, async (server) => {
      const requests = Array.from({ length: 20 }, () => ({ path: '/api/v1/glossary?limit=1' }));
      const first = await http(`${server.url}/api/v1/batch`, json({ requests }));
      expect(first.status).toBe(200);
      expect(first.headers['ratelimit-remaining']).toBe('10');
      const second = await http(`${server.url}/api/v1/batch`, json({ requests }));
      expect(second.status).toBe(429);
      expectErrorShape(second.json(), 'rate_limited');
      expect(second.json().error.message).toMatch(/20/);
      // What was refused was not charged: ten single requests still fit.
      expect((await http(`${server.url}/api/v1/glossary?limit=1`)).headers['ratelimit-remaining']).toBe('9');
    });
  });

  it('registration has its own small allowance per address', async () => {
    await withServer({ REGISTER_PER_HOUR: '3' }, async (server) => {
      const statuses = [];
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await http(`${server.url}/api/auth/register`, json({}))).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await httpFrom(SECOND_CLIENT, `${server.url}/api/auth/register`, json({}))).status).toBe(201);
    });
  });

  it('tokens minted by one address cannot multiply its throughput past twice the limit', async () => {
    await withServer({ RATE_LIMIT_PER_MINUTE: '10' }, async (server) => {
      const tokens: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        tokens.push((await http(`${server.url}/api/auth/register`, json({}))).json().access_token);
      }
      let served = 3; // the registrations themselves
      for (const authorization of [undefined, ...tokens]) {
        for (let index = 0; index < 10; index += 1) {
          const response = await http(`${server.url}/api/v1/glossary?limit=1`, {
            headers: authorization ? { authorization: `Bearer ${authorization}` } : {},
          });
          if (response.status === 200) served += 1;
          else expect(response.status).toBe(429);
        }
      }
      expect(served).toBe(20);
    });
  });
});

describe('register replay (finding 5)', () => {
  it('refuses a guessable Idempotency-Key on register', async () => {
    await withServer({}, async (server) => {
      const response = await http(`${server.url}/api/auth/register`, json({}, { 'idempotency-key': 'register-1' }));
      expect(response.status).toBe(400);
      expectErrorShape(response.json(), 'invalid_parameter');
      expect(response.json().error.message).toMatch(/random/);
    });
  });

  it('replays a token only to the caller that holds the key, from the same address', async () => {
    await withServer({}, async (server) => {
      const key = crypto.randomUUID();
      const first = await http(`${server.url}/api/auth/register`, json({}, { 'idempotency-key': key }));
      const again = await http(`${server.url}/api/auth/register`, json({}, { 'idempotency-key': key }));
      expect(first.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().access_token).toBe(first.json().access_token);
      const elsewhere = await httpFrom(
        SECOND_CLIENT,
        `${server.url}/api/auth/register`,
        json({}, { 'idempotency-key': key }),
      );
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.json().access_token).not.toBe(first.json().access_token);
    });
  });
});

describe('slow and greedy clients (finding 6)', () => {
  const env = { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', MAX_CONNECTIONS_PER_CLIENT: '4' };

  it('closes a client that sends its headers too slowly, with 408 in the error shape', async () => {
    await withServer(env, async (server) => {
      const { text, closedAfterMs } = await rawExchange(server.url, (socket) => {
        socket.write('GET /api/v1/essays HTTP/1.1\r\nHost: x\r\n');
        const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
        socket.on('close', () => clearInterval(drip));
      });
      expect(closedAfterMs).toBeLessThan(4_000);
      const response = parseRawResponse(text);
      expect(response.status).toBe(408);
      expect(response.headers['x-request-id']).toBeTruthy();
      expectErrorShape(JSON.parse(response.body), 'request_timeout');
    });
  });

  it('refuses a slow body on an MCP path with 408 as a JSON-RPC error', async () => {
    await withServer(env, async (server) => {
      const { text } = await rawExchange(server.url, (socket) => {
        socket.write(
          'POST /.well-known/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{',
        );
        const drip = setInterval(() => socket.writable && socket.write(' '), 200);
        socket.on('close', () => clearInterval(drip));
      });
      const response = parseRawResponse(text);
      expect(response.status).toBe(408);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expectRpcRefusal(JSON.parse(response.body), 'request_timeout');
    });
  });

  it('closes a client that sends its body too slowly', async () => {
    await withServer(env, async (server) => {
      const { text, closedAfterMs } = await rawExchange(server.url, (socket) => {
        socket.write(
          'POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        );
        const drip = setInterval(() => socket.writable && socket.write(' '), 200);
        socket.on('close', () => clearInterval(drip));
      });
      expect(closedAfterMs).toBeLessThan(5_000);
      expect(parseRawResponse(text).status).toBe(408);
    });
  });

  it('does not read an endless body on a route that takes none', async () => {
    await withServer(env, async (server) => {
      let written = 0;
      const { text } = await rawExchange(server.url, (socket) => {
        socket.write('GET /api/v1/glossary?limit=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
        const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
        const pump = setInterval(() => {
          while (socket.writable && socket.write(chunk)) written += chunk.length;
        }, 5);
        socket.on('close', () => clearInterval(pump));
      });
      expect(parseRawResponse(text).status).toBe(200);
      expect(written).toBeLessThan(16 * 1024 * 1024);
    });
  });

  it('stops reading a body it will not use once it has answered, even from a client that keeps sending', async () => {
    await withServer(env, async (server) => {
      const { port } = new URL(server.url);
      // allowHalfOpen: the server's FIN does not end this client's sending, so only the server's
      // reading bounds what the client gets into the connection after the answer.
      const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
      const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
      let written = 0;
      let writtenAtAnswer: number | undefined;
      let received = '';
      const ceiling = 256 * 1024 * 1024;
      const pump = setInterval(() => {
        while (socket.writable && written < ceiling && socket.write(chunk)) written += chunk.length;
      }, 2);
      socket.setEncoding('utf8');
      socket.on('error', () => {});
      socket.on('data', (data: string) => {
        received += data;
        if (writtenAtAnswer === undefined && received.includes('\r\n\r\n')) writtenAtAnswer = written;
      });
      socket.write('GET /api/v1/glossary?limit=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
      // The linger is 1 s: half of it, the server could read hundreds of megabytes if it still read.
      await new Promise((resolve) => setTimeout(resolve, 500));
      clearInterval(pump);
      socket.destroy();
      expect(parseRawResponse(received).status).toBe(200);
      // What the kernel's buffers take without the server reading: a few megabytes at most here.
      expect(written - (writtenAtAnswer ?? 0)).toBeLessThan(8 * 1024 * 1024);
    });
  });

  it('caps connections per client without refusing another client', async () => {
    await withServer(env, async (server) => {
      const { port } = new URL(server.url);
      const held = await Promise.all(
        Array.from(
          { length: 4 },
          () =>
            new Promise<Socket>((resolve) => {
              const s = connect(Number(port), '127.0.0.1', () => resolve(s));
            }),
        ),
      );
      try {
        const extra = await rawExchange(
          server.url,
          (socket) => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'),
          3_000,
        );
        expect(extra.text).toBe('');
        expect((await httpFrom(SECOND_CLIENT, `${server.url}/healthz`)).status).toBe(200);
      } finally {
        for (const socket of held) socket.destroy();
      }
    });
  });
});

describe('bodies however they arrive', () => {
  const env = { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '3000' };
  const call = JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'search_glossary', arguments: { query: 'rollup', limit: 1 } },
  });
  const head = (length: number) =>
    'POST /.well-known/mcp HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n' +
    `Accept: application/json\r\nMCP-Protocol-Version: 2025-11-25\r\nContent-Length: ${length}\r\n\r\n`;
  const expectRollup = (text: string) => {
    const response = parseRawResponse(text);
    expect(response.status).toBe(200);
    const answer = JSON.parse(response.body);
    expect(answer.id).toBe(7);
    expect(answer.result.structuredContent.terms[0].slug).toBe('rollup');
  };

  it('reads a body sent with its headers, and one sent after them in pieces, alike', async () => {
    await withServer(env, async (server) => {
      const whole = await rawExchange(server.url, (socket) => socket.write(head(Buffer.byteLength(call)) + call));
      expectRollup(whole.text);
      const pieces = await rawExchange(server.url, (socket) => {
        socket.write(head(Buffer.byteLength(call)));
        setTimeout(() => socket.write(call.slice(0, 20)), 50);
        setTimeout(() => socket.write(call.slice(20)), 100);
      });
      expectRollup(pieces.text);
    });
  });

  it('reads a chunked body, whole or in pieces, and refuses one that grows past 1 MiB with 413', async () => {
    await withServer(env, async (server) => {
      const chunked = head(0).replace('Content-Length: 0', 'Transfer-Encoding: chunked');
      const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
      const whole = await rawExchange(server.url, (socket) =>
        socket.write(chunked + chunk(call.slice(0, 30)) + chunk(call.slice(30)) + '0\r\n\r\n'),
      );
      expectRollup(whole.text);
      const pieces = await rawExchange(server.url, (socket) => {
        socket.write(chunked + chunk(call.slice(0, 30)));
        setTimeout(() => socket.write(chunk(call.slice(30)) + '0\r\n\r\n'), 50);
      });
      expectRollup(pieces.text);
      const large = await rawExchange(server.url, (socket) => {
        const spaces = ' '.repeat(64 * 1024);
        socket.write(chunked.replace('/.well-known/mcp', '/ask'));
        for (let sent = 0; sent <= 1024 * 1024; sent += spaces.length) socket.write(chunk(spaces));
        socket.write('0\r\n\r\n');
      });
      const refused = parseRawResponse(large.text);
      expect(refused.status).toBe(413);
      expectErrorShape(JSON.parse(refused.body), 'payload_too_large');
    });
  });
});

describe('graceful shutdown (finding 7)', () => {
  it('drains a slow in-flight request on SIGTERM and answers new work 503 with Retry-After', async () => {
    const standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3] });
    const server = await startTestServer({ OPENALEX_URL: standIn.url, SHUTDOWN_GRACE_MS: '10000' });
    try {
      standIn.setFault({ kind: 'slow', delayMs: 3_000 });
      const slow = http(`${server.url}/api/v1/reports/search?q=neural`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.signal('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Still listening while it drains (job polls are answered), but taking no new work.
      const late = await http(`${server.url}/healthz`);
      expect(late.status).toBe(503);
      expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
      expectErrorShape(late.json(), 'service_unavailable');
      const line = await server.linesWith(`"id":"${late.headers['x-request-id']}"`);
      expect(line.map((text) => JSON.parse(text))).toEqual([
        expect.objectContaining({ path: '/healthz', status: 503 }),
      ]);
      const response = await slow;
      expect(response.status).toBe(200);
      expect(response.json().results.length).toBeGreaterThan(0);
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
      await standIn.close();
    }
  });
});

describe('parser-level errors (finding 8)', () => {
  it('answers bad bytes in the target with 400 in the error shape and a request id', async () => {
    await withServer({}, async (server) => {
      const { text } = await rawExchange(server.url, (socket) =>
        socket.write('GET /api/\x01v1 HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      const response = parseRawResponse(text);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['x-request-id']).toBeTruthy();
      expectErrorShape(JSON.parse(response.body), 'bad_request');
    });
  });

  it("answers node's refusals on an MCP path as JSON-RPC errors, with the same statuses", async () => {
    await withServer({}, async (server) => {
      const requests = [
        {
          path: '/.well-known/mcp',
          headers: `X-Big: ${'a'.repeat(20_000)}\r\n`,
          status: 431,
          code: 'headers_too_large',
        },
        { path: '/api/mcp/docs', headers: `X-Big: ${'a'.repeat(20_000)}\r\n`, status: 431, code: 'headers_too_large' },
        { path: '/.well-known/mcp?x=1', headers: 'Not a header\r\n', status: 400, code: 'bad_request' },
      ];
      for (const { path, headers, status, code } of requests) {
        const { text } = await rawExchange(server.url, (socket) =>
          socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n`),
        );
        const response = parseRawResponse(text);
        expect(response.status, path).toBe(status);
        expect(response.headers['x-request-id']).toBeTruthy();
        expectRpcRefusal(JSON.parse(response.body), code);
      }
      // Only the MCP paths: the same refusal elsewhere keeps the API's error shape.
      const { text } = await rawExchange(server.url, (socket) =>
        socket.write(`POST /ask HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n`),
      );
      expectErrorShape(JSON.parse(parseRawResponse(text).body), 'bad_request');
    });
  });

  it('answers oversized headers with 431 on a connection that was answered before', async () => {
    await withServer({}, async (server) => {
      const { text } = await rawExchange(server.url, (socket) => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        socket.once('data', () =>
          socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
        );
      });
      const second = text.indexOf('HTTP/1.1 ', 1);
      expect(parseRawResponse(text).status).toBe(200);
      expect(second, text.slice(0, 300)).toBeGreaterThan(0);
      const response = parseRawResponse(text.slice(second));
      expect(response.status).toBe(431);
      expectErrorShape(JSON.parse(response.body), 'headers_too_large');
    });
  });

  it('answers oversized headers with 431 in the error shape', async () => {
    await withServer({}, async (server) => {
      const { text } = await rawExchange(server.url, (socket) =>
        socket.write(`GET /api/v1/essays HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      const response = parseRawResponse(text);
      expect(response.status).toBe(431);
      expectErrorShape(JSON.parse(response.body), 'headers_too_large');
    });
  });
});
