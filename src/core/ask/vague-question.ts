// A question that names nothing to answer about ("how does it work", "is it worth it"): declined
// whatever matches, with a reason that asks for the thing meant (ask-index.ts).
import type { Concept, Plan } from './query-plan.ts';
import type { ReadQuestion } from './question-reading.ts';
import { headline, rawWords } from './text.ts';

/**
 * A question of at most this many words asked, none a name or written with a capital, none the
 * content's own and each among English's commonest (`plain`), names nothing to answer about: "how
 * does it work", "what could go wrong", "is it worth it" (each was answered at confidence 1 through
 * a heading's "go" or a page's "worth"). Ask reads one question at a time, so what "it" is never
 * reaches it. No answerable question of the tuning or development sets, the probes or the wrapper
 * families is this short and plain; their "how do I file my taxes", declined before, is again.
 */
const VAGUE_WORDS = 3;

/**
 * Whether a text writes a capital after its first word ("Kraken vs Binance"; not "I"): it names
 * something, unless written as a headline ("How Does It Work"), where capitals mark no name.
 */
export function capitalInside(text: string): boolean {
  const written = rawWords(text).slice(1);
  return !headline(written) && written.some((word) => word !== 'I' && /\p{Lu}/u.test(word));
}

/** Whether a short question names nothing to answer about (VAGUE_WORDS), each of its concepts `plain`. */
export function asksNothing(read: ReadQuestion, plan: Plan, plain: (concept: Concept) => boolean): boolean {
  // A capital inside names something ("the capital of France"): the reason then says the content lacks it.
  return (
    read.situation === undefined &&
    plan.concepts.length <= VAGUE_WORDS &&
    !capitalInside(read.question.content) &&
    plan.concepts.every(plain)
  );
}
