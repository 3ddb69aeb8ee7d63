// Scores ask answers against the blind set in test/fixtures/ask-blind.json: questions written by
// someone who read only the rendered pages, never tuned on. Only aggregates leave this module (the
// share of answerable questions with the right source first and in the top 3, with a key fact in
// the answer text, answered not at all; and how many unanswerable questions were declined), so
// no one tuning the ranking reads a blind question or its result.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitSections } from '../../src/core/ask/ask-documents.ts';
import { straightQuotes } from '../../src/core/ask/quotes.ts';
import type { EvalAnswer } from './ask-eval.ts';

export interface BlindQuestion {
  kind: string;
  q: string;
  /** Acceptable sources, as in ask-eval.json; null when the content cannot answer it. */
  expect: string[] | null;
  /** Short phrases, any one of which in the answer text shows the key fact. */
  facts?: string[];
}

/** What the scorer reads of an ask response: the evaluation's, plus the answer's text. */
export interface BlindAnswer extends EvalAnswer {
  answer: (NonNullable<EvalAnswer['answer']> & { text: string }) | null;
}

export interface BlindScore {
  answerable: number;
  unanswerable: number;
  top1: number;
  top3: number;
  /** Share of answerable questions whose answer text holds one of their facts. */
  fact: number;
  /** Share of answerable questions with no answer at all. */
  falseDeclines: number;
  /** Unanswerable questions declined, of `unanswerable`. */
  trueDeclines: number;
  /** The same shares by kind (answerable questions only), with their counts. */
  kinds: Array<{ kind: string; questions: number; top1: number; top3: number; fact: number; declined: number }>;
}

export const BLIND_PATH = path.resolve(import.meta.dirname, '../fixtures/ask-blind.json');

/** A question set's questions: a file holds them bare or under `questions`. */
export function readQuestionSet(file: string): BlindQuestion[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { questions: BlindQuestion[] } | BlindQuestion[];
  return Array.isArray(parsed) ? parsed : parsed.questions;
}

export const blindQuestions = (): BlindQuestion[] | undefined =>
  existsSync(BLIND_PATH) ? readQuestionSet(BLIND_PATH) : undefined;

/** Curly quotes as straight (quotes.ts): the sets name sections as the pages print them ("What “final” means"). */
export { straightQuotes };

/** A source as the question sets name it: `glossary:<slug>` or `essay:<slug> § <section>`, quotes straight. */
export const sourceKey = (source: EvalAnswer['sources'][number]) =>
  straightQuotes(
    source.type === 'glossary'
      ? `glossary:${source.slug}`
      : `essay:${source.slug} §${source.section ? ` ${source.section}` : ''}`,
  );

/** The section (`##` heading) that holds an essay's subsection (`###` heading), if it is one. */
export type SectionOf = (slug: string, heading: string) => string | undefined;

const CONTENT = path.resolve(import.meta.dirname, '../../content');

