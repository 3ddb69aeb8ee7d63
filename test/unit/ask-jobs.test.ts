import { describe, expect, it, vi } from 'vitest';
import { AskIndex, questionSubject } from '../../src/core/ask/ask-index.ts';
import { answerDeltas, withHeartbeats } from '../../src/core/ask/ask-stream.ts';
import { markdownToText, terms } from '../../src/core/ask/text.ts';
import { MemoryIdempotencyStore } from '../../src/core/idempotency.ts';
import { prefersRespondAsync } from '../../src/core/jobs/async-work.ts';
import { describeJob, JOB_ID_PATTERN, MemoryJobStore, newJobId } from '../../src/core/jobs/job-store.ts';
import { refusePath } from '../../src/core/routes/batch.ts';

describe('ask text processing', () => {
  it('stems and drops stopwords so questions meet documents', () => {
    expect(terms('What are the rollups?')).toEqual(['rollup']);
    expect(terms('zk-rollups reducing hallucinations')).toEqual(['zk', 'rollup', 'reduc', 'hallucin']);
  });

  it('turns Markdown into plain prose', () => {
    expect(
      markdownToText('## Title\n\nSee [the term](/glossary/gas) and **bold** `code`.\n\n| a | b |\n|---|---|'),
    ).toBe('Title See the term and bold code . a b');
  });

  it('finds the subject of definitional questions only', () => {
    expect(questionSubject('What is a zk rollup?')).toEqual({ subject: 'zk rollup', head: 'zk rollup' });
    expect(questionSubject('what is hallucination in language models')?.head).toBe('hallucination');
    expect(questionSubject('What does MEV stand for?')?.subject).toBe('MEV');
    expect(questionSubject('how do rollups work')).toBeUndefined();
  });
});

describe('AskIndex', () => {
  const doc = (id: string, type: 'essay' | 'glossary', title: string, text: string, aliases: string[] = []) => ({
    id,
    type,
    slug: id,
    title,
    aliases,
    text,
    definition: type === 'glossary' ? text : null,
    url: `http://x/${id}`,
    markdownUrl: `http://x/${id}.md`,
  });
  const index = AskIndex.load(
    AskIndex.build([
      doc('gas', 'glossary', 'Gas', 'The fee unit for computation on Ethereum.'),
      doc('mev', 'glossary', 'Maximal extractable value', 'Profit from ordering transactions.', ['MEV']),
      doc('essay-1', 'essay', 'Scaling: Fees', 'Rollups cut the gas fee of each transaction by batching. Fees fall.'),
    ]),
  );

  it('survives serialisation and answers a definitional question with the definition', () => {
    const result = index.search('what is MEV?', { limit: 5, types: ['essay', 'glossary'] });
    expect(result.sources[0]?.slug).toBe('mev');
    expect(result.answer?.text).toBe('Profit from ordering transactions.');
  });

  it('filters by quoted phrase and by type', () => {
    expect(index.search('"gas fee"', { limit: 5, types: ['essay', 'glossary'] }).sources.map((s) => s.slug)).toEqual([
      'essay-1',
    ]);
    expect(index.search('gas', { limit: 5, types: ['essay'] }).sources.every((s) => s.type === 'essay')).toBe(true);
  });

  it('answers an explanatory question with a passage from the best section', () => {
    const result = index.search('how do rollups cut fees', { limit: 5, types: ['essay', 'glossary'] });
    expect(result.answer).toMatchObject({ type: 'essay', slug: 'essay-1' });
    expect(result.answer?.text).toContain('Rollups cut the gas fee');
  });

  it('escapes snippets and marks only whole query terms', () => {
    const hostile = AskIndex.load(AskIndex.build([doc('x', 'essay', 'X', 'Use <b>rollups</b> & 38 "quotes".')]));
    const snippet = hostile.search('rollups 38', { limit: 1, types: ['essay'] }).sources[0]?.snippet;
    expect(snippet).toBe('Use &#60;b&#62;<mark>rollups</mark>&#60;/b&#62; &#38; <mark>38</mark> &#34;quotes&#34;.');
  });
});

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

describe('jobs', () => {
  it('makes ids of job_ and 26 base32 characters, all different', () => {
    const ids = new Set(Array.from({ length: 1000 }, newJobId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(JOB_ID_PATTERN);
  });

  it('refuses new jobs with 503 when full, and forgets finished ones after the retention', () => {
    let now = 0;
    const store = new MemoryJobStore({ maxJobs: 2, retentionMs: 1_000, now: () => now });
    const first = store.create('batch');
    store.create('batch');
    expect(() => store.create('batch')).toThrowError(
      expect.objectContaining({ code: 'service_unavailable', status: 503 }),
    );
    store.finish(first.id, { status: 200, body: { ok: true } });
    now = 1_000;
    expect(store.get(first.id)).toBeUndefined();
    expect(store.create('batch').status).toBe('queued');
  });

  it('describes finished and failed jobs with the payload', () => {
    const store = new MemoryJobStore();
    const job = store.create('ask');
    expect(describeJob(job)).toMatchObject({ status: 'queued', poll_interval: 2, result: { ready: false } });
    store.finish(job.id, { status: 502, body: { error: { message: 'upstream down' } } });
    expect(describeJob(store.get(job.id)!)).toMatchObject({
      status: 'failed',
      result: { ready: true, message: 'upstream down', data: { error: { message: 'upstream down' } } },
    });
  });

  it.each([
    ['respond-async', true],
    ['wait=10, respond-async', true],
    ['Respond-Async; foo=bar', true],
    ['return=minimal', false],
    [null, false],
  ])('Prefer %s → async %s', (header, expected) => {
    expect(prefersRespondAsync(header)).toBe(expected);
  });
});

describe('idempotency store', () => {
  it('proceeds, then reports in-flight, replay and mismatch', () => {
    const store = new MemoryIdempotencyStore();
    expect(store.begin('k', 'f1').kind).toBe('proceed');
    expect(store.begin('k', 'f1').kind).toBe('in-flight');
    expect(store.begin('k', 'f2').kind).toBe('mismatch');
    store.complete('k', {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'a' },
      body: '{}',
    });
    const replay = store.begin('k', 'f1');
    expect(replay).toEqual({
      kind: 'replay',
      response: { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' },
    });
    store.abandon('k');
    expect(store.begin('k', 'f2').kind).toBe('proceed');
  });

  it('expires keys after the TTL', () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ ttlMs: 1_000, now: () => now });
    store.begin('k', 'f');
    store.complete('k', { status: 200, headers: {}, body: '' });
    now = 1_000;
    expect(store.begin('k', 'other').kind).toBe('proceed');
  });
});

describe('batch path rules', () => {
  it.each([
    ['/api/v1/essays?limit=2', undefined],
    ['/ask?q=x', undefined],
    ['/api', undefined],
    ['http://evil/api', 'relative'],
    ['//evil/api', 'relative'],
    ['/api/../x', 'dot segments'],
    ['/api/%2E%2E/x', 'dot segments'],
    ['/api/%252e%252e/x', 'encoded twice'],
    ['/api/v1\\essays', 'backslashes'],
    ['/api/%zz', 'percent-encoding'],
    ['/essays', 'under /api/'],
    ['/asking', 'under /api/'],
    ['/api//v1', 'empty segments'],
  ])('%s', (path, refusal) => {
    const result = refusePath(path);
    if (refusal === undefined) expect(result).toBeUndefined();
    else expect(result).toContain(refusal);
  });
});
