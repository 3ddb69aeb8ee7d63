// An acronym asked in capitals that the content uses throughout ("AI") is the question's setting in
// the decline decision's domain evidence (decline.ts, settingAcronym): a passage that answers need
// not say it, as it need not say a name the content uses throughout.
import { describe, expect, it } from 'vitest';
import { DECLINE_CALIBRATION, declineEvidence, declines, type DeclineContext } from '../../src/core/ask/decline.ts';
import type { Concept, Plan } from '../../src/core/ask/query-plan.ts';

describe('an acronym the content uses throughout, asked in capitals', () => {
  // 1,000 passages. The best one (0) is about the loss a model pushes down as it reads text; it
  // never says "AI", which 150 passages of the content say, nor "call", which 160 say.
  const used: Record<string, number> = { ai: 150, call: 160, loss: 40, text: 150, gdpr: 3, number: 140 };
  const ranks: Record<string, number> = { ai: 7_500, AI: 7_500, call: 500, loss: 3_000, text: 2_600, number: 200 };
  const context: DeclineContext = {
    speaksTo: (term) => ['loss', 'text', 'number'].includes(term),
    frequency: (term) => used[term] ?? 0,
    passages: 1000,
    rank: (word) => ranks[word] ?? ranks[word.toLowerCase()] ?? 30_000,
  };
  const plain = (word: string, idf = 2): Concept => ({
    asked: [word],
    idf,
    alternatives: [[word.toLowerCase()]],
    named: false,
  });
  const planOf = (...concepts: Concept[]): Plan => ({ concepts, weights: new Map() });
  const top = { passage: 0, score: 1, coverage: 0, confidence: 0.55 };
  const evidenceOf = (plan: Plan) => declineEvidence(plan, top, true, context);

  it('counts it as spoken by a passage that never says it', () => {
    const asked = evidenceOf(planOf(plain('number'), plain('text', 1), plain('AI', 4), plain('pushes', 6)));
    // text (1) and AI (4) of a weight of 13: the passage speaks to the question's domain.
    expect(asked.domainSpoken).toBeCloseTo(5 / 13);
    expect(asked.domainSpoken).toBeGreaterThanOrEqual(DECLINE_CALIBRATION.domainEvidence);
    expect(declines(asked)).toBe(false);
  });

  it('does not count it written in lowercase, a word used throughout, or an acronym used rarely', () => {
    // Without the acronym, text (1) alone of 13 is too little: the question is declined as off the domain.
    const lowercase = evidenceOf(planOf(plain('number'), plain('text', 1), plain('ai', 4), plain('pushes', 6)));
    expect(lowercase.domainSpoken).toBeCloseTo(1 / 13);
    expect(declines(lowercase)).toBe(true);
    // "call" is used throughout but is a word, not an acronym: what is asked may not be there.
    const word = evidenceOf(planOf(plain('number'), plain('text', 1), plain('call', 4), plain('pushes', 6)));
    expect(word.domainSpoken).toBeCloseTo(1 / 13);
    // An acronym three passages use is something the passage must speak of.
    const rare = evidenceOf(planOf(plain('number'), plain('text', 1), plain('GDPR', 4), plain('pushes', 6)));
    expect(rare.domainSpoken).toBeCloseTo(1 / 13);
  });
});
