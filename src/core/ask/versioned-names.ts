// Names with a number or a version the content never writes: "ERC-7777" beside the ERC-20 it
// covers, "Uniswap v4" beside v2 and v3, "Gemini 3" beside Gemini 1.5. Each is another standard or
// release than those the content covers, so a passage about what all of them share (a token
// interface, a context window) does not answer what this one is or has (unknown-terms.ts).
import { escapePattern, indexTerm, words } from './text.ts';

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