/** The content's essays' sections (the intro's heading null), read from content/essays as the index splits them. */
function essaySections(): Array<{ slug: string; heading: string | null; within?: string }> {
  const directory = path.join(CONTENT, 'essays');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .flatMap((file) => {
      const body = readFileSync(path.join(directory, file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
      const slug = file.slice(0, -'.md'.length);
      return splitSections(body, []).map(({ heading, within }) => ({ slug, heading, within }));
    });
}

/** The content's essays' subsections, each to its section. */
export function contentSections(): SectionOf {
  const within = new Map<string, string>();
  for (const section of essaySections())
    if (section.heading !== null && section.within !== undefined)
      within.set(`${section.slug} § ${section.heading}`, section.within);
  return (slug, heading) => within.get(`${slug} § ${heading}`);
}

/** Every source the content has, named as the question sets name them (sourceKey). */
export function contentSourceKeys(): Set<string> {
  const terms = readdirSync(path.join(CONTENT, 'glossary')).map((file) => file.replace(/\.mdx?$/, ''));
  return new Set([
    ...essaySections().map(({ slug, heading }) => sourceKey({ type: 'essay', slug, section: heading })),
    ...terms.map((slug) => sourceKey({ type: 'glossary', slug, section: null })),
  ]);
}

/**
 * Whether a source is one a question expects. The sets name an essay's sections by their `##`
 * headings (the blind set's own description says so), so a passage under a `###` heading is in the
 * section that holds it as well as in its subsection.
 */
export function isExpected(
  expected: readonly string[],
  source: EvalAnswer['sources'][number] | undefined,
  sectionOf: SectionOf,
): boolean {
  if (source === undefined) return false;
  const named = expected.map(straightQuotes);
  const section = source.type === 'essay' && source.section ? sectionOf(source.slug, source.section) : undefined;
  return (
    named.includes(sourceKey(source)) || (section !== undefined && named.includes(sourceKey({ ...source, section })))
  );
}

/** Lowercased words joined by single spaces: punctuation and case do not decide whether a fact is quoted. */
const normalised = (text: string) => ` ${(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;

export function holdsFact(text: string, facts: readonly string[]): boolean {
  const answer = normalised(text);
  return facts.some((fact) => normalised(fact).trim() !== '' && answer.includes(normalised(fact)));
}

export function scoreBlind(
  questions: readonly BlindQuestion[],
  answers: readonly BlindAnswer[],
  sectionOf: SectionOf = contentSections(),
): BlindScore {
  const kinds = new Map<string, BlindScore['kinds'][number]>();
  let unanswerable = 0;
  let trueDeclines = 0;
  questions.forEach((question, at) => {
    const result = answers[at]!;
    if (question.expect === null) {
      unanswerable += 1;
      if (result.answer === null) trueDeclines += 1;
      return;
    }
    const row = kinds.get(question.kind) ?? {
      kind: question.kind,
      questions: 0,
      top1: 0,
      top3: 0,
      fact: 0,
      declined: 0,
    };
    kinds.set(question.kind, row);
    const hit = (source: BlindAnswer['sources'][number] | undefined) => isExpected(question.expect!, source, sectionOf);
    row.questions += 1;
    if (hit(result.sources[0])) row.top1 += 1;
    if (result.sources.slice(0, 3).some(hit)) row.top3 += 1;
    if (result.answer === null) row.declined += 1;
    else if (holdsFact(result.answer.text, question.facts ?? [])) row.fact += 1;
  });
  const rows = [...kinds.values()];
  const sum = (pick: (row: BlindScore['kinds'][number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const answerable = sum((row) => row.questions);
  const share = (count: number) => (answerable === 0 ? 0 : count / answerable);
  return {
    answerable,
    unanswerable,
    top1: share(sum((row) => row.top1)),
    top3: share(sum((row) => row.top3)),
    fact: share(sum((row) => row.fact)),
    falseDeclines: share(sum((row) => row.declined)),
    trueDeclines,
    kinds: rows,
  };
}

/** The aggregates as a table: overall, then by kind. */
export function formatBlind(score: BlindScore): string {
  const percent = (count: number, of: number) => `${of === 0 ? '-' : ((count / of) * 100).toFixed(1)}%`.padStart(7);
  const lines = [`${'kind'.padEnd(15)} ${'n'.padStart(3)}   top-1   top-3    fact declined`];
  for (const row of score.kinds)
    lines.push(
      `${row.kind.padEnd(15)} ${String(row.questions).padStart(3)} ${percent(row.top1, row.questions)} ` +
        `${percent(row.top3, row.questions)} ${percent(row.fact, row.questions)} ${percent(row.declined, row.questions)}`,
    );
  const overall = (share: number) => `${(share * 100).toFixed(1)}%`.padStart(7);
  lines.push(
    `${'answerable'.padEnd(15)} ${String(score.answerable).padStart(3)} ${overall(score.top1)} ${overall(score.top3)} ` +
      `${overall(score.fact)} ${overall(score.falseDeclines)}`,
    `unanswerable declined: ${score.trueDeclines} of ${score.unanswerable}`,
  );
  return lines.join('\n');
}
