// The one thing Redis-backed stores need from a client: send a command, run a Lua script. Stores take
// this minimal connection (as the MCP SDK v2's stores take a minimal client), so a test can hand them
// anything that speaks it. `connectRedis` makes the real one over @redis/client, with every command
// bounded by a timeout (its own, or for `untimed`, its caller's) and no offline queue: while Redis is
// down a command fails at once, and each store degrades as documented (README, "Running several
// instances") instead of hanging.
import { createHash } from 'node:crypto';
import { createClient, RESP_TYPES } from '@redis/client';

export type RedisArgument = string | Buffer;

export interface RedisConnection {
  /** One command; bulk strings come back as Buffers when `binary`, else as strings. */
  send(args: readonly RedisArgument[], binary?: boolean): Promise<unknown>;
}

/** Redis did not answer (down, unreachable, or slower than the command timeout). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super('The shared state store (Redis) is unavailable.', { cause });
  }
}

/** Redis does not have the script of that digest (restarted, or flushed): send it in full. */
function isNoScript(error: unknown): boolean {
  return String((error as Error | undefined)?.message).includes('NOSCRIPT');
}

/** A Lua script sent once and then called by its digest (EVALSHA), loaded again after a Redis restart. */
export class RedisScript {
  readonly #source: string;
  readonly #sha: string;

  constructor(source: string) {
    this.#source = source;
    this.#sha = createHash('sha1').update(source).digest('hex');
  }

  async run(connection: RedisConnection, keys: readonly string[], args: readonly RedisArgument[], binary = false) {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await connection.send(['EVALSHA', this.#sha, ...tail], binary);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return connection.send(['EVAL', this.#source, ...tail], binary);
    }
  }
}

/** The node-redis client itself, for a library that takes one (rate-limiter-flexible). */
export type RedisClient = ReturnType<typeof createRedisClient>;

export interface ConnectedRedis extends RedisConnection {
  readonly client: RedisClient;
  /**
   * The same connection without a timer per command, for a caller that bounds its own wait (the rate
   * limiter, once per charge). node-redis times each command with `AbortSignal.timeout` and an event
   * listener, whose timer lives on for the whole timeout after the reply.
   */
  readonly untimed: RedisConnection;
  /** Longest a command waits for Redis. */
  readonly timeoutMs: number;
  /** Resolves once connected, or after `timeoutMs` (the stores degrade until then). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RedisOptions {
  /** Longest a command may take before the store treats Redis as unavailable. */
  commandTimeoutMs?: number;
  log?: (message: string) => void;
}

function createRedisClient(url: string, timeoutMs: number) {
  return createClient({
    url,
    disableOfflineQueue: true,
    // While Redis is stalled (up, but not answering), commands wait in the client: at most this many,
    // then each fails at once and its store degrades, so a stall cannot grow the heap without end.
    commandsQueueMaxLength: 10_000,
    // Every command but those sent `untimed` gives up after this long.
    commandOptions: { timeout: timeoutMs },
    socket: {
      connectTimeout: 2_000,
      // Keep trying, at most every 2 s, so the stores recover when Redis returns.
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
    },
  });
}

export function connectRedis(url: string, options: RedisOptions = {}): ConnectedRedis {
  const timeoutMs = options.commandTimeoutMs ?? 1_000;
  const client = createRedisClient(url, timeoutMs);
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    // A down Redis reports on every reconnect attempt: one line every 10 s is enough.
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    options.log?.(`redis: ${error.message}`);
  });
  const connecting = client.connect().then(
    () => true,
    () => false,
  );

  /** `send` over `plain`, or over its view that returns bulk strings as Buffers. */
  const sendOver = (plain: typeof client) => {
    const binary = plain.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
    return async (args: readonly RedisArgument[], asBuffers = false): Promise<unknown> => {
      try {
        return await (asBuffers ? binary : plain).sendCommand([...args]);
      } catch (error) {
        if (isNoScript(error)) throw error;
        throw new StoreUnavailableError(error);
      }
    };
  };
  const send = sendOver(client);

  return {
    client,
    send,
    untimed: { send: sendOver(client.withCommandOptions({ timeout: 0 })) },
    timeoutMs,
    async ready(waitMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      });
      try {
        return await Promise.race([connecting, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await client.close().catch(() => undefined);
    },
  };
}
