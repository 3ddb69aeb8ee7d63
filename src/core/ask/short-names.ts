// Another name of the thing asked ("DAN" of a jailbreak) is matched as a word (conceptPattern).

/** A stem this short starts too many unrelated words to stand for them ("dan" of DAN, "dangerous"). */
const SHORT_STEM_LETTERS = 3;

/**
 * A short other name of the thing asked as a pattern for its own words only: the name and an
 * inflection, then the word's end ("dan", "dans"), not any word it starts: a jailbreak's other name
 * "DAN" made "the more dangerous variant" a sentence naming jailbreaks (dev sets: key fact +4, none
 * lost; the words as asked made whole too: -5). Not for the lead reranker (`writtenForms` false),
 * whose features were fitted on stems as prefixes.
 */
function shortWhole(stem: string): string {
  const written = asWritten(stem);
  if (stem.length > SHORT_STEM_LETTERS) return written;
  // "run", "running": a final consonant doubles before an ending.
  return `${written}${stem.at(-1)}?(?:s|es|ed|ing|ers?)?(?![\\p{L}\\p{N}])`;
}

/** A stem that Porter's rule for a final y ends in i, as a pattern for either letter. */
const asWritten = (stem: string) => (stem.length > 2 && stem.endsWith('i') ? `${stem.slice(0, -1)}[iy]` : stem);

/** A concept's stem (of its alternative `at`, 0 the words as asked) as a pattern (conceptPattern). */
export const asMatched = (stem: string, at: number, writtenForms: boolean) =>
  !writtenForms ? stem : at === 0 ? asWritten(stem) : shortWhole(stem);
