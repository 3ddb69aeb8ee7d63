// Sentence kinds: the patterns that tell what a sentence does (a step, a cause, a definition, a
// figure, advice), for the kind of sentence a question wants (Plan.prefer, excerpts.ts).
import { EXPLANATORY_CUES } from './ask-documents.ts';
import type { Plan } from './query-plan.ts';
import { rawWords } from './text.ts';

/**
 * A sentence that tells the reader to do something: a verb first, then what it acts on ("Count
 * every pair …", "Keep a held-out portion …"), or after an opening clause ("For retrieval, build a
 * set …"). Words that open statements (articles, pronouns, prepositions, quantifiers) are not verbs.
 */
const IMPERATIVE =
  /^(?:(?:if|when|before|for|where|once)\b[^,]*,\s+)?(?!(?:in|on|at|for|by|with|from|to|as|of|after|before|since|during|under|over|among|between|like|unlike|all|both|each|every|most|many|some|such|this|that|these|those|it|its|they|there|here|one|no|not|only|even|also|then|so|but|and|or|if|when|while|where|because|although|though|once|until|what|which|who|how|why|a|an|the|see|[a-z]+ing|[a-z]+ly)\b)[a-z]+\s+(?:the|a|an|every|each|all|your|its|their|it|them|two|three|several|any)\b/i;
/** What to do, or whether to worry: a recommendation, a remedy, a usual course. */
const ADVICE =
  /\b(?:should|treat|avoid|instead|the\s+(?:fix|remedy|usual\s+(?:way|course)|safe\s+(?:way|choice))|(?:is|are)\s+(?:often|usually)\s+(?:simpler|enough|better|cheaper|fine)|make\s+sure|(?:is|are)\s+(?:normal|expected|harmless))\b/i;
/**
 * A condition stated before its consequence ("if the queue is full, a new request waits"): the
 * sentence says what makes something happen, which a why-question asks (dev sets: key fact +3,
 * none lost; with "when" and "unless" too, the same three).
 */
const CONDITION = /\bif\b[^,;.]*,/;
/** What a preferred sentence has; one non-global pattern each, built once. */
export const PREFERRED: Record<NonNullable<Plan['prefer']>, RegExp> = {
  number: /\d/,
  // A cause, a consequence ("…, so …"), a condition and what follows from it (CONDITION),
  // or a verdict on one ("The flaw is …", "The fix is …").
  explanation: new RegExp(
    `${EXPLANATORY_CUES.source}|,\\s+so\\b|${CONDITION.source}|\\bsince\\b|\\bthe\\s+(?:flaw|weakness|problem|catch|cost|obstacle|risk|fix|remedy|trouble)\\s+is\\b`,
    'i',
  ),
  // "X is a …", "refers to", "stands for": the sentence that says what something is.
  definition: /\b(?:is|are)\s+(?:an?|the|one|any)\b|\brefers?\s+to\b|\bstands?\s+for\b|\bmeans\b|\bcalled\b/i,
  // How something is done or works: by what means, in what steps.
  procedure: /\b(?:by|through|via|using|uses?|first|then|steps?|instead)\b/i,
  advice: new RegExp(`${IMPERATIVE.source}|${ADVICE.source}`, 'i'),
};
/** Steps told as commands or as the remedy ("The fix is to …"): a procedure's stronger cues. */
export const STEPS = new RegExp(
  `\\b(?:is|are)\\s+to\\s+\\w+|\\bthe\\s+(?:\\w+\\s+)?(?:fix|way|remedy|trick)\\s+is\\b|${IMPERATIVE.source}`,
  'i',
);

/**
 * For what to do (a procedure not of a thing), a best sentence that is a step (STEPS) preceded by
 * steps: the first step of that run. The step that repeats the question's words is often a later
 * one ("Run each pairwise comparison in both orders" comes before the step naming trust), and
 * the steps are done in order (dev6 key fact +1, nothing else moved).
 */
