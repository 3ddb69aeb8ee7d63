// A question that asks why a named company or project met its end: "why did FTX collapse in 2022",
// "what caused Celsius to go bankrupt". Its subject is the name, as that of "what is FTX" is, so a
// name the content mentions only in passing ("after the collapse of FTX in November 2022") is
// declined for it (unknown-terms.ts, namedInPassing): the content dates the event, never its cause.

/** "why did <Name> collapse", "what caused the <Name> exchange to go under": the name is group 1. */
const EVENT_CAUSE = new RegExp(
  // Not the flag i: it would let \p{Lu} match small letters, and the name is told by its capitals.
  String.raw`^(?:[Ww]hy\s+(?:did|was|were|had|has)|[Ww]hat\s+(?:caused|made|led))\s+(?:the\s+)?` +
    String.raw`((?:\p{Lu}[\p{L}\p{N}.&-]*\s+){0,2}\p{Lu}[\p{L}\p{N}.&-]*)` +
    String.raw`(?:\s+(?:exchange|network|platform|lender|company|fund|bank|project))?\s+(?:to\s+)?` +
    String.raw`(?:(?:suddenly|really|actually|finally|eventually|completely)\s+)?` +
    // Not "fail to …": "why did MakerDAO fail to cover its debt" asks about what it did not do.
    String.raw`(?:collapse|fail(?!\s+to\b)|implode|go\s+(?:under|bankrupt|bust|insolvent)|freeze|shut\s+down)\b`,
  'u',
);

/** The name whose end a question asks the cause of, if it asks that. */
export function endedSubject(asked: string): string | undefined {
  return EVENT_CAUSE.exec(asked.trim())?.[1];
}
