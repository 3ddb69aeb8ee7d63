// Whether a comparison asks something of its sides beyond naming them ("ERC-721 vs ERC-1155: when
// would I use which"): comparison.ts then lets an essay section that discusses both lead.
import type { Plan } from './query-plan.ts';
import { CLAUSE_BREAK, type Question } from './question.ts';

/** The question words that open what a comparison asks ("how do withdrawal times compare …"). */
const ASKING = /\b(?:how|what|which|why|when|where|who)\b/gi;

/**
 * Whether a comparison asks of its sides something beyond them: a concept none of the sides' words,
 * said from the first side, or from a question word before it in its clause ("How do withdrawal times
 * compare between …"), to the question mark. What comes before is otherwise talk or circumstance
 * ("I've been reading about this for weeks …: X vs Y? be honest"), not asked of the two.
 */
export function asksBeyond(plan: Plan, question: Question, sides: ReadonlyArray<{ plan: Plan }>): boolean {
  const text = question.text.toLowerCase();
  const side = Math.max(0, text.indexOf(question.sides?.[0]?.toLowerCase() ?? ''));
  const clause = text.slice(0, side).split(CLAUSE_BREAK).at(-1) ?? '';
  const asking = [...clause.matchAll(ASKING)].at(-1);
  const from = asking ? side - clause.length + asking.index : side;
  const end = text.indexOf('?', from);
  const said = new Set(text.slice(from, end < 0 ? undefined : end).split(/[^\p{L}\p{N}'-]+/u));
  const named = new Set(sides.flatMap((side) => side.plan.concepts.flatMap((concept) => concept.alternatives.flat())));
  return plan.concepts.some(
    (concept) =>
      concept.asked.every((word) => said.has(word.toLowerCase())) &&
      !concept.alternatives.some((terms) => terms.some((term) => named.has(term))),
  );
}
