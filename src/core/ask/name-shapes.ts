// How names are written: the shapes a word or run of words takes when it names something (an
// acronym, a coined word, a name with its number joined, a run of capitals), which sentences of a
// question name what it asks, and which words of a subject would name something (unknown-terms.ts).
import { pointsBack } from './question.ts';
import { escapePattern, headline, indexTerm, rawWords, words } from './text.ts';

/**
 * A sound of hesitation however it is spelt ("uhh", "hmmm", "ahh"): two letters at most, one
 * repeated. No name is written so, and no dictionary lists every spelling.
 */
export const HESITATION = /^(\p{L})\1*(\p{L})\2+$|^(\p{L})\3{2,}$/u;

/**
 * An acronym of three letters or more ("ROUGE", "YOLO"): a name, not the everyday word spelt the same
 * way that the word vectors hold, so only the content's own use of it vouches for it. A question word
 * in capitals ("WHY") is stress.
 */
export const isAcronymName = (word: string) => /^\p{Lu}{3,}$/u.test(word) && indexTerm(word.toLowerCase()) !== null;

/**
 * A word with a capital after a small letter ("HyDE", "GraphRAG", "stETH"): a coined name, not the
 * everyday word spelt the same way ("Hyde") that the word vectors hold, so only the content's own
 * use of it vouches for it.
 */
export const isCoinedName = (word: string) => /\p{Ll}\p{Lu}/u.test(word);

/**
 * A name with its number joined ("Halo2", "SP1"), capitalised: no everyday word is written so, and
 * the content writes the ones it covers ("BM25", "Groth16"). ask-dev9 one unanswerable question more
 * declined, no answerable question of any set.
 */
export const NUMBERED_NAME = /^\p{Lu}\p{L}+\d+$/u;

/** A word as a pattern that matches it in any case ("LLaMA" for "Llama"). */
export const anyCase = (word: string) =>
  [...word]
    .map((char) =>
      char.toLowerCase() === char.toUpperCase() ? escapePattern(char) : `[${char.toLowerCase()}${char.toUpperCase()}]`,
    )
    .join('');

/** A hyphenated compound of one letter first ("Q-learning") or of capitalised parts only ("MMLU-Pro", "ARC-AGI"). */
export const COMPOUND_NAME = /(?<![\p{L}\p{N}-])(?:\p{L}-\p{L}+|\p{Lu}\p{L}*(?:-\p{Lu}\p{L}*)+)(?![\p{L}\p{N}-])/gu;

