// @ts-check
// What the questions readers asked (src/core/ask/reader-questions.ts) bring to writers the index has
// not learned from: each development set scored on an index that learned from the other sets only,
// leaving out any of their questions the set asks in the same words (heldOutIndex), beside an index
// that learned from none. FILE… scores outside sets, and ASK_BLIND=1 the blind set (aggregates only),
// on an index learned from every development set, again without their same-worded questions.
// Run: node scripts/launch.mjs bench/ask-held-out.mjs [FILE…]  (ASK_SPEED=1: size and speed, below)
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import {
  ASK_OPTIONS,
  contentDocuments,
  contentIndex,
  DEVELOPMENT_SETS,
  heldOutIndex,
  serverReaders,
} from './ask-docs.mjs';
import { median, percentile, root } from './lib.mjs';

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

// What learning costs (ASK_SPEED=1): the index's size with and without every development set's
// questions, and the time of a search over all their questions, the two indexes alternated, the
// medians of five rounds.
if (process.env['ASK_SPEED'] === '1') {
  const all = DEVELOPMENT_SETS.flatMap((file) => blind.readQuestionSet(path.join(root, 'test/fixtures', file)));
  const runs = [
    { name: 'without', readers: {} },
    { name: 'learned', readers: serverReaders() },
  ].map(({ name, readers }) => {
    const json = JSON.stringify(AskIndex.build(contentDocuments(), undefined, readers));
    /** @type {{ p50: number[]; p99: number[] }} */
    const times = { p50: [], p99: [] };
    return { name, json, index: AskIndex.load(JSON.parse(json)), ...times };
  });
  for (let round = 0; round < 5; round += 1)
    for (const run of round % 2 ? [...runs].reverse() : runs) {
      const times = all.map((question) => {
        const started = performance.now();
        run.index.search(question.q, ASK_OPTIONS);
        return performance.now() - started;
      });
      run.p50.push(percentile(times, 50));
      run.p99.push(percentile(times, 99));
    }
  for (const run of runs)
    console.log(
      `${run.name.padEnd(8)} index ${(run.json.length / 1e6).toFixed(2)} MB, ${all.length} searches: ` +
        `p50 ${median(run.p50).toFixed(3)} ms, p99 ${median(run.p99).toFixed(3)} ms (medians of 5 rounds)`,
    );
}
