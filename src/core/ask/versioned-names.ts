// Names with a number or a version the content never writes: "ERC-7777" beside the ERC-20 it
// covers, "Uniswap v4" beside v2 and v3, "Gemini 3" beside Gemini 1.5. Each is another standard or
// release than those the content covers, so a passage about what all of them share (a token
// interface, a context window) does not answer what this one is or has (unknown-terms.ts).
import type { AskPassage } from './ask-documents.ts';
import { sentencesOf } from './sentences.ts';
import { escapePattern, indexTerm, terms, words } from './text.ts';

/** What the rules read of the content. */
export interface NumberedLookup {
  /** Whether the content uses an index term. */
  written(term: string): boolean;
  /** Whether a name is a glossary term or one of its aliases. */
  namesTerm(name: string): boolean;
  /** Whether a word is everyday English ("Stage 3", "Step 2" are not names with versions). */
  general(word: string): boolean;
  /** The words of each passage that uses an index term, lowercase, each between spaces. */
  passagesWriting(term: string): string[];
  /** Each passage that uses an index term: its first name (a section's heading, a term) and its sentences. */
  passagesUsing(term: string): Array<{ heading: string; sentences: string[] }>;
}

/** The lookup over an index: its posting lists ([passage, frequency, passage, frequency, …]) and passages. */
export function numberedLookup(index: {
  postings: ReadonlyMap<string, readonly number[]>;
  namesTerm(name: string): boolean;
  general(word: string): boolean;
  phraseText(passage: number): string;
  passages: readonly Pick<AskPassage, 'names' | 'text' | 'sentences'>[];
}): NumberedLookup {
  const using = (term: string) => (index.postings.get(term) ?? []).filter((_, at) => at % 2 === 0);
  return {
    written: (term) => index.postings.has(term),
    namesTerm: index.namesTerm,
    general: index.general,
    passagesWriting: (term) => using(term).map(index.phraseText),
    passagesUsing: (term) =>
      using(term).map((at) => {
        const passage = index.passages[at]!;
        return { heading: passage.names[0] ?? '', sentences: sentencesOf(passage) };
      }),
  };
}

/** A name with its number joined ("ERC-7777", "GPT5"). */
const NUMBERED = /(?<![\p{L}\p{N}-])\p{L}{2,}-?\d+(?![\p{L}\p{N}-])/gu;
/** A version as "v4". */
const V_VERSION = /(?<![\p{L}\p{N}-])[vV]\d+(?![\p{L}\p{N}-])/gu;
/**
 * A name and a version of one or two numbers after it, in any case (chat writes "gemini 3"). Not a
 * figure ("March 2023", "ETH 2,000") nor a size ("Llama 70B" is a Llama 2 or 3 model of 70 billion
 * parameters); everyday words before a number ("layer 2", "stage 3") are set aside by `general`.
 */
const VERSIONED = /(?<![\p{L}\p{N}-])(\p{L}{3,})\s+(\d{1,2}(?:\.\d{1,2})?)(?![.,]?\p{N}|[\p{L}\p{N}_])/gu;

/** The numbered names and versions a question writes that the content does not. */
export function unwrittenNumbers(text: string, content: NumberedLookup): string[] {
  const written = (name: string) => content.written(indexTerm(name.replace('-', '')) ?? '');
  // A numbered standard or model of a family the glossary names ("ERC", "EIP", "GPT": a term or an
  // alias) that the content never writes with that number.
  const family = (name: string) => content.namesTerm(name.replace(/-?\d+$/, ''));
  // A version ("Uniswap v4") the content never writes, where it writes others ("v2", "v3"): ask-dev9
  // one unanswerable question more declined, no answerable one.
  const versioned = [1, 2, 3, 4, 5, 6, 7, 8, 9].some((version) => written(`v${version}`));
  const versions = new Map([...text.matchAll(VERSIONED)].map(([asked, name, version]) => [asked, { name, version }]));
  return [
    ...(text.match(NUMBERED) ?? []).filter((name) => family(name) && !written(name)),
    ...(text.match(V_VERSION) ?? []).filter((version) => versioned && !written(version)),
    ...[...versions]
      .filter(([, { name, version }]) => writesOnlyOtherVersions(name!, version!, content))
      .map(([asked]) => asked),
  ];
}

/**
 * Whether a name that is no everyday word ("Gemini", "Llama") is written by the content with some
 * version, never with this one ("Llama 3" is not "Llama 3.1").
 */
function writesOnlyOtherVersions(name: string, version: string, content: NumberedLookup): boolean {
  if (content.general(name)) return false;
  const texts = content.passagesWriting(indexTerm(name) ?? '');
  const writes = (number: string) => {
    const pattern = new RegExp(` ${escapePattern(name.toLowerCase())} ${number} `);
    return texts.some((text) => pattern.test(text));
  };
  return writes(String.raw`\d+`) && !writes(words(version).map(escapePattern).join(' '));
}

/** A figure asked: "how many parameters …", "how much did it cost …". */
const ASKS_FIGURE = /\bhow\s+(?:many|much)\b/i;
/**
 * Of a release, a size asked too: "how big is …", or a unit asked for ("what is the context window
 * of GPT-4o, in tokens?"). Not of any name: "how long do Ethereum nodes keep blob data" is answered
 * in a paragraph that does not name Ethereum.
 */
