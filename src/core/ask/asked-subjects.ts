// The name a question asks about when it is not asked "what is …": why a named company or project
// met its end ("why did FTX collapse in 2022"), or how to do something with a named product ("how
// do I apply for a Gitcoin grant"). Such a name is declined as mentioned only in passing when the
// content only labels the event with it ("after the collapse of FTX in November 2022": never its
// cause), or, for a product, never says what it is (unknown-terms.ts, namedInPassing).
import { escapePattern, rawWords } from './text.ts';

/** "why did <Name> collapse", "what caused the <Name> exchange to go under": the name is group 1. */
const EVENT_CAUSE = new RegExp(
  // Not the flag i: it would let \p{Lu} match small letters, and the name is told by its capitals.
  String.raw`^(?:[Ww]hy\s+(?:did|was|were|had|has|have)|[Ww]hat\s+(?:\p{Ll}+ly\s+)?(?:caused|made|led))\s+(?:[Tt]he\s+)?` +
    String.raw`((?:\p{Lu}[\p{L}\p{N}.&-]*\s+){0,2}\p{Lu}[\p{L}\p{N}.&-]*)` +
    String.raw`(?:\s+(?:exchange|network|platform|lender|company|fund|bank|project))?\s+(?:to\s+)?` +
    String.raw`(?:(?:suddenly|really|actually|finally|eventually|completely)\s+)?` +
    // Not "fail to …": "why did MakerDAO fail to cover its debt" asks about what it did not do.
    String.raw`(?:collapsed?|fail(?:ed)?(?!\s+to\b)|implode[ds]?|(?:go|gone|went)\s+(?:under|bankrupt|bust|insolvent)|freeze|frozen|shut\s+down)\b`,
  'u',
);

/** The name whose end a question asks the cause of, if it asks that. */
export function endedSubject(asked: string): string | undefined {
  return EVENT_CAUSE.exec(asked.trim())?.[1];
}

/** The words that name an end as an event: "the collapse of FTX", "the failure of a bank". */
const END_OF = String.raw`(?:collapse|failure|fall|bankruptcy|demise|implosion|shutdown|insolvency)\s+of\s+(?:the\s+)?`;

/**
 * Whether texts write a name (at least once) only as the label of its end, "the collapse of FTX":
 * they date the event and never say why. A name written otherwise ("minted LUNA …, its price
 * collapsed", "In June 2021 IRON, a partially collateralised stablecoin, …") is the content's to
 * explain: review of 30 November.
 */
export function namedOnlyAsItsEnd(name: string, texts: readonly string[]): boolean {
  const written = new RegExp(`(?<![\\p{L}\\p{N}])${escapePattern(name)}(?![\\p{L}\\p{N}])`, 'gu');
  const asEnd = new RegExp(`${END_OF}$`, 'i');
  let seen = false;
  for (const text of texts)
    for (const match of text.matchAll(written)) {
      if (!asEnd.test(text.slice(Math.max(0, match.index - 40), match.index))) return false;
      seen = true;
    }
  return seen;
}

/** "how do I …", "how can we …", "how to …": the asker wants the steps of a task. */
const HOW_TO = /^(?:(?:so|ok|okay|hey)[,\s]+)?how\s+(?:(?:do|can|should|would)\s+(?:i|we)|to)\s/i;
/** A run of one to three capitalised words, the pronoun I aside: a name the asker writes. */
const NAME_RUN = /(?<![\p{L}\p{N}])(?!I\b|I['’])\p{Lu}[\p{L}\p{N}.&-]*(?:\s+\p{Lu}[\p{L}\p{N}.&-]*){0,2}/gu;

/** A unit after a number ("one 48 GB GPU", "a 700 W card"): a measure, not a name, whatever its capitals. */
const UNIT_AFTER_NUMBER = /\d\s*$/;
const MEASURE_UNIT = /^(?:[KMGTP]i?B|[KMGT]Hz|[kMGT]?Wh?|T?FLOPS)(?![\p{L}\p{N}])/u;

/** The one name a how-to question writes after its first word ("Gitcoin"), if it writes exactly one. */
export function howToSubject(asked: string): string | undefined {
  const text = asked.trim();
  if (!HOW_TO.test(text)) return undefined;
  const rest = text.slice(1);
  const names = [...rest.matchAll(NAME_RUN)]
    .filter(({ 0: run, index }) => !(MEASURE_UNIT.test(run) && UNIT_AFTER_NUMBER.test(rest.slice(0, index))))
    .map(([run]) => run.replace(/\.+$/, '').replace(/['’]s$/, ''));
  return names.length === 1 ? names[0] : undefined;
}

/**
 * The proper name a question asks about (one to three words, each with a capital first), with its
 * words: why it ended (`ended`), how to use it, else the question's own subject (`subject`, "what is
 * Llama").
 */
export function askedName(
  asked: string,
  subject?: string,
): { name: string; written: string[]; ended: boolean } | undefined {
  const ended = endedSubject(asked);
  const name = ended ?? howToSubject(asked) ?? subject;
  const written = rawWords(name ?? '');
  const proper = written.length > 0 && written.length <= 3 && written.every((word) => /^\p{Lu}/u.test(word));
  return name && proper ? { name, written, ended: ended !== undefined } : undefined;
}
