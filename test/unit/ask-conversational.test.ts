// Talk around a question (question.ts withoutTalk): greetings, prefaces, requests to be told and
// thanks are taken off before the question is read, so a question wrapped in chat is answered as
// the same question asked plainly, and one the content cannot answer is still declined.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { parseQuestion, questionClause, withoutTalk } from '../../src/core/ask/question.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

describe('the talk around a question', () => {
  it('takes greetings, prefaces and requests to be told off the front', () => {
    expect(withoutTalk('hey! what is a rollup?')).toBe('what is a rollup?');
    expect(withoutTalk('ok so um, why is gas so expensive')).toBe('why is gas so expensive');
    expect(withoutTalk('quick question: how does staking work')).toBe('how does staking work');
    expect(withoutTalk('wait is a rollup a sidechain')).toBe('is a rollup a sidechain');
    expect(withoutTalk('wait, so what is slashing')).toBe('what is slashing');
    // An apology for asking (ask-dev41, ask-dev43; the wrappers' "sorry if this is obvious, …").
    expect(withoutTalk('sorry if this is obvious, what is a merkle tree?')).toBe('what is a merkle tree?');
    expect(withoutTalk('sry if this is super basic but how many confirmations do i wait')).toBe(
      'how many confirmations do i wait',
    );
    expect(withoutTalk('if this is a dumb question, why is gas so expensive')).toBe('why is gas so expensive');
    expect(withoutTalk("sorry if it's obvious but what is slashing")).toBe('what is slashing');
    // "wait" as what is asked about stays.
    expect(withoutTalk('wait times for a transaction')).toBe('wait times for a transaction');
    expect(withoutTalk("I'm a bit confused, what does MEV stand for?")).toBe('what does MEV stand for?');
    expect(withoutTalk('I was wondering if a rollup is safer than a sidechain')).toBe(
      'a rollup is safer than a sidechain',
    );
    expect(withoutTalk('can you please tell me why blocks have a size limit')).toBe('why blocks have a size limit');
  });

  it('takes thanks and laughter off the end', () => {
    expect(withoutTalk('what is a merkle tree? thanks in advance!')).toBe('what is a merkle tree');
    expect(withoutTalk('why do models hallucinate lol')).toBe('why do models hallucinate');
    expect(withoutTalk('what is a sequencer? asking for a friend')).toBe('what is a sequencer');
    expect(withoutTalk("how does staking work, like I'm five")).toBe('how does staking work');
  });

  it('takes a request to keep it simple off the front', () => {
    expect(withoutTalk('eli5: what is a merkle tree')).toBe('what is a merkle tree');
    expect(withoutTalk('in simple terms, why do rollups lower fees?')).toBe('why do rollups lower fees?');
    // A request for tips is talk before the how; "tips" alone is a word of its own (a fee's tip).
    expect(withoutTalk('any tips on how to test a prompt?')).toBe('how to test a prompt?');
    expect(withoutTalk('tips for validators')).toBe('tips for validators');
  });

  it('leaves a question that is all talk, and words that only look like talk, as they are', () => {
    expect(withoutTalk('hey!')).toBe('hey!');
    expect(withoutTalk('thanks!')).toBe('thanks!');
    // "tell me" asks for a definition when nothing like a question follows it.
    expect(withoutTalk('tell me about rollups')).toBe('tell me about rollups');
    expect(withoutTalk('so-called stablecoins')).toBe('so-called stablecoins');
    // Being confused about something is what is asked, unless a comma sets it apart.
    expect(withoutTalk("I'm confused about how staking works")).toBe("I'm confused about how staking works");
  });

  it('reads what follows a last colon as a long question’s question when no question word starts it', () => {
    expect(
      questionClause(
        'I have been reading about this for weeks and still do not get one thing: benchmarks that saturate?',
      ),
    ).toBe('benchmarks that saturate');
    // Without the question mark it is a statement, not a question part.
    expect(
      questionClause(
        'I have been reading about this for weeks and still do not get one thing: benchmarks that saturate',
      ),
    ).toBeUndefined();
  });

  it('reads the wrapped question as the plain one: its intent and subject', () => {
    const plain = parseQuestion('what is a zk rollup');
    const wrapped = parseQuestion(withoutTalk('hi there, quick question: what is a zk rollup? thx'));
    expect(wrapped.intent).toBe('definition');
    expect(wrapped.subject).toEqual(plain.subject);
    expect(parseQuestion(withoutTalk('so what even is gas')).intent).toBe('definition');
  });
});

const term = glossaryTerm;

describe.runIf(readWordVectors())('searches wrapped in chat', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      term(
        'rollup',
        'Rollup',
        'A rollup executes transactions off the main chain and posts their data and a proof back to it.',
        'Rollups lower fees because many transactions share the cost of one posting to the main chain.',
      ),
      term(
        'gas',
        'Gas',
        'Gas measures the computation a transaction uses; its fee is paid to have it included in a block.',
        'Fees rise when many transactions compete for the limited space in each block.',
      ),
      term('sidechain', 'Sidechain', 'A separate chain with its own validators, bridged to the main chain.'),
    ]);
  }, 60_000);

  it('answers a question wrapped in greetings and thanks as it answers it plainly', () => {
    for (const [plain, wrapped] of [
      ['what is a rollup', 'hey! quick question, what is a rollup? thanks in advance'],
      ['why do gas fees rise', "I'm a bit confused, why do gas fees rise? lol"],
    ] as const) {
      const asked = index.search(plain, options);
      const chatted = index.search(wrapped, options);
      expect(asked.answer).not.toBeNull();
      expect(chatted.answer?.slug).toBe(asked.answer?.slug);
      expect(chatted.query).toBe(wrapped);
    }
  });

  it('still declines a question the content does not answer, however politely asked', () => {
    const asked = index.search('hey, can you tell me how to fix a leaking kitchen tap? thanks!', options);
    expect(asked.answer).toBeNull();
  });
});

describe("chat's idioms that open with what's", () => {
  it('ask about what follows them, not for a definition of their own words', () => {
    for (const asked of [
      'whats the deal with gas, why did i pay a fee when my transaction failed',
      "what's actually wrong with running the whole model on a blockchain",
      'whats the catch with liquid staking',
      "what's happening here",
    ])
      expect(parseQuestion(asked).intent).not.toBe('definition');
    // A definition asked in chat is still one.
    expect(parseQuestion("what's a rollup").intent).toBe('definition');
    expect(parseQuestion('whats the merge').subject?.full).toBe('merge');
  });
});
