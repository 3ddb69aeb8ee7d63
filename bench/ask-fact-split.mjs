// @ts-check
// Key fact in the answer on the development sets (never the blind set), split by whether the right
// source came first: the share among answered questions whose lead is right measures the extract
// (which sentences are quoted), the share among the others what a wrong lead still happens to say.
// The last columns count only questions with fact phrases: a set that gives some none (ask-dev.json
// gives 65 of 111) counts them as misses in the others.
// Run: node scripts/launch.mjs bench/ask-fact-split.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const blind = await import('../test/support/ask-blind.ts');
const sections = blind.contentSections();

const index = contentIndex(AskIndex);
const options = { limit: 5, types: ['essay', 'glossary'] };
const percent = (/** @type {number} */ part, /** @type {number} */ whole) =>
  whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;

console.log(
  'set                          answerable  fact   | lead right: n  fact   | lead wrong: n  fact   | right, with facts: n  fact',
);
for (const file of DEVELOPMENT_SETS) {
  const dev = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8')).questions;
  const tally = { all: 0, fact: 0, right: 0, rightFact: 0, wrong: 0, wrongFact: 0, phrased: 0 };
  for (const /** @type {{ q: string; expect: string[] | null; facts?: string[] }} */ question of dev) {
    if (!question.expect) continue;
    const result = index.search(question.q, options);
    const first = result.sources[0];
    const right = result.answer !== null && first !== undefined && blind.isExpected(question.expect, first, sections);
    const fact = result.answer !== null && blind.holdsFact(result.answer.text, question.facts ?? []);
    tally.all += 1;
    tally.fact += fact ? 1 : 0;
    if (right && question.facts?.length) tally.phrased += 1;
    if (right) [tally.right, tally.rightFact] = [tally.right + 1, tally.rightFact + (fact ? 1 : 0)];
    else [tally.wrong, tally.wrongFact] = [tally.wrong + 1, tally.wrongFact + (fact ? 1 : 0)];
  }
  console.log(
    `${file.padEnd(28)} ${String(tally.all).padStart(10)}  ${percent(tally.fact, tally.all).padStart(6)} | ${String(tally.right).padStart(13)}  ${percent(tally.rightFact, tally.right).padStart(6)} | ${String(tally.wrong).padStart(13)}  ${percent(tally.wrongFact, tally.wrong).padStart(6)} | ${String(tally.phrased).padStart(20)}  ${percent(tally.rightFact, tally.phrased).padStart(6)}`,
  );
}
