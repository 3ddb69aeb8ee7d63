// Operations return values; the HTTP door serialises them (outputJson). A fixed operation's output
// is made and serialised once for each input, any other's on every call.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BoundedCache } from '../../src/core/bounded-cache.ts';
import type { AppDeps } from '../../src/core/deps.ts';
import { defineOperation, outputJson } from '../../src/core/operations/operation.ts';
import { JsonText } from '../../src/core/json-text.ts';

function contextWithMemo() {
  const memo = new BoundedCache<JsonText>({ maxEntries: 100, maxBytes: 1 << 20, sizeOf: (json) => json.retainedBytes });
  return { deps: { memo } as unknown as AppDeps, clientAddress: '127.0.0.1' };
}

function countingOperation(fixed: boolean) {
  const calls: string[] = [];
  const operation = defineOperation({
    input: z.object({ word: z.string() }),
    output: z.object({ word: z.string(), length: z.int() }),
    fixed,
    run: ({ word }: { word: string }) => {
      calls.push(word);
      return { word, length: word.length };
    },
  });
  return { operation, calls };
}

describe('outputJson', () => {
  it('serialises a value as JSON the doors send', async () => {
    const { operation } = countingOperation(false);
    const json = await outputJson(operation, { word: 'rollup' }, contextWithMemo());
    expect(JSON.parse(json.text)).toEqual({ word: 'rollup', length: 6 });
  });

  it('runs a fixed operation once for each input, and answers repeats from the memo at once', () => {
    const { operation, calls } = countingOperation(true);
    const context = contextWithMemo();
    const first = outputJson(operation, { word: 'oracle' }, context);
    const again = outputJson(operation, { word: 'oracle' }, context);
    const other = outputJson(operation, { word: 'bridge' }, context);
    expect(again).toBe(first);
    expect(again).toBeInstanceOf(JsonText);
    expect(other).not.toBe(first);
    expect(calls).toEqual(['oracle', 'bridge']);
  });

  it('keeps two fixed operations with the same input apart', async () => {
    const a = countingOperation(true);
    const b = countingOperation(true);
    const context = contextWithMemo();
    await outputJson(a.operation, { word: 'dao' }, context);
    await outputJson(b.operation, { word: 'dao' }, context);
    expect([a.calls, b.calls]).toEqual([['dao'], ['dao']]);
  });

  it('runs an operation that is not fixed on every call', async () => {
    const { operation, calls } = countingOperation(false);
    const context = contextWithMemo();
    await outputJson(operation, { word: 'zk' }, context);
    await outputJson(operation, { word: 'zk' }, context);
    expect(calls).toEqual(['zk', 'zk']);
  });

  it('sends JSON a store kept as it is, and waits for an operation that is asynchronous', async () => {
    const kept = new JsonText<{ word: string }>('{"word":"kept"}');
    const operation = defineOperation({
      input: z.object({}),
      output: z.object({ word: z.string() }),
      run: async () => kept,
    });
    expect(await outputJson(operation, {}, contextWithMemo())).toBe(kept);
  });
});
