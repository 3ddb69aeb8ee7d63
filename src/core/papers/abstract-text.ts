// OpenAlex ships abstracts as an inverted index (word → the positions where it occurs), not as text,
// for legal reasons. The mirror and the stand-in search the abstract as text, so both rebuild it here.

/** Longer than any real abstract; bounds the array a hostile record could make us allocate. */
const MAX_POSITIONS = 20_000;

/**
 * The abstract as text: each word at its positions, joined by single spaces. Malformed entries (a
 * word whose positions are not a list of small non-negative integers) are skipped, not fatal, as
 * upstream data has gaps.
 */
export function abstractText(index: Readonly<Record<string, unknown>> | null | undefined): string {
  if (!index) return '';
  const slots: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const position of positions) {
      if (Number.isInteger(position) && position >= 0 && position < MAX_POSITIONS) slots[position] = word;
    }
  }
  // A sparse array's holes are skipped by filter, so gaps in the positions leave no double spaces.
  return slots.filter((word) => word !== undefined).join(' ');
}
