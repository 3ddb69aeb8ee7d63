// @ts-check
// Which kind of source leads when the lead is wrong: for each development set, its answerable
// questions whose first source is not one they expect, counted by where an expected source ranks
// (in the top 3, lower, absent, or the question declined), the type that led (a glossary term or an
// essay section) and the types the question accepts (glossary, essay, or either). A set whose misses
// are mostly "glossary led, essay wanted" asks for sections where the ranking gives definitions:
// a question of labelling as much as of ranking, since each set's writer chose differently. The
// tuning and blind sets are not read. Run:
// node scripts/launch.mjs bench/ask-lead-types.mjs [set.json …]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { sourceKey, straightQuotes, isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();
const index = contentIndex(AskIndex);
const options = { limit: 10, types: ['essay', 'glossary'] };
const sets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEVELOPMENT_SETS;

/** `glossary` or `essay`, from a source key. @param {string} key */
const typeOf = (key) => key.split(':')[0] ?? '';

/** Where the first expected source ranks. @param {number} at */
const placeOf = (at) => (at < 0 ? 'absent' : at < 3 ? 'top 3' : 'lower');

for (const set of sets) {
  const questions = JSON.parse(readFileSync(path.join(root, 'test/fixtures', set), 'utf8')).questions;
  /** @type {Map<string, number>} */
  const tally = new Map();
  let answerable = 0;
  for (const question of questions) {
    if (question.expect === null) continue;
    answerable += 1;
    const result = index.search(question.q, options);
    const expect = question.expect.map(straightQuotes);
    const keys = result.sources.map((/** @type {any} */ source) => sourceKey(source));
    const at = result.sources.findIndex((/** @type {any} */ source) => isExpected(question.expect, source, sections));
    if (result.answer !== null && at === 0) continue;
    const wanted = new Set(expect.map(typeOf));
    const accepts = wanted.size > 1 ? 'either' : [...wanted][0];
    const row = result.answer === null ? 'declined' : `${placeOf(at)}: ${typeOf(keys[0] ?? '')} led, ${accepts} wanted`;
    tally.set(row, (tally.get(row) ?? 0) + 1);
  }
  console.log(`\n${set} (${answerable} answerable)`);
  for (const [row, count] of [...tally].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(3)}  ${row}`);
}
