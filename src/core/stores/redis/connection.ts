// The one thing Redis-backed stores need from a client: send a command, run a Lua script. Stores take
// this minimal connection (as the MCP SDK v2's stores take a minimal client), so a test can hand them
// anything that speaks it. `connectRedis` makes the real one over @redis/client (one server, Cluster
// or Sentinel: redis-clients.ts), with every wait bounded, replies included, and a breaker that stops
// sending to a Redis that keeps not answering (command-guard.ts). Nothing is queued while the
// connection is down: a command fails at once, and each store degrades as documented (README, "Running
// several instances") instead of hanging.
import { createHash } from 'node:crypto';
import { CommandGuard } from './command-guard.ts';
import { createRawRedis, type RawRedis, type RedisArgument } from './redis-clients.ts';
import { describeRedis, type RedisSettings } from './redis-settings.ts';
import { StoreUnavailableError } from './store-unavailable-error.ts';

export { StoreUnavailableError } from './store-unavailable-error.ts';
export type { RedisArgument } from './redis-clients.ts';

export interface RedisConnection {
  /** One command; bulk strings come back as Buffers when `binary`, else as strings. */
  send(args: readonly RedisArgument[], binary?: boolean): Promise<unknown>;
  /**
   * Redis's clock (ms) past which a script sent now must not run: by then its caller has stopped
   * waiting and acted without it. Undefined when unknown (scripts then always run).
   */
  lateAfter?(): number | undefined;
}

/** Redis does not have the script of that digest (restarted, or flushed): send it in full. */
function isNoScript(error: unknown): boolean {
  return String((error as Error | undefined)?.message).includes('NOSCRIPT');
}

/**
 * Prefixed to every script: it takes the last ARGV (the caller's `lateAfter`) off ARGV and does nothing
 * once Redis's clock is past it. A script whose caller timed out (Redis stalled with the command already
 * on its socket) would otherwise run when Redis resumes: a rate-limit charge the instance already made
 * in memory counted twice, a claim nobody holds.
 */
const LATE_GUARD = `local rh_late = tonumber(table.remove(ARGV))
if rh_late then
  local rh_time = redis.call('TIME')
  if tonumber(rh_time[1]) * 1000 + math.floor(tonumber(rh_time[2]) / 1000) > rh_late then
    return redis.error_reply('RH_LATE the caller stopped waiting for this script')
  end
end
`;

/** A Lua script sent once and then called by its digest (EVALSHA), loaded again after a Redis restart. */
export class RedisScript {
  readonly #source: string;
  readonly #sha: string;

  constructor(source: string) {
    this.#source = `${LATE_GUARD}${source}`;
    this.#sha = createHash('sha1').update(this.#source).digest('hex');
  }

