// Spelling correction against the site's own vocabulary, by mnemonist's SymSpell (symmetric delete:
// candidates within two edits, a swap of adjacent letters counting as one, found without scanning
// the vocabulary). A word is left alone when the content uses it, or when it is a common English
// word (SCOWL's common lists, taken at build time: index-build.ts), so "hearing" never becomes
// "heading". Among the candidates the nearest wins, then the most frequent.
import { SymSpell } from 'mnemonist';
import { derivedWords, indexTerm, rawWords } from './text.ts';

/** Shorter words are too ambiguous to correct: "gss" could be gas or GSS. */
const MIN_LENGTH = 4;
/** A correction must be a word the content uses at least this often (not a one-off name or typo). */
const MIN_FREQUENCY = 2;
/** A doubled letter's slip is corrected from this length on: "prof" is no "proof", "fil" no "fill". */
const MIN_DOUBLING_LENGTH = 6;
/** A capitalised word is corrected from this length on, and by one edit only. */
const MIN_NAME_LENGTH = 5;
/**
 * Edits allowed: one for most words, two from this length on when one of them is a swap ("blokchian",
 * "optiimsitc"): two other edits make a different word more often than a slip ("tradeable" is no
 * "trainable").
 */
const TWO_EDITS_FROM = 8;
/** A word written whole is read as two the content writes apart from this length, each part this long. */
const MIN_PARTED_LENGTH = 6;
const MIN_PART_LENGTH = 3;
/** A word in capitals of this many letters or more may be an acronym the content spells out. */
const MIN_ACRONYM_LENGTH = 3;
/**
 * A run of capitalised words ("Commodity Futures Trading Commission", "Bank for International
 * Settlements"), "of", "for" or "on" allowed inside: what an acronym may stand for. ("And" would
 * join people: "Fiat and Shamir".)
 */
const SPELLED_OUT = /\p{Lu}\p{Ll}+(?:[\s-]+(?:(?:of|for|on)\s+)?\p{Lu}\p{Ll}+)+/gu;
const ACRONYM = /^\p{Lu}+$/u;

/** A name is spelled out at least this often before its acronym reads as it: a title cited once is no name. */
const MIN_SPELLED_OUT = 2;

/**
 * The acronyms of the names the texts spell out in capitalised words (MIN_SPELLED_OUT times or
 * more), each to its name as written; one that two names share is left out. A run that starts with
 * a stopword ("The Sybil Attack") is read without it too.
 */
export function spelledOutNames(texts: Iterable<string>): Map<string, string> {
  const written = new Map<string, number>();
  for (const text of texts)
    for (const [run] of text.matchAll(SPELLED_OUT)) {
      const words = run.split(/[\s-]+/);
      for (const name of indexTerm(words[0]!) === null ? [words, words.slice(1)] : [words])
        written.set(name.join(' '), (written.get(name.join(' ')) ?? 0) + 1);
    }
  const found = new Map<string, string | null>();
  for (const [name, count] of written) {
    const capitals = name.split(' ').filter((word) => /^\p{Lu}/u.test(word));
    if (count < MIN_SPELLED_OUT || capitals.length < MIN_ACRONYM_LENGTH || !/^\p{Lu}/u.test(name)) continue;
    const acronym = capitals.map((word) => word[0]).join('');
    found.set(acronym, found.has(acronym) ? null : name);
  }
  return new Map([...found].filter((entry): entry is [string, string] => entry[1] !== null));
}

export interface Correction {
  /** The question with its unknown words replaced. */
  text: string;
  /** Each replaced word and what it became. */
  changes: Array<{ from: string; to: string }>;
}

/** Each lowercased word of the texts and how often it occurs. */
export function vocabularyOf(texts: Iterable<string>): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const text of texts)
    for (const word of rawWords(text)) {
      const lower = word.toLowerCase();
      frequency.set(lower, (frequency.get(lower) ?? 0) + 1);
    }
  return frequency;
}

export class Speller {
  readonly #frequency: ReadonlyMap<string, number>;
  readonly #common: ReadonlySet<string>;
  /** Built on the first word that needs it: most questions have none, and it holds several MB. */
  #symSpell: SymSpell | undefined;
  /** The content's words by their letters with doubles undoubled (#doublingSlip); built on first use. */
  #undoubled: Map<string, string> | undefined;

