// Excerpts: the sentences of a passage that best match a question's plan, with the matched words'
// ranges, for sources' snippets and for extractive answers.
import { EXPLANATORY_CUES, type AskPassage } from './ask-documents.ts';
import type { Excerpt } from './ask-types.ts';
import type { Plan } from './query-plan.ts';
import { sentencesAt } from './sentences.ts';
import { indexTerm, rawWords } from './text.ts';

/** A preferred sentence (see Plan.prefer) weighs as much as this share of the question's rarest word. */
const PREFERENCE_SHARE = 0.5;
/** What a preferred sentence has; one non-global pattern each, built once. */
const PREFERRED: Record<NonNullable<Plan['prefer']>, RegExp> = {
  number: /\d/,
  explanation: new RegExp(EXPLANATORY_CUES.source, 'i'),
};

/**
 * The sentences of a passage that best match the plan: a window of up to `maxSentences` and about
 * `maxWords` holding the sentence that mentions the most of the question (by weight), starting as
 * early in the passage as it can, since a paragraph's opening usually carries its point. A Porter
 * stem is a prefix of the words it comes from in nearly every case, so a word-start test stands in
 * for stemming every word.
 */
export function excerpt(passage: AskPassage, plan: Plan, maxWords: number, maxSentences: number, clip = true): Excerpt {
  const sentences = sentencesAt(passage.text, passage.sentences);
  const lengths = sentences.map((sentence) => rawWords(sentence).length);
  // Terms are letters and digits only (see text.ts), so they need no escaping.
  const patterns = plan.concepts.map((concept) => ({
    idf: concept.idf,
    pattern: new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${concept.alternatives.flat().join('|')})`, 'iu'),
  }));
  // A reason is in the sentences that explain ("because", "which means"), a quantity in those with a number.
  const preferred = plan.prefer && PREFERRED[plan.prefer];
  const bonus = preferred ? PREFERENCE_SHARE * Math.max(0, ...plan.concepts.map((concept) => concept.idf)) : 0;
  let best = 0;
  let bestWeight = -1;
  sentences.forEach((sentence, at) => {
    const weight =
      patterns.reduce((sum, { idf, pattern }) => sum + (pattern.test(sentence) ? idf : 0), 0) +
      (preferred?.test(sentence) ? bonus : 0);
    if (weight > bestWeight) {
      bestWeight = weight;
      best = at;
    }
  });
  const wordsFrom = (from: number, to: number) => lengths.slice(from, to + 1).reduce((sum, n) => sum + n, 0);
  let start = best;
  while (start > 0 && best - start + 2 <= maxSentences && wordsFrom(start - 1, best) <= maxWords) start -= 1;
  let end = start;
  while (end + 1 < sentences.length && end - start + 2 <= maxSentences && wordsFrom(start, end + 1) <= maxWords)
    end += 1;
  let snippet = sentences.slice(start, end + 1).join(' ');
  if (clip && wordsFrom(start, end) > maxWords) {
    const cut = snippet.split(' ').slice(0, maxWords).join(' ');
    snippet = `${cut.replace(/[\s,;:]+$/, '')} …`;
  }
  return { snippet, highlights: highlights(snippet, plan) };
}

/** Ranges of the words in `text` whose term the plan asks for (or accepts as a synonym). */
function highlights(text: string, plan: Plan): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = indexTerm(match[0]);
    if (term && plan.weights.has(term)) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}