/** "Which should I pick?", "which one is better": a "which" with no noun of its own chooses among options named before. */
const CHOOSES = /^which(?:\s+one)?\s+(?:should|would|do|does|is|to)\b/i;
/** A question's clause joined by "and" to the asking part after it, in the same sentence. */
const ASKED_CLAUSE =
  /(?:^|[.!?]\s+)((?:is|are|was|were|does|do|did|can|could|has|have|what|what's|how|why|who|when|where|which)\s[^.!?]*?),?\s+and$/i;

/** Where a sentence ends and the next starts. */
export const SENTENCE_END = /(?<=[.!?])\s+/;

/** Runs of two words or more written with a capital, one of them a word rather than an acronym ("RISC Zero"). */
export function capitalisedRuns(written: readonly string[]): string[] {
  const runs: string[] = [];
  for (let from = 0; from < written.length; from += 1) {
    let to = from;
    while (to < written.length && written[to] !== 'I' && /^\p{Lu}/u.test(written[to]!)) to += 1;
    const run = written.slice(from, to);
    if (run.length >= 2 && run.some((word) => /^\p{Lu}\p{Ll}+$/u.test(word))) runs.push(run.join(' '));
    from = to;
  }
  return runs;
}

/** A slash between two words: "Terra/LUNA", "ETH/USDC" pair two names. */
const PAIRED = /(?<=[\p{L}\p{N}])\/(?=[\p{L}\p{N}])/u;

/**
 * A sentence's names of several capitalised words (capitalisedRuns) after its first word, which is
 * capitalised whatever it is; none in a headline. A slash ends a name: "the Terra/LUNA collapse"
 * names Terra and LUNA, which the content writes, not a "Terra LUNA" it never does (ask-dev48).
 */
export function sentenceNames(sentence: string): string[] {
  const parts = sentence.split(PAIRED).map((part, at) => rawWords(part).slice(at === 0 ? 1 : 0));
  return headline(parts.flat()) ? [] : parts.flatMap(capitalisedRuns);
}

/**
 * The ways content may write a name of several words, as phrases of lowercase words: as asked
 * ("Terra UST"), or, for a name and an acronym, the acronym owned by the name ("Terra's UST"; the
 * possessive s is a word of its own). Not a name and a word ("Acme Foundation" as "Acme's
 * foundation"): that is a thing of the name's, not a name; the blind set lost a decline to it.
 */
export function writtenForms(name: string): string[][] {
  const parts = words(name);
  const [, second] = rawWords(name);
  return parts.length === 2 && isAcronymName(second ?? '') ? [parts, [parts[0]!, 's', parts[1]!]] : [parts];
}

/**
 * What the asker says the question is for, before it: "For a worldbuilding doc: what exactly is a
 * soulbound token?", "For my piece on the Ronin hack: why …". Its words are not what is asked.
 */
const LEAD_IN = /^(?:for|in|on|as)\s+(?:a|an|the|my|our|this|his|her|their)\s+[^,:;?]{1,40}?[,:]\s+(?=\p{L})/iu;

/** The last sentence of a question, after sentences that tell the circumstances. */
const LAST_SENTENCE = /[.!?]\s+([^.!?]+)$/;

/**
 * The sentence that asks, when sentences of circumstance come before it and it does not point back
 * at them: a name in them only ("the bridge UI says seven days. Any options?") says where the asker
 * is, not what is asked. Else the whole question.
 */
export function askedSentence(content: string): string {
  const asking = LAST_SENTENCE.exec(content)?.[1];
  return (asking && !pointsBack(asking) ? asking : content).replace(LEAD_IN, '');
}

/**
 * The circumstances a question part points back at: the sentence right before it ("Someone
 * suggested GraphRAG. How does it build its knowledge graph?"), all of them when it chooses
 * among options they named ("… between RISC Zero and SP1 …. Which should I pick?"), or a question
 * clause joined to it by "and" ("Is there a supply cap on Dogecoin, and how many are issued?"). The whole
 * circumstances for any pointing back declined three answerable questions ("… our CRM. A
 * colleague muttered something about a 'trifecta' … What did they mean?").
 */
export function pointedCircumstances(asking: string, situation: string | undefined): string | undefined {
  if (situation === undefined) return undefined;
  const at = situation.lastIndexOf(asking);
  const before = (at > 0 ? situation.slice(0, at) : situation).trim();
  // "Which should I pick?" chooses among the options the circumstances named, wherever they did.
  if (CHOOSES.test(asking)) return before;
  // "Is there a supply cap on Dogecoin, and how many are issued each year?": the clause before the
  // asking part is a question of the same sentence, so what it names is asked too.
  const clause = ASKED_CLAUSE.exec(before)?.[1];
  if (clause) return clause;
  if (!pointsBack(asking)) return undefined;
  // Found, the asking part is cut off and the last sentence left is the one before it; else the
  // situation still ends with the asking part.
  const sentences = before.split(SENTENCE_END);
  return at > 0 ? sentences.at(-1) : sentences.at(-2);
}

/**
 * Words that make a subject a description ("a coin that holds its price", "the most common way to
 * …") or part of a sentence ("my options", "eating it", "what should I do"), not a name.
 */
const DESCRIBING = new Set(
  (
    'that which who whose where when without cannot can does lets what how why should ' +
    'i me my we us our you your it its they them their this these those'
  ).split(' '),
);
/** Words that start a noun phrase: after a verb in -ing ("eating the memory") they make the subject a clause. */
const DETERMINERS = new Set('the a an my our your their his her its this that these those all'.split(' '));
/** A superlative ("the best …", "the most popular …") asks which of a kind: the kind is what is named. */
const SUPERLATIVE = /^(?:(?:most|least)\s+\S+|best|worst)\s+/;
/** A figure ("95%", "500", "2024") says how much or when, not what: it names nothing. */
const FIGURE = /^\d[\d.,%]*$/;

/**
 * A past participle and its preposition after a noun ("function applied to each output", "a coin
 * backed by dollars"): a clause that says what the thing does or has done to it, so a description.
 */
export const PARTICIPLE_CLAUSE = /\s\p{L}{3,}ed\s+(?:to|by|for|with|in|on|from|into|onto|at|as)\s/u;

/** A preposition, where a noun phrase's head ends ("the agent loop around a model"). */
export const PREPOSITION =
  /^(?:about|above|across|after|against|along|among|around|at|before|behind|below|beside|between|beyond|by|during|for|from|in|inside|into|near|of|on|onto|over|per|through|to|toward|towards|under|upon|via|with|within|without)$/;

/** A clause rather than a name: "eating the memory", "updating the weights". */
const isClause = (written: readonly string[]) =>
  written.length > 1 && /ing$/.test(written[0]!) && DETERMINERS.has(written[1]!);

/**
 * The words of a subject that would name something, none when it describes rather than names: "a
 * digital collectible that cannot be copied" describes its subject, and "my options", "what should
 * I do" or "eating the memory" is part of a sentence. A figure ("the 95% margin") says how much, not
 * what, and a superlative ("the most popular algorithm") which of a kind.
 */
export function nameWords(head: string): string[] {
  const written = words(head)
    .join(' ')
    .replace(SUPERLATIVE, '')
    .split(' ')
    .filter((word) => word !== '' && !FIGURE.test(word));
  return written.some((word) => DESCRIBING.has(word)) || isClause(written) ? [] : written;
}
