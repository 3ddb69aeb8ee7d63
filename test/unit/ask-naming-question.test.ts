// A question that describes a thing in everyday words and asks what it is called (decline.ts,
// ASKS_NAME): a glossary term whose page speaks most of the description's domain words answers it,
// though coverage and domain words sink because the question never says the term's name.
import { describe, expect, it } from 'vitest';
import { ASKS_NAME } from '../../src/core/ask/asks-name.ts';
import { DECLINE_CALIBRATION, declineRule, type DeclineEvidence } from '../../src/core/ask/decline.ts';

const evidence = (overrides: Partial<DeclineEvidence>): DeclineEvidence => ({
  confidence: 0.4,
  similarity: 0.2,
  phrased: false,
  namesSpoken: true,
  namedShare: 0,
  domainSpoken: 0.15,
  domainCovered: 0.6,
  ...overrides,
});

describe('a question asking what a thing is called', () => {
  it('reads the ways of asking for a name', () => {
    for (const asked of [
      'What do you call it when a kettle boils dry and the element burns out?',
      "What's it called when the tide goes out twice a day?",
      'Is there a term for bread that rises without yeast?',
      "What's the proper name for the little loop on a shoelace?",
      'A lamp that dims by itself at night, what is that called?',
    ])
      expect(ASKS_NAME.test(asked), asked).toBe(true);
  });

  it('does not read a product asked by name, or a name told, as asking for a term', () => {
    for (const asked of [
      "What's the name of that kettle brand with the blue handle?",
      'The kettle is called Blue Steam but why does it whistle twice?',
      'How do I call a function from another file?',
    ])
      expect(ASKS_NAME.test(asked), asked).toBe(false);
  });

  it('answers from a glossary term that speaks most of what the question describes', () => {
    expect(declineRule(evidence({}))).toBe('confidence');
    expect(declineRule(evidence({ naming: true }))).toBeUndefined();
    // Above the confidence bar the off-domain rule does not decline it either.
    expect(declineRule(evidence({ confidence: 0.55 }))).toBe('offDomain');
    expect(declineRule(evidence({ confidence: 0.55, naming: true }))).toBeUndefined();
  });

  it('declines a term that speaks too little of the description, or a weak match', () => {
    const covered = DECLINE_CALIBRATION.namingCovered;
    expect(declineRule(evidence({ naming: true, domainCovered: covered - 0.05 }))).toBe('confidence');
    expect(declineRule(evidence({ naming: true, confidence: DECLINE_CALIBRATION.agreedConfidence - 0.05 }))).toBe(
      'confidence',
    );
    // A proper name the term does not speak of still declines it.
    expect(declineRule(evidence({ naming: true, confidence: 0.55, namesSpoken: false }))).toBe('names');
  });

  it('takes only a term speaking of the description as vouching for it below the naming bar', () => {
    const bar = DECLINE_CALIBRATION.namingConfidence;
    // Meaning agrees with the words on an essay's section: enough for a question of another kind.
    const agreed = evidence({
      confidence: 0.45,
      similarity: DECLINE_CALIBRATION.agreedSimilarity + 0.05,
      domainSpoken: 0.5,
    });
    expect(declineRule(agreed)).toBeUndefined();
    expect(declineRule({ ...agreed, asksName: true })).toBe('confidence');
    // Above the confidence bar and below the naming bar: a partial match to some other idea.
    expect(declineRule(evidence({ confidence: bar - 0.02, domainCovered: 1, domainSpoken: 0.5, asksName: true }))).toBe(
      'confidence',
    );
    expect(
      declineRule(evidence({ confidence: bar, domainCovered: 1, domainSpoken: 0.5, asksName: true })),
    ).toBeUndefined();
    // A glossary term speaking most of what is described is answered as before.
    expect(declineRule(evidence({ asksName: true, naming: true }))).toBeUndefined();
  });
});
