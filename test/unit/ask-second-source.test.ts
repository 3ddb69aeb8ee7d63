// The second source's quote after an essay section's (answer-passages.ts, secondQuote): when the
// ranking is unsure which of its first two sources answers, the second's best sentences follow the
// section's quotes, in the words those leave, never cutting them.
import { describe, expect, it } from 'vitest';
import { type QuotingContext, quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { answerOf } from '../../src/core/ask/answer-shape.ts';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, wordConcept as concept } from '../support/ask-documents.ts';

const plan: Plan = { concepts: [concept('kettle', 3), concept('whistl', 2), concept('boil', 2)], weights: new Map() };
const asked = parseQuestion('why does my kettle whistle when the water boils');

/** Passages 0 to `inSection - 1` are one essay section, the rest a second source (a glossary term's page). */
const quoting = (passages: readonly AskPassage[], inSection: number): QuotingContext => {
  const section = passages.slice(0, inSection).map((_, at) => at);
  const term = passages.slice(inSection).map((_, at) => inSection + at);
  return {
    passages,
    ranking: {
      paragraphsOf: () => [],
      passagesBeside: (passage) => (passage < inSection ? section : term),
      definitionOf: () => undefined,
    },
  };
};

const termPassage = (text: string) =>
  essayPassage(text, { type: 'glossary', slug: 'kettle', title: 'Kettle', section: null, kind: 'paragraph' });

const answerFrom = (passages: readonly AskPassage[], inSection: number, second?: number) => {
  const quoted = quotedPassages(quoting(passages, inSection), 0, plan, asked, second);
  return answerOf(quoted.map((each) => ({ ...each, passage: passages[each.passage]! }))).text;
};

describe("the second source's quote after an essay section's", () => {
  const section = essayPassage('Tea drinkers love a kettle. Many own two.');
  const term = termPassage('A kettle heats water. It whistles when the water boils, as steam escapes the spout.');

  it("adds the second source's best sentence after the section's quote", () => {
    const text = answerFrom([section, term], 1, 1);
    expect(text.startsWith('Tea drinkers love a kettle.')).toBe(true);
    expect(text).toContain('It whistles when the water boils');
  });

  it('adds nothing without a second source', () => {
    expect(answerFrom([section, term], 1)).not.toContain('whistles');
  });

  it("leaves the section's own runner-up paragraph its words first", () => {
    const long = Array.from({ length: 30 }, (_, at) => `word${at}`).join(' ');
    const passages = [
      essayPassage(`Steam escaping through a narrow spout makes the whistle of a kettle, ${long}.`),
      essayPassage(`Water heats slowly at first. The whistle sounds only once the water boils, ${long}.`),
      termPassage(`A kettle heats water. It whistles when the water boils, as steam escapes the spout, ${long}.`),
    ];
    const text = answerFrom(passages, 2, 2);
    expect(text).toContain('The whistle sounds only once the water boils');
    expect(text).not.toContain('It whistles');
  });

  it("chooses the second source's paragraph by all it speaks to, not its best two sentences alone", () => {
    const passages = [
      section,
      termPassage('A kettle whistles. It is loud.'),
      termPassage('A kettle heats. Soon it whistles. Steam rises. By then the water boils.'),
    ];
    const text = answerFrom(passages, 1, 1);
    expect(text).toContain('Soon it whistles.');
    expect(text).not.toContain('It is loud.');
  });

  it("quotes the second source's best sentence that fits when its best one does not", () => {
    const filler = (count: number) => Array.from({ length: count }, (_, at) => `word${at}`).join(' ');
    const passages = [
      essayPassage(`Tea drinkers love a kettle, ${filler(60)}.`),
      termPassage(`A kettle whistles when the water boils, ${filler(30)}. The water boils at a hundred degrees.`),
    ];
    const text = answerFrom(passages, 1, 1);
    expect(text).toContain('The water boils at a hundred degrees.');
    expect(text).not.toContain('A kettle whistles');
  });

  it('quotes no sentence of the second source that speaks too little to the question', () => {
    const filler = (count: number) => Array.from({ length: count }, (_, at) => `word${at}`).join(' ');
    const passages = [
      essayPassage(`Tea drinkers love a kettle, ${filler(60)}.`),
      termPassage(`A kettle whistles when the water boils, ${filler(30)}. It is made of steel.`),
    ];
    expect(answerFrom(passages, 1, 1)).not.toContain('steel');
  });
});
