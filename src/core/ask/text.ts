// Text processing shared by the ask index at build time and questions at run time: both sides must
// turn text into the same terms, or nothing matches.
import { stemmer } from 'stemmer';

const STOPWORDS = new Set(
  (
    'a about am an and are as at be been being but by can could did do does for from had has have how i if in into is it its ' +
    'me my not of on or our should so than that the their them then there these they this those to us was we were ' +
    'what when where which who whom whose why will with would you your ' +
    // Words that frame a request rather than name its subject.
    'define definition explain mean meaning means tell ' +
    // What is left of contractions once the apostrophe splits them: "doesn't" → doesn, t.
    'aren couldn didn doesn don hadn hasn haven isn shouldn wasn weren won wouldn d ll m re s t ve ' +
    // The same contractions typed without the apostrophe: "whats", "dont".
    'whats hows whys wheres whos thats dont doesnt didnt isnt arent cant wont im ive youre theyre ' +
    'itll youll theyll wasnt werent wouldnt shouldnt couldnt hasnt havent hadnt weve theyve youve'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
/** Two or more capitals and nothing else but digits: DID, UST, EIP, GPT4. */
const ACRONYM = /^(?=(?:\P{Lu}*\p{Lu}){2})[\p{Lu}\p{N}]+$/u;

export const isAcronym = (word: string): boolean => ACRONYM.test(word);

/** Words and numbers as written (case kept), Unicode-aware; hyphenated words split ("zk-rollup" → zk, rollup). */
export function rawWords(text: string): string[] {
  return text.normalize('NFKC').match(WORD) ?? [];
}

/**
 * Whether a sentence's words after its first are written as a headline, most of them with a capital
 * ("How Does a Rollup Work", "How Do I Stake My ETH"): its capitals then mark no name. Acronyms and
 * "I" are capitalised in any sentence, and do not count. A headline leaves only short words in
 * lowercase ("a", "of", "with"): "Why did Hugging Face retire its Open LLM Leaderboard" is a sentence
 * with two names.
 */
export function headline(written: readonly string[]): boolean {
  const worded = written.filter((word) => word !== 'I' && !isAcronym(word));
  const lowercase = worded.filter((word) => !/^\p{Lu}/u.test(word));
  return worded.length >= 2 && lowercase.length * 2 < worded.length && lowercase.every((word) => word.length <= 4);
}

/** A year, as questions and sentences write one ("in 2024"); global, for match and replace. */
export const YEAR = /\b(?:19|20)\d\d\b/g;

/** Lowercased words and numbers. */
export function words(text: string): string[] {
  return rawWords(text).map((word) => word.toLowerCase());
}

/**
 * One index term per word, Porter-stemmed, or null for a stopword. Case decides for acronyms:
 * "DID" (decentralised identifier) is a term, "did" is a stopword.
 */
export function indexTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOPWORDS.has(lower) && !isAcronym(word)) return null;
  return stemmer(americanSpelling(lower));
}

/**
 * Everyday adjectives that questions compare with ("why is it so much faster", "which is cheaper")
 * where the text states the plain degree ("runs are so fast"): Porter's stemmer keeps "faster",
 * "cheapest" apart from "fast", "cheap". A closed list, since "-er" also ends nouns ("validator",
 * "layer", "transformer") that are no degree of anything.
 */
const GRADABLE = new Set(
  (
    'fast slow quick cheap big small large tiny high low long short safe hard easy strong weak new old few ' +
    'late early simple wide narrow deep close great fine tight loose dense rare clear smart heavy light fair ' +
    'poor rich soft young busy risky noisy costly secure lean thin fat hot cold wise true'
  ).split(' '),
);

/** A comparative or superlative of a GRADABLE adjective as its plain degree ("bigger" → big, "easiest" → easy). */
export function positiveDegree(lower: string): string {
  const degree = /^(\p{L}{2,}?)(?:er|est)$/u.exec(lower)?.[1];
  if (!degree) return lower;
  const candidates = [degree, `${degree}e`, degree.replace(/i$/, 'y'), degree.replace(/(\p{L})\1$/u, '$1')];
  return candidates.find((base) => GRADABLE.has(base)) ?? lower;
}

/**
 * The content writes British and American spellings both ("centralised", "tokenization"): -ise
 * forms index as -ize, on both sides, so either spelling meets the other.
 */
const BRITISH_ISE = /(?<=\p{L}{3})is(ation|ations|e|es|ed|ing|er|ers)$/u;
const americanSpelling = (word: string) => word.replace(BRITISH_ISE, 'iz$1');

export function terms(text: string): string[] {
  return rawWords(text).flatMap((word) => indexTerm(word) ?? []);
}

/** Whether indexed words hold one of some names (their terms), word for word. */
export function saysAnyName(words: readonly string[], names: readonly (readonly string[])[]): boolean {
  return names.some(
    (name) => name.length > 0 && words.some((_, at) => name.every((word, offset) => words[at + offset] === word)),
  );
}

/**
 * Hyphenated words written as one ("re-running" → rerun, "zk-rollup" → zkrollup), indexed beside
 * their parts so that a question spelling them either way meets the text.
 */
export function joinedCompounds(text: string): string[] {
  return (text.normalize('NFKC').match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? []).flatMap(
    (compound) => indexTerm(compound.replaceAll('-', '')) ?? [],
  );
}

