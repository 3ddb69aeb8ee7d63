// @ts-check
// The ask index's documents read straight from content/ (front matter and Markdown), as the site
// hands them over (src/site/ask-documents.ts), with heading anchors made here rather than by Astro:
// for measuring ask quality in seconds rather than a site build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { root } from './lib.mjs';

/**
 * The development sets in test/fixtures/, in the order they arrived: questions in the asker's words
 * (ask-dev), the retired blind set, and forty-one outsiders' sets, each kept from the work it first measured
 * (ask-dev11: questions in everyday words, written to avoid the site's terms; ask-dev12, every kind,
 * unseen through the step of 30 November 2026, 05:15 to 06:45; ask-dev13, every kind, unseen through
 * the first wave of the step of 30 November 2026, 08:10 to 09:15; ask-dev14, every kind, written at
 * 09:40 that day after the step's changes and scored unseen; ask-dev15, every kind, written at 11:00
 * and unseen through the step that taught the index readers' questions, and ask-dev16, written
 * after it and scored unseen; ask-dev17, 200 answerable and 50 unanswerable, written at 14:02 that
 * day and scored unseen after the step that declined money decisions and market figures;
 * ask-dev18, 120 answerable and 80 unanswerable, 44 of them on names the pages mention only in
 * passing, written at 14:13 and scored unseen; ask-dev19, 80 answerable and 80 unanswerable of every
 * kind, written at 16:10 that day and scored unseen first; ask-dev20, 64 and 64 of every kind,
 * written at 16:37 and scored unseen first; ask-dev21, 64 and 80, ask-dev22, 64 and 48 with no
 * group of unanswerable questions suggested, both written at 18:45 and scored unseen first, and
 * ask-dev23, 64 and 48 as ask-dev22, written at 18:55 and scored unseen after the step's first rules;
 * ask-dev25 and ask-dev26, 64 and 48 each as ask-dev22, written at 20:27 and 21:15 and scored unseen
 * first; ask-dev27 to ask-dev34, 64 and 48 each as ask-dev22, written on 30 November at 23:40 and on
 * 1 December at 00:20, 00:36 and 00:55, each scored unseen first; ask-dev35 to ask-dev40, 64 and 48
 * each as ask-dev22, each leaning to a group of personas, written on 1 December at 02:40 and scored
 * unseen first; ask-dev41 to ask-dev43, as those, written at 03:30 and scored unseen after the
 * step's first rules; ask-dev24, written at 18:58, stays outside them, read only in aggregate).
 */
export const DEVELOPMENT_SETS = [
  'ask-dev.json',
  'ask-dev-retired-blind.json',
  'ask-dev2.json',
  'ask-dev3.json',
  'ask-dev4.json',
  'ask-dev5.json',
  'ask-dev6.json',
  'ask-dev7.json',
  'ask-dev8.json',
  'ask-dev9.json',
  'ask-dev10.json',
  'ask-dev11.json',
  'ask-dev12.json',
  'ask-dev13.json',
  'ask-dev14.json',
  'ask-dev15.json',
  'ask-dev16.json',
  'ask-dev17.json',
  'ask-dev18.json',
  'ask-dev19.json',
  'ask-dev20.json',
  'ask-dev21.json',
  'ask-dev22.json',
  'ask-dev23.json',
  'ask-dev25.json',
  'ask-dev26.json',
  'ask-dev27.json',
  'ask-dev28.json',
  'ask-dev29.json',
  'ask-dev30.json',
  'ask-dev31.json',
  'ask-dev32.json',
  'ask-dev33.json',
  'ask-dev34.json',
  'ask-dev35.json',
  'ask-dev36.json',
  'ask-dev37.json',
  'ask-dev38.json',
  'ask-dev39.json',
  'ask-dev40.json',
  'ask-dev41.json',
  'ask-dev42.json',
  'ask-dev43.json',
];

/**
 * Outsiders' sets scored beside the development sets but not learned from (readerQuestionsOf never
 * reads them), 64 and 48 each as ask-dev22, each leaning to a group of personas, all written on
 * 1 December: ask-dev44 to ask-dev46 at 04:10, scored unseen after nearly all of that day's first
 * rules; ask-dev47 to ask-dev52 at 05:35, ask-dev56 to ask-dev61 at 06:20 and ask-dev62 to ask-dev67
 * at 06:45, each scored unseen first and then read for the next rules. Learned as well, the first
 * nine's 576 reader questions lowered what unseen sets measure (blind right source first 94.1 ->
 * 93.0 %; of three sets never read, one unanswerable question fewer declined and two answerable ones
 * fewer right), so they stay questions to measure by. ask-dev68 to ask-dev72 were written on
 * 1 December at 10:35 by helpers leaning to three personas each, scored unseen first and then read;
 * ask-dev76 to ask-dev78 on 2 December at 01:00 likewise (two more written then were never read);
 * ask-dev81 to ask-dev83 on 2 December at 06:40, asked for hard unanswerable questions, likewise (a
 * fourth written then, ask-dev84, was never read), and ask-dev85 to ask-dev87 at 07:30 (ask-dev88,
 * written with them, was never read), ask-dev90, ask-dev92 and ask-dev93 on 2 December at 14:00
 * (ask-dev91, written with them, was never read), and on 2 December ask-dev94, ask-dev96 and
 * ask-dev97 at 16:15 (ask-dev95 never read), ask-dev98, ask-dev100 and ask-dev101 at 16:35
 * (ask-dev99 never read) and ask-dev102, ask-dev104 and ask-dev105 at 17:00 (ask-dev103 never
 * read), each scored unseen first and then read.
 */
