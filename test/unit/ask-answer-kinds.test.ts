// Answer choice by the kind of question, on passages written for these tests: which sentence (or
// two) of a passage is quoted for a comparison, a quantity, a procedure, a situation, a why.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { answerKind, asksOfThing } from '../../src/core/ask/answer-kind.ts';
import { answerOf, contrastingSentence } from '../../src/core/ask/answer-shape.ts';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts, sentencesAt } from '../../src/core/ask/sentences.ts';
import { wordConcept as concept } from '../support/ask-documents.ts';

const passageOf = (text: string, section = 'Compression'): AskPassage => ({
  type: 'essay',
  slug: 'models',
  title: `Models: ${section}`,
  section,
  kind: 'paragraph',
  url: 'http://x/essays/models#compression',
  markdownUrl: 'http://x/essays/models.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: [section],
  namesWeigh: true,
  mentions: [],
  context: '',
});
const planOf = (words: Array<[string, number]>, prefer?: Plan['prefer']): Plan => ({
  concepts: words.map(([word, idf]) => concept(word, idf)),
  weights: new Map(words.map(([word]) => [word, 1])),
  ...(prefer ? { prefer } : {}),
});

describe('a comparison', () => {
  it('reads a side as ending where its clause does ("X vs Y: what is the difference")', () => {
    expect(parseQuestion("Prompt injection vs jailbreak: what's the difference?").sides).toEqual([
      'Prompt injection',
      'jailbreak',
    ]);
  });

  it('quotes a sentence that says one side is "different from" the other as the contrast', () => {
    const passage = passageOf(
      'Distillation trains a student on a teacher. ' +
        'Distillation is different from quantization: quantization keeps the same model in fewer bits, ' +
        'while distillation trains a new one. Both save memory.',
    );
    const contrast = contrastingSentence([passage], [planOf([['distil', 3]]), planOf([['quantiz', 3]])]);
    expect(contrast?.text).toMatch(/^Distillation is different from quantization/);
  });

  it('quotes two adjacent sentences that take one side each when no sentence names both', () => {
    const passage = passageOf(
      'Preference tuning has two schools. ' +
        'Classic RLHF trains a reward model and then a policy against it. ' +
        'In practice DPO is supervised training on pairs, with no reward model. ' +
        'The essay on post-training compares them.',
    );
    const contrast = contrastingSentence([passage], [planOf([['dpo', 3]]), planOf([['rlhf', 3]])]);
    expect(contrast?.text).toBe(
      'Classic RLHF trains a reward model and then a policy against it. ' +
        'In practice DPO is supervised training on pairs, with no reward model.',
    );
  });

  it('does not repeat as the contrast what a side already quotes', () => {
    const passage = passageOf(
      'Recurrent networks read one token at a time. Transformers read the whole sequence at once.',
    );
    const contrast = contrastingSentence([passage], [planOf([['recurr', 3]]), planOf([['transform', 3]])]);
    expect(contrast).toBeDefined();
    const answer = answerOf([{ passage, plan: planOf([['recurr', 3]]) }], contrast);
    expect(answer.passages).toHaveLength(1);
  });
});

describe('the kind of sentence a question wants', () => {
  const kindOf = (text: string) => answerKind(parseQuestion(text));

  it('wants a figure wherever the question asks for one', () => {
    expect(kindOf('how much memory does a 7B model need')).toBe('number');
    expect(kindOf('If I sell 10 ETH into the pool, roughly how much USDC comes out?')).toBe('number');
    expect(kindOf('At what ETH price would I get liquidated?')).toBe('number');
    // A word before "what" or between it and the figure asked does not hide the figure.
    expect(kindOf('At roughly what ETH price would I get liquidated?')).toBe('number');
    expect(kindOf('what rough share of blocks do outside builders make')).toBe('number');
    expect(kindOf('what is price impact')).toBe('definition');
  });

  it('wants advice for a situation that asks what to do or whether to worry', () => {
    expect(kindOf('Do we actually need a vector database?')).toBe('advice');
    expect(kindOf('Should we keep the old prompt?')).toBe('advice');
    expect(kindOf('is there a security issue with indexing emails')).toBe('advice');
  });

  it('wants steps for a "how do I" asked inside chat, and a cause for a "why"', () => {
    expect(kindOf('my tx is pending lol how do i unstick it')).toBe('procedure');
    expect(kindOf('How does a rollup post its data?')).toBe('procedure');
    expect(kindOf('How should I evaluate a retrieval system?')).toBe('procedure');
    expect(kindOf('ok but like why does it cost more')).toBe('explanation');
    expect(kindOf('what is a rollup')).toBe('definition');
  });

  it('wants steps for a what-question that asks for the steps or the process', () => {
    expect(kindOf('What are the steps of RLHF?')).toBe('procedure');
    expect(kindOf('what is the process for upgrading a contract')).toBe('procedure');
    expect(kindOf('what is the step function')).toBe('definition');
  });

  it('wants steps for a what-question that asks a way to do something, not a definition', () => {
    expect(kindOf("What's a good way to shard a message queue?")).toBe('procedure');
    expect(kindOf('what is the safest way to rotate a signing key')).toBe('procedure');
    expect(parseQuestion("What's the quickest way to warm a cache?").intent).toBe('explanation');
    expect(kindOf('what is a message queue')).toBe('definition');
  });
});

