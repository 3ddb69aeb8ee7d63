// The HTTP/1.1 transport and its limits: slow or greedy clients are cut off, requests Node's parser
// refuses are answered in the error shape of the route at their path (the API's; JSON-RPC on MCP
// paths), and shutdown drains what is in flight. Each limit comes from configuration (README, "Limits").
import {
  createServer,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../core/config.ts';
import { ApiError, type ErrorCode } from '../core/errors.ts';
import { clientKey, type TrustedProxies } from '../core/http/client-address.ts';
import { writeHead } from './node-adapter.ts';

/** Every method some path here answers: the Allow of a CONNECT, which no path does. */
const SERVED_METHODS = 'GET, HEAD, POST, OPTIONS';

/** A GET or HEAD body up to this size is drained to keep the connection; a larger or endless one closes it. */
const DRAINED_BODY_BYTES = 64 * 1024;
/** How long a closing connection waits for the client to read its answer before it is reset. */
const LINGER_MS = 1_000;

const PARSER_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  ERR_HTTP_HEADERS_TIMEOUT: 'request_timeout',
};

const PARSER_MESSAGES: Partial<Record<ErrorCode, string>> = {
  headers_too_large: 'The request headers are larger than 16 KiB.',
  request_timeout: 'The request did not arrive in time.',
  bad_request: 'The request is not valid HTTP/1.1.',
};

/** What is known of a request node's parser refused: its line, and its headers once they were read. */
export interface RefusedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** The request line at the start of what the parser was given, when it got that far. */
const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r?\n/;

/** Responses the transport answered itself (a refusal from node's parser mid-body): the status it sent. */
const refusals = new WeakMap<ServerResponse, number>();

/** The status the client was sent for a request whose answer the transport wrote instead of the handler. */
export function refusalStatus(res: ServerResponse): number | undefined {
  return refusals.get(res);
}

export interface Transport {
  server: Server;
  /** Requests received since start. */
  readonly served: number;
  /** Requests being answered now (those that came before a drain began). */
  readonly inFlight: number;
  /**
   * Stops taking new work: from now on a job poll is still answered (its state), anything else gets 503
   * with Retry-After, so a client polling its job hears how it ended rather than a refused connection.
   * Resolves when the requests that came before are answered or `graceMs` has passed.
   */
  drain(graceMs: number): Promise<{ cut: number }>;
  /** Stops listening and closes every connection, cutting whatever is still being answered. */
  close(): void;
}

/** A job poll, which a draining server still answers: the job's state is what its client waits for. */
const JOB_POLL = /^\/api\/(v1\/)?jobs\/[^/?]+(\?|$)/;

