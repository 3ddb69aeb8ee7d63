// @ts-check
// Writes src/core/ask/reader-questions.json, the questions readers asked that the ask index learns
// from (src/core/ask/reader-questions.ts): every answerable question of the development sets
// (bench/ask-docs.mjs, DEVELOPMENT_SETS), under the first source expected to answer it, with the phrases
// of that source that hold its answer, and every unanswerable one of those sets and of the sets never
// learned (UNLEARNED_SETS) under "(unanswered)" (src/core/ask/asked-before.ts). The blind set
// (test/fixtures/ask-blind.json) is never read.
// Run it again when a development set is added: node scripts/launch.mjs scripts/ask-reader-questions.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_SETS, serverReaders, UNLEARNED_SETS } from '../bench/ask-docs.mjs';

const root = path.resolve(import.meta.dirname, '..');
const about =
  'Questions outsiders wrote from the rendered pages (the development sets, test/fixtures), by the source ' +
  'that answers each: [question, ...phrases of the source that hold the answer]; those no source ' +
  'answers, of those sets and the sets never learned ("unansweredOnly"), under "(unanswered)": ' +
  '[question]. Written by ' +
  'scripts/ask-reader-questions.mjs; read by src/core/ask/reader-questions.ts.';
const sources = serverReaders();
// A source per line, so that a new set's questions read as lines added.
const lines = Object.entries(sources).map(([source, list]) => `  ${JSON.stringify(source)}: ${JSON.stringify(list)}`);
const head =
  `{\n "about": ${JSON.stringify(about)},\n "sets": ${JSON.stringify(DEVELOPMENT_SETS)},\n` +
  ` "unansweredOnly": ${JSON.stringify(UNLEARNED_SETS)},\n "sources": {\n`;
writeFileSync(path.join(root, 'src/core/ask/reader-questions.json'), `${head}${lines.join(',\n')}\n }\n}\n`);
const { '(unanswered)': unanswered = [], ...answered } = sources;
const questions = Object.values(answered).reduce((sum, list) => sum + list.length, 0);
console.log(
  `${Object.keys(answered).length} sources, ${questions} questions under them; ${unanswered.length} unanswered`,
);
