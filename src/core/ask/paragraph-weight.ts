// How much a paragraph weighs when choosing which to quote: how well its sentences answer the plan
// (answerWeight), the share it counts for what kind of paragraph it is, and what readers asked of it.
import type { AskPassage } from './ask-documents.ts';
import { answerWeight } from './excerpts.ts';
import type { Plan } from './query-plan.ts';
import { readersShare } from './reader-questions.ts';

/**
 * An essay's figure is described in a paragraph of its own ("Figure: A timeline from top to
 * bottom …"), which restates the prose around it and so mentions most of the section's words; it
 * counts this share against the author's paragraphs, which say why. Not for a quantity: a figure's
 * worked numbers answer "how much" (dev sets: key fact +4, -1 on a wrong lead), nor for a comparison:
 * a figure sets the sides side by side ("On an optimistic rollup … On a ZK rollup …").
 */
export const FIGURE_SHARE = 0.5;
const FIGURE = /^Figure:/;
/**
 * A paragraph that works an example through: a case supposed or taken ("Suppose …", "Take one
 * blob's worth …", "A worked example shows …") or arithmetic between figures ("126,976 × 16 ≈ 2.03").
 * Its figures are the example's inputs and the results reached from them, not the figure the content
 * states; against the author's other paragraphs it counts WORKED_SHARE for a quantity question that
 * gives no figures of its own (one that does asks for a worked result: workedResult in excerpts.ts).
 */
const WORKED = /(?:^|[.!?]\s+)(?:consider|suppose|imagine|assume|picture|take)\b|\bworked example\b/i;
export const WORKED_SHARE = 0.5;
/**
 * A paragraph whose readers' questions (reader-questions.ts) use all of the plan's words weighs
 * 1 + this times as much: others asked in these words and found their answer there. Held out by
 * development set (bench/ask-held-out.mjs), key fact +107 at 0.5, +113 at 1, +121 at 2.
 */
const READERS_WEIGHT = 2;

/** The share of its weight a paragraph counts: a figure's description (`figures`), a worked example (`worked`). */
function paragraphShare(text: string, plan: Plan, whole: boolean, figures: number, worked: number): number {
  if (whole && plan.prefer !== 'number' && FIGURE.test(text)) return figures;
  return WORKED.test(text) ? worked : 1;
}

/** A paragraph's weight for quoting: `whole` weighs what it speaks to as a whole too (answerWeight). */
export function paragraphWeight(
  passage: AskPassage,
  plan: Plan,
  whole: boolean,
  figures: number,
  worked: number,
): number {
  return (
    paragraphShare(passage.text, plan, whole, figures, worked) *
    answerWeight(passage, plan, whole) *
    (1 + READERS_WEIGHT * readersShare(passage, plan))
  );
}
