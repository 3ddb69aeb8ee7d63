// @ts-check
// Where the key fact is missed when the right source is first, on the development sets (never the
// blind set): per such question its kind, the answer text, and the first source's passages sentence
// by sentence, a fact's sentence marked `*` and a quoted one `>`; then a tally of where the fact was
// (another sentence of the passage quoted, next to a quoted one or apart; another passage of the
// same source; another source of the same page; a definition quoted while an essay source holds it;
// nowhere). A fact's sentence next to the quoted ones is told apart when quoting it would pass 90 words.
// Run: node scripts/launch.mjs bench/ask-fact-misses.mjs [--quiet]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentDocuments, DEVELOPMENT_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { sentencesAt } = await importTs('src/core/ask/sentences.ts');
const blind = await import('../test/support/ask-blind.ts');

const serialised = AskIndex.build(contentDocuments());
const index = AskIndex.load(JSON.parse(JSON.stringify(serialised)));
const options = { limit: 5, types: ['essay', 'glossary'] };
const quiet = process.argv.includes('--quiet');
/** @type {any[]} */
const passages = serialised.passages;
// How the scorers name a source (quotes made straight), as the sets' expectations are compared.
const { isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();

const words = (/** @type {string} */ text) => text.split(/\s+/).filter(Boolean).length;
const tally = new Map();
const count = (/** @type {string} */ where) => tally.set(where, (tally.get(where) ?? 0) + 1);
for (const file of DEVELOPMENT_SETS) {
  const dev = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8')).questions;
  for (const question of dev) {
    if (!question.expect || !question.facts?.length) continue;
    const result = index.search(question.q, options);
    const first = result.sources[0];
    if (!first || !isExpected(question.expect, first, sections) || !result.answer) continue;
    if (blind.holdsFact(result.answer.text, question.facts)) continue;
    const same = passages.filter(
      (p) => p.slug === first.slug && (p.type === 'glossary' || p.section === first.section),
    );
    const page = passages.filter((p) => p.slug === first.slug && !same.includes(p));
    const quotedTexts = result.answer.passages.map((/** @type {any} */ p) => p.text);
    const has = (/** @type {string} */ text) => blind.holdsFact(text, question.facts);
    const isQuoted = (/** @type {string} */ sentence) =>
      quotedTexts.some((/** @type {string} */ t) => t.includes(sentence));
    const quotedPassage = same.find(
      (p) => quotedTexts.some((/** @type {string} */ t) => p.text.includes(t.slice(0, 40))) && has(p.text),
    );
    // Whether the fact's sentence is next to a quoted one (the answer took the wrong neighbour) or further.
    const beside = (/** @type {any} */ p) => {
      const sentences = sentencesAt(p.text, p.sentences);
      return sentences.some(
        (/** @type {string} */ sentence, /** @type {number} */ at) =>
          has(sentence) && [sentences[at - 1], sentences[at + 1]].some((next) => next !== undefined && isQuoted(next)),
      );
    };
    // A definition quoted while an essay section among the sources holds the fact.
    const essayHolds = () =>
      first.type === 'glossary' &&
      result.sources.some(
        (/** @type {any} */ source) =>
          source.type === 'essay' &&
          passages.some((p) => p.slug === source.slug && p.section === source.section && has(p.text)),
      );
    // Whether quoting the fact's sentence beside the quoted ones would pass the answer's 90 words.
    const overBudget = (/** @type {any} */ p) => {
      const sentences = sentencesAt(p.text, p.sentences);
      const quotedWords = words(result.answer.text);
      return sentences.some((/** @type {string} */ sentence) => has(sentence) && quotedWords + words(sentence) > 90);
    };
    const where = quotedPassage
      ? `other sentence of a quoted passage (${beside(quotedPassage) ? (overBudget(quotedPassage) ? 'next to the quoted, past 90 words' : 'next to the quoted') : 'apart from the quoted'})`
      : same.some((p) => has(p.text))
        ? `other passage of the source (${first.type})`
        : page.some((p) => has(p.text))
          ? 'other section of the page'
          : essayHolds()
            ? 'not on the page: a definition quoted, an essay source holds it'
            : 'nowhere on the page (fact phrased otherwise)';
    count(where);
    if (quiet) continue;
    console.log(
      `\n[${question.kind}] (${file}) ${question.q}\n  facts: ${question.facts.join(' | ')}\n  where: ${where}`,
    );
    console.log(`  answer: ${result.answer.text.replace(/\n+/g, ' ⏎ ')}`);
    for (const p of same) {
      console.log(`  -- ${p.kind} ${p.section ?? ''}`);
      for (const s of sentencesAt(p.text, p.sentences))
        console.log(`  ${isQuoted(s) ? '>' : ' '}${has(s) ? '*' : ' '} ${s}`);
    }
  }
}
console.log('\nwhere the fact was:', Object.fromEntries(tally));
