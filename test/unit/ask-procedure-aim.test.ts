// A procedure question's aim ("… so the library's fine never applies") does not choose the paragraph
// quoted: the one that tells the steps rarely repeats the goal, one about the goal does (procedure-aim.ts).
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { withoutAim } from '../../src/core/ask/procedure-aim.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { terms } from '../../src/core/ask/text.ts';
import { essayPassage, sectionQuoting } from '../support/ask-documents.ts';

const concept = (word: string, idf: number) => ({ asked: [word], idf, alternatives: [terms(word)], named: false });

const context = sectionQuoting([
  essayPassage('A lending fine is charged for every day a book is late. The library sets the fine each year.'),
  essayPassage('Shelves sorted by due date help. Keep the books due soonest on the lowest shelf.'),
]);
// "fine" and "lending" only in the goal's paragraph; "shelves" and "arrange" in the one with the steps.
const plan = (prefer: Plan['prefer']): Plan => ({
  concepts: [
    concept('arrange', 2),
    concept('shelves', 2),
    concept('library', 1),
    concept('lending', 3),
    concept('fine', 3),
  ],
  weights: new Map(),
  prefer,
});
// The paragraph chosen: a runner-up's sentence added after it (`alone`) is not the choice.
const quoted = (text: string, prefer: Plan['prefer'] = 'procedure') =>
  quotedPassages(context, 0, plan(prefer), parseQuestion(text))
    .filter((each) => !each.alone)
    .map((each) => each.passage);

describe("a procedure question's aim", () => {
  it('does not draw the quote to the paragraph about the goal', () => {
    expect(quoted("How should I arrange the shelves so the library's lending fine never applies?")).toEqual([1]);
    expect(quoted('How do I arrange the shelves if I want no lending fine from the library?')).toEqual([1]);
  });

  it('leaves the words asked before the aim, and other kinds of question, as they were', () => {
    expect(quoted('How should I arrange the shelves to avoid a lending fine from the library?')).toEqual([0]);
    expect(quoted("Why arrange the shelves so the library's lending fine never applies?", 'explanation')).toEqual([0]);
  });

  it('reads "tell if" as asking whether, not as an aim', () => {
    const asked = plan('procedure');
    expect(withoutAim(asked, parseQuestion('How can I tell if the library charges a lending fine?'))).toBe(asked);
    const aimed = withoutAim(
      asked,
      parseQuestion('How can I arrange the shelves if the library charges a lending fine?'),
    );
    expect(aimed.concepts.map((each) => each.asked[0])).toEqual(['arrange', 'shelves']);
  });
});
