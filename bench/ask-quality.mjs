// @ts-check
// Ask quality in process, in seconds rather than a site build: the index built straight from
// content/ (front matter and Markdown; the links' anchors are not needed to score), then the tuning
// set (test/fixtures/ask-eval.json) scored as its HTTP test scores it, and the blind set
// (test/fixtures/ask-blind.json, with ASK_BLIND=1) as aggregates only: its questions and per-question
// results are never printed, so nobody tunes on it. `ASK_MISSES=1` lists the tuning set's misses.
// Run: node scripts/launch.mjs bench/ask-quality.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, DEVELOPMENT_SETS, heldOutIndex, serverReaders, UNLEARNED_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
// Node runs these two as they are (they locate the fixtures from their own directory).
const evaluation = await import('../test/support/ask-eval.ts');
const blind = await import('../test/support/ask-blind.ts');
const sections = blind.contentSections();

// As the server builds it, learned from every development set's questions (reader-questions.ts).
const index = contentIndex(AskIndex, serverReaders());
const options = { limit: 5, types: ['essay', 'glossary'] };

const tuning = evaluation.evalQuestions();
const score = evaluation.scoreAnswers(
  tuning,
  tuning.map((/** @type {{ q: string }} */ question) => index.search(question.q, options)),
);
console.log(`tuning set (${tuning.length} questions)\n${evaluation.formatTable(score)}`);
console.log(`declines answered: ${score.wrongAnswers}, comparisons missing a side: ${score.sidesMissing}`);
if (process.env['ASK_MISSES']) console.log(`misses:\n  ${score.misses.join('\n  ')}`);

// The development set (test/fixtures/ask-dev.json): questions in the asker's words, written while
// building the semantic signal; scored like the blind set, its misses listed with ASK_MISSES.
// The retired blind set (test/fixtures/ask-dev-retired-blind.json) and a second outsider's set
// (test/fixtures/ask-dev2.json, weighted to situations, reasons, comparisons) are scored beside it,
// a third (ask-dev3.json, weighted to conversations and situations), a fourth (ask-dev4.json, every
// kind), a fifth (ask-dev5.json, every kind, unanswerables on nearby topics), a sixth
// (ask-dev6.json, every kind), a seventh (ask-dev7.json), an eighth (ask-dev8.json, every kind) and a
// ninth (ask-dev9.json, every kind), a tenth (ask-dev10.json, every kind), an eleventh
// (ask-dev11.json: paraphrases, situations and reasons in everyday words, no term of the site) and a
// twelfth (ask-dev12.json, every kind), a thirteenth (ask-dev13.json), a fourteenth
// (ask-dev14.json), a fifteenth (ask-dev15.json), a sixteenth (ask-dev16.json), a seventeenth
// (ask-dev17.json, 50 unanswerable), an eighteenth (ask-dev18.json, 80 unanswerable), a nineteenth
// (ask-dev19.json, 80 unanswerable), a twentieth (ask-dev20.json, 64), a twenty-first
// (ask-dev21.json, 80), a twenty-second and a twenty-third (ask-dev22.json, ask-dev23.json, 48
// unanswerable, none steered to a group), a twenty-fifth to a forty-third (ask-dev25.json to
// ask-dev43.json, as those), every kind, each but
// ask-dev11 held out of the work it first measured;
// ask-dev11 was written to steer it. Then the sets scored but never learned from (UNLEARNED_SETS).
for (const file of [...DEVELOPMENT_SETS, ...UNLEARNED_SETS]) {
  const dev = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8')).questions;
  // Each set on an index that learned from the others only: its own questions would score themselves.
  const learned = heldOutIndex(AskIndex, dev, file);
  const devAnswers = dev.map((/** @type {{ q: string }} */ question) => learned.search(question.q, options));
  console.log(
    `\ndevelopment set ${file} (${dev.length} questions; ${UNLEARNED_SETS.includes(file) ? 'never learned' : 'held out'})\n${blind.formatBlind(blind.scoreBlind(dev, devAnswers))}`,
  );
  // ASK_WORDS=1: the answers' average length in words (answerable questions answered).
  if (process.env['ASK_WORDS']) {
    const lengths = devAnswers
      .filter((/** @type {any} */ result, /** @type {number} */ at) => dev[at].expect !== null && result.answer)
      .map((/** @type {any} */ result) => result.answer.text.split(/\s+/).filter(Boolean).length);
    console.log(
      `answer words: ${(lengths.reduce((/** @type {number} */ sum, /** @type {number} */ n) => sum + n, 0) / lengths.length).toFixed(1)}`,
    );
  }
  if (process.env['ASK_MISSES'])
    dev.forEach((/** @type {{ q: string; expect: string[] | null }} */ question, /** @type {number} */ at) => {
      const result = devAnswers[at];
      const top = result.sources
        .slice(0, 3)
        .map((/** @type {any} */ s) => `${s.slug}${s.section ? ` § ${s.section}` : ''}`);
      const first = result.sources[0];
      // Compared as the scorer does (scoreBlind): quotes made straight, a subsection in its section.
      const right =
        question.expect === null
          ? result.answer === null
          : result.answer !== null && first !== undefined && blind.isExpected(question.expect, first, sections);
      if (!right)
        console.log(
          `  ${question.q} → ${top.join(' | ')}${result.answer ? '' : ' (no answer)'} c=${result.confidence}`,
        );
    });
}

// Only on request (ASK_BLIND=1), so that development runs never show it.
const blindSet = process.env['ASK_BLIND'] === '1' ? blind.blindQuestions() : undefined;
if (blindSet) {
  const answers = blindSet.map((/** @type {{ q: string }} */ question) => index.search(question.q, options));
  console.log(
    `\nblind set (${blindSet.length} questions; aggregates only)\n${blind.formatBlind(blind.scoreBlind(blindSet, answers))}`,
  );
} else console.log('\nblind set: not scored (ASK_BLIND=1 scores it, when test/fixtures/ask-blind.json is there)');