  async run(connection: RedisConnection, keys: readonly string[], args: readonly RedisArgument[], binary = false) {
    const tail = [String(keys.length), ...keys, ...args, String(connection.lateAfter?.() ?? '')];
    try {
      return await connection.send(['EVALSHA', this.#sha, ...tail], binary);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return connection.send(['EVAL', this.#source, ...tail], binary);
    }
  }
}

/** What /readyz says of the state store. */
export interface StoreHealth {
  ready: boolean;
  /** Why not ready; never holds a secret. */
  reason?: string;
}

export interface ConnectedRedis extends RedisConnection {
  /** Connected and answering (breaker closed): a command is worth sending. */
  readonly isReady: boolean;
  /** Longest a command waits for Redis. */
  readonly timeoutMs: number;
  /** The store in a phrase, without credentials. */
  readonly description: string;
  /** Resolves once connected, or after `waitMs` (the stores degrade until then). */
  ready(waitMs: number): Promise<boolean>;
  /** Connected, answering a PING within the timeout, and every added check content. */
  health(): Promise<StoreHealth>;
  /** A check of the store's configuration for /readyz: a reason when it is wrong, else undefined. */
  addReadinessCheck(check: () => Promise<string | undefined>): void;
  /** Closes, waiting at most the command timeout for replies (a stalled Redis gives none). */
  close(): Promise<void>;
}

export interface RedisOptions {
  /** Longest a command may take before the store treats Redis as unavailable. */
  commandTimeoutMs?: number;
  log?: (message: string) => void;
}

/** Error text from a client, for a log line or /readyz: anything up to an `@` (credentials) removed. */
function scrub(message: string): string {
  return message.replace(/[^\s/]*:[^\s/]*@/g, '(credentials hidden)@');
}

export function connectRedis(target: string | RedisSettings, options: RedisOptions = {}): ConnectedRedis {
  const settings: RedisSettings =
    typeof target === 'string'
      ? { topology: { kind: 'single', url: target }, commandTimeoutMs: options.commandTimeoutMs ?? 1_000 }
      : { ...target, commandTimeoutMs: options.commandTimeoutMs ?? target.commandTimeoutMs };
  const raw: RawRedis = createRawRedis(settings);
  const timeoutMs = settings.commandTimeoutMs;
  const log = options.log ?? (() => undefined);
  let lastError = 'not connected yet';
  let lastLogged = 0;
  raw.on('error', (error: Error) => {
    lastError = scrub(error.message || String(error));
    // A down Redis reports on every reconnect attempt: one line every 10 s is enough.
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    log(`redis: ${lastError}`);
  });

  /** Redis's clock minus ours, from the last TIME asked. */
  let clockOffset: number | undefined;
  const readClock = async () => {
    const before = Date.now();
    const [seconds, micros] = (await raw.send(['TIME'], false)) as [string, string];
    clockOffset = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - (before + Date.now()) / 2;
  };

  const guard = new CommandGuard({
    timeoutMs,
    probe: readClock,
    onChange: (open) =>
      log(
        open
          ? `redis: no answer within ${timeoutMs} ms, several times in a row: not sending for now, asking again every second`
          : 'redis: answering again',
      ),
  });
  // NOSCRIPT asks for the script in full; anything else (unreachable, an error reply such as OOM under
  // noeviction) leaves the store unable to do its work.
  const failure = (error: unknown): unknown =>
    isNoScript(error) || error instanceof StoreUnavailableError
      ? error
      : new StoreUnavailableError(scrub(String((error as Error)?.message ?? error)), error);
  const waitReplicas = settings.waitReplicas ?? 0;
  const send = (args: readonly RedisArgument[], binary = false): Promise<unknown> =>
    guard.run(
      waitReplicas === 0 ? () => raw.send(args, binary) : () => replicated(raw, args, binary, waitReplicas, timeoutMs),
      failure,
    );

  const connecting = raw.connect().then(
    () =>
      readClock().then(
        () => true,
        () => true,
      ),
    () => false,
  );
  const checks: Array<() => Promise<string | undefined>> = [];

  return {
    send,
    lateAfter: () => (clockOffset === undefined ? undefined : Math.round(Date.now() + clockOffset + timeoutMs)),
    get isReady() {
      return raw.isReady && !guard.open;
    },
    timeoutMs,
    description: describeRedis(settings),
    ready: (waitMs) => within(connecting, waitMs, false),
    async health() {
      if (!raw.isReady) return { ready: false, reason: `unreachable: ${lastError}` };
      if (guard.open) return { ready: false, reason: `stalled: no answer within ${timeoutMs} ms` };
      try {
        await send(['PING']);
      } catch (error) {
        const detail = error instanceof StoreUnavailableError ? error.detail : scrub(String(error));
        return { ready: false, reason: `not answering: ${detail}` };
      }
      for (const check of checks) {
        const problem = await check().catch(() => undefined);
        if (problem) return { ready: false, reason: problem };
      }
      return { ready: true };
    },
    addReadinessCheck: (check) => void checks.push(check),
    async close() {
      guard.close();
      const closed = await within(
        raw.close().then(
          () => true,
          () => true,
        ),
        timeoutMs,
        false,
      );
      if (!closed) raw.destroy();
    },
  };
}

/**
 * A command, and for a script (every write goes through one) a WAIT sent right behind it on the same
 * connection: the script counts as done only once `replicas` replicas have its writes. Replication is
 * asynchronous, so without this a failover drops what the old master acknowledged after the last
 * write its replica got (21 of 68 registrations in test/cluster/redis-topologies.test.ts). Half the
 * command timeout for the WAIT, so a missing replica is reported before the guard gives up.
 */
async function replicated(
  raw: RawRedis,
  args: readonly RedisArgument[],
  binary: boolean,
  replicas: number,
  timeoutMs: number,
): Promise<unknown> {
  const name = String(args[0]).toUpperCase();
  if (name !== 'EVALSHA' && name !== 'EVAL') return raw.send(args, binary);
  const routeKey = Number(args[2]) > 0 ? args[3] : undefined;
  const waitMs = String(Math.max(1, Math.floor(timeoutMs / 2)));
  const [reply, waited] = await Promise.allSettled([
    raw.send(args, binary),
    raw.send(['WAIT', String(replicas), waitMs], false, routeKey),
  ]);
  if (reply.status === 'rejected') throw reply.reason;
  const acknowledged = waited.status === 'fulfilled' ? Number(waited.value) : 0;
  if (acknowledged < replicas) {
    throw new StoreUnavailableError(`the write reached ${acknowledged} of ${replicas} replicas in ${waitMs} ms`);
  }
  return reply.value;
}

/** `work`, or `fallback` after `waitMs`, whichever comes first. */
async function within<T>(work: Promise<T>, waitMs: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), waitMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
