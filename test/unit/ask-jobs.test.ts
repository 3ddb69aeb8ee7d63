import { describe, expect, it, vi } from 'vitest';
import { AskIndex, questionSubject } from '../../src/core/ask/ask-index.ts';
import { answerDeltas, withHeartbeats } from '../../src/core/ask/ask-stream.ts';
import { markdownToText, terms } from '../../src/core/ask/text.ts';
import { prefersRespondAsync } from '../../src/core/jobs/async-work.ts';
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

describe('Prefer: respond-async', () => {
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
