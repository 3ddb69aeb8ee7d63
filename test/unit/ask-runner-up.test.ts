// An essay section's next best paragraph (answer-passages.ts, sectionQuotes): when it weighs nearly
// as much as the one chosen, its best sentence follows or precedes the chosen quote, in reading
// order, if it fits in the words the chosen quote leaves.
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { answerOf } from '../../src/core/ask/answer-shape.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

const plan: Plan = { concepts: [concept('kettle', 3), concept('whistl', 2), concept('boil', 2)], weights: new Map() };
const asked = parseQuestion('why does my kettle whistle when the water boils');

const answerFrom = (texts: readonly string[]) => {
  const passages = texts.map((text) => essayPassage(text));
  const quoted = quotedPassages(sectionQuoting(passages), 0, plan, asked);
  const answer = answerOf(quoted.map((each) => ({ ...each, passage: passages[each.passage]! })));
  return { quoted, text: answer.text };
};

describe("an essay section's runner-up paragraph", () => {
  it('adds its best sentence after the chosen quote when it weighs nearly as much', () => {
    const { quoted, text } = answerFrom([
      'Steam escaping through a narrow spout makes the whistle of a kettle. Tea drinkers rely on it.',
      'Water heats slowly at first. The whistle sounds only once the water boils. Cold water stays quiet.',
    ]);
    expect(quoted.map((each) => [each.passage, each.alone ?? false])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(text.startsWith('Steam escaping through a narrow spout')).toBe(true);
    expect(text.endsWith('The whistle sounds only once the water boils.')).toBe(true);
  });

  it('comes first when it comes first in the section', () => {
    const { quoted, text } = answerFrom([
      'Water heats slowly at first, over a minute or two on most stoves. The whistle sounds only once the water boils. Cold water stays quiet.',
      'Steam escaping through a narrow spout makes the whistle of a kettle. Tea drinkers rely on it.',
    ]);
    expect(quoted.map((each) => [each.passage, each.alone ?? false])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(text.startsWith('The whistle sounds only once the water boils.')).toBe(true);
  });

  it('is left out when it weighs under half as much as the chosen paragraph', () => {
    const { quoted } = answerFrom([
      'Tea drinkers like a kettle. Some prefer a pot.',
      'A kettle heats water until it boils. The whistle sounds only once the water boils. Cold kettles stay quiet.',
    ]);
    expect(quoted.map((each) => each.passage)).toEqual([1]);
  });

  it('is left out when its sentence would take the answer past its words', () => {
    const long = Array.from({ length: 40 }, (_, at) => `word${at}`).join(' ');
    const { quoted, text } = answerFrom([
      `Steam escaping through a narrow spout makes the whistle of a kettle, ${long}.`,
      `Water heats slowly at first. The whistle sounds only once the water boils, ${long}.`,
    ]);
    expect(quoted.some((each) => each.alone)).toBe(true);
    expect(text).not.toContain('The whistle sounds');
  });
});
