// A sentence quoted on its own that opens by pointing back ("This is …", "That brings …") goes with
// the sentence before it, which says what it points to: a runner-up's or a second source's quote.
import { describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { withAntecedent } from '../../src/core/ask/sentence-kinds.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const plan = (concepts: Plan['concepts']): Plan => ({
  concepts,
  weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
  prefer: 'explanation',
});

// "why does the orchard lose its pears": the sentence naming the orchard's loss points back to the cause.
const asked = plan([concept('orchard', 3), concept('pear', 3), concept('los', 2)]);
const cause = 'Starlings arrive in late August and peck each ripening fruit once, leaving it to rot on the branch.';
const pointing = 'This is why the orchard loses most of its pears before the harvest.';
const passage = essayPassage(`The trees were planted in 1950 on the south slope. ${cause} ${pointing}`);

describe('a pointing sentence quoted alone', () => {
  it('is quoted with the sentence before it when both fit', () => {
    expect(answerSentences(passage, asked, 0, 60)).toBe(`${cause} ${pointing}`);
  });

  it('stays alone when only it fits', () => {
    expect(answerSentences(passage, asked, 0, 20)).toBe(pointing);
  });

  it('is quoted with the sentence before it when it is quoted past the room anyway', () => {
    expect(answerSentences(passage, asked, 0, 0)).toBe(`${cause} ${pointing}`);
  });
});

describe('withAntecedent', () => {
  const sentences = [cause, pointing, 'Netting the trees keeps the birds off.'];
  const fits = () => true;

  it('takes the sentence before one that points back', () => {
    expect(withAntecedent(sentences, 1, fits)).toEqual([0, 1]);
  });

  it('leaves a sentence that stands on its own, or opens its paragraph, alone', () => {
    expect(withAntecedent(sentences, 2, fits)).toEqual([2]);
    expect(withAntecedent([pointing], 0, fits)).toEqual([0]);
  });
});
