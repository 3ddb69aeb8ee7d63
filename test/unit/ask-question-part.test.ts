// A long question's question part (question.ts questionClause): a short question that is a
// sentence of its own ("Why not?") is what the message asks, its circumstances before it; two
// words at the end of a sentence that tells the rest ("…, what now") are not. A question part of
// English's commonest words only ("what is going on"), or of words the content is not about ("what's
// the concern"), asks what its circumstances are about (situation.ts situatedPlan).
import { describe, expect, it } from 'vitest';
import { type Concept, type Plan, QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion, questionClause } from '../../src/core/ask/question.ts';
import { situatedPlan } from '../../src/core/ask/situation.ts';

describe('a short question after a long situation', () => {
  it('is the question part when it is a sentence of its own', () => {
    const asked =
      'I wanted to run an order book for our token on Ethereum like a stock exchange does. ' +
      'A friend says nobody builds one that way on-chain. Why not?';
    expect(questionClause(asked)).toBe('Why not');
  });

  it('is not the question part after a comma, where it ends the sentence that tells the rest', () => {
    const asked =
      'we have one small GPU, an open model and two thousand labelled replies, and we need answers in our format, what now';
    expect(questionClause(asked)).toBeUndefined();
  });

  it('is a sentence of its own that asks what happened, not a clause after a comma', () => {
    const told = 'I moved my coins to a new wallet last night and the transfer cost far more than it usually does.';
    expect(questionClause(`${told} Did I pay too much?`)).toBe('Did I pay too much');
    expect(questionClause(`${told} Was the network busy?`)).toBe('Was the network busy');
    expect(questionClause(`${told.slice(0, -1)}, did I pay too much?`)).toBeUndefined();
  });

  it('still takes a question part of three words or more after a comma', () => {
    const asked =
      'our team keeps getting different replies from the model for the same prompt every single time, what setting controls that';
    expect(questionClause(asked)).toBe('what setting controls that');
  });
});

describe('a question part of English’s commonest words only', () => {
  const postings = new Map(
    ['go', 'design', 'transact', 'fee', 'pend', 'mempool', 'email', 'assist'].map((term) => [term, [0, 1]]),
  );
  const planner = new QueryPlanner(postings, 40, [{ slug: 'mempool', names: ['mempool'] }]);
  // Ranks in English: "going" and "design" among the commonest, the rest rarer.
  const common = new Set(['going', 'design', 'should', 'we']);
  const vectors = { rank: (word: string) => (common.has(word.toLowerCase()) ? 300 : 9_000) };
  const situation = 'I sent a transaction with a low fee hours ago and it is still pending';
  const asked = (plan: Plan) => plan.concepts.map((concept) => concept.asked.join(' '));

  it('asks what its circumstances are about: their words count in coverage', () => {
    const plan = situatedPlan(planner, parseQuestion('what is going on'), situation, vectors);
    expect(asked(plan)).toEqual(expect.arrayContaining(['going', 'pending', 'transaction']));
    // …as circumstances, at their share of the weight.
    const pending = plan.concepts.find((concept) => concept.asked[0] === 'pending');
    expect(pending?.circumstance).toBe(true);
  });

  it('is read alone, with the names its circumstances give, when it has a word of its own', () => {
    const plan = situatedPlan(planner, parseQuestion('what is clogging the mempool'), situation, vectors);
    expect(asked(plan)).not.toContain('pending');
    // Without word vectors nothing says which words are English's commonest.
    expect(asked(situatedPlan(planner, parseQuestion('what is going on'), situation))).not.toContain('pending');
  });
});

describe('a question part of words the content is not about', () => {
  const postings = new Map(
    ['comput', 'budget', 'colleagu', 'bigger', 'research', 'balanc', 'concern'].map((term) => [term, [0, 1]]),
  );
  const planner = new QueryPlanner(postings, 40, []);
  // The content is about compute and budgets; a colleague, research and a balance are everyday words.
  const content = {
    about: (concept: Concept) => concept.named === true || ['compute', 'budget'].includes(concept.asked[0]!),
    topical: (concept: Concept) => ['compute', 'budget'].includes(concept.asked[0]!),
  };
  const situation = 'our lab has a fixed compute budget and a colleague wants the model bigger';
  const asked = (plan: Plan) => plan.concepts.map((concept) => concept.asked.join(' '));

  it('asks what its circumstances are about: their words the content is about count in coverage', () => {
    const plan = situatedPlan(
      planner,
      parseQuestion('what did the research find about the balance'),
      situation,
      undefined,
      content,
    );
    expect(asked(plan)).toEqual(expect.arrayContaining(['research', 'balance', 'compute', 'budget']));
    // …as circumstances; their story ("a colleague", "bigger") the answer need not repeat.
    expect(plan.concepts.find((concept) => concept.asked[0] === 'compute')?.circumstance).toBe(true);
    expect(asked(plan)).not.toContain('colleague');
  });

  it('is read alone when it points back at its circumstances, asks advice or has a word the content is about', () => {
    const pointing = situatedPlan(planner, parseQuestion('is that a concern'), situation, undefined, content);
    expect(asked(pointing)).not.toContain('compute');
    // Advice asked ("which course should I take") wants a recommendation the circumstances' topic
    // does not give: a page about compute answers nothing of it.
    const advice = situatedPlan(planner, parseQuestion('which course should I take'), situation, undefined, content);
    expect(asked(advice)).not.toContain('compute');
    const own = situatedPlan(planner, parseQuestion('what about the compute budget'), situation, undefined, content);
    expect(asked(own)).not.toContain('colleague');
    // Without the index's reading of the content nothing says what it is about.
    expect(asked(situatedPlan(planner, parseQuestion('what is the concern'), situation))).not.toContain('compute');
  });
});

describe('two questions joined', () => {
  it('are read whole, not as a situation and its question', () => {
    expect(
      questionClause('whats a soulbound token exactly and why would anyone want a token that they can never sell'),
    ).toBeUndefined();
    // A situation before the question is still set aside.
    expect(
      questionClause(
        'my friend keeps buying tokens he can never sell again and I do not get it, why would anyone want that',
      ),
    ).toBe('why would anyone want that');
  });

  it('are read whole when the first asks on its own and the second follows it up', () => {
    expect(
      questionClause('can you explain what a bridge is in crypto? why do rollups need one at all'),
    ).toBeUndefined();
    expect(
      questionClause('what is a bridge in crypto, roughly speaking? why do rollups need one at all'),
    ).toBeUndefined();
    // A question after a sentence that tells what happened is still the question part.
    expect(
      questionClause('I moved my coins over the bridge last night. Is something broken? How do people avoid the wait'),
    ).toBe('How do people avoid the wait');
  });
});
