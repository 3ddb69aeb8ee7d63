// @ts-check
// What the questions readers asked (src/core/ask/reader-questions.ts) bring to writers the index has
// not learned from: each development set scored with an index that learned from the other sets only
// (and not their questions that it asks in the same words), beside one that learned from none. With ASK_BLIND=1 the blind set too (aggregates only), with the
// index learned from every development set but the questions it asks in the same words; `node …
// FILE…` scores outside sets the same way.
// Run: node scripts/launch.mjs bench/ask-held-out.mjs [FILE…]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { ASK_OPTIONS, contentDocuments, DEVELOPMENT_SETS, plainQuestion, readerQuestionsOf } from './ask-docs.mjs';
import { root } from './lib.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const blind = await import('../test/support/ask-blind.ts');
const documents = contentDocuments();

/** @param {Record<string, string[][]>} readers */
const indexWith = (readers) => AskIndex.load(JSON.parse(JSON.stringify(AskIndex.build(documents, undefined, readers))));

/** @param {string} file */
const questionsOf = (file) => {
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(parsed) ? parsed : parsed.questions;
};

/** @param {string} name @param {any} score */
const row = (name, score) =>
  `${name.padEnd(34)}${[score.top1, score.top3, score.fact, score.falseDeclines]
    .map((share) => `${(100 * share).toFixed(1)} %`.padStart(9))
    .join('')}${`${score.trueDeclines} of ${score.unanswerable}`.padStart(10)}`;

/** The questions of a set, as plainQuestion gives them: left out of what the index learns. @param {any[]} questions */
const asked = (questions) => new Set(questions.map((question) => plainQuestion(question.q)));

/** @param {any} index @param {any[]} questions */
const scored = (index, questions) =>
  blind.scoreBlind(
    questions,
    questions.map((question) => index.search(question.q, ASK_OPTIONS)),
  );

console.log(`${'set'.padEnd(34)}    first    top 3 key fact declined unanswerable declined`);
const none = indexWith({});
const totals = { first: 0, fact: 0, declined: 0, unanswerable: 0 };
for (const file of DEVELOPMENT_SETS) {
  const questions = questionsOf(path.join(root, 'test/fixtures', file));
  const before = scored(none, questions);
  const others = DEVELOPMENT_SETS.filter((other) => other !== file);
  const after = scored(indexWith(readerQuestionsOf(others, asked(questions))), questions);
  const answerable = questions.filter((/** @type {{ expect: unknown }} */ question) => question.expect !== null).length;
  totals.first += Math.round((after.top1 - before.top1) * answerable);
  totals.fact += Math.round((after.fact - before.fact) * answerable);
  totals.declined += Math.round((after.falseDeclines - before.falseDeclines) * answerable);
  totals.unanswerable += after.trueDeclines - before.trueDeclines;
  console.log(`${row(`${file} without`, before)}\n${row(`${file} held out`, after)}`);
}
console.log(
  `held out, summed over the sets: right first ${totals.first}, key fact ${totals.fact}, ` +
    `answerable declined ${totals.declined}, unanswerable declined ${totals.unanswerable}`,
);

const outside = process.argv.slice(2).map((file) => ({ name: path.basename(file), questions: questionsOf(file) }));
if (process.env['ASK_BLIND'] === '1') outside.push({ name: 'blind set', questions: blind.blindQuestions() });
for (const { name, questions } of outside) {
  const learned = indexWith(readerQuestionsOf(DEVELOPMENT_SETS, asked(questions)));
  console.log(
    `${row(`${name} without`, scored(none, questions))}\n${row(`${name} learned`, scored(learned, questions))}`,
  );
}
