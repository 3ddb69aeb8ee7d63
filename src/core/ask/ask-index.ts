// Ranked passage search over essays and the glossary, with extractive answers: BM25 over paragraph-
// sized passages (a heading or a term's names weigh more than the text), question understanding
// (intent, synonyms from the glossary's names, comparisons from both sides), and an honest "no
// confident answer" when the best passage does not cover what was asked. Built at build time,
// loaded once at server start.
import { type AskDocument, type AskDocumentType, type AskPassage, passagesOf } from './ask-documents.ts';
import { type Question, parseQuestion } from './question.ts';
import { sentencesAt } from './sentences.ts';
import { indexTerm, joinedCompounds, rawWords, terms, words } from './text.ts';

/** A source's excerpt: plain text, with [start, end) UTF-16 ranges of the words that matched. */
export interface Excerpt {
  snippet: string;
  highlights: Array<[number, number]>;
}

export interface AskSource extends Excerpt {
  type: AskDocumentType;
  slug: string;
  title: string;
  section: string | null;
  url: string;
  markdownUrl: string;
  score: number;
}

export interface AnswerPassage {
  /** Plain text quoted from the source (extractive, never generated). */
  text: string;
  type: AskDocumentType;
  slug: string;
  title: string;
  section: string | null;
  url: string;
}

export interface AskAnswer extends AnswerPassage {
  /** One passage, or one per side of a comparison; `text` joins theirs with a blank line. */
  passages: AnswerPassage[];
}

export interface AskResult {
  query: string;
  answer: AskAnswer | null;
  /** How much of the question the answer's passage covers, 0 to 1 (see MIN_CONFIDENCE). */
  confidence: number;
  /** Why `answer` is null; null when there is an answer. */
  no_answer_reason: string | null;
  sources: AskSource[];
  total: number;
  took_ms: number;
}

export interface AskOptions {
  limit: number;
  types: readonly AskDocumentType[];
}

export interface SerialisedAskIndex {
  passages: AskPassage[];
  /** Each glossary term's names (term and aliases): definitional lookups and synonyms. */
  names: Array<{ slug: string; names: string[] }>;
  /** Term → flat [passage, weighted frequency, …], passages ascending. */
  postings: Record<string, number[]>;
  /** Indexed terms in each passage's text. */
  lengths: number[];
}

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

// BM25 parameters (the usual ones) and field weights: a passage's names (term names or section
// heading) count this many times each, its context (the essay title) once.
const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
/** Synonyms, prefix completions and typo corrections score less than the words asked. */
const SYNONYM_WEIGHT = 0.5;
const PREFIX_WEIGHT = 0.5;
const FUZZY_WEIGHT = 0.6;
const MAX_PREFIX_TERMS = 8;
/** Passages re-ranked with coverage and intent after BM25. */
const RERANK = 80;
/**
 * After BM25, a passage's score is multiplied by its coverage (one that speaks to every part of the
 * question beats one that repeats a single word), by up to 1 + TOPIC_BOOST when its heading or
 * names are what the question asks about, and by the intent factors below. Tuned on
 * test/fixtures/ask-eval.json.
 */
const TOPIC_BOOST = 2;
/** How far a passage being about the question (heading, names) makes up for words it does not use. */
const TOPIC_CONFIDENCE = 0.5;
/** A plain word's share of the question, against a name the glossary knows. */
const PLAIN_WORD_WEIGHT = 0.6;
const EXPLANATION_ESSAY_BOOST = 1.3;
const EXPLANATION_DEFINITION_FACTOR = 0.75;
const EXPLANATION_CUE_BOOST = 0.1;
const DEFINITION_BOOST = 1.3;
/**
 * Below this share of the question's weight (IDF-weighted concepts) covered by the best passage,
 * there is no confident answer. Calibrated on the evaluation set: every in-domain question reaches
 * 0.6 or more, every out-of-domain one 0.5 or less.
 */
export const MIN_CONFIDENCE = 0.55;
/** A comparison's joint passage (one that speaks to both sides) leads the sources from here. */
const JOINT_COVERAGE = 0.9;
const ANSWER_MAX_WORDS = 90;
const ANSWER_MAX_SENTENCES = 3;
const SNIPPET_MAX_WORDS = 40;

