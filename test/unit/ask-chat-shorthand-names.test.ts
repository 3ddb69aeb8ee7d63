// Chat's shorthand that is also a name the glossary knows ("ppl" for people, "PPL" for perplexity):
// in lowercase chat it is the asker's word, in a long question's part as in a short question, and in
// the question's meaning vector too, where the table knows it only as the content's own word.
import { describe, expect, it } from 'vitest';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { situatedPlan, withoutContentChat } from '../../src/core/ask/situation.ts';

describe('chat shorthand that a glossary alias spells', () => {
  const postings = new Map(['ppl', 'perplex', 'adapt', 'prompt', 'usual', 'find'].map((term) => [term, [0, 1]]));
  const planner = new QueryPlanner(postings, 40, [{ slug: 'perplexity', names: ['perplexity', 'PPL'] }]);
  const asked = (question: string, situation: string) =>
    situatedPlan(planner, parseQuestion(question), situation).concepts.map((concept) => concept.asked.join(' '));

  it('is talk in the question part of a long question, not the glossary name', () => {
    const concepts = asked('what do ppl usually find', 'not sure whether to train adapters or rewrite the prompt lol');
    expect(concepts).not.toContain('ppl');
    expect(concepts).toContain('find');
  });

  it('still names the glossary term when written as an acronym', () => {
    const concepts = asked('what does PPL usually find', 'not sure whether to train adapters or rewrite the prompt');
    expect(concepts).toContain('PPL');
  });
});

describe('a question’s words for its meaning vector', () => {
  // "ppl" is in the table only as the content's word (perplexity's alias); "nah" is everyday English.
  const vectors = { general: (word: string) => ['nah', 'people', 'find'].includes(word.toLowerCase()) };

  it('leaves out a lowercase chat word the table knows only as the content’s own', () => {
    expect(withoutContentChat('what do ppl find', vectors)).toBe('what do find');
  });

  it('keeps chat words of everyday English, and a chat word written as an acronym', () => {
    expect(withoutContentChat('do ppl find it or nah', vectors)).toBe('do find it or nah');
    expect(withoutContentChat('what does PPL find', vectors)).toBe('what does PPL find');
  });
});