describe('the sentences quoted for a kind', () => {
  it('quotes what to do for a situation, not the sentence that restates it', () => {
    // "we have 200k embeddings, do we need a vector database"
    const text =
      'Vector databases find the nearest items to a query. ' +
      'A vendor will say every embedding needs one. ' +
      'For a few hundred thousand vectors, an array or a column in an existing database is often simpler. ' +
      'Past a billion, the index matters.';
    const plan = planOf(
      [
        ['vector', 2],
        ['databas', 2],
        ['embed', 2],
        ['need', 1],
      ],
      'advice',
    );
    expect(answerSentences(passageOf(text), plan, 90)).toContain('is often simpler');
  });

  it('does not take a sentence that asks ("how should you split it?") for advice', () => {
    // "should we train our model at the compute-optimal size"
    const text =
      'Scaling laws turned model size into budgeting: how should you split compute between model and data? ' +
      'A model for many users should be trained smaller than the compute-optimal size.';
    const plan = planOf(
      [
        ['model', 1],
        ['comput', 2],
        ['size', 2],
      ],
      'advice',
    );
    expect(answerSentences(passageOf(text), plan, 20)).toContain('should be trained smaller');
  });

  it('quotes the steps, told as commands, for a how-does question, not the sentence that introduces them', () => {
    // "how does byte-pair encoding build its vocabulary"
    const text =
      'Most language models tokenize with byte-pair encoding, and training it is a simple loop. ' +
      'Count every pair of adjacent symbols in the vocabulary. ' +
      'Merge the most frequent pair into a new symbol and repeat. ' +
      'See the essay on tokens for more.';
    const plan = planOf(
      [
        ['vocabular', 2],
        ['build', 2],
        ['byte', 3],
      ],
      'procedure',
    );
    expect(answerSentences(passageOf(text), plan, 30)).toBe(
      'Count every pair of adjacent symbols in the vocabulary. Merge the most frequent pair into a new symbol and repeat.',
    );
  });

  it("quotes a worked example's result for a quantity question that gives its own figures", () => {
    // "if I sell 10 ETH into a pool of 100 ETH and 200,000 USDC, how much USDC comes out"
    const text =
      'Take a pool of 100 ETH and 200,000 USDC, so the price is 2,000 USDC per ETH. ' +
      'A trader sells 10 ETH. ' +
      'The pool must end with 110 ETH and 181,818 USDC, so the trader receives about 18,182 USDC.';
    const plan = planOf(
      [
        ['10', 3],
        ['eth', 3],
        ['pool', 3],
        ['100', 3],
        ['200', 4],
        ['000', 3],
        ['usdc', 4],
        ['come', 3],
      ],
      'number',
    );
    expect(answerSentences(passageOf(text), plan, 20)).toContain('the trader receives about 18,182 USDC');
  });

  it('quotes the sentence with the figure over one that shares one more word for a how-long question', () => {
    // "how long do challengers have to dispute a batch in the window"
    const text = 'Challengers watch the window for a bad batch. The window lasts about 7 days.';
    const plan = planOf(
      [
        ['window', 3],
        ['challeng', 2],
        ['batch', 2],
      ],
      'number',
    );
    expect(answerSentences(passageOf(text), plan, 5)).toBe('The window lasts about 7 days.');
  });

  it('quotes the remedy for a how-do-I question ("The fix is to …")', () => {
    // "my transaction is stuck, how do I unstick it"
    const text =
      'A transaction with a low fee can wait in the mempool for hours. ' +
      'Its nonce blocks every later transaction of the account. ' +
      'The fix is to send a new transaction with the same nonce and a higher fee. ' +
      'Transactions of other accounts are not affected by a stuck transaction.';
    const plan = planOf(
      [
        ['transact', 1],
        ['stuck', 3],
      ],
      'procedure',
    );
    expect(answerSentences(passageOf(text), plan, 90)).toContain('The fix is to send');
  });

  it("quotes a worked example's last result when the steps before it speak only to the setup's words", () => {
    // "I put in 10 ETH at 2,000 USDC and borrowed 12,000 USDC with an 80% threshold, at what price am I liquidated"
    const text =
      'Suppose you deposit 10 ETH at 2,000 USDC in a market with an 80% threshold and borrow 12,000 USDC. ' +
      'Your health factor is the value times the threshold over the debt, 20,000 × 0.8 / 12,000 ≈ 1.33. ' +
      'Here that happens when ETH drops below 12,000 / (10 × 0.8) = 1,500, a fall of a quarter.';
    const plan = planOf(
      [
        ['10', 3],
        ['eth', 3],
        ['2', 2],
        ['000', 3],
        ['usdc', 4],
        ['12', 3],
        ['threshold', 4],
        ['price', 2],
      ],
      'number',
    );
    expect(answerSentences(passageOf(text), plan, 20)).toContain('drops below 12,000 / (10 × 0.8) = 1,500');
  });

  it("quotes a worked example's result for any question whose figures the example takes up", () => {
    // "I lent 20 books and now want to lend only 5; a friend says changing the count can go wrong. How?"
    const text =
      'Suppose Carol has lent Dan 20 books and decides to lower that to 5. ' +
      'She writes the new count on the card. ' +
      'Dan sees the card change and borrows the old 20 books first. ' +
      'The card now says 5, so he borrows those too. ' +
      'In total he takes 20 + 5 = 25 books, more than Carol ever meant to lend.';
    const plan = planOf(
      [
        ['lent', 3],
        ['20', 3],
        ['book', 2],
        ['5', 3],
        ['lower', 3],
        ['wrong', 4],
      ],
      'advice',
    );
    expect(answerSentences(passageOf(text), plan, 40)).toContain('20 + 5 = 25 books');
  });

  it("quotes a worked example's result when the sentence before its figures sets it up", () => {
    // "we sort letters into three trays; by hand 90 a day, with the machine 140 but twice the noise, which?"
    const text =
      'Imagine a post room that sorts the mail into three trays. ' +
      'By hand a clerk sorts 90 letters a day, and with the new machine 140 letters a day. ' +
      'The machine is twice as loud, which the clerks notice. ' +
      'The choice is plain: keep the machine in a closed room, since 140 − 90 = 50 more letters a day pays for the walls.';
    const plan = planOf(
      [
        ['letter', 2],
        ['90', 3],
        ['140', 3],
        ['loud', 3],
      ],
      'advice',
    );
    expect(answerSentences(passageOf(text), plan, 40)).toContain('50 more letters a day');
  });

  it("reads a situation's circumstances for the answer when its question part names nothing known", () => {
    // "we serve sixteen chats on one GPU and keep running out of memory, what's eating it"
    const eating = concept('eat', 6);
    const circumstances = [concept('memori', 3), concept('chat', 2)].map((each) => ({
      ...each,
      idf: each.idf * 0.7,
      circumstance: true,
    }));
    const plan: Plan = {
      concepts: [eating],
      whole: [eating, ...circumstances],
      weights: new Map([['eat', 1]]),
      prefer: 'explanation',
    };
    const text =
      'Training processes a whole sequence at once. ' +
      'Generation keeps the keys and values of earlier tokens in a cache. ' +
      'Each layer adds its own keys and values. ' +
      'Sixteen chats of 4,000 tokens need 32 GiB of cache memory, more than the weights take. ' +
      'Decoding is limited by bandwidth.';
    expect(answerSentences(passageOf(text), plan, 90)).toContain('need 32 GiB of cache memory');
    // A question part that names what it asks is answered from its own words.
    const named = { ...plan, concepts: [{ ...eating, named: true }] };
    expect(answerSentences(passageOf(text), named, 90)).not.toContain('32 GiB');
  });
});