/** One thing the question asks about: a word, or a name that may be written several ways. */
interface Concept {
  /** The words as asked, for the no-answer reason. */
  asked: string[];
  /** Inverse document frequency of the words as asked: the concept's share of the question. */
  idf: number;
  /** Term sequences that count as speaking to it: the words asked, their synonyms, completions. */
  alternatives: string[][];
  /** Whether it is a name the glossary knows (a topic), rather than a plain word. */
  named: boolean;
}

interface Plan {
  concepts: Concept[];
  /** Scoring weight of each term. */
  weights: Map<string, number>;
}

interface Ranked {
  passage: number;
  score: number;
  /** Share of the question the passage speaks to (see #coverage). */
  coverage: number;
  /** How sure we are that it answers: its coverage, raised when it is about what was asked. */
  confidence: number;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

export class AskIndex {
  readonly #passages: AskPassage[];
  readonly #postings: Map<string, number[]>;
  readonly #lengths: number[];
  readonly #averageLength: number;
  /** Sorted, for prefix completion. */
  readonly #vocabulary: string[];
  /** Name (as a term sequence) → the name groups it belongs to; a group is one thing's names. */
  readonly #nameGroups = new Map<string, number[]>();
  readonly #groups: Array<{ slug: string | null; keys: string[] }> = [];
  readonly #longestName: number;
  readonly #definitions = new Map<string, number>();
  /** Each passage's words, space-separated, for phrase checks; filled on first use. */
  readonly #phraseTexts = new Map<number, string>();
  /** Per passage, the number of its source (a glossary term, or an essay section). */
  readonly #sourceOf: Int32Array;
  /** Scratch: the search in which each source was last counted (numbers, not strings, so no garbage). */
  readonly #countedIn: Uint32Array;
  #searches = 0;
  /** Scratch score per passage, reset after each search (search is synchronous). */
  readonly #scores: Float64Array;
  /** Per passage: the terms of its names, and the terms it only mentions in quotation marks. */
  readonly #nameTerms: Array<Set<string>>;
  readonly #mentions = new Map<number, Set<string>>();