/** TeX commands the content uses, as the symbol a reader would write in plain text. */
const TEX_SYMBOLS: Record<string, string> = {
  approx: '≈',
  times: '×',
  cdot: '·',
  le: '≤',
  ge: '≥',
  leftarrow: '←',
  partial: '∂',
  pm: '±',
  ldots: '…',
  top: 'ᵀ',
  bmod: 'mod',
  ln: 'ln',
  log: 'log',
  eta: 'η',
  beta: 'β',
  tau: 'τ',
  alpha: 'α',
  gamma: 'γ',
  sum: '∑',
  in: '∈',
  dots: '…',
  mid: '|',
  exp: 'exp',
  min: 'min',
  max: 'max',
  $: '$',
};

/** A term of a fraction or root, bracketed when it is more than one symbol. */
const group = (tex: string) => (/^[\w.\\√]+$/.test(tex.trim()) ? tex.trim() : `(${tex.trim()})`);

/**
 * `$$...$$` mathematics as plain text ("$$\frac{a}{b} \approx 2$$" → "a/b ≈ 2"), so snippets read
 * as arithmetic and TeX commands ("frac", "times") never become index terms.
 */
export function texToText(markdown: string): string {
  return markdown.replace(/\$\$([\s\S]+?)\$\$/g, (_whole, tex: string) =>
    rootsAndFractions(tex.replace(/\\(?:begin|end)\{[a-z]+\}|&|\\\\|\\[,;!]|\\q?quad/g, ' '))
      .replaceAll('{,}', ',')
      .replace(/\\(?:left|right)/g, '')
      .replace(/\\(?:text|operatorname|mathrm)\{([^{}]*)\}/g, '$1')
      .replace(/\\([A-Za-z]+|\$)/g, (command: string, name: string) => TEX_SYMBOLS[name] ?? command)
      .replace(/[{}]/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Roots, fractions and scripts as plain text, the innermost first, so a root of a fraction reads too. */
function rootsAndFractions(tex: string): string {
  let text = tex;
  for (let before = ''; before !== text;) {
    before = text;
    text = text
      .replace(/([_^])\{([^{}]*)\}/g, (_script, mark: string, script: string) => `${mark}${group(script)}`)
      .replace(/\\sqrt\{([^{}]*)\}/g, (_root, radicand: string) => `√${group(radicand)}`)
      .replace(
        /\\frac\{([^{}]*)\}\{([^{}]*)\}/g,
        (_frac, top: string, bottom: string) => `${group(top)}/${group(bottom)}`,
      );
  }
  return text;
}

/** A text as a pattern that matches it literally, for building a RegExp from written words. */
export const escapePattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markdown to plain prose for indexing and snippets: links keep their text, markup goes. */
export function markdownToText(markdown: string): string {
  return texToText(markdown)
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
    .replace(/[|*_`>~]/g, ' ')
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Mathematical symbols as a reader says them: the text writes "the √d divisor", the question "the
 * square root". Not "times" for ×: its stem is that of "time".
 */
const SPOKEN_SYMBOLS: Readonly<Record<string, string>> = {
  '√': 'square root',
  '×': 'multiplied',
  '·': 'multiplied',
  '≈': 'approximately',
  '≤': 'at most',
  '≥': 'at least',
  '∑': 'sum',
  '±': 'plus or minus',
};
const SYMBOL = /[√×·≈≤≥∑±]/gu;
/**
 * A noun or adjective made from a verb in -de by the Latin d → s ("divisor", "division" → divide;
 * "conclusion" → conclude; "invasive" → invade), which Porter's stemmer keeps apart from the verb.
 */
const LATIN_S_FORM = /(?<=^\p{L}{3,}[aeiou])s(?:ion|ions|or|ors|ive|ible)$/u;

/**
 * What a text says without writing it as words: its mathematical symbols read aloud and the verbs
 * behind its -sion and -sor words, space-separated, for finding a question's words in a sentence
 * (excerpts.ts). Not indexed: as index terms they moved leads (development sets first -3 to -7).
 */
export function spokenWords(text: string): string {
  const symbols = (text.match(SYMBOL) ?? []).map((symbol) => SPOKEN_SYMBOLS[symbol]);
  const verbs = words(text).flatMap((word) => (LATIN_S_FORM.test(word) ? [word.replace(LATIN_S_FORM, 'de')] : []));
  return [...symbols, ...verbs].join(' ');
}

/** Everyday English prefixes and suffixes that make a new word of a known one ("outvote", "wordy"). */
const DERIVING_PREFIX = /^(?:out|over|under|un|re|mis|non)(?=\p{L}{4})/u;
const DERIVING_SUFFIX = /(?<=\p{L}{4})(?:y|ish|ness|able|er)$/u;
/** A consonant doubled before a suffix ("splitter", "runny"): the word it is made from has it once. */
const DOUBLED_END = /([b-df-hj-np-tv-z])\1$/u;

/**
 * The words a word is derived from by an everyday prefix or suffix, lowercased; none when it has
 * neither. A doubled last consonant is written once in the word it comes from ("splitter" → split).
 */
export function derivedWords(word: string): string[] {
  const lower = word.toLowerCase();
  const suffixless = lower.replace(DERIVING_SUFFIX, '');
  const undoubled = suffixless.replace(DOUBLED_END, '$1');
  return [...new Set([lower.replace(DERIVING_PREFIX, ''), suffixless, undoubled])].filter((base) => base !== lower);
}
