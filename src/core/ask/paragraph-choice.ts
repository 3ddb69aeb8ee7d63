// Which paragraph of an essay section leads its quote: each paragraph's answer weight (answerWeight
// in excerpts.ts, as a share of the best), plus a few transparent features weighed by weights fitted
// with each development set held out in turn (bench/ask-paragraph-fit.mjs), per kind of answer asked.
import { weighed } from './feature-weights.ts';
import type { Plan } from './query-plan.ts';
import { PREFERRED } from './sentence-kinds.ts';
import { rawWords } from './text.ts';

/** What is read of one paragraph of a section, each in [0, 1]. */
export interface ParagraphFeatures {
  /** Its answer weight as a share of the section's best paragraph's (today's choice: 1 for the best). */
  share: number;
  /** Its nearness in meaning to the question (cosine, word vectors), as a share of the nearest paragraph's. */
  near: number;
  /** Its place in the section, 0 for the first paragraph and 1 for the last. */
  later: number;
  /** 1 for the section's opening paragraph, which says what the section is about. */
  opening: number;
  /** Its length in words as a share of the section's longest paragraph. */
  length: number;
  /** 1 when it has what the asked kind wants (a figure, a cause, a means: PREFERRED). */
  kind: number;
}

export type ParagraphWeights = Record<keyof ParagraphFeatures, number>;

/**
 * The lead paragraph's weights: by its answer weight alone (share), as the section's best, except
 * for a question that asks for a quantity (FIGURE_LEAD_WEIGHTS).
 */
export const LEAD_PARAGRAPH_WEIGHTS: ParagraphWeights = {
  share: 1,
  later: 0,
  near: 0,
  opening: 0,
  length: 0,
  kind: 0,
};

/**
 * For a quantity asked ("how long is the challenge window", "by how much can the base fee go up"), an
 * earlier paragraph and one less near the question in meaning count for more: a section states its
 * figure where it brings the thing in, in a sentence of figures, and its later paragraphs, nearer the
 * question's words and meaning, reason from the figure or work an example with it. Fitted with each
 * development set held out in turn (bench/ask-paragraph-fit.mjs; the same weights in every fold):
 * held out, answers holding a key fact +6 (+7, −1) of the quantity questions whose right section leads.
 */
export const FIGURE_LEAD_WEIGHTS: ParagraphWeights = { ...LEAD_PARAGRAPH_WEIGHTS, later: -0.3, near: -0.2 };

/** The lead paragraph's weights for what is asked. */
export const leadWeightsFor = (prefer: Plan['prefer']) =>
  prefer === 'number' ? FIGURE_LEAD_WEIGHTS : LEAD_PARAGRAPH_WEIGHTS;

/**
 * Set by the fitting script only (bench/ask-paragraph-fit.mjs): sees each section's paragraphs and
 * features. It only observes; the script forces a lead through a stand-in for this module
 * (bench/ask-paragraph-forced.mjs), not through the code that answers.
 */
export const paragraphTrace: {
  observe?: (paragraphs: readonly number[], features: readonly ParagraphFeatures[], prefer?: Plan['prefer']) => void;
} = {};

/**
 * The features of each of a section's paragraphs (`texts`, in reading order), given their answer
 * weights. `near` is read only when `withNear`: a cosine per paragraph on every search, which only
 * a quantity's weights (and the fitting script) use.
 */
export function paragraphFeatures(
  texts: readonly string[],
  weights: readonly number[],
  plan: Plan,
  withNear = true,
): ParagraphFeatures[] {
  const best = Math.max(0, ...weights);
  const nears = texts.map((text) => (withNear ? Math.max(0, plan.near?.(text) ?? 0) : 0));
  const nearest = Math.max(0, ...nears);
  const lengths = texts.map((text) => rawWords(text).length);
  const longest = Math.max(1, ...lengths);
  const wanted = plan.prefer ? PREFERRED[plan.prefer] : undefined;
  return texts.map((text, at) => ({
    share: best > 0 ? Math.max(0, weights[at]!) / best : 0,
    later: texts.length > 1 ? at / (texts.length - 1) : 0,
    near: nearest > 0 ? nears[at]! / nearest : 0,
    opening: at === 0 ? 1 : 0,
    length: lengths[at]! / longest,
    kind: wanted?.test(text) ? 1 : 0,
  }));
}

/**
 * Of a section's paragraphs, the best under some weights of those that speak to the question
 * (share above 0), other than `not` (a place); the first on a tie; undefined when none speaks to it.
 */
export function bestParagraph(
  features: readonly ParagraphFeatures[],
  weights: ParagraphWeights,
  not = -1,
): number | undefined {
  let best: number | undefined;
  let bestScore = -Infinity;
  features.forEach((each, at) => {
    const score = weighed(each, weights);
    if (at !== not && each.share > 0 && score > bestScore) [best, bestScore] = [at, score];
  });
  return best;
}

/**
 * A section's lead paragraph (its place: the best under leadWeightsFor) and its runner-up (the next
 * by answer weight alone, quoted when it weighs enough: sectionQuotes); none when no paragraph
 * speaks to the plan. `weights`: each paragraph's answer weight.
 */
export function sectionLead(
  paragraphs: readonly number[],
  texts: readonly string[],
  weights: readonly number[],
  plan: Plan,
): readonly [number, number | undefined] | undefined {
  const leadWeights = leadWeightsFor(plan.prefer);
  const features = paragraphFeatures(texts, weights, plan, leadWeights.near !== 0 || !!paragraphTrace.observe);
  paragraphTrace.observe?.(paragraphs, features, plan.prefer);
  const best = bestParagraph(features, leadWeights);
  if (best === undefined) return undefined;
  return [best, bestParagraph(features, LEAD_PARAGRAPH_WEIGHTS, best)];
}
