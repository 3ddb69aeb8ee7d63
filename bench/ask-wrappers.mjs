// @ts-check
// How talk around a question changes its answer: every answerable question of the tuning set asked
// plain and inside a few wrappers of chat ("hey, …", "I was wondering …", "… lol"), each scored for
// declines and for a lead that changed from the plain question's. The wrappers are ours, written
// for this probe; the development and blind sets are not read. Then the tuning set's comparisons
// asked in everyday forms of ours ("which is better, X or Y?"): read as comparisons, and answered
// from both sides, or not. Run:
// node scripts/launch.mjs bench/ask-wrappers.mjs   (ASK_WRAPPER_MISSES=1 lists the changed ones)
import { importTs } from './load-ts.mjs';
import { contentIndex, serverReaders } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { parseQuestion } = await importTs('src/core/ask/question.ts');
const evaluation = await import('../test/support/ask-eval.ts');
const { sourceKey } = await import('../test/support/ask-blind.ts');
// As the server builds it: learned from every development set's questions.
const index = contentIndex(AskIndex, serverReaders());
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

/**
 * A second family, written later and never tuned on, to tell whether the reading of talk carries
 * to chat it was not built from (ASK_WRAPPERS=fresh runs these instead).
 */
const FRESH_WRAPPERS = {
  'real talk': (/** @type {string} */ q) => `real talk, ${q}?`,
  ngl: (/** @type {string} */ q) => `ngl i never understood this. ${q}?`,
  right: (/** @type {string} */ q) => `${q}, right?`,
  'someone explain': (/** @type {string} */ q) => `could someone explain ${q}?`,
  'be honest': (/** @type {string} */ q) => `${q}? be honest`,
  newbie: (/** @type {string} */ q) => `${q} (newbie here)`,
  boss: (/** @type {string} */ q) => `My boss asked me this morning and I had no idea. ${q}?`,
  'hmm wait': (/** @type {string} */ q) => `hmm wait, ${q}?`,
  'so basically': (/** @type {string} */ q) => `so basically ${q}?`,
  'quick one': (/** @type {string} */ q) => `quick one: ${q}?`,
  'am I wrong': (/** @type {string} */ q) => `${q}, or am I wrong?`,
  emoji: (/** @type {string} */ q) => `${q}? 🤔`,
  everywhere: (/** @type {string} */ q) => `${q}? I keep seeing it mentioned everywhere`,
  'genuine q': (/** @type {string} */ q) => `genuine q - ${q}?`,
};
/** A third family, written after the reading of talk that the second measured was built, to check it. */
const THIRD_WRAPPERS = {
  idk: (/** @type {string} */ q) => `idk much about this stuff, ${q}?`,
  teacher: (/** @type {string} */ q) => `Our teacher mentioned this in class today. ${q}?`,
  'honest q': (/** @type {string} */ q) => `honest question: ${q}?`,
  'anyone here': (/** @type {string} */ q) => `anyone here know ${q}?`,
  curious: (/** @type {string} */ q) => `${q}? just curious, no rush`,
  thread: (/** @type {string} */ q) => `Saw this in a thread earlier and got lost. ${q}?`,
  yes: (/** @type {string} */ q) => `${q}, yes?`,
  help: (/** @type {string} */ q) => `help!! ${q}?`,
};
/** A fourth, written before the third's misses were read, to check what they led to. */
const FOURTH_WRAPPERS = {
  lowkey: (/** @type {string} */ q) => `lowkey confused here. ${q}?`,
  professor: (/** @type {string} */ q) => `${q}? my professor skipped over it`,
  serious: (/** @type {string} */ q) => `serious question, ${q}?`,
  folks: (/** @type {string} */ q) => `folks, ${q}?`,
  anybody: (/** @type {string} */ q) => `does anybody know ${q}?`,
  tia: (/** @type {string} */ q) => `${q}? tia`,
  sorry: (/** @type {string} */ q) => `sorry if this is obvious, ${q}?`,
  meeting: (/** @type {string} */ q) => `We argued about this in a meeting yesterday. ${q}?`,
};
const families = { fresh: FRESH_WRAPPERS, third: THIRD_WRAPPERS, fourth: FOURTH_WRAPPERS };
const wrappers = families[/** @type {'fresh' | 'third' | 'fourth'} */ (process.env['ASK_WRAPPERS'])] ?? WRAPPERS;

const questions = evaluation
  .evalQuestions()
  .filter((/** @type {{ expect?: unknown; kind: string }} */ question) => question.kind !== 'decline');
// Each question asked plain once: what every wrapper's answer is compared with.
const plains = questions.map((/** @type {{ q: string }} */ question) => index.search(question.q, options));
const lead = (/** @type {any} */ result) => (result.sources[0] ? sourceKey(result.sources[0]) : '');
let changed = 0;
for (const [name, wrap] of Object.entries(wrappers)) {
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
