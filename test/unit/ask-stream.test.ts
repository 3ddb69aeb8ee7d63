import { describe, expect, it, vi } from 'vitest';
import { answerDeltas, askEventStream, withHeartbeats } from '../../src/core/routes/ask-stream.ts';
import type { AskResult } from '../../src/core/ask/ask-index.ts';

describe('ask stream helpers', () => {
  it('splits an answer into deltas that join back to it', () => {
    const text = 'A layer 2 that posts proofs to the main chain.';
    const deltas = answerDeltas(text, 3);
    expect(deltas.join('')).toBe(text);
    expect(deltas).toHaveLength(4);
  });

  it('sends heartbeats while the source is silent', async () => {
    vi.useFakeTimers();
    async function* slow() {
      await new Promise((resolve) => setTimeout(resolve, 35));
      yield 'data';
    }
    const received: string[] = [];
    const done = (async () => {
      for await (const chunk of withHeartbeats(slow(), 10)) received.push(chunk);
    })();
    await vi.advanceTimersByTimeAsync(40);
    await done;
    vi.useRealTimers();
    expect(received.filter((chunk) => chunk.startsWith(': heartbeat'))).toHaveLength(3);
    expect(received.at(-1)).toBe('data');
  });
});

describe('the ask event stream', () => {
  const passage = (slug: string, text: string) => ({
    text,
    type: 'glossary' as const,
    slug,
    title: slug,
    section: null,
    url: `http://x/${slug}`,
  });
  const result = (answer: AskResult['answer']): AskResult => ({
    query: 'q',
    searched_for: null,
    answer,
    confidence: answer ? 0.9 : 0.2,
    no_answer_reason: answer ? null : 'No confident answer: nothing here speaks to “q”.',
    sources: [],
    total: 0,
    took_ms: 0.1,
  });
  async function events(of: AskResult): Promise<Array<{ event: string; data: any }>> {
    const body = askEventStream(() => of, new AbortController().signal).body as AsyncIterable<string>;
    const parsed: Array<{ event: string; data: any }> = [];
    for await (const chunk of body) {
      const event = /^event: (.+)$/m.exec(chunk)?.[1];
      const data = /^data: (.+)$/m.exec(chunk)?.[1];
      if (event && data) parsed.push({ event, data: JSON.parse(data) });
    }
    return parsed;
  }

  it('streams each passage of a two-sided answer with its own source, joining back to the text', async () => {
    const first = passage('a', 'Alpha is the first side.');
    const second = passage('b', 'Beta is the other side.');
    const streamed = await events(
      result({ ...first, text: `${first.text}\n\n${second.text}`, passages: [first, second] }),
    );
    const answers = streamed.filter((event) => event.event === 'answer');
    expect(answers.map((event) => event.data.delta).join('')).toBe(
      'Alpha is the first side.\n\nBeta is the other side.',
    );
    expect(answers[0]?.data.source.slug).toBe('a');
    expect(answers.at(-1)?.data.source.slug).toBe('b');
  });

  it('says why there is no answer in the first event, and sends no answer deltas', async () => {
    const streamed = await events(result(null));
    expect(streamed[0]).toMatchObject({
      event: 'meta',
      data: { confidence: 0.2, no_answer_reason: /No confident answer/ },
    });
    expect(streamed.map((event) => event.event)).toEqual(['meta', 'done']);
  });
});
