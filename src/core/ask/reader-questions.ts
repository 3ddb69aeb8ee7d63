// Questions readers asked in their own words, each with the source that answers it and phrases of
// that source which hold the answer: the development sets (test/fixtures/ask-dev*.json), written by
// outsiders from the rendered pages, gathered by scripts/ask-reader-questions.mjs into a file the
// site's build hands the index (src/pages/data/ask-index.json.ts), as a search engine learns from the
// questions it was asked. They weigh the content's words where readers found their answers: a
// question's words count with the passage that holds its answer, and in choosing which paragraph
// and sentence to quote. They add no word: one the content never uses stays unknown (index-build.ts).
// The blind set is never among them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AskPassage } from './ask-documents.ts';
import type { Plan } from './query-plan.ts';
import { straightQuotes } from './quotes.ts';
import { sentencesOf } from './sentences.ts';
import { terms } from './text.ts';

export const READER_QUESTIONS_PATH = 'src/core/ask/reader-questions.json';

/** The key of the questions no source answers: no passage has it as its source. */
export const UNANSWERED = '(unanswered)';

/**
 * Source ("glossary:<slug>", "essay:<slug> § <## heading>", "essay:<slug> §" for an introduction) →
 * its questions, each as [question, …phrases of the source that hold its answer]; under UNANSWERED,
 * the questions no source answers, each as [question] (asked-before.ts).
 */
export type ReaderQuestions = Readonly<Record<string, ReadonlyArray<readonly string[]>>>;

/** Reads the file scripts/ask-reader-questions.mjs writes; none when it is not there. */
export function readReaderQuestions(root = process.cwd()): ReaderQuestions {
  let text: string;
  try {
    text = readFileSync(path.join(root, READER_QUESTIONS_PATH), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  return (JSON.parse(text) as { sources: ReaderQuestions }).sources;
}

/** Lowercase words joined by single spaces, quotes straight: how a phrase is found in a text. */
const plainWords = (text: string) =>
  ` ${(straightQuotes(text.toLowerCase()).match(/[\p{L}\p{N}']+/gu) ?? []).join(' ')} `;

/** A passage's source as the question sets name it: a `###` subsection counts as its `##` section. */
export function readerSourceOf(passage: AskPassage): string {
  if (passage.type === 'glossary') return `glossary:${passage.slug}`;
  const section = passage.within ?? passage.section;
  return straightQuotes(`essay:${passage.slug} §${section === null ? '' : ` ${section}`}`);
}

/**
 * The passages with the questions that each answers (`readers`): a question goes to the passages of
 * its source that hold one of its phrases, so that the paragraph with the answer is the one found
 * and quoted; when none does (the answer paraphrased across paragraphs), to a term's definition or to
 * every passage of the section. Where a passage holds a phrase, the sentence that holds it is noted
 * too (`readersAt`, indexes into `readers`), so that it is the sentence quoted.
 */
export function withReaderQuestions(passages: readonly AskPassage[], readers: ReaderQuestions): AskPassage[] {
  const bySource = new Map<string, number[]>();
  passages.forEach((passage, at) => {
    const key = readerSourceOf(passage);
    const list = bySource.get(key);
    if (list) list.push(at);
    else bySource.set(key, [at]);
  });
  const placed = passages.map(() => ({ readers: [] as string[], at: [] as number[][] }));
  const texts = passages.map((passage) => plainWords(passage.text));
  // A holding passage's sentences as phrases are found in them, made once, not once per question.
  const sentenceTexts: Array<string[] | undefined> = [];
  const plainSentencesOf = (at: number) => (sentenceTexts[at] ??= sentencesOf(passages[at]!).map(plainWords));
  for (const [source, questions] of Object.entries(readers)) {
    const own = bySource.get(straightQuotes(source)) ?? [];
    const definition = own.filter((at) => passages[at]!.kind === 'definition');
    for (const [question, ...phrases] of questions) {
      const wanted = phrases.map(plainWords).filter((phrase) => phrase.trim() !== '');
      const holding = own.filter((at) => wanted.some((phrase) => texts[at]!.includes(phrase)));
      for (const at of holding.length > 0 ? holding : definition.length > 0 ? definition : own) {
        const each = placed[at]!;
        each.readers.push(question!);
        if (holding.length === 0) continue;
        plainSentencesOf(at).forEach((sentence, index) => {
          if (!wanted.some((phrase) => sentence.includes(phrase))) return;
          (each.at[index] ??= []).push(each.readers.length - 1);
        });
      }
    }
  }
  return passages.map((passage, at) => {
    const { readers: asked, at: bySentence } = placed[at]!;
    if (asked.length === 0) return passage;
    const readersAt = Array.from(passage.sentences, (_, index) => bySentence[index] ?? []);
    return { ...passage, readers: asked, ...(bySentence.length > 0 ? { readersAt } : {}) };
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
  if (!passage.readersAt) return [...weights];
  const bySentence = readerTermsOf(passage).bySentence;
  return weights.map((weight, index) => weight * (1 + SENTENCE_READERS_WEIGHT * shareOf(bySentence[index], plan)));
}

/** The share of a plan (by IDF) whose words readers used in questions the passage answers. */
export function readersShare(passage: AskPassage, plan: Plan): number {
  return passage.readers ? shareOf(readerTermsOf(passage).all, plan) : 0;
}

/** Per passage of the loaded index, the terms of its readers' questions, and per sentence. */
const readerTerms = new WeakMap<AskPassage, { all: Set<string>; bySentence: Array<Set<string>> }>();

function readerTermsOf(passage: AskPassage) {
  let known = readerTerms.get(passage);
  if (!known) {
    const each = (passage.readers ?? []).map((question) => terms(question));
    known = {
      all: new Set(each.flat()),
      bySentence: (passage.readersAt ?? []).map((questions) => new Set(questions.flatMap((at) => each[at] ?? []))),
    };
    readerTerms.set(passage, known);
  }
  return known;
}

function shareOf(used: ReadonlySet<string> | undefined, plan: Plan): number {
  if (!used || used.size === 0) return 0;
  let total = 0;
  let shared = 0;
  for (const concept of plan.concepts) {
    total += concept.idf;
    if (concept.alternatives.some((alternative) => alternative.some((term) => used.has(term)))) shared += concept.idf;
  }
  return total > 0 ? shared / total : 0;
}
