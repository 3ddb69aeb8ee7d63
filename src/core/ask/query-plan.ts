// Query planning: a question's words grouped into concepts (a name the glossary knows, written any
// of its ways, or a plain word), each with the terms that count as speaking to it: its synonyms, a
// prefix completion of the last word. Typos are the speller's (speller.ts), before planning.
import { indexTerm, positiveDegree, rawWords, terms, words } from './text.ts';

/**
 * Related names the glossary's aliases do not join, used as synonyms in both directions. Kept short:
 * each entry is a name readers use for something the content calls otherwise.
 */
const RELATED_NAMES: readonly string[][] = [
  ['Terra', 'TerraUSD', 'UST', 'LUNA'],
  ['Ethereum', 'ETH'],
  ['Bitcoin', 'BTC'],
  ['zero knowledge', 'ZK'],
];

/** A name written as an acronym: capitals (and figures) only, "DAI", "APY", "L2". */
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
/** A figure and a unit written as one word: "4bit", "13B", "15k". */
const GLUED_FIGURE = /^(\d+(?:[.,]\d+)?)(\p{L}+)$/u;

/** A word and what it is with a plural's ending taken off ("tokens" → token, "hashes" → hash). */
const singulars = (word: string) => [word, word.replace(/['’]?s$/, ''), word.replace(/es$/, '')];

/** Synonyms and prefix completions score less than the words asked. */
const SYNONYM_WEIGHT = 0.5;
const PREFIX_WEIGHT = 0.5;
const MAX_PREFIX_TERMS = 8;

/** One thing the question asks about: a word, or a name that may be written several ways. */
export interface Concept {
  /** The words as asked, for the no-answer reason. */
  asked: string[];
  /** Inverse document frequency of the words as asked: the concept's share of the question. */
  idf: number;
  /** Term sequences that count as speaking to it: the words asked, their synonyms, completions. */
  alternatives: string[][];
  /** Whether it is a name the glossary knows (a topic), rather than a plain word. */
  named: boolean;
  /** Named by a long question's circumstances rather than asked by its question part (situation.ts). */
  circumstance?: boolean;
  /**
   * An everyday word that shares only its stem with a name ("solid" of Solidity): it names no
   * passage's subject (LeadFeatures.subject, a passage's topic), though its text may still use it.
   */
  passing?: boolean;
}

export interface Plan {
  concepts: Concept[];
  /**
   * A long question read whole: its question part's concepts, and its circumstances' at a share of
   * their weight. It ranks passages; a passage answers when it covers either reading.
   */
  whole?: Concept[];
  /** Scoring weight of each term. */
  weights: Map<string, number>;
  /**
   * What the answer's sentences should have: a reason's explanation, a quantity's number, a
   * definition's "is a", a procedure's means and steps, a situation's advice (answer-kind.ts).
   */
  prefer?: 'explanation' | 'number' | 'definition' | 'procedure' | 'advice';
  /** A procedure asked of a thing ("how does X combine …"), not of the asker ("how do I …"). */
  ofThing?: boolean;
  /** A yes-or-no question that doubts a claim ("do we actually need one"): a correcting sentence answers it. */
  doubts?: boolean;
  /** A sentence's nearness in meaning to the question, cosine (semantic.ts); absent without vectors. */
  near?: ((text: string) => number) | undefined;
}

/** A word of the question with its index term. */
interface AskedWord {
  word: string;
  term: string;
}

export class QueryPlanner {
  readonly #postings: ReadonlyMap<string, number[]>;
  readonly #passageCount: number;
  /** Sorted, for prefix completion. */
  readonly #vocabulary: string[];
  /** Name (as a term sequence) → the name groups it belongs to; a group is one thing's names. */
  readonly #nameGroups = new Map<string, number[]>();
  readonly #groups: Array<{ slug: string | null; keys: string[]; names: string[] }> = [];
  /**
   * Per one-word name key, the groups that have it only as an acronym ("DAI", "APY"), with the
   * acronym's letters: a word is that name only when it is those letters (see #namedBy).
   */
  readonly #acronymOnly = new Map<string, Map<number, string>>();
  readonly #longestName: number;
  /** Whether a word, as written, is everyday English (see #inPassing); none is without word vectors. */
  readonly #everyday: (word: string) => boolean;

  constructor(
    postings: ReadonlyMap<string, number[]>,
    passageCount: number,
    glossaryNames: ReadonlyArray<{ slug: string; names: string[] }>,
    everyday: (word: string) => boolean = () => false,
  ) {
    this.#postings = postings;
    this.#everyday = everyday;
    this.#passageCount = passageCount;
    this.#vocabulary = [...postings.keys()].sort();
    let longest = 1;
    const groups = [
      ...glossaryNames.map(({ slug, names }) => ({ slug, names })),
      ...RELATED_NAMES.map((names) => ({ slug: null, names })),
    ];
    for (const { slug, names } of groups) {
      const keys = [...new Set(names.map((name) => terms(name).join(' ')).filter(Boolean))];
      const group = this.#groups.push({ slug, keys, names: names.map((name) => words(name).join(' ')) }) - 1;
      for (const key of keys) {
        const known = this.#nameGroups.get(key) ?? [];
        if (!known.includes(group)) this.#nameGroups.set(key, [...known, group]);
        longest = Math.max(longest, key.split(' ').length);
      }
      this.#noteAcronyms(group, names);
    }
    this.#longestName = longest;
  }

  /** Records the one-word keys a group has only as an acronym ("DAI" is "dai", as "days" also is). */
  #noteAcronyms(group: number, names: readonly string[]): void {
    const keyOf = (name: string) => terms(name).join(' ');
    const acronyms = names.filter((name) => ACRONYM.test(name));
    for (const acronym of acronyms) {
      const key = keyOf(acronym);
      if (!key || names.some((name) => !ACRONYM.test(name) && keyOf(name) === key)) continue;
      const groups = this.#acronymOnly.get(key) ?? new Map<number, string>();
      this.#acronymOnly.set(key, groups.set(group, acronym.toLowerCase()));
    }
  }

  /**
   * The groups a word of a question names by its term. A word not written in capitals names an
   * acronym only when it is its letters (or their plural), whatever the stemmer makes of it: "days"
   * shares the stem of "DAI" but is no stablecoin. (A word in capitals is an acronym as asked, and is
   * left to its stem: reading "API" apart from "APY" lost ask-dev3 a question right first.)
   */
  #namedBy(word: string, term: string): number[] {
    const groups = this.#nameGroups.get(term) ?? [];
    const acronyms = this.#acronymOnly.get(term);
    if (!acronyms || ACRONYM.test(word)) return groups;
    const written = word.toLowerCase();
    const letters = written.replace(/['’]?s$/, '');
    return groups.filter((group) => {
      const acronym = acronyms.get(group);
      return acronym === undefined || acronym === written || acronym === letters;
    });
  }

  /** Whether a name, as written, names a glossary term (slugsNamed finds one). */
  readonly namesTerm = (name: string): boolean => this.slugsNamed(name).length > 0;

  /**
   * The glossary terms (slugs) a name, as written, belongs to: the term of that title first, then
   * those with it as an alias, then those whose names share its stems ("tokenization" and "token"
   * are both "token"). `asWritten`: only the terms it is the title or an alias of.
   */
  slugsNamed(name: string, asWritten = false): string[] {
    const written = words(name).join(' ');
    const key = terms(name).join(' ');
    const ranked: Array<{ slug: string; rank: number }> = [];
    const [single, ...more] = rawWords(name);
    const groups = single && more.length === 0 ? this.#namedBy(single, key) : (this.#nameGroups.get(key) ?? []);
    for (const group of groups) {
      const { slug, names } = this.#groups[group]!;
      if (slug) ranked.push({ slug, rank: names[0] === written ? 0 : names.includes(written) ? 1 : 2 });
    }
    return ranked
      .filter((entry) => !asWritten || entry.rank < 2)
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.slug);
  }

  /** The concepts of a question and the weight of each term that speaks to them. */
  plan(content: string): Plan {
    const asked = rawWords(content)
      .flatMap((word) => this.#unglued(word))
      .flatMap((word) => {
        const term = indexTerm(word);
        return term ? [{ word, term }] : [];
      });
    const weights = new Map<string, number>();
    const weigh = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    const concepts = this.#concepts(asked, weigh);
    this.#completeLast(concepts, weigh);
    return { concepts, weights };
  }

  /**
   * A figure glued to its unit ("4bit", "70B", "15k", "100x"), which no passage writes so, read as
   * the figure and the unit the content writes apart ("4-bit", "70 billion" index as two words).
   */
  #unglued(word: string): string[] {
    const glued = GLUED_FIGURE.exec(word);
    if (!glued || this.#postings.has(indexTerm(word) ?? '')) return [word];
    return [glued[1]!, glued[2]!];
  }

  /** Indexed terms that start with `prefix` and are longer than it, shortest first (see #completions). */
  completions(prefix: string): readonly string[] {
    return this.#completions(prefix);
  }

  idf(term: string): number {
    const frequency = (this.#postings.get(term)?.length ?? 0) / 2;
    return Math.log(1 + (this.#passageCount - frequency + 0.5) / (frequency + 0.5));
  }

  /** The question's words as concepts: the longest names the glossary knows first, else single words. */
  #concepts(asked: AskedWord[], weigh: (term: string, weight: number) => void): Concept[] {
    const concepts: Concept[] = [];
    const seen = new Set<string>();
    for (let at = 0; at < asked.length;) {
      const { length, groups } = this.#longestNameAt(asked, at);
      const span = asked.slice(at, at + length);
      at += length;
      const passing = length === 1 && this.#inPassing(span[0]!);
      const own = span.map((item) => item.term);
      const key = own.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const synonyms = groups.flatMap((group) => this.#synonyms(group, key));
      // "so much faster" meets a text that says "so fast": the plain degree speaks to it too.
      const plain = length === 1 ? indexTerm(positiveDegree(span[0]!.word.toLowerCase())) : null;
      if (plain && plain !== key) synonyms.push(plain);
      for (const term of own) weigh(term, 1);
      for (const synonym of synonyms) for (const term of synonym.split(' ')) weigh(term, SYNONYM_WEIGHT);
      concepts.push({
        asked: span.map((item) => item.word),
        idf: own.reduce((sum, term) => sum + this.idf(term), 0),
        alternatives: [own, ...synonyms.map((synonym) => synonym.split(' '))],
        named: groups.length > 0,
        ...(passing ? { passing } : {}),
      });
    }
    return concepts;
  }

  /** The longest run of words from `at` that is a known name (one word when none is). */
  #longestNameAt(asked: AskedWord[], at: number): { length: number; groups: number[] } {
    for (let length = Math.min(this.#longestName, asked.length - at); length > 1; length -= 1) {
      const key = asked
        .slice(at, at + length)
        .map((item) => item.term)
        .join(' ');
      const groups = this.#nameGroups.get(key);
      if (groups) return { length, groups };
    }
    const single = asked[at];
    if (!single) return { length: 1, groups: [] };
    const groups = this.#namedBy(single.word, single.term);
    return { length: 1, groups };
  }

  /**
   * Whether a word names glossary terms by its stem alone and is everyday English: "solid" is
   * Solidity's stem, "final" Finality's, "regular" regularization's, yet a question says "is that
   * solid" of anything. A word written as a name's word (or its plural: "tokens" of Token) names it;
   * a rare word sharing a name's stem does too ("tokenization" of Token, "liquidated" of liquidation).
   */
  #inPassing({ word, term }: AskedWord): boolean {
    const groups = this.#nameGroups.get(term);
    if (!groups || !this.#everyday(word)) return false;
    const forms = singulars(word.toLowerCase());
    return !groups.some((group) =>
      this.#groups[group]!.names.some((name) =>
        name.split(' ').some((written) => singulars(written).some((form) => forms.includes(form))),
      ),
    );
  }

  /** A last word of three letters or more may be a word still being typed: its completions count too. */
  #completeLast(concepts: Concept[], weigh: (term: string, weight: number) => void): void {
    const last = concepts.at(-1);
    const lastTerm = last?.alternatives[0]?.length === 1 ? last.alternatives[0][0] : undefined;
    if (!last || !lastTerm || lastTerm.length < 3) return;
    const exact = this.#postings.has(lastTerm);
    for (const completion of this.#completions(lastTerm)) {
      last.alternatives.push([completion]);
      weigh(completion, exact ? PREFIX_WEIGHT / 2 : PREFIX_WEIGHT);
    }
  }

  /**
   * The other names of a name in a group. A glossary term's aliases are often instances of it
   * (Groth16 and PLONK are zk-SNARKs, Aave is a lending protocol), not synonyms of each other: an
   * alias stands in for the term's name only, the name for all its aliases. Related names are true
   * synonyms of each other.
   */
  #synonyms(group: number, key: string): string[] {
    const { slug, keys } = this.#groups[group]!;
    const [name] = keys;
    if (slug !== null && key !== name) return name ? [name] : [];
    return keys.filter((other) => other !== key);
  }

  /** Indexed terms that start with `prefix`, shortest first. */
  #completions(prefix: string): string[] {
    let low = 0;
    let high = this.#vocabulary.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.#vocabulary[mid] ?? '') < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let at = low; at < this.#vocabulary.length && found.length < MAX_PREFIX_TERMS * 4; at += 1) {
      const term = this.#vocabulary[at] ?? '';
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) found.push(term);
    }
    return found.sort((a, b) => a.length - b.length).slice(0, MAX_PREFIX_TERMS);
  }
}

