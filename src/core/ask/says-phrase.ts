// Whether a passage says a phrase of the question as the question puts it: evidence for the
// decline decision (decline.ts, DeclineEvidence.phrased).
import type { DeclineContext } from './decline.ts';
import { terms } from './text.ts';

/**
 * A phrase of the question is two neighbouring words of it (stopwords aside), each used by less
 * than this share of the passages: "quadratic voting", "full fine-tuning", not "each point".
 */
const PHRASE_WORD_SHARE = 0.12;

/**
 * Whether some passages say a phrase of a question as it puts it (PHRASE_WORD_SHARE): a passage
 * that writes "quadratic voting" or "billion parameters" is about what is asked, not one that met
 * its words one by one.
 */
export function saysPhraseOf(
  asked: string,
  passages: readonly number[],
  context: Pick<DeclineContext, 'frequency' | 'passages' | 'termsOf'>,
): boolean {
  const termsOf = context.termsOf;
  if (!termsOf) return false;
  const rare = (term: string) => context.frequency(term) < PHRASE_WORD_SHARE * context.passages;
  const pairsOf = (sequence: readonly string[]) => sequence.slice(1).map((term, at) => `${sequence[at]} ${term}`);
  const question = terms(asked);
  const wanted = new Set(
    question.slice(1).flatMap((term, at) => {
      const before = question[at] ?? '';
      return before !== term && rare(before) && rare(term) ? [`${before} ${term}`] : [];
    }),
  );
  return wanted.size > 0 && passages.some((passage) => pairsOf(termsOf(passage)).some((pair) => wanted.has(pair)));
}
