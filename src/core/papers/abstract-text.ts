// OpenAlex ships abstracts as an inverted index (word → the positions where it occurs), not as text,
// for legal reasons. The mirror searches the abstract as text, so it rebuilds the text here.

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
    if (Array.isArray(positions)) for (const position of positions) place(slots, word, position);
  }
  return joined(slots);
}

function place(slots: string[], word: string, position: unknown): void {
  if (typeof position === 'number' && Number.isInteger(position) && position >= 0 && position < MAX_POSITIONS)
    slots[position] = word;
}

/** A sparse array's holes are skipped by filter, so gaps in the positions leave no double spaces. */
const joined = (slots: string[]) => slots.filter((word) => word !== undefined).join(' ');

const INDEX_KEY = '"abstract_inverted_index":';
/** One `"word":[positions]` entry of an inverted index in JSON text. */
const INDEX_ENTRY = /"((?:[^"\\]|\\.)*)"\s*:\s*\[([^\]]*)\]/g;

/**
 * Splits one JSON record's abstract out of its text: the record with the inverted index replaced by
 * null, and the abstract rebuilt from the index's JSON text. Parsing the index as JSON costs more
 * than everything else an import does with a record (it is an object of a hundred or more keys,
 * each a new shape for the engine); read as text, an import of works with abstracts runs about
 * twice as fast. Undefined when the text does not hold exactly one index object (API pages with
 * several works, no abstract, a null one), so the caller parses the record whole.
 * The index is read leniently, like abstractText: entries that are not a word and a list of
 * positions are skipped.
 */
export function splitAbstract(json: string): { record: string; abstract: string } | undefined {
  const key = json.indexOf(INDEX_KEY);
  if (key < 0 || json.includes(INDEX_KEY, key + 1)) return undefined;
  let start = key + INDEX_KEY.length;
  while (json[start] === ' ') start += 1;
  if (json[start] !== '{') return undefined;
  const end = closingBrace(json, start);
  if (end < 0) return undefined;
  const slots: string[] = [];
  for (const [, raw = '', list = ''] of json.slice(start, end + 1).matchAll(INDEX_ENTRY)) {
    let word = raw;
    if (raw.includes('\\')) {
      try {
        word = JSON.parse(`"${raw}"`) as string;
      } catch {
        continue;
      }
    }
    for (const item of list.split(',')) place(slots, word, item.trim() === '' ? Number.NaN : Number(item));
  }
  return { record: `${json.slice(0, start)}null${json.slice(end + 1)}`, abstract: joined(slots) };
}

/** The index of the brace closing the object opened at `open`, skipping strings; -1 if none. */
function closingBrace(json: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < json.length; i += 1) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b) depth += 1;
    else if (code === 0x7d && --depth === 0) return i;
  }
  return -1;
}
