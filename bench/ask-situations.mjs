// @ts-check
// The development sets' situations (kind "situation"), one line each: whether the right source led,
// the key fact was quoted or the question declined; the question part read apart from the story
// (`questionClause`), the expected source and the first three. For studying situations' misses.
// Run: node scripts/launch.mjs bench/ask-situations.mjs [--misses]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { questionClause } = await importTs('src/core/ask/question.ts');
const blind = await import('../test/support/ask-blind.ts');
const sections = blind.contentSections();
const index = contentIndex(AskIndex);
const options = { limit: 5, types: ['essay', 'glossary'] };
const missesOnly = process.argv.includes('--misses');
const tally = { n: 0, right: 0, fact: 0, declined: 0 };
for (const file of DEVELOPMENT_SETS) {
  const dev = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8')).questions;
  for (const /** @type {{ q: string; kind: string; expect: string[] | null; facts?: string[] }} */ question of dev) {
    if (question.kind !== 'situation' || !question.expect) continue;
    const result = index.search(question.q, options);
    const first = result.sources[0];
    const right = result.answer !== null && first !== undefined && blind.isExpected(question.expect, first, sections);
    const fact = result.answer !== null && blind.holdsFact(result.answer.text, question.facts ?? []);
    tally.n += 1;
    tally.right += right ? 1 : 0;
    tally.fact += fact ? 1 : 0;
    tally.declined += result.answer ? 0 : 1;
    if (missesOnly && right && fact) continue;
    const top = result.sources
      .slice(0, 3)
      .map((/** @type {any} */ s) => `${s.slug}${s.section ? ` § ${s.section}` : ''}`);
    const mark = `${right ? 'R' : '-'}${fact ? 'F' : '-'}${result.answer ? '' : 'D'}`;
    console.log(
      `${file} ${mark} ${question.q}\n   part: ${questionClause(question.q) ?? '(none)'}\n   want: ${question.expect.join(' | ')}\n   got:  ${top.join(' | ')}\n   fact: ${(question.facts ?? []).join(' | ')}`,
    );
  }
}
console.log(`situations ${tally.n}: right first ${tally.right}, key fact ${tally.fact}, declined ${tally.declined}`);
