// A question that asks how to counter something ("how do I stop X from …", "how can I protect my …
// against …", "how do I keep X from …ing"): its verb of preventing speaks to every verb of the kind,
// so that the passage about the defence ("Several defences now exist", "the mitigations are …")
// answers it, rather than the one that says what the thing is.
import type { Concept, Plan } from './query-plan.ts';
import type { Question } from './question.ts';
import { terms } from './text.ts';

/**
 * The English verbs of preventing and the nouns made from them: a closed class. A question asks to
 * counter with one of them, and a passage that tells how to counter says so with one of them.
 */
const COUNTERING_TERMS = terms(
  'stop prevent prevention avoid avoidance protect protection defend defence defense guard safeguard shield mitigate mitigation',
);
const COUNTERING = new Set(COUNTERING_TERMS);

/** A question that asks what to do: "how do/can/should I …". */
const ASKS_WHAT_TO_DO = /\bhow\s+(?:do|can|could|should|would|to)\b/i;

/** "keep X from …ing": to keep is to prevent only with its "from". */
const KEEP_FROM = /\bkeep(?:s|ing)?\s+(?:\S+\s+){1,6}?from\s+\w+ing\b/i;

/** The concept of a question's verb of preventing, if it asks how to counter something. */
function counteringConcept(plan: Plan, question: Question): Concept | undefined {
  if (!ASKS_WHAT_TO_DO.test(question.text)) return undefined;
  const keeps = KEEP_FROM.test(question.text);
  const isVerb = (term: string) => COUNTERING.has(term) || (keeps && term === 'keep');
  return plan.concepts.find((concept) =>
    concept.alternatives.some((sequence) => sequence.length === 1 && isVerb(sequence[0]!)),
  );
}

/** Whether a question asks how to stop, prevent, avoid or defend against something. */
export function asksToCounter(plan: Plan, question: Question): boolean {
  return counteringConcept(plan, question) !== undefined;
}

/**
 * A countering question's plan with its verb of preventing speaking to all the class's words, at the
 * verb's own weight: "defend" to a paragraph that starts "Defences exist at several layers", "keep
 * … from" to a section headed "Defending users". Other questions keep their plan. Measured on the
 * development sets: ask-dev-retired-blind right first and key fact one more each ("keep my DEX
 * trades from getting sandwiched" led by the DEX's definition), ask-dev3 top 3 one more; nothing lost.
 */
export function withCountering(plan: Plan, question: Question): Plan {
  const verb = counteringConcept(plan, question);
  if (!verb) return plan;
  const own = verb.alternatives.flat();
  const weight = Math.max(0, ...own.map((term) => plan.weights.get(term) ?? 0));
  const weights = new Map(plan.weights);
  for (const term of COUNTERING_TERMS) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  const alternatives = [
    ...verb.alternatives,
    ...COUNTERING_TERMS.filter((term) => !own.includes(term)).map((term) => [term]),
  ];
  const concepts = plan.concepts.map((concept) => (concept === verb ? { ...concept, alternatives } : concept));
  return { ...plan, concepts, weights };
}
