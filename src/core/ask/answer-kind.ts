// What kind of sentence answers a question (Plan.prefer, excerpts.ts): a figure for "how much" and
// "at what price" wherever the question asks it, the steps for "how do I", what to do for a
// situation's "should we" or "what are my options", the cause for "why" (even "why is it risky"),
// what a thing is for a definition. Read from the question part only (a situation's words describe, they do not ask).
import type { AskPassage } from './ask-documents.ts';
import type { Plan } from './query-plan.ts';
import { WAY_ASKED, type Question } from './question.ts';

/**
 * A question asking how or why something is, for an explanation: not how many, much, often, long or
 * big (a figure: "how often should a cactus be watered"), nor how I, we, you or one do something, or
 * how to (steps in the asker's own life, which off the domain belong to the everyday world: "how do I
 * train my dog to sit", "how to file my taxes").
 */
export const ASKS_HOW_OR_WHY =
  /\bwhy\b|\bhow\b(?!\s+(?:many|much|often|long|big|large|far|old|high|fast|soon|to)\b)(?!\s+(?:do|does|can|could|should|would)\s+(?:i|we|you|one)\b)/i;

/**
 * A figure asked anywhere in the question part, not only at its start ("…, roughly how much USDC
 * comes out"), with a word before "what" or between it and the figure ("at roughly what ETH price").
 */
const FIGURE =
  /\b(?:how\s+(?:many|much|long|big|large|fast|often|far|high|low)|at\s+(?:\w+\s+)?what\s+(?:\w+\s+)?(?:price|point|level|rate|size|value)|what\s+(?:(?!(?:is|are|was|were|does|do|did)\b)\w+\s+)?(?:price|share|percentage|fraction))\b/i;
/** A question about what to do in a situation: a choice, a need, a risk to weigh. */
const ADVICE =
  /\b(?:should\s+(?:i|we|you)|do\s+(?:i|we)\s+(?:\w+\s+)?need|what\s+are\s+(?:my|our|the)\s+options|what\s+(?:now|can\s+(?:i|we)\s+do)|is\s+(?:that|this|it|there)\b.*\b(?:safe|dangerous|risky|normal|issue|problem|risk|ok|okay|worth))\b/i;
/**
 * What an explanation's first word asks, before any words of advice in it: steps for "How should I
 * evaluate …", a reason for "Why is it risky to …" or "why do I still need to …".
 */
const OPENING_ASKS: ReadonlyArray<[RegExp, Plan['prefer']]> = [
  [/^how\b/i, 'procedure'],
  [/^why\b/i, 'explanation'],
];
/** "What are the steps of RLHF", "what is the process for …": a what-question that asks for steps. */
const STEPS_ASKED =
  /^what\s+(?:are|is)\s+the\s+(?:\w+\s+)?(?:steps?|stages?|process|procedure|pipeline|workflow)(?:\s+(?:of|for|to|in|behind|involved)\b|\s*\??$)/i;
/**
 * "What practical steps reduce …", "what steps should I follow to …": steps named right after
 * "what" ask for steps, even with "should I" in the question (not advice).
 */
const STEPS_NAMED = /^what\s+(?:\w+\s+)?steps\b/i;

/** A question asked inside chat ("… lol how do i unstick it", "ok but why does …"). */
const ASKED_INSIDE = /\b(?:(how)\s+(?:do|can|could|should|would)\s+(?:i|we|you|one)|(why))\b/i;

/**
 * Steps named after "what" (STEPS_NAMED) or a way to do something (WAY_ASKED), else advice, else
 * the steps or process asked for (STEPS_ASKED).
 */
function stepsOrAdviceAsked(text: string): Plan['prefer'] {
  if (STEPS_NAMED.test(text) || WAY_ASKED.test(text)) return 'procedure';
  if (ADVICE.test(text)) return 'advice';
  return STEPS_ASKED.test(text) ? 'procedure' : undefined;
}

export function answerKind(question: Question): Plan['prefer'] {
  if (question.intent === 'quantity' || FIGURE.test(question.text)) return 'number';
  // "How should I evaluate …" asks for steps; "Should we keep …", for advice.
  const opening = question.intent === 'explanation' && OPENING_ASKS.find(([asks]) => asks.test(question.text));
  if (opening) return opening[1];
  const stepsOrAdvice = stepsOrAdviceAsked(question.text);
  if (stepsOrAdvice) return stepsOrAdvice;
  if (question.intent === 'definition') return 'definition';
  if (question.intent === 'explanation') return 'explanation';
  const inside = ASKED_INSIDE.exec(question.text);
  if (!inside || question.intent === 'comparison') return undefined;
  return inside[1] ? 'procedure' : 'explanation';
}

