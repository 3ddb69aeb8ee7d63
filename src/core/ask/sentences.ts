// Sentence boundaries for answers and snippets: Intl.Segmenter (Unicode sentence rules, which
// already keep "19.5%", "1.4 trillion" and "(Liu et al., 2023)" whole), then the abbreviations those
// rules cannot know, which end in a full stop but rarely end a sentence ("e.g. Ethereum", "the U.S.
// Treasury"). Run at build time: the index stores the offsets.

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Lowercased, as they end a segment. A single capital followed by a full stop (an initial) counts too. */
const ABBREVIATIONS = new Set(
  (
    'e.g. i.e. cf. vs. viz. approx. ca. fig. figs. eq. eqs. sec. ch. vol. pp. ' +
    'mr. mrs. ms. dr. prof. st. jr. sr. inc. ltd. corp. u.s. u.k. e.u. u.n.'
  ).split(' '),
);
const INITIAL = /(?:^|[\s(])\p{Lu}\.$/u;

function endsWithAbbreviation(segment: string): boolean {
  const trimmed = segment.trimEnd();
  if (INITIAL.test(trimmed)) return true;
  const lastWord = trimmed.slice(trimmed.lastIndexOf(' ') + 1).toLowerCase();
  if (ABBREVIATIONS.has(lastWord.replace(/^\(/, ''))) return true;
  return trimmed.toLowerCase().endsWith(' et al.');
}

/** Start offsets (UTF-16) of the sentences of `text`; the first is always 0. */
export function sentenceStarts(text: string): number[] {
  const starts: number[] = [];
  let mergeNext = false;
  for (const { segment, index } of segmenter.segment(text)) {
    // "(is every claim supported?) and answer relevance": a sentence does not start in lower case.
    if (!mergeNext && !(starts.length > 0 && /^\p{Ll}/u.test(segment))) starts.push(index);
    mergeNext = endsWithAbbreviation(segment);
  }
  return starts.length > 0 ? starts : [0];
}

/** A text and where its sentences start (`sentenceStarts`): a passage as the sentence rules read it. */
export interface Sentenced {
  text: string;
  sentences: readonly number[];
}

/** A passage's sentences, trimmed (`sentencesAt`). */
export const sentencesOf = (passage: Sentenced): string[] => sentencesAt(passage.text, passage.sentences);

/** The sentences themselves, trimmed, from the offsets `sentenceStarts` gave. */
export function sentencesAt(text: string, starts: readonly number[]): string[] {
  return starts.map((start, at) => text.slice(start, starts[at + 1] ?? text.length).trim());
}
