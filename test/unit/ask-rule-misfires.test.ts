// Rules that decline before any evidence is weighed, and what they must not read as their cue: a day
// owning a kind of thing or live things given as examples are no live data asked (question.ts), and a term's
// own kind or a known phrase with everyday words around it is no unknown subject (unknown-terms.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readQuestion } from '../../src/core/ask/question-reading.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { Speller } from '../../src/core/ask/speller.ts';
import { fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const speller = new Speller(new Map());
const declined = (asked: string) => readQuestion(asked, speller).declined;

describe('live data asked', () => {
  it('reads a day owning a kind of thing as the generation meant, and owning anything else as live', () => {
    expect(declined("Encoder-decoder models vs today's chat models: which parts do they keep?")).toBeUndefined();
    expect(declined("what is today's ETH price")).toBe('live');
    expect(declined("any of today's crypto news worth knowing?")).toBe('live');
    expect(declined("what is today's top crypto news")).toBe('live');
    expect(declined("what is today's block height")).toBe('live');
    expect(declined("What's this week's ETH gas price")).toBe('live');
    expect(declined('What is the price of ether today?')).toBe('live');
  });

  it('reads live things given as examples of a kind as no reading asked', () => {
    expect(
      declined('How does a program on a blockchain find out real-world things like prices or the weather?'),
    ).toBeUndefined();
    expect(declined("What's the weather forecast for Berlin tomorrow?")).toBe('live');
    expect(declined('what is the weather like today or tomorrow')).toBe('live');
    // Days given as examples ask when: a reading.
    expect(declined("What's the ETH price, like today and this week?")).toBe('live');
  });
});

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
const neverMentioned = /never mention/;

describe.runIf(table)('subjects that name what the content knows', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'self-consistency',
        'Self-consistency',
        'A prompting technique that asks a model the same question several times and keeps the answer ' +
          'that comes up most often.',
      ),
      glossaryTerm(
        'prompt-engineering',
        'Prompt engineering',
        'Writing the instructions a model is given so that it does a task well.',
        '',
        ['prompting'],
      ),
      glossaryTerm(
        'proof-of-work',
        'Proof of work',
        'A way of choosing who adds the next block by making computers race to solve a costly puzzle.',
        'Critics point to the energy used and to mining concentrated in large pools.',
        ['mining'],
      ),
      glossaryTerm('liquidity-pool', 'Liquidity pool', 'Tokens locked in a contract that traders swap against.', '', [
        'pool',
      ]),
      glossaryTerm(
        'ai-agent',
        'AI agent',
        'A model that calls tools and reads their results in a loop until its task is done.',
        'The agent loop: the model picks a tool, the harness runs it, and its output goes back to the model.',
      ),
      ...fillerTerms(30),
    ]);
  }, 60_000);

  it('reads a term followed by the kind its definition calls it as the term', () => {
    const asked = index.search('How does self-consistency prompting work?', options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(asked.answer?.slug).toBe('self-consistency');
    // Proof of work's definition never calls it a pool, though its page mentions pools.
    expect(index.search('What is a mining pool?', options).no_answer_reason).toMatch(/never mention .*mining pool/);
  });

  it('reads a phrase the content says, with everyday words before it and a preposition after, as known', () => {
    const asked = index.search('How does the basic agent loop around a model work?', options);
    expect(asked.no_answer_reason ?? '').not.toMatch(neverMentioned);
    expect(asked.answer?.slug).toBe('ai-agent');
    // With no preposition, everyday words in front narrow the term to a kind the content never names.
    expect(index.search('What is a recursive agent loop?', options).no_answer_reason).toMatch(neverMentioned);
  });
});
