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

/**
 * Splits one JSON record's abstract out of its text: the record with the inverted index replaced by
 * null, and the abstract rebuilt from the index's JSON text in one pass. Parsing the index as JSON
 * costs more than everything else an import does with a record (an object of a hundred or more keys,
 * each a new shape for the engine). Undefined when the text does not hold exactly one index object
 * of words and lists of non-negative integers (API pages with several works, a null index, anything
 * unusual), so the caller parses the record whole and gets the same text from abstractText.
 */
export function splitAbstract(json: string): { record: string; abstract: string } | undefined {
  const key = json.indexOf(INDEX_KEY);
  if (key < 0 || json.includes(INDEX_KEY, key + 1)) return undefined;
  const start = skipSpaces(json, key + INDEX_KEY.length);
  if (json[start] !== '{') return undefined;
  const slots: string[] = [];
  let at = skipSpaces(json, start + 1);
  while (json[at] !== '}') {
    if (json[at] !== '"') return undefined;
    const close = closingQuote(json, at);
    if (close < 0) return undefined;
    let word = json.slice(at + 1, close);
    if (word.includes('\\')) {
      try {
        word = JSON.parse(json.slice(at, close + 1)) as string;
      } catch {
        return undefined;
      }
    }
    at = skipSpaces(json, close + 1);
    if (json[at] !== ':') return undefined;
    at = skipSpaces(json, at + 1);
    const end = json[at] === '[' ? json.indexOf(']', at) : -1;
    if (end < 0 || !placeAll(slots, word, json, at + 1, end)) return undefined;
    at = skipSpaces(json, end + 1);
    if (json[at] === ',') at = skipSpaces(json, at + 1);
    else if (json[at] !== '}') return undefined;
  }
  return { record: `${json.slice(0, start)}null${json.slice(at + 1)}`, abstract: joined(slots) };
}

/**
 * Places `word` at each position listed in json[from, to), the inside of a JSON array; false unless
 * that is non-negative integers separated by commas.
 */
function placeAll(slots: string[], word: string, json: string, from: number, to: number): boolean {
  let position = -1;
  let ended = false;
  let afterComma = false;
  for (let i = from; i < to; i += 1) {
    const code = json.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) {
      if (ended) return false;
      position = Math.max(position, 0) * 10 + (code - 0x30);
    } else if (code === 0x2c) {
      if (position < 0) return false;
      place(slots, word, position);
      position = -1;
      ended = false;
      afterComma = true;
    } else if (isSpace(code)) ended = position >= 0;
    else return false;
  }
  if (position >= 0) place(slots, word, position);
  return position >= 0 || !afterComma;
}

/** The index of the quote closing the string opened at `open`, or -1. */
function closingQuote(json: string, open: number): number {
  for (let quote = json.indexOf('"', open + 1); quote >= 0; quote = json.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function skipSpaces(json: string, from: number): number {
  let at = from;
  while (isSpace(json.charCodeAt(at))) at += 1;
  return at;
}
