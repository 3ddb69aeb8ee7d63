// Which sentence of a quoted paragraph answers a why or a procedure: its weight (excerpts.ts,
// sentenceWeights) as a share of the paragraph's best, and a few features weighed by weights fitted
// on the development sets.
import type { Plan } from './query-plan.ts';
import { PREFERRED, STEPS, SUPPOSING } from './sentence-kinds.ts';
import { rawWords } from './text.ts';

/**
 * Weights of the features beside the weight's share, for a question that asks why (Plan.prefer
 * 'explanation'), fitted with each development set held out in turn (bench/ask-sentence-fit.mjs):
 * `opening`, how early in the paragraph (1 the first sentence, 0 the last); `length`, words / 40 at
 * most 1; `beside`, next to the sentence of the highest weight; `kind`, a cause's cue (PREFERRED
 * explanation). All 0, the share alone: fitted first at 0.25 / −0.25 / −0.25 / 0.1 (held out +8),
 * but that recording credited quotes that never reached the answer; recorded right (367 why
 * paragraphs, thirteen sets) the fit held out in turn gains nothing over the share alone (dev10 +2,
 * dev4 −2), though those weights fitted on all sets gave +6 with none lost: a fit that does not
 * carry to a set it has not seen, so the simpler choice stands (blind set and ask-dev12 the same either way).
 */
export const WHY_SENTENCE_WEIGHTS = {
  opening: 0,
  length: 0,
  beside: 0,
  kind: 0,
};

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

/** Words of a sentence that count as long (the `length` feature is 1 from here). */
const LONG_SENTENCE_WORDS = 40;

/** Each sentence's score for being the one that answers (the highest is quoted). */
export function choiceScores(sentences: readonly string[], weights: readonly number[], plan: Plan): number[] {
  const top = Math.max(...weights);
  const shares = weights.map((weight) => (top > 0 ? weight / top : 0));
  if (plan.prefer === 'procedure' && top > 0) return procedureScores(sentences, shares);
  if (plan.prefer !== 'explanation' || top <= 0) return shares;
  const highest = weights.indexOf(top);
  const last = Math.max(1, sentences.length - 1);
  const { opening, length, beside, kind } = WHY_SENTENCE_WEIGHTS;
  return shares.map(
    (share, at) =>
      share +
      opening * (1 - at / last) +
      length * Math.min(1, rawWords(sentences[at]!).length / LONG_SENTENCE_WORDS) +
      (Math.abs(at - highest) === 1 ? beside : 0) +
      (PREFERRED.explanation.test(sentences[at]!) ? kind : 0),
  );
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
