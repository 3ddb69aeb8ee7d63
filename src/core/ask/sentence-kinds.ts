// Sentence kinds: the patterns that tell what a sentence does (a step, a cause, a definition, a
// figure, advice), for the kind of sentence a question wants (Plan.prefer, excerpts.ts).
import { EXPLANATORY_CUES } from './ask-documents.ts';
import type { Plan } from './query-plan.ts';

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
