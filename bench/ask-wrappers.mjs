// @ts-check
// How talk around a question changes its answer: every answerable question of the tuning set asked
// plain and inside a few wrappers of chat ("hey, …", "I was wondering …", "… lol"), each scored for
// declines and for a lead that changed from the plain question's. The wrappers are ours, written
// for this probe; the development and blind sets are not read. Then the tuning set's comparisons
// asked in everyday forms of ours ("which is better, X or Y?"): read as comparisons, and answered
// from both sides, or not. Run:
// node scripts/launch.mjs bench/ask-wrappers.mjs   (ASK_WRAPPER_MISSES=1 lists the changed ones)
import { importTs } from './load-ts.mjs';
import { contentIndex } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { parseQuestion } = await importTs('src/core/ask/question.ts');
const evaluation = await import('../test/support/ask-eval.ts');
const { sourceKey } = await import('../test/support/ask-blind.ts');
const index = contentIndex(AskIndex);
const options = { limit: 5, types: ['essay', 'glossary'] };

/** Each wrapper turns a question (first letter lowercased, end punctuation dropped) into chat. */
const WRAPPERS = {
  greeting: (/** @type {string} */ q) => `hey! ${q}?`,
  wondering: (/** @type {string} */ q) => `I was wondering, ${q}?`,
  'tell me': (/** @type {string} */ q) => `can you tell me ${q}?`,
  'ok so': (/** @type {string} */ q) => `ok so ${q}??`,
  thanks: (/** @type {string} */ q) => `${q}? thanks in advance`,
  lol: (/** @type {string} */ q) => `${q} lol`,
  confused: (/** @type {string} */ q) => `I'm a bit confused, ${q}?`,
  // Circumstances before the question, saying nothing of its subject.
  situation: (/** @type {string} */ q) =>
    `We are a small team building a product and our users keep asking us about this. ${q}?`,
  reading: (/** @type {string} */ q) =>
    `I've been reading about this for weeks and I still don't really get one thing: ${q}?`,
  eli5: (/** @type {string} */ q) => `eli5: ${q}`,
  friend: (/** @type {string} */ q) => `${q}? asking for a friend`,
  'in simple': (/** @type {string} */ q) => `in simple terms, ${q}?`,
  'no caps': (/** @type {string} */ q) => q.toLowerCase().replace(/'/g, ''),
  // Two letters swapped in the middle of the longest word, as a fast typist does.
  typo: (/** @type {string} */ q) => {
    const longest = (q.match(/\p{L}+/gu) ?? []).sort((a, b) => b.length - a.length)[0] ?? '';
    const at = Math.floor(longest.length / 2);
    const swapped = `${longest.slice(0, at - 1)}${longest[at]}${longest[at - 1]}${longest.slice(at + 1)}`;
    return longest.length < 5 ? q : q.replace(longest, swapped);
  },
};

const questions = evaluation
  .evalQuestions()
  .filter((/** @type {{ expect?: unknown; kind: string }} */ question) => question.kind !== 'decline');
// Each question asked plain once: what every wrapper's answer is compared with.
const plains = questions.map((/** @type {{ q: string }} */ question) => index.search(question.q, options));
const lead = (/** @type {any} */ result) => (result.sources[0] ? sourceKey(result.sources[0]) : '');
let changed = 0;
for (const [name, wrap] of Object.entries(WRAPPERS)) {
  let declined = 0;
  let moved = 0;
  for (const [at, question] of questions.entries()) {
    const plain = plains[at];
    if (plain.answer === null) continue;
    const bare = question.q.replace(/[?.!\s]+$/, '');
    const asked = wrap(bare.charAt(0).toLowerCase() + bare.slice(1));
    const wrapped = index.search(asked, options);
    if (wrapped.answer === null) declined += 1;
    else if (lead(wrapped) !== lead(plain)) moved += 1;
    if ((wrapped.answer === null || lead(wrapped) !== lead(plain)) && process.env['ASK_WRAPPER_MISSES'])
      console.log(
        `  ${name}: ${asked} → ${wrapped.answer === null ? 'declined' : lead(wrapped)} (plain ${lead(plain)})`,
      );
  }
  changed += declined + moved;
  console.log(`${name.padEnd(10)} declined ${declined}, lead changed ${moved} of ${questions.length}`);
}
console.log(`all wrappers: ${changed} answers lost or moved`);

/** Each form sets a comparison's two sides (as the tuning question names them) side by side. */
const COMPARISON_FORMS = {
  'which better': (/** @type {string[]} */ [a, b]) => `which is better, ${a} or ${b}?`,
  'better than': (/** @type {string[]} */ [a, b]) => `is ${a} better than ${b}?`,
  'should I use': (/** @type {string[]} */ [a, b]) => `should I use ${a} or ${b}?`,
  'differ from': (/** @type {string[]} */ [a, b]) => `how is ${a} different from ${b}?`,
  'pros and cons': (/** @type {string[]} */ [a, b]) => `pros and cons of ${a} and ${b}`,
};
const comparisons = questions.filter((/** @type {{ kind: string }} */ question) => question.kind === 'comparison');
for (const [name, form] of Object.entries(COMPARISON_FORMS)) {
  let read = 0;
  let bothSides = 0;
  for (const question of comparisons) {
    const sides = parseQuestion(question.q).sides;
    if (!sides) continue;
    const asked = form(sides);
    if (parseQuestion(asked).intent === 'comparison') read += 1;
    if ((index.search(asked, options).answer?.passages.length ?? 0) >= 2) bothSides += 1;
  }
  console.log(
    `${name.padEnd(13)} read as a comparison ${read}, answered from both sides ${bothSides} of ${comparisons.length}`,
  );
}
