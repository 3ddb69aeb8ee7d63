// The ask answer as server-sent events: meta (with the confidence, or why there is no answer), one
// source per hit, answer text deltas, done (or error), each with an id. Deltas are paced so a reader
// sees the answer build up; the stream stops as soon as the client goes away, and sends heartbeat
// comments if a step ever takes long.
import { toApiError } from '../http/error-mapping.ts';
import type { CoreResponse } from '../http/types.ts';
import type { AskResult } from '../ask/ask-index.ts';

export const ANSWER_DELTA_WORDS = 4;
export const ANSWER_PACE_MS = 15;
export const HEARTBEAT_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function answerDeltas(text: string, wordsPerDelta = ANSWER_DELTA_WORDS): string[] {
  const parts = text.split(/(?<=\s)/);
  const deltas: string[] = [];
  for (let index = 0; index < parts.length; index += wordsPerDelta)
    deltas.push(parts.slice(index, index + wordsPerDelta).join(''));
  return deltas;
}

async function* askEvents(compute: () => AskResult, signal: AbortSignal): AsyncGenerator<string> {
  let id = 0;
  const event = (name: string, data: unknown) => `id: ${(id += 1)}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  try {
    const result = compute();
    yield event('meta', {
      query: result.query,
      ...(result.searched_for ? { searched_for: result.searched_for } : {}),
      total: result.total,
      took_ms: result.took_ms,
      confidence: result.confidence,
      no_answer_reason: result.no_answer_reason,
    });
    for (const source of result.sources) {
      if (signal.aborted) return;
      yield event('source', source);
    }
    // Each passage of the answer streams with its own source; the deltas join to answer.text.
    for (const [at, { text, ...about }] of (result.answer?.passages ?? []).entries()) {
      for (const delta of answerDeltas(at === 0 ? text : `\n\n${text}`)) {
        await pause(ANSWER_PACE_MS);
        if (signal.aborted) return;
        yield event('answer', { delta, source: about });
      }
    }
    yield event('done', { total: result.total, took_ms: result.took_ms });
  } catch (error) {
    yield event('error', toApiError(error).toBody().error);
  }
}

/** Interleaves `: heartbeat` comments whenever the source is silent for `intervalMs`. */
export async function* withHeartbeats(
  source: AsyncGenerator<string>,
  intervalMs = HEARTBEAT_MS,
): AsyncGenerator<string> {
  let pending = source.next();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const beat = new Promise<'beat'>((resolve) => {
        timer = setTimeout(() => resolve('beat'), intervalMs);
      });
      const next = await Promise.race([pending, beat]);
      clearTimeout(timer);
      if (next === 'beat') {
        yield ': heartbeat\n\n';
        continue;
      }
      if (next.done) return;
      yield next.value;
      pending = source.next();
    }
  } finally {
    await source.return(undefined);
  }
}

export function askEventStream(compute: () => AskResult, signal: AbortSignal): CoreResponse {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
    body: withHeartbeats(askEvents(compute, signal)),
  };
}
