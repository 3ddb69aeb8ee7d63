// @ts-check
// What the questions readers asked (src/core/ask/reader-questions.ts) bring to writers the index has
// not learned from: each development set scored on an index that learned from the other sets only,
// leaving out any of their questions the set asks in the same words (heldOutIndex), beside an index
// that learned from none. FILE… scores outside sets, and ASK_BLIND=1 the blind set (aggregates only),
// on an index learned from every development set, again without their same-worded questions.
// Run: node scripts/launch.mjs bench/ask-held-out.mjs [FILE…]
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { ASK_OPTIONS, contentIndex, DEVELOPMENT_SETS, heldOutIndex } from './ask-docs.mjs';
import { root } from './lib.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const blind = await import('../test/support/ask-blind.ts');

/** @param {string} name @param {any} score */
const row = (name, score) =>
  `${name.padEnd(34)}${[score.top1, score.top3, score.fact, score.falseDeclines]
    .map((share) => `${(100 * share).toFixed(1)} %`.padStart(9))
    .join('')}${`${score.trueDeclines} of ${score.unanswerable}`.padStart(10)}`;

/** @param {any} index @param {any[]} questions */
const scored = (index, questions) =>
  blind.scoreBlind(
    questions,
    questions.map((question) => index.search(question.q, ASK_OPTIONS)),
  );

console.log(`${'set'.padEnd(34)}    first    top 3 key fact declined unanswerable declined`);
const none = contentIndex(AskIndex);
const totals = { first: 0, fact: 0, declined: 0, unanswerable: 0 };
for (const file of DEVELOPMENT_SETS) {
  const questions = blind.readQuestionSet(path.join(root, 'test/fixtures', file));
  const before = scored(none, questions);
  const after = scored(heldOutIndex(AskIndex, questions, file), questions);
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

const outside = process.argv
  .slice(2)
  .map((file) => ({ name: path.basename(file), questions: blind.readQuestionSet(file) }));
const blindSet = process.env['ASK_BLIND'] === '1' ? blind.blindQuestions() : undefined;
if (blindSet) outside.push({ name: 'blind set', questions: blindSet });
for (const { name, questions } of outside) {
  const learned = heldOutIndex(AskIndex, questions);
  console.log(
    `${row(`${name} without`, scored(none, questions))}\n${row(`${name} learned`, scored(learned, questions))}`,
  );
}
