// @ts-check
// The development sets' misses, classified: for each answerable question declined, which rule
// declined it (out of scope, a word or name the content lacks, a comparison's side, confidence, a
// name unspoken, off-domain) and the evidence it read; for each wrong first source, where the
// expected source ranked. The tuning and blind sets are not read. Run:
// node scripts/launch.mjs bench/ask-misses.mjs [set.json …]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { declineRule } = await importTs('src/core/ask/decline.ts');
const { sourceKey, isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();
const index = contentIndex(AskIndex);
const options = { limit: 5, types: ['essay', 'glossary'] };
const sets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEVELOPMENT_SETS;

/** Which rule declined, from the evidence (or the reason when a rule before the evidence did). @param {any} e @param {any} result */
function rule(e, result) {
  if (!e) return `before:${(result.no_answer_reason ?? '').slice(0, 70)}`;
  return declineRule(e) ?? 'none';
}
/** @type {Map<string, number>} */
const tally = new Map();
const count = (/** @type {string} */ key) => tally.set(key, (tally.get(key) ?? 0) + 1);
for (const set of sets) {
  const questions = JSON.parse(readFileSync(path.join(root, 'test/fixtures', set), 'utf8')).questions;
  console.log(`\n== ${set}`);
  for (const question of questions) {
    const { result, evidence } = index.explain(question.q, options);
    const e =
      evidence &&
      Object.fromEntries(Object.entries(evidence).map(([k, v]) => [k, typeof v === 'number' ? +v.toFixed(2) : v]));
    if (question.expect === null) {
      if (result.answer !== null) {
        count(`${set} unanswerable answered`);
        console.log(`  UNANSWERABLE ANSWERED ${question.q} → ${sourceKey(result.sources[0])} ${JSON.stringify(e)}`);
      }
      continue;
    }
    const keys = result.sources.map((/** @type {any} */ s) => sourceKey(s));
    const at = result.sources.findIndex((/** @type {any} */ s) => isExpected(question.expect, s, sections));
    if (result.answer === null) {
      const why = rule(evidence, result);
      count(`${set} declined ${why.split(':')[0]}`);
      console.log(
        `  DECLINED [${question.kind}] ${why} ${JSON.stringify(e)} rank=${at}\n      ${question.q}\n      → ${keys.slice(0, 3).join(' | ')}`,
      );
    } else if (at !== 0) {
      count(`${set} wrong-first ${at < 0 ? 'absent' : 'lower'}`);
      console.log(
        `  WRONG [${question.kind}] rank=${at} c=${result.confidence}\n      ${question.q}\n      → ${keys.slice(0, 3).join(' | ')}\n      want ${question.expect.join(' / ')}`,
      );
    }
  }
}
console.log('\n', Object.fromEntries([...tally].sort()));