export function firstStepOf(sentences: readonly string[], best: number, plan: Plan): number {
  if (plan.prefer !== 'procedure' || plan.ofThing || !STEPS.test(sentences[best]!)) return best;
  let first = best;
  while (first > 0 && STEPS.test(sentences[first - 1]!) && !SUPPOSING.test(sentences[first - 1]!)) first -= 1;
  return first;
}

/**
 * A sentence that counts what follows: "it multiplies two factors", "most prompts have three parts",
 * "two cautions apply": a number, then a noun for the items of a list (parts, reasons, findings …).
 */
export const COUNTS_AHEAD =
  /\b(?:two|three|four|five|several)\s+(?:\w+\s+)?(?:parts|factors|steps|stages|ways|reasons|problems|difficulties|properties|kinds|types|changes|costs|limits|risks|refinements|details|rules|cautions|caveats|concerns|dangers|weaknesses|flaws|issues|objections|drawbacks|failures|findings|facts|things|lessons|mistakes|threats|attacks|causes|effects|benefits|advantages|disadvantages)\b/i;

/** A sentence that sends the reader to another page ("See …", "The evaluation essay covers …"): it answers nothing. */
export const POINTER = /^(?:see\s|the\s+(?:\S+\s+){0,6}?essay\b)/i;

/**
 * A sentence that opens a worked example ("Consider a vault …", "Suppose Alice has approved …"): its
 * verb asks the reader to picture a case, not to take a step, and the case it sets up answers nothing yet.
 */
export const SUPPOSING = /^(?:consider|suppose|imagine|say|assume|picture)\b/i;

/** A verdict is stated in at least this many words and at most this many. */
const VERDICT_WORDS = [3, 9] as const;
/**
 * What keeps a short sentence from being a verdict: a colon, math or "=" (a caption, a step of a
 * worked case: "Figure: …", "p ± 1.96 …"), a case supposed ("Suppose …", "Take …"), a count or an
 * order (it heads the items that follow: "Two misunderstandings are widespread.", "The third reason
 * is the newest."), a command (STEPS: it tells what to do, not how things stand), or a pointer.
 */
const NOT_VERDICT = /[:\\=±×≈]|^take\b|\b(?:two|three|four|five|several|some|few|second|third)\b/i;

/**
 * A short sentence that states a point, not one that asks or announces: "Low turnout is rational.",
 * "This is exactly where embeddings are weakest.", "The cryptography worked; the key distribution did not."
 */
export function isVerdict(sentence: string | undefined): boolean {
  if (sentence === undefined || !sentence.endsWith('.')) return false;
  const words = rawWords(sentence).length;
  if (words < VERDICT_WORDS[0] || words > VERDICT_WORDS[1]) return false;
  return ![NOT_VERDICT, SUPPOSING, POINTER, COUNTS_AHEAD, STEPS].some((pattern) => pattern.test(sentence));
}

/**
 * The opening of a sentence that carries on from the one before it: a connective or a pointing word.
 * "And a model can hallucinate confidently." ends a list the sentences before it began.
 */
export const CONTINUES =
  /^(?:and|or|nor|also|instead|however|but|so|thus|hence|therefore|then|this|that|these|those|it|its|they|their|such|otherwise|yet|still)\b/i;

/**
 * A sentence quoted on its own (`at`, a runner-up's or a second source's brief quote), with the one
 * before it when it opens by pointing back to it (CONTINUES: "This is data contamination, …"): alone
 * it names what the other said, which often holds the fact. Both are quoted when they fit (`fits`),
 * or when the sentence alone is already quoted past the room (after a term's definition): it costs
 * a sentence more, never the quote. Otherwise the sentence alone, as before.
 */
export function withAntecedent(
  sentences: readonly string[],
  at: number,
  fits: (ats: readonly number[]) => boolean,
): number[] {
  return at > 0 && CONTINUES.test(sentences[at]!) && (fits([at - 1, at]) || !fits([at])) ? [at - 1, at] : [at];
}
