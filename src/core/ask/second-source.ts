// Which source's sentences follow the lead's quote (quotedPassages): the second source, or after a
// term the third when it is an essay section, by how close each scores to the lead.
import { bestPerSource } from './answer-shape.ts';
import type { AskPassage } from './ask-documents.ts';
import type { Ranked } from './passage-ranking.ts';
import type { Question } from './question.ts';
import { terms } from './text.ts';

/**
 * A section's lead is followed by the second source's best sentences when that source scores at
 * least this share of the lead's: the ranking is unsure which of the two answers, and when the lead
 * is wrong the second is often right. Dev sets at 0.7: key fact +10 (a wrong lead's answer +8),
 * none lost, answers 91.6 to 93.9 words on average; from any share the same facts, 95.4 words.
 */
const SECOND_SOURCE_SHARE = 0.7;
/**
 * A term's lead is followed by another term's best sentences when the question names that term too
 * and it scores at least this share of the lead's ("quantization or distillation: how are they
 * different"): both were asked. Dev sets: key fact +2, none lost; answers 93.9 to 94.6 words on
 * average (at 0.7 the same facts, 94.9 words; any term at 0.8, named or not, 95.8 words).
 */
const NAMED_TERM_SHARE = 0.8;
/**
 * After a term whose second source is another term not asked by name, the third source, when it is
 * an essay section scoring at least this share of the lead's, gives the sentences that follow the
 * term's quote: the term says what the thing is, the essay often the cause, figure or step asked,
 * and a second term's page rarely does. Dev sets: key fact +4, none lost; answers 0.3 to 3.2 words
 * longer on average (at any share: +5, up to 6 words longer; at 0.7: +1).
 */
const THIRD_ESSAY_SHARE = 0.5;

/** Whether a question names a glossary term: all the words of its title or of another of its names, in order. */
function namesTerm(question: Question, term: AskPassage): boolean {
  const asked = ` ${terms(question.text).join(' ')} `;
  return [term.title, ...term.names].some((name) => {
    const words = terms(name).join(' ');
    return words !== '' && asked.includes(` ${words} `);
  });
}

/**
 * The best passage of the second source, whose sentences follow the lead's quote (quotedPassages):
 * after a term, when it is an essay section (dev sets: key fact +12, none lost; from the first
 * three sources more, but answers 4 words longer); after a section, of either type, when it
 * scores close to the lead (SECOND_SOURCE_SHARE), the ranking unsure which answers; after a term,
 * another term the question names, when it scores close to the lead (NAMED_TERM_SHARE); else
 * the third source, when it is an essay section not far behind (THIRD_ESSAY_SHARE).
 */
export function secondSource(
  passages: readonly AskPassage[],
  sourceOf: Int32Array,
  ranked: readonly Ranked[],
  question: Question,
): number | undefined {
  const [lead, second, third] = bestPerSource(ranked, sourceOf, 3);
  if (!lead || !second) return undefined;
  const next = passages[second.passage]!;
  if (passages[lead.passage]!.type !== 'glossary')
    return second.score >= SECOND_SOURCE_SHARE * lead.score ? second.passage : undefined;
  if (next.type === 'essay') return second.passage;
  if (second.score >= NAMED_TERM_SHARE * lead.score && namesTerm(question, next)) return second.passage;
  const essay = third && passages[third.passage]!.type === 'essay';
  return essay && third.score >= THIRD_ESSAY_SHARE * lead.score ? third.passage : undefined;
}