  readonly #indexed: (word: string) => boolean;
  /** Read on the first capitalised word to correct: most questions have none. */
  readonly #namesOf: () => ReadonlyMap<string, string>;
  #names: ReadonlyMap<string, string> | undefined;
  /** Read on the first acronym the content never writes: most questions have none. */
  readonly #spelledOutOf: () => ReadonlyMap<string, string>;
  #spelledOut: ReadonlyMap<string, string> | undefined;
  readonly #writesPair: (first: string, second: string) => boolean;

  /**
   * `frequency`: the content's words; `common`: English words never to correct though the content
   * lacks them; `indexed`: whether the index knows a word in some form ("centralisation" when the
   * content says "centralised"), which is then no typo either; `names`: words the content writes
   * with a capital (lowercased, to as written), which a capitalised word of a question may be a typo of;
   * `spelledOut`: acronyms of names the content spells out (spelledOutNames), to the name;
   * `writesPair`: whether the content writes two words one after the other ("web page").
   */
  constructor(
    frequency: ReadonlyMap<string, number>,
    common: Iterable<string> = [],
    indexed: (word: string) => boolean = () => false,
    names: ReadonlyMap<string, string> | (() => ReadonlyMap<string, string>) = new Map(),
    spelledOut: () => ReadonlyMap<string, string> = () => new Map(),
    writesPair: (first: string, second: string) => boolean = () => false,
  ) {
    this.#writesPair = writesPair;
    this.#frequency = frequency;
    this.#common = new Set(common);
    this.#indexed = indexed;
    this.#namesOf = typeof names === 'function' ? names : () => names;
    this.#spelledOutOf = spelledOut;
  }

  /** The question with words the content never uses corrected, or undefined when none needed it. */
  correct(question: string): Correction | undefined {
    const changes: Correction['changes'] = [];
    // A capitalised word inside a question is a name ("Mona Lisa"): not ours to correct, unless it
    // is a long one a swap or a letter away from a name the content writes ("Ethreeum", "Chtabot").
    const names = /\p{Ll}/u.test(question);
    const text = question.replace(/\p{L}+/gu, (word, at: number) => {
      const to = this.#correctedWord(word, names && at > 0 && /^\p{Lu}/u.test(word));
      if (!to) return word;
      changes.push({ from: word, to });
      return to;
    });
    return changes.length > 0 ? { text, changes } : undefined;
  }

  /**
   * What a word of a question becomes: the name its acronym stands for, two words the content
   * writes apart, or what it is a typo of (a name by one edit, to a name as the content writes it).
   */
  #correctedWord(word: string, name: boolean): string | undefined {
    const spelled = this.#spelledOutAs(word);
    if (spelled) return spelled;
    if (name && word.length < MIN_NAME_LENGTH) return undefined;
    const parted = name ? undefined : this.#parted(word);
    if (parted) return parted;
    const suggested = this.suggest(word, name ? 1 : undefined);
    return name && suggested ? (this.#names ??= this.#namesOf()).get(suggested) : suggested;
  }