export const UNLEARNED_SETS = [
  'ask-dev44.json',
  'ask-dev45.json',
  'ask-dev46.json',
  'ask-dev47.json',
  'ask-dev48.json',
  'ask-dev49.json',
  'ask-dev50.json',
  'ask-dev51.json',
  'ask-dev52.json',
  'ask-dev56.json',
  'ask-dev57.json',
  'ask-dev58.json',
  'ask-dev59.json',
  'ask-dev60.json',
  'ask-dev61.json',
  'ask-dev62.json',
  'ask-dev63.json',
  'ask-dev64.json',
  'ask-dev65.json',
  'ask-dev66.json',
  'ask-dev67.json',
  'ask-dev68.json',
  'ask-dev69.json',
  'ask-dev70.json',
  'ask-dev71.json',
  'ask-dev72.json',
  'ask-dev76.json',
  'ask-dev77.json',
  'ask-dev78.json',
  'ask-dev81.json',
  'ask-dev82.json',
  'ask-dev83.json',
  'ask-dev85.json',
  'ask-dev86.json',
  'ask-dev87.json',
  'ask-dev90.json',
  'ask-dev92.json',
  'ask-dev93.json',
  'ask-dev94.json',
  'ask-dev96.json',
  'ask-dev97.json',
  'ask-dev98.json',
  'ask-dev100.json',
  'ask-dev101.json',
  'ask-dev102.json',
  'ask-dev104.json',
  'ask-dev105.json',
];

/**
 * The sets whose unanswerable questions the index learns (src/core/ask/asked-before.ts): every set
 * scored, learned or not. Those questions change no ranking, only which questions are declined as
 * asked before; held out set by set, adding the never-learned sets' declined 8 more of the 163
 * unanswerable questions the development sets' other rules answered, for no answerable one.
 */
export const UNANSWERED_SETS = [...DEVELOPMENT_SETS, ...UNLEARNED_SETS];

/** How every measuring script asks: five sources, essays and glossary. */
export const ASK_OPTIONS = { limit: 5, types: ['essay', 'glossary'] };

/**
 * A set's answerable questions (those with sources expected), as a fitting script records them.
 * @param {string} file a file name under test/fixtures
 * @returns {Array<{ q: string; kind: string; expect: string[]; facts?: string[]; held_out?: boolean }>}
 */
export function answerableQuestions(file) {
  const parsed = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8'));
  return (Array.isArray(parsed) ? parsed : parsed.questions).filter(
    (/** @type {{ expect: string[] | null }} */ question) => question.expect !== null,
  );
}

/**
 * A set's unanswerable questions (no source expected).
 * @param {string} file a file name under test/fixtures
 * @returns {Array<{ q: string; kind: string }>}
 */
function unanswerableQuestions(file) {
  const parsed = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8'));
  return (Array.isArray(parsed) ? parsed : parsed.questions).filter(
    (/** @type {{ expect: string[] | null }} */ question) => question.expect === null,
  );
}

/** The key of the questions no source answers (src/core/ask/reader-questions.ts, UNANSWERED). */
const UNANSWERED = '(unanswered)';

