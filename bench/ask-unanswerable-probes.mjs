// @ts-check
// The helper's own unanswerable probes (bench/ask-unanswerable-probes.json: products, people, coins,
// events, slang, loose aliases, advice, predictions the content never covers, and look-alikes it
// does answer), scored apart from the development sets so that decline rules are not fitted to
// their few unanswerable questions alone. Prints each probe's outcome and the tallies per kind.
// Run: node scripts/launch.mjs bench/ask-unanswerable-probes.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, serverReaders } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { sourceKey, isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();
// As the server builds it: learned from every development set's questions.
const index = contentIndex(AskIndex, serverReaders());
const options = { limit: 5, types: ['essay', 'glossary'] };

const probes = JSON.parse(readFileSync(path.join(root, 'bench/ask-unanswerable-probes.json'), 'utf8')).questions;
/** @type {Map<string, { n: number; ok: number }>} */
const kinds = new Map();
let answerableDeclined = 0;
for (const probe of probes) {
  const result = index.search(probe.q, options);
  const first = result.sources[0];
  const ok =
    probe.expect === null
      ? result.answer === null
      : result.answer !== null && isExpected(probe.expect, first, sections);
  if (probe.expect !== null && result.answer === null) answerableDeclined += 1;
  const tally = kinds.get(probe.kind) ?? { n: 0, ok: 0 };
  kinds.set(probe.kind, { n: tally.n + 1, ok: tally.ok + (ok ? 1 : 0) });
  const outcome = result.answer === null ? `declined: ${(result.no_answer_reason ?? '').slice(0, 60)}` : 'answered';
  console.log(
    `${ok ? '  ok ' : 'MISS '} ${probe.q} → ${first ? sourceKey(first) : '-'} (${outcome}) c=${result.confidence}`,
  );
}
/** The tallies of the kinds whose probes are answerable (or not), added up. */
const total = (/** @type {boolean} */ answerable) => {
  const chosen = new Set(
    probes
      .filter((/** @type {any} */ probe) => (probe.expect !== null) === answerable)
      .map((/** @type {any} */ probe) => probe.kind),
  );
  let n = 0;
  let ok = 0;
  for (const kind of chosen) {
    n += kinds.get(kind)?.n ?? 0;
    ok += kinds.get(kind)?.ok ?? 0;
  }
  return { n, ok };
};
console.log('');
for (const [kind, { n, ok }] of kinds) console.log(`${kind.padEnd(28)} ${ok} of ${n}`);
const unanswerable = total(false);
const answerable = total(true);
console.log(`unanswerable declined: ${unanswerable.ok} of ${unanswerable.n}`);
console.log(
  `answerable answered from the right source: ${answerable.ok} of ${answerable.n}, declined: ${answerableDeclined}`,
);
