// A short verdict beside the quoted sentences goes with them: the point is often put in a few words
// that share none of the question's, next to the sentences that set it up or bear it out.
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { isVerdict } from '../../src/core/ask/sentence-kinds.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const plan = (concepts: Plan['concepts'], prefer: Plan['prefer'] = 'explanation'): Plan => ({
  concepts,
  weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
  prefer,
});

describe('a short sentence', () => {
  it('is a verdict when it states a point', () => {
    expect(isVerdict('Skipping the meeting is sensible.')).toBe(true);
    expect(isVerdict('The pump worked; the valve did not.')).toBe(true);
  });

  it('is no verdict when it heads what follows, supposes a case, or is a caption or a sum', () => {
    expect(isVerdict('Two objections are common.')).toBe(false);
    expect(isVerdict('The second reason is older.')).toBe(false);
    expect(isVerdict('Suppose the tank holds ten litres.')).toBe(false);
    expect(isVerdict('Figure: the pump and its valve.')).toBe(false);
    expect(isVerdict('Then x = 4 and y = 2.')).toBe(false);
    expect(isVerdict('Is that sensible?')).toBe(false);
    expect(isVerdict('The pump.')).toBe(false);
  });
});

describe('a verdict beside the quoted sentences', () => {
  // "why do so few tenants go to the building meetings": the verdict names neither tenants nor meetings.
  const asked = plan([concept('tenant', 3), concept('meet', 3), concept('build', 2)]);
  const passage = essayPassage(
    'Staying home is sensible. A tenant who rents for a year gains little from a building meeting that lasts three hours, and the agenda is usually settled before it opens. ' +
      'The landlord meets the tenant association separately each spring, with the minutes posted in the hall.',
  );

  it('is quoted with them when it fits', () => {
    expect(answerSentences(passage, asked, 90)).toContain('Staying home is sensible.');
  });

  it('is left out when it does not fit', () => {
    expect(answerSentences(passage, asked, 90, 45)).not.toContain('Staying home is sensible.');
  });

  it('goes with a lone best sentence when the pair is too long but the verdict fits', () => {
    expect(answerSentences(passage, asked, 0, 40)).toBe(
      'Staying home is sensible. A tenant who rents for a year gains little from a building meeting that lasts three hours, and the agenda is usually settled before it opens.',
    );
  });
});