const ASKS_RELEASE_FIGURE = new RegExp(
  String.raw`${ASKS_FIGURE.source}|\bhow\s+(?:big|large|long)\b|\bin\s+(?:tokens|dollars|parameters)\s*(?:\?|$)`,
  'i',
);
/** The index terms of the figure's own question words ("many", "much", "big"). */
const FIGURE_WORDS = new Set(terms('how many much big large long'));
/**
 * A release name and its number, in any case: "GPT-4", "gpt-4", "Llama 3", "GPT-4o" (a release of its
 * own, whose figures GPT-4's are not); not "Llama 3.1" or "Mixtral 8x7B". Everyday words before a
 * number ("Layer 2", "Stage 2") are set aside by `general`.
 */
const RELEASE = /(?<![\p{L}\p{N}-])(\p{L}{2,})[-\s](\d{1,2}o?)(?![\p{L}\p{N}]|[.,]\p{N})/giu;
/** The same, to test a text with: RELEASE is global, and a test would move where its next match starts. */
const RELEASE_IN = new RegExp(RELEASE.source, 'iu');
/**
 * What is no figure: a year ("followed in March 2023"), or a number inside a name ("GPT-3", "L2BEAT").
 * A size after a number is one ("7B").
 */
const NOT_A_FIGURE = /\b(?:1[89]|20)\d\d\b|[\p{L}@-]+\d[\p{L}\p{N}]*/gu;
/** A figure: a number standing alone, or one in words ("two million", "threefold"; not "half" of the cases). */
const FIGURE =
  /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|trillion|\w+fold)\b/i;

/**
 * The release a figure question asks about ("how many parameters does GPT-4 have", "how much did it
 * cost to train GPT-4") if the content writes it but never with a figure and another word of the
 * question in a sentence that names it, nor anywhere in a section whose heading names it ("The fee
 * market after EIP-1559"): it states no such figure of it, however many figures the page of its
 * family holds (GPT-3's). Over the development sets every figure question on a release so stated
 * (42) was answerable, and the three not stated (all on GPT-4) were not. The review of 30 November
 * added the heading, set everyday words aside ("Layer 2") and left a question on two releases to the
 * search ("Llama 3's vocabulary than Llama 2's"). The sentence after one that names the release is
 * not read: "the GPT-4 technical report claimed 92%. … Codex, whose 12-billion-parameter version …"
 * would state GPT-4's parameters.
 */
export function figurelessReleases(text: string, content: NumberedLookup): string[] {
  if (!ASKS_RELEASE_FIGURE.test(text)) return [];
  const releases = new Set(
    [...text.matchAll(RELEASE)]
      .filter(([, family]) => indexTerm(family!) !== null && !content.general(family!))
      .map(([release]) => release),
  );
  const [release] = releases;
  return releases.size === 1 && !statesFigureOf(release!, text, content) ? [release!] : [];
}

/**
 * The same of a name written with capitals that is no release ("How many parameters does Stable
 * Diffusion have?"): one name, after the question's first word, that the content writes, of two
 * words or more or of one that is no everyday English.
 */
export function figurelessNames(text: string, content: NumberedLookup): string[] {
  if (!ASKS_FIGURE.test(text) || RELEASE_IN.test(text.replace(/^\S+\s*/, ''))) return [];
  const names = new Set(
    capitalRuns(text)
      .filter((name) => name.length > 1 || !content.general(name[0]!))
      .filter((name) => name.every((word) => content.written(indexTerm(word) ?? '')))
      .map((name) => name.join(' ')),
  );
  const [name] = names;
  return names.size === 1 && !statesFigureOf(name!, text, content, true) ? [name!] : [];
}

/** Runs of words written with a capital and then a small letter, after a text's first word ("I" is no name). */
function capitalRuns(text: string): string[][] {
  const written = text
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const runs: string[][] = [];
  for (let from = 0; from < written.length; from += 1) {
    let to = from;
    while (to < written.length && written[to] !== 'I' && /^\p{Lu}\p{Ll}/u.test(written[to]!)) to += 1;
    if (to > from) runs.push(written.slice(from, to));
    from = to;
  }
  return runs;
}

/**
 * Whether the content states a figure of a release that the question's other words ask
 * (figurelessReleases); of a name, any figure (`anyFigure`): "Bitcoin Gold lost about $18 million"
 * answers "how much did Bitcoin Gold lose", in a word of another stem (ask-dev4).
 */
function statesFigureOf(release: string, text: string, content: NumberedLookup, anyFigure = false): boolean {
  const name = new RegExp(
    `(?<![\\p{L}\\p{N}-])${escapePattern(release).replace(/-|\s/, '[-\\s]')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  const every = new RegExp(name.source, 'giu');
  const own = new Set(terms(release));
  const asked = terms(text.replace(every, ' ')).filter((term) => !own.has(term) && !FIGURE_WORDS.has(term));
  const states = (said: string) =>
    FIGURE.test(said.replace(every, ' ').replace(NOT_A_FIGURE, ' ')) &&
    (anyFigure || terms(said).some((term) => asked.includes(term)));
  const passages = content.passagesUsing(
    indexTerm(
      release
        .replace(/[-\s]\d+o?$/i, '')
        .split(/\s+/)
        .at(-1)!,
    ) ?? '',
  );
  // A term's aliases are no heading: the GPT page lists GPT-4 among them beside GPT-3's figures.
  const naming = passages.flatMap(({ heading, sentences }) =>
    name.test(heading) ? [sentences.join(' ')] : sentences.filter((sentence) => name.test(sentence)),
  );
  // A release the content never writes is unwrittenNumbers' to decline.
  return naming.length === 0 || naming.some(states);
}
