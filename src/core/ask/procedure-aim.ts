// A procedure question's aim: what it asks the steps for, said after what it asks ("how should I
// order the parts of my prompt so the provider's caching discount kicks in"); and the way it sets
// aside ("… instead of eyeballing a few outputs").
import type { Concept, Plan } from './query-plan.ts';
import type { Question } from './question.ts';
import { terms } from './text.ts';

/**
 * Where a procedure question goes on to say what the steps are for or when they apply: "… so the
 * discount kicks in", "… so that …", "… in order to …", "… if it doesn't approximate anything". An
 * "if" after a verb of finding out ("tell if", "check if") asks whether, and is what is asked.
 */
const AIM =
  /\s(?:so(?:\s+that)?|in\s+order\s+to|(?<!\b(?:tell|know|check|see|ask|wonder|decide|determine|sure|out)\s)if)\s+(.+)$/i;

/**
 * A procedure's plan for choosing what to quote, without the words only its aim uses. The paragraph
 * that tells the steps rarely repeats the goal they serve ("the cache matches prefixes exactly …:
 * put stable material first"), while one about the goal itself does ("providers charge cached
 * tokens at a steep discount"), and so the goal's words drew the quote to it. A word the question
 * also asks before its aim stays; ranking still reads the whole question. Measured on the
 * development sets: ask-dev4 key fact 71.2 % to 72.4 % (two procedures), nothing else moved; at a
 * tenth of their weight instead of none, one of the two; with "without" and "before" as aims, four
 * lost ("settle a dispute without re-running the whole batch" asks for the without).
 */
export function withoutAim(plan: Plan, question: Question): Plan {
  if (plan.prefer !== 'procedure') return plan;
  const aim = AIM.exec(question.text);
  if (!aim) return plan;
  const asked = new Set(terms(question.text.slice(0, aim.index)));
  const aimed = new Set(terms(aim[1]!));
  const onlyAimed = (concept: Concept) => concept.alternatives[0]!.every((term) => aimed.has(term) && !asked.has(term));
  const kept = plan.concepts.filter((concept) => !onlyAimed(concept));
  return kept.length === 0 || kept.length === plan.concepts.length ? plan : { ...plan, concepts: kept };
}

/**
 * Where a procedure question names the way it sets aside, to the end of its clause: "how do I test
 * a prompt properly instead of eyeballing a few outputs", "… rather than by hand".
 */
const SET_ASIDE = /\s(?:instead\s+of|rather\s+than)\s+([^,;]+)/i;

/**
 * A word only the set-aside way uses weighs this share of its IDF. Measured on the development
 * sets: right first +1 on ask-dev2 and ask-dev4 at 0 and at 0.25 alike, nothing else moved; for
 * every kind of question, right first +3 and −2, key fact −3.
 */
export const SET_ASIDE_SHARE = 0.25;

/**
 * A procedure's plan with the words only its set-aside way uses (SET_ASIDE) weighed down, in
 * ranking and quoting alike. The asker says what they do not want to do; a section about that
 * ("Structure: instructions, data and output" for "… a few outputs") answers what they left, and
 * the one that tells the way asked ("Testing a prompt like code") need not name it. A word the
 * question also uses before it keeps its weight.
 */
export function setAsideWeighed(plan: Plan, question: Question): Plan {
  if (plan.prefer !== 'procedure') return plan;
  const setAside = SET_ASIDE.exec(question.text);
  if (!setAside) return plan;
  const asked = new Set(terms(question.text.slice(0, setAside.index)));
  const aside = new Set(terms(setAside[1]!));
  const onlyAside = (concept: Concept) => concept.alternatives[0]!.every((term) => aside.has(term) && !asked.has(term));
  if (!plan.concepts.some(onlyAside)) return plan;
  const weigh = (concept: Concept) =>
    onlyAside(concept) ? { ...concept, idf: concept.idf * SET_ASIDE_SHARE } : concept;
  return { ...plan, concepts: plan.concepts.map(weigh) };
}
