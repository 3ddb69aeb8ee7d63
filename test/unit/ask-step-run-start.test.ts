// A procedure answered by a run of commands is quoted from the run's first step: the step that
// names the task's words is often a later one, and the steps before it come first in the doing.
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const planOf = (prefer: Plan['prefer'], ofThing = false): Plan => {
  const concepts = [concept('wallet', 3), concept('backup', 3), concept('trust', 2)];
  return {
    concepts,
    weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
    prefer,
    ...(ofThing ? { ofThing } : {}),
  };
};

const steps = essayPassage(
  'Losses rarely come from clever attacks. Write the seed phrase on paper. Check every word against the screen. ' +
    'Store the paper somewhere dry. Test the wallet backup you can trust by restoring it on a spare device. ' +
    'People who skip the last part find out too late.',
);

describe('a run of commands', () => {
  it('is quoted from its first step for what to do', () => {
    const text = answerSentences(steps, planOf('procedure'), 40, 40);
    expect(text.startsWith('Write the seed phrase on paper.')).toBe(true);
  });

  it('is quoted from the step that answers best for how a thing works', () => {
    const text = answerSentences(steps, planOf('procedure', true), 40, 40);
    expect(text.startsWith('Write the seed phrase on paper.')).toBe(false);
  });
});