describe('the sentences quoted for a why-question', () => {
  it('quotes the sentence that states a condition and what follows from it', () => {
    // "why does the queue get so slow sometimes"
    const text =
      'Queues were once first come, first served, and nobody could jump ahead. ' +
      'The scheduler changed that in 2020. ' +
      'Each queue has a limit of a hundred jobs. ' +
      'If the queue holds more than half its limit, every new job is held back twice as long. ' +
      'Jobs that finish free their slots at once.';
    const plan = planOf(
      [
        ['queue', 3],
        ['wait', 2],
      ],
      'explanation',
    );
    expect(answerSentences(passageOf(text), plan, 30)).toContain('If the queue holds more than half');
  });
});

describe('the sentences quoted for a how-question', () => {
  it('reads a remedy named with a word before it ("The standard fix is …") as the steps', () => {
    // "how do I stop reentrancy bugs"
    const text =
      'Reentrancy hands control to outside code too early. ' +
      'Hooks in token standards call into the recipient. ' +
      'Audits still find them every year. ' +
      'The standard fix is checks-effects-interactions, which leaves no such bug: validate, update state, then call out.';
    const plan = planOf(
      [
        ['reentr', 3],
        ['bug', 1],
      ],
      'procedure',
    );
    expect(answerSentences(passageOf(text), plan, 90)).toContain('The standard fix is');
  });

  it('reads a sentence that sets up a case ("Consider a lock …") as no step of what to do', () => {
    // "how do I fix a lock that a second caller can slip past"
    const text =
      'Consider a lock that a second caller can slip past before the holder releases it. ' +
      'The caller reads the flag and then sets it. ' +
      'Two callers read it at once and both go in. ' +
      'Mutexes were invented for exactly this race. ' +
      'The fix is to take the lock in one atomic step, so only one caller gets through.';
    const plan = planOf(
      [
        ['fix', 1],
        ['lock', 3],
        ['caller', 3],
        ['second', 3],
      ],
      'procedure',
    );
    expect(answerSentences(passageOf(text), plan, 90, 40)).toContain('The fix is to take the lock');
    // How a thing works may be told through the case it sets up.
    const works = answerSentences(passageOf(text), { ...plan, ofThing: true }, 90, 40);
    expect(works).toContain('Consider a lock');
  });

  it('does not quote a sentence that sends the reader to another page ("The … essay walks through …")', () => {
    // "how does a reentrancy attack drain a vault"
    const text =
      'The smart contracts essay walks through a reentrancy attack on a vault step by step. ' +
      'Audits still find such bugs every year. ' +
      'Hooks in token standards call into the recipient. ' +
      'In a reentrancy attack the vault sends ether before it zeroes the balance, so the attacker withdraws again.';
    const plan = planOf(
      [
        ['reentr', 3],
        ['attack', 2],
        ['vault', 2],
      ],
      'procedure',
    );
    const answer = answerSentences(passageOf(text), plan, 90, 40);
    expect(answer).toContain('the attacker withdraws again');
    expect(answer).not.toContain('essay walks through');
  });

  it('goes on to the steps of the next paragraph when the quoted sentences only set the goal', () => {
    // "how do I build an evaluation set for my product"
    const text =
      'Public benchmarks say whether a model is broadly capable. ' +
      'A product needs its own evaluation set, and building one is less work than it sounds.';
    const next =
      'Start from real usage. Collect a few hundred representative inputs from logs. ' +
      'Keep a held-out portion that nobody tunes against.';
    const plan = planOf(
      [
        ['evalu', 3],
        ['set', 1],
        ['build', 2],
        ['product', 2],
      ],
      'procedure',
    );
    const answer = answerSentences(passageOf(text), plan, 90, 90, passageOf(next));
    expect(answer).toContain('Collect a few hundred representative inputs');
    // A question that asks no steps stays in its paragraph.
    const why = { ...plan, prefer: 'explanation' as const };
    expect(answerSentences(passageOf(text), why, 90, 90, passageOf(next))).not.toContain('Collect');
  });

  describe('how a thing works ("how does X combine …")', () => {
    const text =
      'Reciprocal rank fusion is popular because it needs no calibration. ' +
      'Weighted fusion of normalised scores can beat it on some data. ' +
      'Learned sparse models offer a third option. ' +
      'Reciprocal rank fusion gives each document a score from every list it appears in and sums them.';
    const fusion = { asked: ['reciprocal', 'rank', 'fusion'], idf: 4, alternatives: [['reciproc', 'rank', 'fusion']] };
    const plan: Plan = {
      concepts: [{ ...fusion, named: true }, concept('combin', 3)],
      weights: new Map([['fusion', 1]]),
      prefer: 'procedure',
    };

    it('tells a question about a thing from one about what the asker should do', () => {
      expect(asksOfThing(parseQuestion('How does reciprocal rank fusion combine keyword and vector results?'))).toBe(
        true,
      );
      expect(asksOfThing(parseQuestion('how do i stop reentrancy bugs in my contract'))).toBe(false);
      expect(asksOfThing(parseQuestion('How should I order the parts of my prompt?'))).toBe(false);
    });

    it('quotes the sentence in which the thing asked does something, not one that says what it is', () => {
      expect(answerSentences(passageOf(text), { ...plan, ofThing: true }, 90)).toContain('gives each document a score');
      // Asked what to do, the thing's doing is no answer of itself.
      expect(answerSentences(passageOf(text), plan, 90)).not.toContain('gives each document');
    });
  });
});

describe('sentences an answer is made of', () => {
  it('keeps a sentence whole past a question mark in brackets ("(is it supported?) and …")', () => {
    const text =
      'The key questions are faithfulness (is every claim supported?) and relevance (does it answer?). ' +
      'Both can be scored by a model.';
    expect(sentencesAt(text, sentenceStarts(text))).toEqual([
      'The key questions are faithfulness (is every claim supported?) and relevance (does it answer?).',
      'Both can be scored by a model.',
    ]);
  });
});
