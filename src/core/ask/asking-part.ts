// The part of a message that asks: chat around a question is not only the greetings and closings
// question.ts lists ("hey!", "thanks"), but any words before or after the asking clause that name
// nothing the content is about ("real talk, what is X", "ngl i never got this. why X?", "what is X?
// I keep seeing it everywhere", "X (newbie here)", "X, right?"). Whether some words are talk is the
// index's call (`isTalk`: no name the glossary knows, no word of the content's own); this module
// only finds where the asking clause starts and ends.

/** A clause that asks: a question word or an auxiliary that opens a question. */
const ASKING = String.raw`(?:what|what's|whats|why|how|when|where|which|who|whom|whose|is|are|was|were|does|do|did|can|could|should|would|will|has|have)\b`;
/** Words before the asking clause, up to a separator: "real talk,", "quick one:", "genuine q -". */
const PREAMBLE_SEPARATED = new RegExp(String.raw`^([^?]{1,60}?)(?:\s*[,:;]|\s+[-–—]+)\s+(?=${ASKING})`, 'i');
/** Words before a question word with no separator: "so basically what is …", "could someone explain why …". */
const PREAMBLE_PLAIN = /^([^?,:;]{1,40}?)\s+(?=(?:what|what's|whats|why|how|when|where|which|who)\b)/i;
/** A preamble that is itself a question's start, which is not set aside, except a request to be told. */
const OPENS_QUESTION = new RegExp(String.raw`^${ASKING}`, 'i');
const REQUEST = /^(?:can|could|would|will)\s+(?:you|u|someone|somebody|anyone|anybody)\b/i;
/** Sentences before the last that asks: "My boss asked me and I had no idea. why X?" */
const BEFORE_LAST_SENTENCE = /^(.+[.!])\s+(?=\S[^.!?]*\?+\s*$)/;
/** What follows the last question mark: "… ? be honest", "… ? I keep seeing it everywhere". */
const AFTER_QUESTION = /^(.+\?)\s*([^?]+)$/;
/** A question word in what follows the question mark: "… ? and how long does it last". */
const ASKS_AGAIN = /\b(?:what|why|how|when|where|which|who)\b/i;
/** A closing aside in brackets: "… (newbie here)". */
const ASIDE = /^(.+?)\s*\(([^()]+)\)[\s.!?]*$/;
/**
 * A question tag after a comma, a closed class of English: ", right?", ", or am I wrong?", ", isn't
 * it?", ", yes?".
 */
const TAG =
  /^(.+?),\s*(?:or\s+)?(?:right|yes|no|correct|true|yeah|eh|huh|ok|okay|not|am\s+i\s+(?:right|wrong)|am\s+i\s+missing\s+something|(?:is|does|do|was|are)(?:n'?t|\s+not)?\s+it)\s*\?*\s*$/i;
/**
 * A closing "or am I …" that asks after the asker's understanding (wrong, missing, mixing, …) is a
 * question of its own: "… or am i mixing stuff up" is read as the tidy "…? Am I mixing things up?"
 * is, whose first question asks of the content. "… or am I better off doing X" is the other option
 * of the question, not a question about the asker.
 * ask-dev3 right first +1, nothing else moved.
 */
const ASKER_TAG =
  /^(.+?),?\s+or\s+(am\s+i\s+(?:wrong|right|missing|mixing|confusing|misunderstanding|misreading|thinking\s+of|crazy)\b[^?,]*?)\s*\?*\s*$/i;

/**
 * Talk before a question within its sentence is short ("real talk", "sorry if this is obvious"); a
 * longer clause tells what happened ("someone bought right before me and sold right after, did I …").
 */
const PREAMBLE_WORDS = 6;
/** A pronoun in the asking clause that points back at what came before ("…, do they use …"). */
const POINTS_BACK = /\b(?:it|its|they|them|their|this|that|these|those|he|she|him|her)\b/i;

/** The message without the words before its asking clause, when they are talk it does not point back at. */
function withoutPreamble(text: string, isTalk: (words: string) => boolean): string {
  const talk = (preamble: string, rest: string) => !POINTS_BACK.test(rest) && isTalk(preamble);
  const sentence = BEFORE_LAST_SENTENCE.exec(text)?.[1];
  if (sentence && talk(sentence, text.slice(sentence.length))) return text.slice(sentence.length).trim();
  for (const pattern of [PREAMBLE_SEPARATED, PREAMBLE_PLAIN]) {
    const preamble = pattern.exec(text)?.[1];
    if (!preamble || (OPENS_QUESTION.test(preamble) && !REQUEST.test(preamble))) continue;
    if (preamble.split(/\s+/).length > PREAMBLE_WORDS) continue;
    const rest = text.slice(preamble.length).replace(/^[\s,:;–—-]+/, '');
    if (talk(preamble, rest)) return rest;
  }
  return text;
}

/** The message without the words after its asking clause, when they are talk. */
function withoutAfterword(text: string, isTalk: (words: string) => boolean): string {
  const after = AFTER_QUESTION.exec(text);
  // What follows may ask again ("… money?? how big is the bonus"): then it is no afterword.
  if (after && !OPENS_QUESTION.test(after[2]!) && !ASKS_AGAIN.test(after[2]!) && isTalk(after[2]!)) return after[1]!;
  const aside = ASIDE.exec(text);
  if (aside && isTalk(aside[2]!)) return aside[1]!;
  const tag = TAG.exec(text)?.[1];
  if (tag) return `${tag}?`;
  const asker = ASKER_TAG.exec(text);
  if (asker) return `${asker[1]}? ${asker[2]}?`;
  return text;
}

/**
 * The asking part of a message: talk before and after its asking clause set aside, each piece only
 * when `isTalk` says it names nothing; the message itself when nothing is talk or nothing would be
 * left to ask.
 */
export function askingPart(text: string, isTalk: (words: string) => boolean): string {
  let asked = text.trim();
  for (let changed = true; changed;) {
    const next = withoutAfterword(withoutPreamble(asked, isTalk), isTalk).trim();
    changed = next !== asked && /\p{L}/u.test(next);
    if (changed) asked = next;
  }
  return asked;
}