  /**
   * The name an acronym stands for when the content never writes the acronym but spells the name
   * out ("CFTC": "Commodity Futures Trading Commission"): the asker's short form of the content's words.
   */
  #spelledOutAs(word: string): string | undefined {
    if (word.length < MIN_ACRONYM_LENGTH || !ACRONYM.test(word)) return undefined;
    const lower = word.toLowerCase();
    if (this.#frequency.has(lower) || this.#indexed(lower)) return undefined;
    return (this.#spelledOut ??= this.#spelledOutOf()).get(word);
  }

  /**
   * Two words the content writes apart that a question writes as one ("webpage": the content's "web
   * page"), when the content never writes it whole; else undefined.
   */
  #parted(word: string): string | undefined {
    const lower = word.toLowerCase();
    if (lower.length < MIN_PARTED_LENGTH || this.#frequency.has(lower) || this.#indexed(lower)) return undefined;
    for (let at = MIN_PART_LENGTH; at <= lower.length - MIN_PART_LENGTH; at += 1) {
      const [first, second] = [lower.slice(0, at), lower.slice(at)];
      if (this.#frequency.has(first) && this.#frequency.has(second) && this.#writesPair(first, second))
        return `${first} ${second}`;
    }
    return undefined;
  }

  /** What a word is a typo of, or undefined when it is known, too short, or near nothing known. */
  suggest(word: string, edits?: number): string | undefined {
    const lower = word.toLowerCase();
    const doubled = this.#doublingSlip(lower);
    if (doubled) return doubled;
    if (this.#known(lower)) return undefined;
    const allowed = edits ?? (lower.length >= TWO_EDITS_FROM ? 2 : 1);
    // verbosity 1: every candidate at the smallest distance; the most frequent of them wins.
    let best: { term: string; distance: number; count: number } | undefined;
    // Typos rarely touch the first letter: a candidate must keep it ("generalisation" is no centralisation).
    for (const found of this.#index().search(lower)) {
      // SymSpell's distance counts a swap as two edits: it is one ("atatck" is attack).
      const candidate = { ...found, distance: Math.min(found.distance, swapDistance(lower, found.term)) };
      if (!slipOf(lower, candidate, allowed)) continue;
      const nearer = !best || candidate.distance < best.distance;
      if (nearer || (candidate.distance === best!.distance && candidate.count > best!.count)) best = candidate;
    }
    return best?.term;
  }

  /**
   * Whether a word is no typo: too short to tell, in the content, common English, or indexed in another
   * form; or a known word with an everyday prefix or suffix ("reposted", "tradeable").
   */
  #known(lower: string): boolean {
    if (lower.length < MIN_LENGTH || this.#frequency.has(lower) || this.#common.has(lower) || this.#indexed(lower))
      return true;
    // The base as written, not by its stem: "redaing" is no "re-" of "dai".
    return derivedWords(lower).some((base) => this.#frequency.has(base) || this.#common.has(base));
  }

  /**
   * The content's word a word differs from only in which letters are doubled ("dissapear":
   * disappear, "actualy": actually, "occured": occurred): the commonest slip of all, though it may
   * take two edits, or read as a word with an everyday suffix ("actual" + "-y"). Never a word the
   * content or English writes.
   */
  #doublingSlip(lower: string): string | undefined {
    if (lower.length < MIN_DOUBLING_LENGTH || this.#frequency.has(lower) || this.#common.has(lower)) return undefined;
    if (!this.#undoubled) {
      this.#undoubled = new Map();
      for (const [word, count] of this.#frequency) {
        // Written once is enough: the slip, not the word's frequency, is the evidence.
        if (word.length < MIN_DOUBLING_LENGTH) continue;
        const key = undoubled(word);
        const held = this.#undoubled.get(key);
        if (!held || count > (this.#frequency.get(held) ?? 0)) this.#undoubled.set(key, word);
      }
    }
    const found = this.#undoubled.get(undoubled(lower));
    return found === lower ? undefined : found;
  }

  #index(): SymSpell {
    if (!this.#symSpell) {
      const index = new SymSpell({ maxDistance: 2, verbosity: 1 });
      for (const [word, count] of this.#frequency) {
        // A word too short to correct is too short to correct into: "elon" (a name) is no slip for "elo".
        if (count < MIN_FREQUENCY || word.length < MIN_LENGTH) continue;
        // SymSpell counts a word once per add: its frequency breaks ties between equally near words.
        for (let added = 0; added < count; added += 1) index.add(word);
      }
      this.#symSpell = index;
    }
    return this.#symSpell;
  }
}

/**
 * Whether a word may be a slip for a candidate at `distance` edits: it keeps the first letter, and a
 * second edit needs a swap. A word of the shortest length corrected (MIN_LENGTH) is a slip by a swap
 * only ("waht"): one letter changed, added or dropped makes another word of four letters more often
 * than a typo, a name the content lacks ("grok" is no "grow") or chat ("sooo" is no "soon").
 * ask-dev7 one unanswerable question more declined; nothing else moved.
 */
function slipOf(word: string, candidate: { term: string; distance: number }, allowed: number): boolean {
  if (candidate.term[0] !== word[0] || candidate.distance > allowed) return false;
  if (word.length <= MIN_LENGTH && !sameLetters(word, candidate.term)) return false;
  return candidate.distance < 2 || oneEditAfterSwap(word, candidate.term);
}

/** A word with each run of one letter written once: "disappear" and "dissapear" are both "disapear". */
const undoubled = (word: string) => word.replace(/(\p{L})\1+/gu, '$1');

/** Whether two words are written with the same letters, in any order. */
const sameLetters = (word: string, other: string) => [...word].sort().join('') === [...other].sort().join('');

/** Whether a swap of two adjacent letters of `word` brings it within one edit of `term`. */
export function oneEditAfterSwap(word: string, term: string): boolean {
  for (let at = 1; at < word.length; at += 1) {
    const swapped = `${word.slice(0, at - 1)}${word[at]}${word[at - 1]}${word.slice(at + 1)}`;
    if (swapped !== word && swapDistance(swapped, term) <= 1) return true;
  }
  return false;
}

/**
 * Edits between two words when a swap of adjacent letters counts as one (optimal string alignment):
 * the typist's commonest slip, which plain edit distance counts as two.
 */
export function swapDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}
