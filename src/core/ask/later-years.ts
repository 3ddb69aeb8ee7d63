// A question about a year later than any the content tells of ("Will ETH trade above $10,000 in
// 2027?", "AI will replace every translator by 2030, right?", "… claims ETH will reach $10,000 by
// the end of 2027. How likely is that?"): it asks for a prediction, or for news the content cannot
// hold, so no passage answers it however well its words match. All ten such questions in the
// development sets are unanswerable. The content's latest year is read from its text, so a page
// that comes to tell of a later year moves the line. So do a release after the last one it tells
// of, and whether what it tells of ever led somewhere ("did the Ooki DAO ever pay …").
import { DATED_YEAR } from './dated-moves.ts';
import { escapePattern, terms } from './text.ts';

/**
 * A year as the content dates events and citations ("in May 2025", "(Radford et al., 2019)"), not
 * a number in a formula or a name: "2^11 = 2048", "EIP-2028", "50,257".
 */
const TOLD_YEAR = /(?<![-\w.,=×^·+*/$])(?<!=\s)\b((?:19|20)\d\d)\b(?![\d]|[.,]\d|\s*[=×^·+*/]\s*\d)/g;

/** The latest year the texts tell of, or undefined when they tell of none. */
export function latestYear(texts: Iterable<string>): number | undefined {
  let latest: number | undefined;
  for (const text of texts)
    for (const [, year] of text.matchAll(TOLD_YEAR)) latest = Math.max(latest ?? 0, Number(year));
  return latest;
}

/**
 * A year a question dates something by: after "in", "by", "until", "the end of", a month, a
 * season; not a count ("a context of 2048 tokens", "2030 validators").
 */
const ASKED_YEAR = new RegExp(
  String.raw`\b(?:in|by|until|till|before|after|during|through|around|for|from|of|since)\s+(?:the\s+(?:end|start|beginning|middle|rest|course)\s+of\s+)?${DATED_YEAR}(?![\d,.]\d|\s*(?:[kmb]\b|tokens?|words?|bytes?|bits?|blocks?|gas|g?wei|steps?|param\w*|dimensions?|rows?|users?|nodes?|validators?|slots?|epochs?|gpus?|chars?|characters?|examples?|samples?|items?|lines?|coins?|eth|btc|usd\w*|dollars?|euros?|%))`,
  'gi',
);

/** The first year a question dates by that is later than `latest`, as written, if it has one. */
export function laterYear(question: string, latest: number | undefined): string | undefined {
  if (latest === undefined) return undefined;
  for (const [, year] of question.matchAll(ASKED_YEAR)) if (Number(year) > latest) return year;
  return undefined;
}

/**
 * A release asked for that comes after one the content tells of ("What will the next
 * blob-parameter-only fork after BPO2 set?", "whats the next eth upgrade after fusaka", "the next MCP
 * revision after 2026-07-28", a revision named by its date): the name it comes after, as written.
 * Only releases: "the next step after tokenization" is a step the content may well tell.
 */
const NEXT_RELEASE_AFTER =
  /\bnext\s+(?:[\p{L}\p{N}-]+\s+){0,3}?(?:upgrade|fork|release|version|revision|model|halving|update|generation)s?\s+after\s+(?:the\s+)?(\p{L}[\p{L}\p{N}-]*|\d{4}-\d\d-\d\d)/iu;

/** Words a sentence tells what came after something with ("Fusaka was followed by …"). */
const TELLS_NEXT = /\b(?:next|followed|follows|successor|succeeded|then)\b/i;

/**
 * The release a question asks the successor of, when no sentence that writes it (`sentencesWriting`)
 * tells what came next, or what has held since ("For long stretches after Dencun", "Since the
 * Merge"): the content's story ends there, and the next one is news or a prediction.
 */
export function untoldSuccessor(
  question: string,
  sentencesWriting: (name: string) => readonly string[],
): string | undefined {
  const name = NEXT_RELEASE_AFTER.exec(question)?.[1];
  if (!name) return undefined;
  // Escaped for a Unicode-mode pattern, where an escaped hyphen outside a class is a syntax error.
  const written = escapePattern(name);
  const writes = new RegExp(`(?<![\\p{L}\\p{N}])${written}(?![\\p{L}\\p{N}])`, 'iu');
  const since = new RegExp(`\\b(?:after|since|following)\\s+(?:the\\s+)?${written}(?![\\p{L}\\p{N}])`, 'iu');
  const tellsAfter = (sentence: string) => since.test(sentence) || (writes.test(sentence) && TELLS_NEXT.test(sentence));
  return sentencesWriting(name).some(tellsAfter) ? undefined : name;
}

/**
 * Whether what the content tells of ever led somewhere: "did the Ooki DAO ever actually pay that
 * penalty", "did ronin users ever get reimbursed", "who was the Beanstalk attacker, did they ever
 * get caught". Every "did … ever" question of the development sets is unanswerable (ten). Whether
 * such a thing happens at all ("has that ever happened", "did bitcoin ever have a bug") is what the
 * content tells, and is not read. Groups: what comes before "did", the clause from its subject, the
 * subject, a participle's auxiliary ("get caught") and the verb.
 */
const ASKS_EVER = new RegExp(
  String.raw`^(?<before>.*?)\bdid\s+(?<clause>(?<subject>(?:(?!\bever\b)[^?.!,;])+?)\s+ever\s+` +
    String.raw`(?:actually\s+|really\s+|even\s+)?(?<auxiliary>(?:get|got|been|be)\s+)?` +
    String.raw`(?!(?:have|happen|exist|occur|work)\b)(?<verb>\p{L}[\p{L}-]*)[^?.!,;]*)`,
  'iu',
);

/** A subject that points back at one named before it ("did they ever get caught"). */
const POINTS_BACK = /^(?:they|it|he|she|them|that|this|those|these|anyone|anybody|people|ppl)$/i;

/** Where a clause ends: a sentence's end, a colon or semicolon, a dash between words. */
const CLAUSE_END = /[.!?:;]\s+|\s[-–—]\s/;

/** Words a sentence tells what came of something later with ("later repaid", "was never caught"). */
const TELLS_LATER = /\b(?:later|eventually|finally|never|ever|afterwards?|since|still|so far|to date|in the end)\b/i;

/**
 * The clause of a question that asks whether something ever happened after the content's account,
 * when no sentence that writes its verb (`sentencesWriting`) and a word of its subject tells what
 * came of it later, or that it happened: the verb in the past ("the Merge finished"; a participle
 * asked, "get caught", as written). "ordered to pay" tells no payment.
 */
export function untoldOutcome(
  question: string,
  sentencesWriting: (word: string) => readonly string[],
): string | undefined {
  const { before = '', clause, subject = '', auxiliary, verb } = ASKS_EVER.exec(question)?.groups ?? {};
  if (!clause || !verb) return undefined;
  // "they": the clause before names them ("sorry one more - who was behind the Beanstalk attack, …"),
  // not the chat that leads in.
  const named = terms(POINTS_BACK.test(subject.trim()) ? (before.split(CLAUSE_END).at(-1) ?? '') : subject);
  const happened = new RegExp(String.raw`\b${escapePattern(verb)}${auxiliary ? '' : '(?:e?d)'}\b`, 'i');
  const tells = (sentence: string) =>
    (TELLS_LATER.test(sentence) || happened.test(sentence)) && terms(sentence).some((term) => named.includes(term));
  return sentencesWriting(verb).some(tells) ? undefined : clause.trim();
}
