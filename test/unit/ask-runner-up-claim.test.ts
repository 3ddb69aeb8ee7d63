// A why answered by a short claim of an essay section's runner-up paragraph (answer-passages.ts,
// sectionQuotes, claimLeads): the claim's reason is in the sentences after it, so that paragraph is
// quoted as the answer, from the claim on through the sentences that bear it out as far as they fit,
// and the chosen one's best sentence beside it, rather than the claim alone.
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { answerOf } from '../../src/core/ask/answer-shape.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

const words = [concept('kettle', 3), concept('whistl', 2), concept('boil', 2)];
const asked = parseQuestion('why does my kettle whistle when the water boils');

const answerFrom = (texts: readonly string[], prefer?: Plan['prefer']) => {
  const plan: Plan = { concepts: words, weights: new Map(), prefer };
  const passages = texts.map((text) => essayPassage(text));
  const quoted = quotedPassages(sectionQuoting(passages), 0, plan, asked);
  const answer = answerOf(quoted.map((each) => ({ ...each, passage: passages[each.passage]! })));
  return { quoted: quoted.map((each) => [each.passage, each.alone ?? false]), text: answer.text };
};

const chosen = 'A kettle heats water until it boils, and the whistle sits on its spout. Tea drinkers like the sound.';
const reason =
  'Steam forced through a narrow opening sets the air inside ringing at a pitch heard from the next room. Makers tune that opening on purpose.';

describe("a short claim of a section's runner-up paragraph", () => {
  it('is quoted with the sentences that bear it out when a why is asked', () => {
    const { quoted, text } = answerFrom(
      [chosen, `A boiling kettle's whistle is no accident. ${reason}`],
      'explanation',
    );
    expect(quoted).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(text).toContain("kettle's whistle is no accident. Steam forced through a narrow opening");
  });

  it('goes on past the sentence after the claim to the reason further on, as far as it fits', () => {
    const argued = [
      "A boiling kettle's whistle is no accident.",
      'Steam forced through a narrow opening sets the air inside ringing at a pitch heard from the next room.',
      'Air rushing past a sharp edge sheds small vortices, one after another, at a steady rate.',
      'The chamber behind the spout resonates at that rate and makes the note loud enough to carry.',
    ].join(' ');
    const { text } = answerFrom([chosen, argued], 'explanation');
    expect(text).toContain('sheds small vortices');
    expect(text).toContain('The chamber behind the spout resonates');
  });

  it('stays alone when the question asks no why', () => {
    const { quoted, text } = answerFrom([chosen, `A boiling kettle's whistle is no accident. ${reason}`]);
    expect(quoted).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(text).not.toContain('Steam forced');
  });

  it('stays alone when the short sentence states a figure', () => {
    const { quoted } = answerFrom([chosen, `A boiling kettle whistles at 100 degrees. ${reason}`], 'explanation');
    expect(quoted).toEqual([
      [0, false],
      [1, true],
    ]);
  });
});