/** A question's words, lowercase, single-spaced: the same question asked with other punctuation. */
export const plainQuestion = (/** @type {string} */ text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The questions of some sets as the ask index learns from them (src/core/ask/reader-questions.ts):
 * an answerable one of `files` under its first expected source → [question, …its facts], an
 * unanswerable one of `unansweredFiles` under UNANSWERED → [question]. Never the blind set.
 * `leaveOut`: questions (as `plainQuestion` gives them) not learned, so that a set is scored on an
 * index that never saw its questions: writers often ask the same thing in the same words ("What is
 * a Merkle tree?" is in three sets).
 * @param {readonly string[]} files file names under test/fixtures
 * @param {ReadonlySet<string>} [leaveOut]
 * @param {readonly string[]} [unansweredFiles]
 * @returns {Record<string, string[][]>}
 */
export function readerQuestionsOf(files, leaveOut = new Set(), unansweredFiles = files) {
  /** @type {Record<string, string[][]>} */
  const sources = {};
  const learned = (/** @type {{ q: string }} */ question) => !leaveOut.has(plainQuestion(question.q));
  for (const file of files) {
    if (file === 'ask-blind.json') throw new Error(`never the blind set: ${file}`);
    // Under the first source only, the one its writer names as answering best: under every source it
    // lists, it weighs on the secondary ones too (held out, first +139 against +164).
    for (const question of answerableQuestions(file).filter(learned))
      (sources[question.expect[0] ?? ''] ??= []).push([question.q, ...(question.facts ?? [])]);
  }
  // And those no source answers, under their own key (src/core/ask/asked-before.ts).
  for (const file of unansweredFiles) {
    if (file === 'ask-blind.json') throw new Error(`never the blind set: ${file}`);
    for (const question of unanswerableQuestions(file).filter(learned)) (sources[UNANSWERED] ??= []).push([question.q]);
  }
  return Object.fromEntries(
    Object.keys(sources)
      .sort()
      .map((source) => [source, sources[source] ?? []]),
  );
}

/** @param {string} dir */
function entries(dir) {
  return readdirSync(path.join(root, 'content', dir))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(root, 'content', dir, name), 'utf8');
      const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
      return { slug: name.replace(/\.md$/, ''), data: parse(front), body };
    });
}

/**
 * An anchor per `##` and `###` heading, in order, as Astro would give them (lowercase words joined by
 * hyphens, a repeat numbered). Scoring needs them: a section is a source by its URL, so without
 * anchors every section of an essay would be one source, and the top 3 would hold fewer sections
 * than over HTTP (73.7 % against 76.0 % on the blind set).
 * @param {string} body
 */
function headingAnchors(body) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  return [...body.matchAll(/^#{2,3}[ \t]+(.+)$/gm)].map((match) => {
    const slug =
      (match[1] ?? '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu)
        ?.join('-') ?? '';
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  });
}

/** The documents the site hands the index (src/site/ask-documents.ts). */
export function contentDocuments() {
  const glossary = entries('glossary').map(({ slug, data, body }) => ({
    type: 'glossary',
    slug,
    title: data.term,
    aliases: data.aliases ?? [],
    asked: data.asked ?? [],
    definition: data.definition,
    body,
    anchors: [],
    url: `/glossary/${slug}`,
    markdownUrl: `/glossary/${slug}.md`,
  }));
  const essays = entries('essays').map(({ slug, data, body }) => ({
    type: 'essay',
    slug,
    title: data.title,
    aliases: [],
    sectionsAsked: data.asked ?? {},
    definition: null,
    body,
    anchors: headingAnchors(body),
    url: `/essays/${slug}`,
    markdownUrl: `/essays/${slug}.md`,
  }));
  return [...glossary, ...essays];
}

/**
 * The content's ask index built, written as JSON and read back. `AskIndex`: the class from the
 * caller's own import of the ask index (a fit script bundles its own). `readers`: the questions it
 * learns from (src/core/ask/reader-questions.ts); none by default, so that a script that scores the
 * development sets does not score them on their own questions. The server's index learns what
 * `serverReaders()` gives.
 * @param {{ build(documents: any[], table?: unknown, readers?: unknown): unknown; load(serialised: any): any }} AskIndex
 * @param {Record<string, string[][]>} [readers]
 */
export function contentIndex(AskIndex, readers = {}) {
  return AskIndex.load(JSON.parse(JSON.stringify(AskIndex.build(contentDocuments(), undefined, readers))));
}

/**
 * The questions the server's index learns (scripts/ask-reader-questions.mjs writes them): the
 * development sets' answerable and unanswerable questions, and the unanswerable ones of the sets
 * never learned (UNANSWERED_SETS).
 */
export const serverReaders = () => readerQuestionsOf(DEVELOPMENT_SETS, new Set(), UNANSWERED_SETS);

/**
 * The index a set of questions is scored on to see what readers' questions bring to writers it has
 * not learned from: learned as the server's (serverReaders) from the sets other than `file` (all of
 * them for an outside set), without any question of the set asked in the same words (plainQuestion).
 * @param {{ build(documents: any[], table?: unknown, readers?: unknown): unknown; load(serialised: any): any }} AskIndex
 * @param {ReadonlyArray<{ q: string }>} questions
 * @param {string} [file] the set's file name under test/fixtures, when it is a development set
 */
export function heldOutIndex(AskIndex, questions, file) {
  const leaveOut = new Set(questions.map(({ q }) => plainQuestion(q)));
  const others = (/** @type {string[]} */ sets) => sets.filter((other) => other !== file);
  return contentIndex(AskIndex, readerQuestionsOf(others(DEVELOPMENT_SETS), leaveOut, others(UNANSWERED_SETS)));
}
