// Which sentence of a quoted paragraph answers a procedure: its weight (excerpts.ts,
// sentenceWeights) as a share of the paragraph's best, and two features weighed by weights fitted
// on the development sets. Other kinds, a why among them, are answered by the share alone: a why's
// fit (bench/ask-sentence-fit.mjs: how early, how long, next to the best, a cause's cue) gave +8
// held out at first, but that recording credited quotes that never reached the answer; recorded
// right (367 why paragraphs, thirteen sets), held out in turn it gains nothing over the share alone
// (dev10 +2, dev4 −2), though its weights fitted on all sets gave +6 with none lost.
import type { Plan } from './query-plan.ts';
import { STEPS, SUPPOSING } from './sentence-kinds.ts';

/**
 * For a procedure (Plan.prefer 'procedure': "how do I …", "how does X work"), fitted with each
 * development set held out in turn (bench/ask-sentence-fit.mjs, SENTENCE_KIND=procedure): `step`,
 * a step told as a command or a remedy (STEPS, not a case supposed): it says what to do; `last`, the
 * closing sentence of a paragraph of three or more, which comments on the steps before it ("Guardrails
 * … are necessary, but …", "Keep the prompts in version control …") rather than telling them. Held out
 * in turn (procedure paragraphs holding a fact, 218): 194 → 197 (dev5, dev7, dev8, dev10 +1, dev11 −1);
 * the weights fitted on all twelve (+4, none lost) in every fold but dev11's (last −0.25). The five
 * older features (position, length, next to the best, the kind's cue, nearness) fitted to 0 here.
 * Refitted on thirteen sets with only the quotes that reach the answer (235 procedure paragraphs):
 * these weights +4 (dev5, dev7, dev8, dev10), none lost; held out in turn the refit gains 2 (dev11
 * −1), fitted on all (`last` −0.25) one more than these (dev6, dev12 +1, dev11 −1): the corrected fit
 * confirms them.
 */
export const PROCEDURE_SENTENCE_WEIGHTS = {
  step: 0.1,
  last: -0.1,
};

/** Each sentence's score for being the one that answers (the highest is quoted). */
export function choiceScores(sentences: readonly string[], weights: readonly number[], plan: Plan): number[] {
  const top = Math.max(...weights);
  const shares = weights.map((weight) => (top > 0 ? weight / top : 0));
  return plan.prefer === 'procedure' && top > 0 ? procedureScores(sentences, shares) : shares;
}

/** A procedure's sentence scores: its share, plus PROCEDURE_SENTENCE_WEIGHTS' step and closing sentence. */
function procedureScores(sentences: readonly string[], shares: readonly number[]): number[] {
  const { step, last } = PROCEDURE_SENTENCE_WEIGHTS;
  const closing = sentences.length > 2 ? sentences.length - 1 : -1;
  return shares.map((share, at) => share + (isStep(sentences[at]!) ? step : 0) + (at === closing ? last : 0));
}

/** A step told as a command or a remedy (STEPS), not a case the reader is asked to picture (SUPPOSING). */
export const isStep = (sentence: string) => STEPS.test(sentence) && !SUPPOSING.test(sentence);

/**
 * For bench/ask-sentence-fit.mjs: each answer's paragraph, its sentences' weights, the plan, and
 * what would be quoted were another sentence chosen.
 */
export const sentenceTrace: {
  observe?:
    | ((
        sentences: readonly string[],
        weights: readonly number[],
        plan: Plan,
        quotedFrom: (at: number) => string,
      ) => void)
    | undefined;
} = {};
