// Questions readers asked in their own words, each with the source that answers it and phrases of
// that source which hold the answer: the development sets (test/fixtures/ask-dev*.json), written by
// outsiders from the rendered pages, gathered by scripts/ask-reader-questions.mjs into a file the
// index reads at build time, as a search engine learns from the questions it was asked. Their words
// are indexed with the passage that holds the answer ("phone" with quantization, "invent" with
// hallucination), and they weigh in choosing which paragraph of a section to quote. The blind set
// is never among them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AskPassage } from './ask-documents.ts';
import type { Plan } from './query-plan.ts';
import { sentencesAt } from './sentences.ts';
import { terms } from './text.ts';

export const READER_QUESTIONS_PATH = 'src/core/ask/reader-questions.json';

/**
 * Source ("glossary:<slug>", "essay:<slug> § <## heading>", "essay:<slug> §" for an introduction) →
 * its questions, each as [question, …phrases of the source that hold its answer].
 */
export type ReaderQuestions = Readonly<Record<string, ReadonlyArray<readonly string[]>>>;

/** Reads the file scripts/ask-reader-questions.mjs writes; undefined when it is not there. */
export function readReaderQuestions(root = process.cwd()): ReaderQuestions | undefined {
  try {
    return JSON.parse(readFileSync(path.join(root, READER_QUESTIONS_PATH), 'utf8')).sources;
  } catch {
    return undefined;
  }
}

/** Lowercase words joined by single spaces, curly apostrophes straight: how a phrase is found in a text. */
const plainWords = (text: string) =>
  ` ${(
    text
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[\p{L}\p{N}']+/gu) ?? []
  ).join(' ')} `;

/** A passage's source as the question sets name it: a `###` subsection counts as its `##` section. */
function sourceKey(passage: AskPassage): string {
  if (passage.type === 'glossary') return `glossary:${passage.slug}`;
  const section = passage.within ?? passage.section;
  return `essay:${passage.slug} §${section === null ? '' : ` ${section.replace(/’/g, "'")}`}`;
}

/**
 * The passages with the questions that each answers, joined (`readers`): a question goes to the
 * passages of its source that hold one of its phrases, so that the paragraph with the answer is
 * the one found and quoted; when none does (the answer paraphrased across paragraphs), to a term's
 * definition or to every passage of the section. Where a passage holds a phrase, the sentence that
 * holds it keeps the question too (`readersAt`), so that it is the sentence quoted.
 */
export function withReaderQuestions(
  passages: readonly AskPassage[],
  readers: ReaderQuestions | undefined,
): AskPassage[] {
  if (!readers) return [...passages];
  const bySource = new Map<string, number[]>();
  passages.forEach((passage, at) => {
    const key = sourceKey(passage);
    bySource.set(key, [...(bySource.get(key) ?? []), at]);
  });
  const asked = new Map<number, string[]>();
  const atSentence = new Map<number, string[][]>();
  const texts = passages.map((passage) => plainWords(passage.text));
  for (const [source, questions] of Object.entries(readers)) {
    const own = bySource.get(source.replace(/’/g, "'"));
    if (!own) continue;
    const fallback = own.filter((at) => passages[at]!.kind === 'definition');
    for (const [question, ...phrases] of questions) {
      const wanted = phrases.map(plainWords).filter((phrase) => phrase.trim() !== '');
      const holding = own.filter((at) => wanted.some((phrase) => texts[at]!.includes(phrase)));
      const to = holding.length > 0 ? holding : fallback.length > 0 ? fallback : own;
      for (const at of to) asked.set(at, [...(asked.get(at) ?? []), question!]);
      for (const at of holding) {
        const { text, sentences } = passages[at]!;
        const each = atSentence.get(at) ?? sentences.map(() => []);
        sentencesAt(text, sentences).forEach((sentence, index) => {
          if (wanted.some((phrase) => plainWords(sentence).includes(phrase))) each[index]!.push(question!);
        });
        atSentence.set(at, each);
      }
    }
  }
  return passages.map((passage, at) => {
    const questions = asked.get(at);
    if (!questions) return passage;
    const bySentence = atSentence.get(at);
    return {
      ...passage,
      readers: questions.join('. '),
      ...(bySentence ? { readersAt: bySentence.map((each) => each.join('. ')) } : {}),
    };
  });
}

/**
 * A sentence whose readers (readersAt) asked in all of the plan's words weighs 1 + this times as much
 * when choosing the sentence to quote: they found their answer in it, often not the sentence that
 * shares most words with the question. Held out (bench/ask-held-out.mjs), key fact over the fifteen
 * sets +26 at 1, +34 at 3, +33 at 6, +24 at 12.
 */
const SENTENCE_READERS_WEIGHT = 3;

/** Each sentence's weight (`weights`, in order) as raised by what readers asked of it (SENTENCE_READERS_WEIGHT). */
export function readersWeighed(passage: AskPassage, weights: readonly number[], plan: Plan): number[] {
  const at = passage.readersAt;
  if (!at) return [...weights];
  return weights.map((weight, index) => weight * (1 + SENTENCE_READERS_WEIGHT * shareOf(at[index] ?? '', plan)));
}

const readerTerms = new Map<string, Set<string>>();

/** The share of a plan (by IDF) whose words readers used in questions the passage answers. */
export function readersShare(passage: AskPassage, plan: Plan): number {
  return shareOf(passage.readers ?? '', plan);
}

function shareOf(readers: string, plan: Plan): number {
  if (!readers) return 0;
  let used = readerTerms.get(readers);
  if (!used) readerTerms.set(readers, (used = new Set(terms(readers))));
  let total = 0;
  let shared = 0;
  for (const concept of plan.concepts) {
    total += concept.idf;
    if (concept.alternatives.some((alternative) => alternative.some((term) => used.has(term)))) shared += concept.idf;
  }
  return total > 0 ? shared / total : 0;
}