  private constructor(serialised: SerialisedAskIndex) {
    this.#passages = serialised.passages;
    this.#postings = new Map(Object.entries(serialised.postings));
    this.#lengths = serialised.lengths;
    this.#averageLength = this.#lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, this.#lengths.length);
    this.#vocabulary = [...this.#postings.keys()].sort();
    this.#scores = new Float64Array(this.#passages.length);
    this.#nameTerms = this.#passages.map((passage) => new Set(terms(passage.names.join(' '))));
    const sources = new Map<string, number>();
    this.#sourceOf = Int32Array.from(this.#passages, (passage) => {
      // A glossary term is one source; an essay section is one source.
      const key = passage.type === 'glossary' ? `glossary:${passage.slug}` : passage.url;
      if (!sources.has(key)) sources.set(key, sources.size);
      return sources.get(key)!;
    });
    this.#countedIn = new Uint32Array(sources.size);
    this.#passages.forEach((passage, at) => {
      if (passage.kind === 'definition') this.#definitions.set(passage.slug, at);
      if (passage.mentions.length > 0) this.#mentions.set(at, new Set(passage.mentions));
    });
    let longest = 1;
    const groups = [
      ...serialised.names.map(({ slug, names }) => ({ slug, names })),
      ...RELATED_NAMES.map((names) => ({ slug: null, names })),
    ];
    for (const { slug, names } of groups) {
      const keys = [...new Set(names.map((name) => terms(name).join(' ')).filter(Boolean))];
      const group = this.#groups.push({ slug, keys }) - 1;
      for (const key of keys) {
        const known = this.#nameGroups.get(key) ?? [];
        if (!known.includes(group)) this.#nameGroups.set(key, [...known, group]);
        longest = Math.max(longest, key.split(' ').length);
      }
    }
    this.#longestName = longest;
  }

  static build(documents: readonly AskDocument[]): SerialisedAskIndex {
    const passages = documents.flatMap(passagesOf);
    const postings = new Map<string, number[]>();
    const lengths: number[] = [];
    passages.forEach((passage, at) => {
      const frequencies = new Map<string, number>();
      const add = (text: string, weight: number) => {
        const found = terms(text);
        for (const term of found) frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        return found.length;
      };
      lengths.push(add(passage.text, 1));
      for (const term of joinedCompounds(passage.text)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      add(passage.context, 1);
      for (const name of passage.names) add(name, passage.namesWeigh ? NAME_WEIGHT : 1);
      for (const [term, frequency] of frequencies) {
        const list = postings.get(term) ?? [];
        list.push(at, frequency);
        postings.set(term, list);
      }
    });
    const names = documents
      .filter((document) => document.type === 'glossary')
      .map((document) => ({ slug: document.slug, names: [document.title, ...document.aliases] }));
    return { passages, names, postings: Object.fromEntries(postings), lengths };
  }

  static load(serialised: SerialisedAskIndex): AskIndex {
    return new AskIndex(serialised);
  }

  search(asked: string, options: AskOptions): AskResult {
    const started = performance.now();
    const question = parseQuestion(asked);
    const allowed = new Set(options.types);
    const plan = this.#plan(question.content);
    const { ranked, total } = this.#rank(plan, question, allowed);

    let answerPassages: Array<{ passage: number; plan: Plan }> = [];
    let leading: Ranked[] = [];
    let confidence = ranked[0]?.confidence ?? 0;
    if (question.sides) {
      const [first, second] = question.sides;
      let both = [this.#side(first, second, allowed), this.#side(second, first, allowed)] as const;
      // Both sides may be names of one term ("Groth16 and PLONK" are both zk-SNARKs): then the
      // passages elsewhere that speak of each side, not that term's definition twice.
      const shared =
        both[0].best.passage === both[1].best.passage ? this.#passages[both[0].best.passage]?.slug : undefined;
      if (shared) {
        const fromShared = (hit: Ranked) => this.#passages[hit.passage]!.slug === shared;
        const one = this.#side(first, second, allowed, fromShared);
        const other = this.#side(second, first, allowed, (hit) => fromShared(hit) || hit.passage === one.best.passage);
        both = [one, other];
      }
      const sides = both.filter(
        (side, at) =>
          side.best.confidence >= MIN_CONFIDENCE && (at === 0 || side.best.passage !== both[0].best.passage),
      );
      if (sides.length > 0) {
        const top = ranked[0];
        const joint =
          top && top.coverage >= JOINT_COVERAGE && this.#passages[top.passage]!.type === 'essay' ? [top] : [];
        const scoreOf = (hit: Ranked) =>
          ranked.find((other) => other.passage === hit.passage)?.score ?? top?.score ?? 0;
        leading = [...joint, ...sides.map((side) => ({ ...side.best, score: scoreOf(side.best) }))];
        answerPassages = sides.map((side) => ({ passage: side.best.passage, plan: side.plan }));
        confidence = Math.min(...sides.map((side) => side.best.confidence));
      }
    }
    if (answerPassages.length === 0 && ranked[0] && ranked[0].confidence >= MIN_CONFIDENCE)
      answerPassages = [{ passage: ranked[0].passage, plan }];

    const sources = this.#sources([...leading, ...ranked], options.limit).map((hit) => this.#source(hit, plan));
    const answer = answerPassages.length > 0 ? this.#answer(answerPassages) : null;
    return {
      query: question.text,
      answer,
      confidence: round(confidence, 2),
      no_answer_reason: answer ? null : this.#noAnswerReason(ranked[0], plan),
      sources,
      total,
      took_ms: round(performance.now() - started),
    };
  }

  /**
   * The best passage for one side of a comparison: the definition of the term it names, else the
   * best-ranked passage; with `avoid`, the best-ranked passage it does not rule out. In "optimistic
   * and zk rollups" a one-word side shares the other's head noun, so "optimistic rollups" is tried
   * first.
   */
  #side(
    side: string,
    other: string,
    allowed: ReadonlySet<AskDocumentType>,
    avoid?: (hit: Ranked) => boolean,
  ): { best: Ranked; plan: Plan } {
    const otherWords = other.split(' ');
    const readings = side.includes(' ') || otherWords.length < 2 ? [side] : [`${side} ${otherWords.at(-1)}`, side];
    for (const reading of avoid ? [] : readings) {
      const defined = this.#defined(reading, allowed);
      if (defined) return { best: defined, plan: this.#plan(reading) };
    }
    const plan = this.#plan(side);
    const best = this.#rank(plan, parseQuestion(side), allowed).ranked.find((hit) => !avoid?.(hit));
    return { best: best ?? { passage: -1, score: 0, coverage: 0, confidence: 0 }, plan };
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

  /** The concepts of a question and the weight of each term that speaks to them. */
  #plan(content: string): Plan {
    const asked = rawWords(content).flatMap((word) => {
      const term = indexTerm(word);
      return term ? [{ word, term }] : [];
    });
    const concepts: Concept[] = [];
    const weights = new Map<string, number>();
    const weigh = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    const seen = new Set<string>();
    for (let at = 0; at < asked.length;) {
      let length = Math.min(this.#longestName, asked.length - at);
      let groups: number[] | undefined;
      for (; length > 1; length -= 1) {
        groups = this.#nameGroups.get(
          asked
            .slice(at, at + length)
            .map((item) => item.term)
            .join(' '),
        );
        if (groups) break;
      }
      const span = asked.slice(at, at + length);
      at += length;
      const own = span.map((item) => item.term);
      if (seen.has(own.join(' '))) continue;
      seen.add(own.join(' '));
      groups ??= this.#nameGroups.get(own.join(' ')) ?? [];
      const synonyms = groups.flatMap((group) => this.#synonyms(group, own.join(' ')));
      for (const term of own) weigh(term, 1);
      for (const key of synonyms) for (const term of key.split(' ')) weigh(term, SYNONYM_WEIGHT);
      concepts.push({
        asked: span.map((item) => item.word),
        idf: own.reduce((sum, term) => sum + this.#idf(term), 0),
        alternatives: [own, ...synonyms.map((key) => key.split(' '))],
        named: groups.length > 0,
      });
    }
    const last = concepts.at(-1);
    const lastTerm = last?.alternatives[0]?.length === 1 ? last.alternatives[0][0] : undefined;
    if (last && lastTerm && lastTerm.length >= 3) {
      const exact = this.#postings.has(lastTerm);
      for (const completion of this.#completions(lastTerm)) {
        last.alternatives.push([completion]);
        weigh(completion, exact ? PREFIX_WEIGHT / 2 : PREFIX_WEIGHT);
      }
    }
    for (const concept of concepts) {
      const [term] = concept.alternatives[0] ?? [];
      if (concept.alternatives.length > 1 || !term || term.length < 5 || this.#postings.has(term)) continue;
      for (const corrected of this.#corrections(term)) {
        concept.alternatives.push([corrected]);
        weigh(corrected, FUZZY_WEIGHT);
      }
    }
    return { concepts, weights };
  }

  #idf(term: string): number {
    const frequency = (this.#postings.get(term)?.length ?? 0) / 2;
    const count = this.#passages.length;
    return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
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

  /** Indexed terms one edit away (two for long words), same first letter: typos, not rewrites. */
  #corrections(term: string): string[] {
    const allowed = term.length >= 8 ? 2 : 1;
    return this.#vocabulary
      .filter(
        (candidate) =>
          candidate[0] === term[0] &&
          Math.abs(candidate.length - term.length) <= allowed &&
          withinEdits(term, candidate, allowed),
      )
      .slice(0, 3);
  }

  #contains(term: string, passage: number): boolean {
    const list = this.#postings.get(term);
    if (!list) return false;
    let low = 0;
    let high = list.length / 2 - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = list[mid * 2] ?? 0;
      if (at === passage) return true;
      if (at < passage) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  /** Whether a passage uses a term (not merely quotes it). */
  #speaksTo(term: string, passage: number): boolean {
    return this.#contains(term, passage) && !this.#mentions.get(passage)?.has(term);
  }

  /**
   * Share of the question a passage speaks to, each concept weighted by its IDF, plain words less
   * than names (a question is about its topics; its verbs are often said otherwise in the text),
   * and the share its names (heading, term names) speak to: what the passage is about.
   */
  #coverage(plan: Plan, passage: number): { coverage: number; topical: number } {
    let total = 0;
    let covered = 0;
    let topical = 0;
    const names = this.#nameTerms[passage]!;
    for (const concept of plan.concepts) {
      const weight = concept.idf * (concept.named ? 1 : PLAIN_WORD_WEIGHT);
      total += weight;
      let best = 0;
      let named = 0;
      for (const alternative of concept.alternatives) {
        const present = alternative.filter((term) => this.#speaksTo(term, passage)).length;
        best = Math.max(best, present / alternative.length);
        named = Math.max(named, alternative.filter((term) => names.has(term)).length / alternative.length);
      }
      covered += weight * best;
      topical += weight * named;
    }
    return total === 0 ? { coverage: 0, topical: 0 } : { coverage: covered / total, topical: topical / total };
  }

  #phraseText(passage: number): string {
    let text = this.#phraseTexts.get(passage);
    if (text === undefined) {
      const { names, text: body } = this.#passages[passage]!;
      text = ` ${words(`${names.join(' ')} ${body}`).join(' ')} `;
      this.#phraseTexts.set(passage, text);
    }
    return text;
  }

  /** BM25 over every passage, then coverage and intent over the best; sources counted on the way. */
  #rank(plan: Plan, question: Question, allowed: ReadonlySet<AskDocumentType>): { ranked: Ranked[]; total: number } {
    const scores = this.#scores;
    const touched: number[] = [];
    for (const [term, weight] of plan.weights) {
      const list = this.#postings.get(term);
      if (!list) continue;
      const idf = this.#idf(term);
      for (let at = 0; at < list.length; at += 2) {
        const passage = list[at]!;
        const frequency = list[at + 1]!;
        if (scores[passage] === 0) touched.push(passage);
        const norm = K1 * (1 - B + (B * this.#lengths[passage]!) / this.#averageLength);
        scores[passage]! += (weight * idf * frequency * (K1 + 1)) / (frequency + norm);
      }
    }
    // A phrase needs all its words: the postings say which passages have them before any text is read.
    const phraseTerms = question.phrases.flatMap((phrase) => terms(phrase));
    const candidates = touched.filter(
      (passage) =>
        allowed.has(this.#passages[passage]!.type) &&
        phraseTerms.every((term) => this.#contains(term, passage)) &&
        question.phrases.every((phrase) => this.#phraseText(passage).includes(` ${phrase} `)),
    );
    this.#searches += 1;
    let total = 0;
    for (const passage of candidates) {
      const source = this.#sourceOf[passage]!;
      if (this.#countedIn[source] === this.#searches) continue;
      this.#countedIn[source] = this.#searches;
      total += 1;
    }
    let best = candidates;
    if (candidates.length > RERANK) {
      const sorted = Float64Array.from(candidates, (passage) => scores[passage]!).sort();
      const threshold = sorted[sorted.length - RERANK] ?? 0;
      best = candidates.filter((passage) => scores[passage]! >= threshold);
    }
    const ranked = best.map((passage) => {
      const { coverage, topical } = this.#coverage(plan, passage);
      const score = scores[passage]! * coverage * (1 + TOPIC_BOOST * topical) * this.#intentFactor(question, passage);
      const confidence = coverage + TOPIC_CONFIDENCE * topical * (1 - coverage);
      return { passage, coverage, confidence, score };
    });
    for (const passage of touched) scores[passage] = 0;
    ranked.sort((a, b) => b.score - a.score || a.passage - b.passage);

    const defined =
      question.intent === 'definition' && question.subject ? this.#defined(question.subject, allowed) : undefined;
    if (defined) {
      const others = ranked.filter((hit) => hit.passage !== defined.passage);
      return {
        ranked: [{ ...defined, score: (others[0]?.score ?? 0) + 1 }, ...others],
        total: Math.max(1, total),
      };
    }
    return { ranked, total };
  }

  #intentFactor(question: Question, at: number): number {
    const passage = this.#passages[at]!;
    if (question.intent === 'explanation' || question.intent === 'comparison') {
      const kind =
        passage.type === 'essay'
          ? EXPLANATION_ESSAY_BOOST
          : passage.kind === 'definition'
            ? EXPLANATION_DEFINITION_FACTOR
            : 1;
      return kind * (1 + EXPLANATION_CUE_BOOST * passage.explains);
    }
    if (question.intent === 'definition' && passage.kind === 'definition') return DEFINITION_BOOST;
    return 1;
  }

  /** The definition of the glossary term a name (or its head) names, as a fully covered hit. */
  #defined(
    subject: string | { full: string; head: string },
    allowed: ReadonlySet<AskDocumentType>,
  ): Ranked | undefined {
    if (!allowed.has('glossary')) return undefined;
    const candidates = typeof subject === 'string' ? [subject] : [subject.full, subject.head];
    for (const name of candidates) {
      for (const group of this.#nameGroups.get(terms(name).join(' ')) ?? []) {
        const slug = this.#groups[group]?.slug;
        const passage = slug ? this.#definitions.get(slug) : undefined;
        if (passage !== undefined) return { passage, score: 0, coverage: 1, confidence: 1 };
      }
    }
    return undefined;
  }

  /** The best passage of each source, in order. */
  #sources(hits: readonly Ranked[], limit: number): Ranked[] {
    const seen = new Set<number>();
    const chosen: Ranked[] = [];
    for (const hit of hits) {
      const key = this.#sourceOf[hit.passage]!;
      if (seen.has(key)) continue;
      seen.add(key);
      chosen.push(hit);
      if (chosen.length === limit) break;
    }
    return chosen;
  }

  #source(hit: Ranked, plan: Plan): AskSource {
    const passage = this.#passages[hit.passage]!;
    return {
      type: passage.type,
      slug: passage.slug,
      title: passage.title,
      section: passage.section,
      url: passage.url,
      markdownUrl: passage.markdownUrl,
      ...excerpt(passage, plan, SNIPPET_MAX_WORDS, 2),
      score: round(hit.score),
    };
  }

  #answer(chosen: ReadonlyArray<{ passage: number; plan: Plan }>): AskAnswer {
    const passages = chosen.map(({ passage: at, plan }): AnswerPassage => {
      const passage = this.#passages[at]!;
      const text =
        passage.kind === 'definition'
          ? passage.text
          : excerpt(passage, plan, ANSWER_MAX_WORDS, ANSWER_MAX_SENTENCES, false).snippet;
      const { type, slug, title, section, url } = passage;
      return { text, type, slug, title, section, url };
    });
    const [first] = passages as [AnswerPassage, ...AnswerPassage[]];
    return { ...first, text: passages.map((passage) => passage.text).join('\n\n'), passages };
  }

  #noAnswerReason(best: Ranked | undefined, plan: Plan): string {
    if (!best) return 'Nothing in the essays or glossary matches the question.';
    const missing = plan.concepts
      .filter(
        (concept) => !concept.alternatives.some((terms) => terms.every((term) => this.#speaksTo(term, best.passage))),
      )
      .map((concept) => `“${concept.asked.join(' ')}”`);
    const what = missing.length > 0 ? `nothing here speaks to ${missing.join(', ')}` : 'no passage answers it closely';
    return `No confident answer: ${what}. The nearest sources are listed.`;
  }
}

/**
 * The sentences of a passage that best match the plan: a window of up to `maxSentences` and about
 * `maxWords` holding the sentence that mentions the most of the question (by weight), starting as
 * early in the passage as it can, since a paragraph's opening usually carries its point. A Porter
 * stem is a prefix of the words it comes from in nearly every case, so a word-start test stands in
 * for stemming every word.
 */
function excerpt(passage: AskPassage, plan: Plan, maxWords: number, maxSentences: number, clip = true): Excerpt {
  const sentences = sentencesAt(passage.text, passage.sentences);
  const lengths = sentences.map((sentence) => rawWords(sentence).length);
  // Terms are letters and digits only (see text.ts), so they need no escaping.
  const patterns = plan.concepts.map((concept) => ({
    idf: concept.idf,
    pattern: new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${concept.alternatives.flat().join('|')})`, 'iu'),
  }));
  let best = 0;
  let bestWeight = -1;
  sentences.forEach((sentence, at) => {
    const weight = patterns.reduce((sum, { idf, pattern }) => sum + (pattern.test(sentence) ? idf : 0), 0);
    if (weight > bestWeight) {
      bestWeight = weight;
      best = at;
    }
  });
  const wordsFrom = (from: number, to: number) => lengths.slice(from, to + 1).reduce((sum, n) => sum + n, 0);
  let start = best;
  while (start > 0 && best - start + 2 <= maxSentences && wordsFrom(start - 1, best) <= maxWords) start -= 1;
  let end = start;
  while (end + 1 < sentences.length && end - start + 2 <= maxSentences && wordsFrom(start, end + 1) <= maxWords)
    end += 1;
  let snippet = sentences.slice(start, end + 1).join(' ');
  if (clip && wordsFrom(start, end) > maxWords) {
    const cut = snippet.split(' ').slice(0, maxWords).join(' ');
    snippet = `${cut.replace(/[\s,;:]+$/, '')} …`;
  }
  return { snippet, highlights: highlights(snippet, plan) };
}

/** Ranges of the words in `text` whose term the plan asks for (or accepts as a synonym). */
function highlights(text: string, plan: Plan): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = indexTerm(match[0]);
    if (term && plan.weights.has(term)) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** Whether two strings are at most `limit` edits (insertions, deletions, substitutions) apart. */
function withinEdits(a: string, b: string, limit: number): boolean {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return false;
    previous = current;
  }
  return previous[b.length]! <= limit;
}
