// The guard around every Redis command: a reply that never comes fails the command within its timeout
// (node-redis stops timing a command once it is written), timeouts in a row stop the sending, and a
// probe of its own starts it again once Redis answers.
import { describe, expect, it } from 'vitest';
import { CommandGuard } from '../../src/core/stores/redis/command-guard.ts';
import { StoreUnavailableError } from '../../src/core/stores/redis/store-unavailable-error.ts';

const never = () => new Promise<never>(() => undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  return { error, ms: performance.now() - started };
}

describe('CommandGuard', () => {
  it('fails a command whose reply never comes soon after its timeout, and passes replies through', async () => {
    const guard = new CommandGuard({ timeoutMs: 100, probe: never });
    try {
      expect(await guard.run(async () => 'PONG')).toBe('PONG');
      const { error, ms } = await timed(guard.run(never));
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).detail).toMatch(/within 100 ms/);
      expect(ms).toBeGreaterThanOrEqual(95);
      expect(ms).toBeLessThan(1_000);
    } finally {
      guard.close();
    }
  });

  it('stops sending after timeouts in a row, and starts again by itself once the probe is answered', async () => {
    let redisAnswers = false;
    let sent = 0;
    const changes: boolean[] = [];
    const guard = new CommandGuard({
      timeoutMs: 50,
      openAfter: 3,
      probeEveryMs: 50,
      probe: () => (redisAnswers ? Promise.resolve('PONG') : never()),
      onChange: (open) => changes.push(open),
    });
    const command = () => {
      sent += 1;
      return redisAnswers ? Promise.resolve('OK') : never();
    };
    try {
      await Promise.all([1, 2, 3].map(() => guard.run(command).catch(() => undefined)));
      expect(guard.open).toBe(true);
      const { error, ms } = await timed(guard.run(command));
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(ms).toBeLessThan(20);
      expect(sent).toBe(3);

      redisAnswers = true;
      const deadline = Date.now() + 2_000;
      while (guard.open && Date.now() < deadline) await sleep(10);
      expect(guard.open).toBe(false);
      expect(await guard.run(command)).toBe('OK');
      expect(changes).toEqual([true, false]);
    } finally {
      guard.close();
    }
  });

  it('does not count an error reply or a refusal as a stall', async () => {
    const guard = new CommandGuard({ timeoutMs: 50, openAfter: 2, probe: never });
    try {
      await guard.run(never).catch(() => undefined);
      await guard.run(() => Promise.reject(new Error('WRONGTYPE'))).catch(() => undefined);
      await guard.run(never).catch(() => undefined);
      expect(guard.open).toBe(false);
    } finally {
      guard.close();
    }
  });
});
