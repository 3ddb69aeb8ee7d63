// Questions about the asker's own tax or legal standing ("how much tax do I owe on the gain", "is it
// legal for me to run a validator there"): they ask for tax or legal advice, which, like financial
// advice (question.ts, OUT_OF_SCOPE.advice), depends on the asker's country and circumstances and
// which this site does not give, whatever passage a domain word of the question ("staking",
// "validator") reaches. Its essays say what laws such as MiCA require of issuers; that is not what
// the asker owes. Measured on the fourteen development sets: unanswerable declined dev5 26 → 27,
// dev6 28 → 29, dev11 19 → 21, dev12 27 → 28, dev13 26 → 28 of 30 (one by the deduction); no
// answerable question of any set (or the tuning set) asks so: every question of theirs with "tax",
// "deduct" or "legal (for me)" is unanswerable.

/** The asker speaks of themself: "I", "my", "we", "our". */
const ASKER = /\b(?:i|i'm|me|my|we|our|us)\b/i;

/**
 * Tax (any form: "taxes", "taxed", "tax return"; a deduction), or whether something is legal for someone to do
 * ("is it legal for me", "legal to use there"); not a law's name or what a law requires of others
 * ("the new US stablecoin law", "no legal company behind it", "legal research tools").
 */
const STANDING =
  /\btax(?:es|ed|able)?\b|\bdeduct(?:s|ed|ing|ible|ions?)?\b|\b(?:is\s+it|it's|are\s+they|are\s+we|am\s+i)\s+(?:il)?legal\b|\b(?:il)?legal\s+(?:for\s+(?:me|us)|to\s+(?:use|own|buy|sell|hold|run|trade|mine|stake))\b/i;

/** Whether a question, circumstances and all, asks about the asker's own tax or legal standing. */
export const asksOwnStanding = (asked: string) => ASKER.test(asked) && STANDING.test(asked.replace(/’/g, "'"));

/** Why such a question has no answer. */
export const OWN_STANDING_REASON =
  'No answer: this asks about your own tax or legal position, which depends on where you live and this site does not advise on. ' +
  'Its essays and glossary explain how these systems work; a tax adviser or lawyer can say what applies to you.';
