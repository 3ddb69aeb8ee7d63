// A neighbour of the quoted sentences that is of the kind the question wants (a why's cause) goes
// with them when it fits, though it shares no word asked: the reason is often put in words of its own.
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const plan = (concepts: Plan['concepts'], prefer: Plan['prefer']): Plan => ({
  concepts,
  weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
  prefer,
});

// "why do greenhouse tomatoes split": the cause names neither tomatoes nor splitting.
const asked = [concept('greenhous', 3), concept('tomato', 3), concept('split', 2)];
const passage = essayPassage(
  'Irregular watering is the usual culprit, because a dry spell followed by a soaking makes the fruit swell faster than its skin can stretch. ' +
    'Greenhouse tomatoes split most often in late summer, when the days are hot and the nights are cool. ' +
    'Growers find the split tomatoes within a day of a heavy watering. ' +
    'The variety Moneymaker is sold in most garden centres across the country.',
);

describe('a neighbour of the kind asked', () => {
  it('is quoted with the best sentences when the question asks why', () => {
    expect(answerSentences(passage, plan(asked, 'explanation'), 90)).toContain(
      'Irregular watering is the usual culprit',
    );
  });

  it('is left out when it does not fit', () => {
    expect(answerSentences(passage, plan(asked, 'explanation'), 90, 40)).not.toContain('Irregular watering');
  });

  it('is not a neighbour with a figure for a quantity question: a digit is too common a cue', () => {
    const figured = essayPassage(
      'The first trays were sown in 2019 by a club of eight members. ' +
        'Greenhouse tomatoes split most often in late summer, when the days are hot and the nights are cool. ' +
        'Growers find the split tomatoes within a day of a heavy watering.',
    );
    expect(answerSentences(figured, plan(asked, 'number'), 90)).not.toContain('2019');
  });
});