/** "How does reciprocal rank fusion combine …": how a thing works, not what the asker should do. */
const OF_THING = /^how\s+(?:does|do|did|is|are|can|could|would|will)\s+(?!(?:i|we|you|one|my|our|your)\b)/i;

/** Whether a procedure question asks how a thing does something rather than what to do (OF_THING). */
export const asksOfThing = (question: Question) => OF_THING.test(question.text);

/**
 * A yes-or-no question with a word of doubt ("is my money actually safe", "so did the hack really
 * break …"): it questions a claim, and the answer is the sentence that corrects it (excerpts.ts, Plan.doubts).
 * Not a wh-question ("how do I know they really ran it"), where the word only stresses.
 */
const DOUBTS =
  /^(?!(?:how|what|whats|what's|why|when|where|which|who)\b)(?:\S+\s+)?(?:is|isn't|isnt|are|aren't|was|were|do|does|did|don't|doesn't|can|could|will|would|has|have|should)\b[^?]*\b(?:actually|really|just|basically|literally|truly)\b/i;

/**
 * A why-question that grants a claim and asks why something is still so ("If strict mode already
 * guarantees …, why do I still need to check …"): the answer corrects what the claim seems to settle.
 */
const STILL_DESPITE = /^(?:if\b[^,?]*\balready\b[^,?]*,\s*)?why\b[^?]*\bstill\b/i;

/**
 * A yes-or-no question whether two things are the same ("Is a sidechain the same thing as a layer
 * 2?", "aren't they the same thing?"): the answer is the sentence that tells them apart.
 */
const SAMENESS =
  /^(?!(?:how|what|whats|what's|why|when|where|which|who)\b)(?:[^?]*\s)?(?:is|isn't|isnt|are|aren't|arent)\b[^?]*\bthe\s+same(?:\s+thing)?\s*(?:as\b|\?|$)/i;

/**
 * A claim put for confirmation, as chat does: a tag after it ("… on a 20 step task right?", "so rag
 * basically = no more hallucinations, yeah?", "… or nah", "… is that true"). It doubts the claim as
 * DOUBTS does: the answer is the sentence that corrects it. A bare word after "or" is a choice
 * ("left or right?"), and "correct", "true" end questions unless a comma sets them apart.
 */
const TAGGED =
  /(?:,\s*(?:right|yeah|yes|correct|true|no)|(?<!\bor)\s(?:right|yeah)|\s+or\s+(?:nah|not|no)|,?\s+(?:isn'?t\s+it|is\s+(?:that|this|it)\s+(?:true|right|correct)))[\s?!.]*$/i;

/** Whether a question part doubts a claim (DOUBTS, STILL_DESPITE, SAMENESS, TAGGED). */
export const doubtsClaim = (question: Question) =>
  DOUBTS.test(question.text) ||
  STILL_DESPITE.test(question.text) ||
  SAMENESS.test(question.text) ||
  TAGGED.test(question.text);

/** Whether a question part puts a claim for confirmation (TAGGED). */
export const asksConfirmation = (question: Question) => TAGGED.test(question.text);

/** What a question asks for, as far as the sentences of a source go (lead-rerank.ts, passage-ranking.ts). */
export type AskedKind = 'cause' | 'procedure' | 'contrast' | 'figure' | 'definition' | 'other';

/** What a question asks for: its intent, and for an explanation whether it asks why or how. */
export function askedKind(question: Question): AskedKind {
  if (question.intent === 'comparison') return 'contrast';
  if (question.intent === 'quantity') return 'figure';
  if (question.intent === 'definition') return 'definition';
  // A figure asked past the first words ("What percentage of input tokens …", "For a 7B model, how
  // much …") is a figure to the lead as to the sentences quoted (answerKind): dev4, dev6, dev9 one
  // right first more each, dev3 one fewer (a situation's "about how far behind holding am I").
  if (FIGURE.test(question.text)) return 'figure';
  const text = question.text.toLowerCase();
  if (/\bwhy\b|^what\s+(?:causes|caused|happens|makes)\b/.test(text)) return 'cause';
  if (/^how\b|\bhow\s+(?:do|can|could|should|would|to)\b|\bway\s+to\b/.test(text)) return 'procedure';
  return 'other';
}

/** The question word a section's heading uses when it answers a kind of question ("Why the same mistakes repeat"). */
export const HEADING_QUESTION_WORD: Partial<Record<AskedKind, RegExp>> = { cause: /\bwhy\b/i, procedure: /\bhow\b/i };

/** Whether a passage is an essay section whose heading uses a question word (HEADING_QUESTION_WORD). */
export const headingUses = (word: RegExp | undefined, passage: Pick<AskPassage, 'type' | 'section'>) =>
  passage.type === 'essay' && word?.test(passage.section ?? '') === true;
