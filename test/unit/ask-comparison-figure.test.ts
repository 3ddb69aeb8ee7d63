// A comparison quotes the figure that sets its sides side by side ("Figure: on Paxos … on Raft …"):
// for other questions a figure's description only restates the prose around it and counts for less.
import { describe, expect, it } from 'vitest';
import { quotedPassages } from '../../src/core/ask/answer-passages.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

const context = sectionQuoting([
  essayPassage('Paxos and Raft both keep a log in step across servers. Both survive the loss of a minority.'),
  essayPassage(
    'Figure: elections. On Paxos an election can stall for seconds while proposers compete; on Raft an election ends within a few hundred milliseconds.',
  ),
  essayPassage('An election restarts when heartbeats stop. Operators tune the election timeout by hand.'),
]);
const plan: Plan = {
  concepts: [concept('election', 2), concept('paxos', 3), concept('raft', 3)],
  weights: new Map(),
};
const quoted = (text: string) =>
  quotedPassages(context, 0, plan, parseQuestion(text))
    .filter((each) => !each.alone)
    .map((each) => each.passage);

describe("a section's figure", () => {
  it('is quoted for a comparison whose sides it sets side by side', () => {
    expect(quoted('How do elections compare between Paxos and Raft?')).toContain(1);
  });

  it('counts for less for a question that does not compare', () => {
    expect(quoted('What happens in an election in Paxos and Raft?')).not.toContain(1);
  });
});
