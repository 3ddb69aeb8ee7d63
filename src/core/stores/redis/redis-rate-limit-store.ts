// Rate-limit windows in Redis, one per bucket across every instance: rate-limiter-flexible's
// RateLimiterRedis, one script call per bucket charged. Its insurance limiter is per-instance memory:
// while Redis does not answer (down, or slower than the command timeout), each instance goes on
// enforcing the same limits on what it sees itself, so an outage loosens limits by at most the number
// of instances instead of switching them off.
//
// The wait for Redis is bounded by the connection (command-guard.ts: one watchdog for all commands,
// not a timer each: timers per command, AbortSignal.timeout and an event listener each, cost 25-40 µs
// of CPU per request in issue 30, about half of what Redis added to a request over memory). A charge
// whose wait ran out is charged to the insurance limiter instead, and the script's late guard
// (connection.ts) keeps it from also landing in Redis when a stalled Redis resumes.
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { LimiterRateLimitStore, memoryLimiter } from '../limiter-rate-limit-store.ts';
import { RedisScript, type ConnectedRedis } from './connection.ts';

interface EvalOptions {
  keys: string[];
  arguments: string[];
}

/**
 * All RateLimiterRedis (pinned version) asks of a node-redis client when charging and giving back:
 * `isReady` and `eval`. Handed our connection in that shape, its script runs as every other store's
 * does (RedisScript: by digest, EVALSHA, sent in full only when Redis does not have it); any failure
 * passes the charge to the insurance limiter. Measured against the node-redis client's own `eval`,
 * which sends the whole script every time: about a fifth less CPU per charge.
 */
function scriptClient(redis: ConnectedRedis) {
  const scripts = new Map<string, RedisScript>();
  return {
    get isReady() {
      // Disconnected, or the breaker open: the insurance decides at once, with nothing sent.
      return redis.isReady;
    },
    eval(source: string, { keys, arguments: args }: EvalOptions): Promise<unknown> {
      let script = scripts.get(source);
      if (!script) {
        script = new RedisScript(source);
        scripts.set(source, script);
      }
      return script.run(redis, keys, args);
    },
  };
}

export function redisRateLimitStore(redis: ConnectedRedis): LimiterRateLimitStore {
  const storeClient = scriptClient(redis);
  return new LimiterRateLimitStore(
    (points, duration) =>
      new RateLimiterRedis({
        storeClient,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        points,
        duration,
        keyPrefix: 'rh:rl',
        insuranceLimiter: memoryLimiter(points, duration),
      }),
  );
}