export function createTransport(
  config: Config,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  /** The handler's trusted proxies: their connections carry many clients and are not capped. */
  proxies: TrustedProxies,
  /** The body of a refusal from node's parser, as the route at the request's path words errors. */
  refusalText: (error: ApiError, request: RefusedRequest | undefined) => string,
  /** Logs a request answered here rather than by `handle`: a CONNECT, new work while draining. */
  logAnswer: (method: string, url: string, status: number, id: string) => void = () => {},
): Transport {
  const responses = new WeakMap<Socket, ServerResponse>();
  const perClient = new Map<string, number>();
  let inFlight = 0;
  let served = 0;
  let draining = false;
  let drainDeadline = 0;
  let drained: (() => void) | undefined;
  // One handler for every response (it needs no request of its own): no closure per request.
  const answered = () => {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };

  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node checks both timeouts on this interval (30 s by default, which would triple a 10 s limit).
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    (req, res) => {
      served += 1;
      responses.set(req.socket, res);
      if (draining) {
        res.setHeader('Connection', 'close');
        if (!JOB_POLL.test(req.url ?? '') || (req.method !== 'GET' && req.method !== 'HEAD')) {
          refuseWhileDraining(req, res);
          return;
        }
      } else {
        inFlight += 1;
        res.once('close', answered);
      }
      handle(req, res).catch((error: unknown) => {
        console.error('unhandled error while serving', req.url, error);
        res.destroy();
      });
    },
  );

  /** 503 until the process is gone: Retry-After is what is left of the grace period (a new server may be up). */
  const refuseWhileDraining = (req: IncomingMessage, res: ServerResponse) => {
    const seconds = Math.max(1, Math.ceil((drainDeadline - Date.now()) / 1000));
    const error = new ApiError('service_unavailable', 'The server is shutting down and takes no new work.', {
      headers: { 'Retry-After': String(seconds) },
    });
    const body = refusalBody(error, requestOf(req));
    const id = crypto.randomUUID();
    writeHead(res, error.status, {
      ...error.headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Request-Id': id,
      'Content-Length': String(Buffer.byteLength(body)),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    logAnswer(req.method ?? 'GET', req.url ?? '/', error.status, id);
  };
  server.maxConnections = config.maxConnections;

  server.on('connection', (socket: Socket) => {
    const remote = socket.remoteAddress ?? 'unknown';
    // A trusted proxy carries many clients' connections: the cap is for clients, not for it.
    if (proxies.has(remote)) return;
    const address = clientKey(remote);
    const count = (perClient.get(address) ?? 0) + 1;
    if (count > config.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    perClient.set(address, count);
    socket.once('close', () => {
      const left = (perClient.get(address) ?? 1) - 1;
      if (left === 0) perClient.delete(address);
      else perClient.set(address, left);
    });
  });

  /** The route's wording of a refusal; the API's own if that fails, as a throw here would end the process. */
  const refusalBody = (error: ApiError, request: RefusedRequest | undefined) => {
    try {
      return refusalText(error, request);
    } catch {
      return JSON.stringify(error.toBody());
    }
  };

  // Node hands CONNECT to 'connect' listeners, and closes the connection unanswered when there is none.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const error = new ApiError('method_not_allowed', 'CONNECT is not served here: this server is not a proxy.', {
      headers: { Allow: SERVED_METHODS },
    });
    const id = writeRefusal(socket, error, refusalBody(error, requestOf(req)));
    logAnswer('CONNECT', req.url ?? '', error.status, id);
  });

  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
    // The socket's last response, which is this request's only while it is not finished.
    const last = responses.get(socket);
    const current = last && !last.writableFinished ? last : undefined;
    // A client that ends its side in the middle of a body has gone away: nobody is left to read an answer.
    const goneMidBody = current !== undefined && error.code === 'HPE_INVALID_EOF_STATE';
    if (error.code === 'ECONNRESET' || goneMidBody || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const code = PARSER_ERRORS[error.code ?? ''] ?? 'bad_request';
    const apiError = new ApiError(code, PARSER_MESSAGES[code] ?? 'The request is not valid HTTP/1.1.');
    const body = refusalBody(apiError, current ? requestOf(current.req) : requestLineOf(error.rawPacket));
    if (current) refusals.set(current, apiError.status);
    writeRefusal(socket, apiError, body);
  });

  return {
    server,
    get inFlight() {
      return inFlight;
    },
    get served() {
      return served;
    },
    drain(graceMs) {
      draining = true;
      drainDeadline = Date.now() + graceMs;
      // Idle keep-alive connections are not cut here: a client may be sending on one at that instant
      // and would see a reset. Each answer from now on carries Connection: close instead.
      return new Promise((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          resolve({ cut: inFlight });
        };
        const timer = setTimeout(finish, graceMs);
        drained = finish;
        if (inFlight === 0) finish();
      });
    },
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}

/** Writes a refusal straight to the socket and closes it (no response object to write it with); its request id. */
function writeRefusal(socket: Socket, error: ApiError, body: string): string {
  const id = crypto.randomUUID();
  const extra = Object.entries(error.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      extra +
      `X-Request-Id: ${id}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  // Node leaves a refused socket open and reading while the client sends; only a timer lets it go.
  lingeringClose(socket);
  return id;
}

function requestOf(req: IncomingMessage): RefusedRequest {
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
}

/** A request refused while its headers were read: its line, if the bytes the parser had begin with one. */
function requestLineOf(packet: unknown): RefusedRequest | undefined {
  if (!Buffer.isBuffer(packet)) return undefined;
  const line = REQUEST_LINE.exec(packet.toString('latin1', 0, Math.min(packet.length, 8_192)));
  return line ? { method: line[1] ?? 'GET', url: line[2] ?? '/', headers: {} } : undefined;
}

/**
 * Before a response is written: a body the route did not read is not read at all when it is large or
 * endless (the connection closes after the response) rather than drained byte by byte.
 */
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.headers['transfer-encoding'] !== undefined || declared > DRAINED_BODY_BYTES) {
    res.setHeader('Connection', 'close');
    lingerOnClose(req.socket);
  }
}

/**
 * Closing a socket with unread data in it sends a reset, which can reach the client before it has
 * read the response, so the client sees a dropped connection instead of an answer. As nginx's
 * lingering_close does: after the response, stop reading, send FIN, and reset only a moment later.
 * Node calls destroySoon() on a socket whose response said Connection: close.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function destroyLingering(this: Socket) {
    lingeringClose(this);
  };
}

/** Stop reading, send FIN after what is written, and reset LINGER_MS later whatever the client does. */
function lingeringClose(socket: Socket): void {
  // Node may resume the socket on the next tick (IncomingMessage._dump after an unread body, the
  // parser after a refusal): reading stays stopped only if nothing can resume it.
  socket.resume = () => socket;
  socket.pause();
  socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