/**
 * A situation's question part of at most this many concepts asks vaguely (asksVaguely). 1 to 3 fitted
 * for the lead (lead-rerank.ts) with each development set held out, every split fits 2: right first
 * +6, key fact +1, declined -1.
 */
const VAGUE_CONCEPTS = 2;

/**
 * Whether a long question's question part is too vague to say what it is about: VAGUE_CONCEPTS
 * concepts at most, none a name the glossary knows ("what's happening", "what are my options", "how
 * big is the hit"): it says what kind of answer is wanted, not what of; its circumstances say what.
 */
export function asksVaguely(plan: Plan): boolean {
  const own = plan.concepts.filter((concept) => !concept.circumstance);
  return plan.whole !== undefined && own.length <= VAGUE_CONCEPTS && !own.some((concept) => concept.named);
}

/**
 * A situation's plan with its circumstances' words (Plan.whole, at their share) beside what it
 * asks, when its question part is short and names nothing the glossary knows ("what's eating it",
 * "what are my options"): then the circumstances say what is asked. A longer question part ("what
 * should we change in how we split the documents") says it itself.
 */
export function withCircumstances(plan: Plan): Plan {
  if (!plan.whole || !asksVaguely(plan)) return plan;
  const key = (concept: Concept) => concept.alternatives.map((terms) => terms.join(' ')).join('|');
  const asked = new Set(plan.concepts.map(key));
  return { ...plan, concepts: [...plan.concepts, ...plan.whole.filter((concept) => !asked.has(key(concept)))] };
}
