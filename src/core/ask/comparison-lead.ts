// Which source leads a comparison's answer (comparison.ts). Its candidates are the sources of the
// passages comparison.ts puts forward, in its order (the section that sets the sides apart, the one
// holding what is asked beyond them, the term both sides name, each side's passage), then the fused
// ranking's; each is read by a few features weighed by COMPARISON_LEAD_WEIGHTS, fitted with each
// development set held out in turn (bench/ask-comparison-fit.mjs).
import { bestPerSource } from './answer-shape.ts';
import type { AskPassage } from './ask-documents.ts';
import { heaviest } from './feature-weights.ts';
import type { Ranked } from './passage-ranking.ts';

/** What a passage is put forward as: the term both sides name, a side's own, another by comparison.ts, or the fused ranking's. */
export type ComparisonRole = 'shared' | 'side' | 'otherSide' | 'other' | 'ranked';

/** A passage comparison.ts puts forward to lead, and what as. */
export interface ComparisonCandidate {
  hit: Ranked;
  role: ComparisonRole;
  /** A side's passage whose names do not name the side. */
  standIn?: boolean;
  /** The passage whose match to the whole question it takes: a section's subsection it is put forward for. */
  matching?: number;
}

/** Sources among which a comparison's lead is chosen: the five an answer lists. */
export const COMPARISON_CANDIDATES = 5;

/** A candidate's features, each in [0, 1]. */
export interface ComparisonLeadFeatures {
  /** 1 for the source comparison.ts puts first, 0.2 less for each after it: the order set by hand. */
  order: number;
  /** The fused ranking's score of its source's best passage over the top score: the whole question's match. */
  fused: number;
  /** The term both sides name ("bridge" of "multisig bridges vs light-client bridges"). */
  shared: number;
  /** A side's passage whose names do not name the side: a stand-in ("liquidation" for "liquidity networks"). */
  standIn: number;
  /** The first side's own passage, as asked ("X vs Y": X's). */
  first: number;
  /** The second side's own passage (Y's). */
  second: number;
  /** The fused ranking's, not comparison.ts's, and does not say each side by name: it speaks to half the question at most. */
  half: number;
}

export type ComparisonLeadWeights = { readonly [Feature in keyof ComparisonLeadFeatures]: number };

/**
 * Fitted on the twelve development sets (bench/ask-comparison-fit.mjs): each set held out in turn
 * got these weights (dev5's fold standIn −0.25), right firsts +7 held out (dev7 +1, dev8 +1, dev9 +2,
 * dev10 +3), none lost by a set. A passage that matches more of the whole question ("where does the security come from")
 * leads over the hand order's first; the term both sides name, a side's stand-in and a passage that
 * says one side only weigh against (the last moves no set at −0.1 to −1: the unit cases' weight).
 * Tried without a held-out gain: an essay section, one when more is asked than the sides, one that
 * sets the sides apart, the fused ranking's first source, the second side (weights 0).
 */
export const COMPARISON_LEAD_WEIGHTS: ComparisonLeadWeights = {
  order: 1,
  fused: 0.5,
  shared: -0.25,
  standIn: -0.1,
  first: 0,
  second: 0,
  half: -0.1,
};

/**
 * The candidate that leads: the heaviest, the first on a tie. The sides keep the order asked: the
 * rest of the question's words do not put the second side before the first (talk around a bare "X vs
 * Y" moved that choice: wrappers 16 / 77 / 55 / 116 without this, 14 / 79 / 54 / 112 with it).
 */
export function comparisonLeadOf(
  features: readonly ComparisonLeadFeatures[],
  weights: ComparisonLeadWeights = COMPARISON_LEAD_WEIGHTS,
): number {
  const best = heaviest(features, weights);
  const first = features.findIndex((each) => each.first === 1);
  return features[best]!.second === 1 && first >= 0 && features[first]!.order > features[best]!.order ? first : best;
}

/** Seen by bench/ask-comparison-fit.mjs: each comparison's candidates and their features. */
export const comparisonLeadTrace: {
  observe?: (candidates: readonly AskPassage[], features: readonly ComparisonLeadFeatures[]) => void;
} = {};

/** Each candidate's features, the candidates being distinct sources in order. */
export function comparisonLeadFeatures(
  candidates: readonly ComparisonCandidate[],
  ranked: readonly Ranked[],
  sourceOf: Int32Array,
  saysBoth: (passage: number) => boolean = () => true,
): ComparisonLeadFeatures[] {
  const best = new Map<number, number>();
  for (const hit of ranked)
    best.set(sourceOf[hit.passage]!, Math.max(best.get(sourceOf[hit.passage]!) ?? 0, hit.score));
  const top = ranked[0]?.score ?? 0;
  return candidates.map(({ hit, role, standIn, matching }, at) => ({
    order: 1 - at / COMPARISON_CANDIDATES,
    fused: top > 0 ? Math.min(1, (best.get(sourceOf[matching ?? hit.passage]!) ?? 0) / top) : 0,
    shared: role === 'shared' ? 1 : 0,
    standIn: standIn ? 1 : 0,
    first: role === 'side' ? 1 : 0,
    second: role === 'otherSide' ? 1 : 0,
    half: role === 'ranked' && !saysBoth(hit.passage) ? 1 : 0,
  }));
}

/**
 * The comparison's leading passages with the chosen lead first. The candidates are the first
 * COMPARISON_CANDIDATES sources of its own leading passages, then of the fused ranking.
 */
export function leadComparison(
  leading: readonly ComparisonCandidate[],
  ranked: readonly Ranked[],
  passages: readonly AskPassage[],
  sourceOf: Int32Array,
  saysBoth?: (passage: number) => boolean,
): Ranked[] {
  const candidates = bestPerSource(
    [...leading, ...ranked.map((hit): ComparisonCandidate => ({ hit, role: 'ranked' }))].map((each) => ({
      ...each,
      passage: each.hit.passage,
    })),
    sourceOf,
    COMPARISON_CANDIDATES,
  );
  const features = comparisonLeadFeatures(candidates, ranked, sourceOf, saysBoth);
  comparisonLeadTrace.observe?.(
    candidates.map(({ hit }) => passages[hit.passage]!),
    features,
  );
  const all = leading.map(({ hit }) => hit);
  const lead = candidates[comparisonLeadOf(features)]?.hit;
  return !lead || lead === candidates[0]?.hit ? all : [lead, ...all.filter((hit) => hit !== lead)];
}
