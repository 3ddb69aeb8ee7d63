// A question that names something ("What's Compound's quorum for a governance proposal to pass?")
// is answered where that name is spoken: a passage ranked first on its other words ("governance",
// "proposal": a governance attack) that never speaks of Compound is declined by the names rule
// (decline.ts), though the passage right behind it states Compound's quorum.
import { speaksToNames, type DeclineContext } from './decline.ts';
import type { Ranked } from './passage-ranking.ts';
import type { Plan } from './query-plan.ts';
import type { Question } from './question.ts';

/** How many runners-up are looked through. */
const RUNNERS_UP = 2;
/** A runner-up this near the best hit's score or nearer may lead instead of it (a share of its score)… */
const NEAR = 0.1;
/**
 * …when it is this sure or surer, speaking nearly all the question asks: a passage that names Solana
 * in passing (a bridge hack, 0.78) is no answer to how to become a validator on Solana.
 */
const SURE = 0.95;

/**
 * The ranked hits, a runner-up first when the best hit does not speak every name asked and it does,
 * near the best hit's score and sure (NEAR, SURE).
 */
export function namedLead(
  ranked: readonly Ranked[],
  question: Question,
  plan: Plan,
  context: Pick<DeclineContext, 'speaksTo' | 'frequency' | 'passages'>,
): readonly Ranked[] {
  const [top] = ranked;
  if (!top || speaksToNames(question, plan, [top.passage], context)) return ranked;
  const at = ranked
    .slice(1, 1 + RUNNERS_UP)
    .findIndex(
      (hit) =>
        hit.confidence >= SURE &&
        hit.score >= top.score * (1 - NEAR) &&
        speaksToNames(question, plan, [hit.passage], context),
    );
  return at < 0 ? ranked : [ranked[at + 1]!, ...ranked.filter((_, index) => index !== at + 1)];
}
