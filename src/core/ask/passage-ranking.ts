// Passage ranking for the ask index: BM25 over paragraph-sized passages (names weigh more than
// text), then coverage (how much of the question a passage speaks to), topic and the question's
// intent over the best; fused with the passages nearest the question in meaning when the index has
// word vectors (fusion.ts, semantic.ts). Query planning is query-plan.ts; answers, ask-index.ts.
import { askedKind, headingUses, HEADING_QUESTION_WORD } from './answer-kind.ts';
import type { AskDocumentType, AskPassage } from './ask-documents.ts';
import type { SerialisedAskIndex } from './ask-types.ts';
import { fuse, nearestPassages, SEMANTIC_BELOW } from './fusion.ts';
import type { Question } from './question.ts';
import type { Concept, Plan, QueryPlanner } from './query-plan.ts';
import { passageVectorsOf, similarities } from './semantic.ts';
import { terms, words } from './text.ts';

// BM25 parameters (the usual ones) and field weights: a passage's names (term names or section
// heading) count this many times each, its context (the essay title) once.
const K1 = 1.2;
const B = 0.75;
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
const QUANTITY_BOOST = 1.5;
/**
 * A section whose heading uses the question's own question word answers that kind of question
 * ("Why the same mistakes repeat" for "why do bridge hacks keep happening", "How to judge a bridge"
 * for "how do I judge one"): among one essay's sections, the one that says why or how rather than
 * one that only shares more words. At 1.6, dev sets right first +1 retired, +1 dev2, key fact +1
 * each, one declined fewer (dev2); at 2 dev3 lost a fact, at 2.5 ask-dev and retired lost one first.
 */
const HEADING_ASKS_BOOST = 1.6;
/** How sure a passage answers: its coverage, raised when it is about what was asked. */
const confidenceOf = (coverage: number, topical: number) => coverage + TOPIC_CONFIDENCE * topical * (1 - coverage);

export interface Ranked {
  passage: number;
  score: number;
  /** Share of the question the passage speaks to (see #coverage). */
  coverage: number;
  /** How sure we are that it answers: its coverage, raised when it is about what was asked. */
  confidence: number;
  /** Cosine of the passage's semantic vector with the question's (0 without vectors). */
  similarity?: number;
}

/** A quotation that reports what someone said or wrote: "someone from "wallet support"", "he said "…"". */
const REPORTED =
  /\b(?:said|says|say|from|called|asked|told\s+(?:me|us)|claims?|claimed|wrote|writes)\s+(?:\w+\s+){0,2}"/i;

/**
 * Whether a question's quotation marks report what someone said ("my friend said "wallet support"
 * asked for her seed phrase") rather than ask for a phrase ("what is "proof of history"", "does
 * "proof of burn" secure a chain like proof of work"): a reporting word leads the quote, and two
 * concepts or more are asked outside it. When no passage holds such a quote as a phrase, its words
 * are searched as any others (review of 30 November: "Nothing in the essays or glossary matches").
 */
function reportsQuote(plan: Plan, question: Question): boolean {
  const quoted = new Set(question.phrases.flatMap((phrase) => terms(phrase)));
  const outside = plan.concepts.filter((concept) => !concept.alternatives[0]!.every((term) => quoted.has(term)));
  return question.phrases.length > 0 && REPORTED.test(question.text) && outside.length >= 2;
}

export class PassageRanking {
  readonly #passages: AskPassage[];
  readonly #postings: ReadonlyMap<string, number[]>;
  readonly #lengths: number[];
  readonly #averageLength: number;
  readonly #planner: QueryPlanner;
  readonly #definitions = new Map<string, number>();
  /** A glossary term's paragraphs (its page's body), by slug. */
  readonly #paragraphs = new Map<string, number[]>();
  /** The passages of each source (a glossary term, an essay section), in order. */
  readonly #ofSource: number[][] = [];
  /** Each passage's words, space-separated, for phrase checks; filled on first use. */
  readonly #phraseTexts = new Map<number, string>();
  /** Per passage, the number of its source (a glossary term, or an essay section). */
  readonly sourceOf: Int32Array;
  /** Scratch: the search in which each source was last counted (numbers, not strings, so no garbage). */
  readonly #countedIn: Uint32Array;
  #searches = 0;
  /** Scratch score per passage, reset after each search (search is synchronous). */
  readonly #scores: Float64Array;
  /** Per passage: the terms of its names, and the terms it only mentions in quotation marks. */
  readonly #nameTerms: Array<Set<string>>;
  readonly #mentions = new Map<number, Set<string>>();
  /** Per passage: 1 when its text has a number (figures for quantity questions). */
  readonly #hasNumber: Uint8Array;
  /** Each passage's semantic vector (semantic.ts), when the index was built with word vectors. */
  readonly #passageVectors: Float32Array | undefined;
  /** Scratch: each passage's similarity to the question of the search under way. */
  readonly #similarity: Float32Array;
  /** Scratch: the question word of the search under way that a heading answering it uses (HEADING_ASKS_BOOST). */
  #headingAsks: RegExp | undefined;

  constructor(serialised: SerialisedAskIndex, postings: ReadonlyMap<string, number[]>, planner: QueryPlanner) {
    this.#passages = serialised.passages;
    this.#postings = postings;
    this.#planner = planner;
    this.#lengths = serialised.lengths;
    this.#averageLength = this.#lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, this.#lengths.length);
    this.#scores = new Float64Array(this.#passages.length);
    // What a passage is about: its names, and for a term's definition the ways readers ask for it.
    this.#nameTerms = this.#passages.map(
      (passage) => new Set(terms([...passage.names, passage.type === 'glossary' ? passage.context : ''].join(' '))),
    );
    const sources = new Map<string, number>();
    this.sourceOf = Int32Array.from(this.#passages, (passage) => {
      // A glossary term is one source; an essay section is one source.
      const key = passage.type === 'glossary' ? `glossary:${passage.slug}` : passage.url;
      if (!sources.has(key)) sources.set(key, sources.size);
      return sources.get(key)!;
    });
    this.#countedIn = new Uint32Array(sources.size);
    this.sourceOf.forEach((source, at) => (this.#ofSource[source] ??= []).push(at));
    this.#passages.forEach((passage, at) => {
      if (passage.kind === 'definition') this.#definitions.set(passage.slug, at);
      else if (passage.type === 'glossary')
        this.#paragraphs.set(passage.slug, [...(this.#paragraphs.get(passage.slug) ?? []), at]);
      if (passage.mentions.length > 0) this.#mentions.set(at, new Set(passage.mentions));
    });
    this.#hasNumber = Uint8Array.from(this.#passages, (passage) => (/\d/.test(passage.text) ? 1 : 0));
    this.#passageVectors = serialised.passageVectors ? passageVectorsOf(serialised.passageVectors) : undefined;
    this.#similarity = new Float32Array(this.#passages.length);
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

  /** The definition passage of a glossary term, by slug. */
  definitionOf(slug: string): number | undefined {
    return this.#definitions.get(slug);
  }

  /** The paragraphs of a glossary term's page, by slug (none for an essay's slug). */
  paragraphsOf(slug: string): readonly number[] {
    return this.#paragraphs.get(slug) ?? [];
  }

  /** The passages of the source a passage belongs to (its essay section, its glossary term), in order. */
  passagesBeside(passage: number): readonly number[] {
    return this.#ofSource[this.sourceOf[passage]!] ?? [passage];
  }

  /** The passage after one in its source (its essay section, its glossary page), if any. */
  passageAfter(passage: number): AskPassage | undefined {
    const beside = this.passagesBeside(passage);
    const next = beside[beside.indexOf(passage) + 1];
    return next === undefined ? undefined : this.#passages[next];
  }

  /** Whether a passage's names (a term's names, a section's heading) have a term. */
  names(term: string, passage: number): boolean {
    return this.#nameTerms[passage]!.has(term);
  }

  /** Whether a passage uses a term (not merely quotes it). */
  speaksTo(term: string, passage: number): boolean {
    return this.#contains(term, passage) && !this.#mentions.get(passage)?.has(term);
  }

  /**
   * Share of the question a passage speaks to, each concept weighted by its IDF, plain words less
   * than names (a question is about its topics; its verbs are often said otherwise in the text),
   * and the share its names (heading, term names) speak to: what the passage is about.
   */
  #coverage(concepts: readonly Concept[], passage: number): { coverage: number; topical: number } {
    let total = 0;
    let covered = 0;
    let topical = 0;
    const names = this.#nameTerms[passage]!;
    for (const concept of concepts) {
      const weight = concept.idf * (concept.named ? 1 : PLAIN_WORD_WEIGHT);
      total += weight;
      let best = 0;
      let named = 0;
      for (const alternative of concept.alternatives) {
        const present = alternative.filter((term) => this.speaksTo(term, passage)).length;
        best = Math.max(best, present / alternative.length);
        if (!concept.passing)
          named = Math.max(named, alternative.filter((term) => names.has(term)).length / alternative.length);
      }
      covered += weight * best;
      topical += weight * named;
    }
    return total === 0 ? { coverage: 0, topical: 0 } : { coverage: covered / total, topical: topical / total };
  }

  phraseText(passage: number): string {
    let text = this.#phraseTexts.get(passage);
    if (text === undefined) {
      const { names, text: body } = this.#passages[passage]!;
      text = ` ${words(`${names.join(' ')} ${body}`).join(' ')} `;
      this.#phraseTexts.set(passage, text);
    }
    return text;
  }

  /**
   * BM25 over every passage, then coverage and intent over the best; with a question vector, fused
   * with the passages nearest in meaning (fusion.ts). Sources are counted on the way.
   */
  rank(
    plan: Plan,
    question: Question,
    allowed: ReadonlySet<AskDocumentType>,
    query?: Float32Array,
  ): { ranked: Ranked[]; total: number } {
    const touched = this.#bm25(plan);
    this.#headingAsks = HEADING_QUESTION_WORD[askedKind(question)];
    const withPhrases = this.#matching(touched, question, allowed);
    const candidates = withPhrases.length > 0 ? withPhrases : this.#withoutQuotes(touched, plan, question, allowed);
    const total = this.#sourcesIn(candidates);
    const lexical = this.#best(candidates).map((passage) => this.#scored(plan, question, passage));
    lexical.sort((a, b) => b.score - a.score || a.passage - b.passage);
    // Meaning is asked only when the words leave doubt: a best passage that speaks to most of the
    // question needs no scan of every passage's vector, and is rarely bettered by one.
    const doubtful = (lexical[0]?.confidence ?? 0) < SEMANTIC_BELOW && question.phrases.length === 0;
    const ranked = query && doubtful ? this.#fused(lexical, plan, question, allowed, query) : lexical;
    for (const passage of touched) this.#scores[passage] = 0;
    return this.#definitionFirst(ranked, total, question, allowed);
  }

  /**
   * A definition question about a term the glossary names is answered by that term's definition,
   * whatever else ranks: it leads, and the search counts at least its source.
   */
  #definitionFirst(
    ranked: Ranked[],
    total: number,
    question: Question,
    allowed: ReadonlySet<AskDocumentType>,
  ): { ranked: Ranked[]; total: number } {
    const defined =
      question.intent === 'definition' && question.subject ? this.defined(question.subject, allowed) : undefined;
    if (!defined) return { ranked, total };
    const others = ranked.filter((hit) => hit.passage !== defined.passage);
    const similarity = this.#similarity[defined.passage] ?? 0;
    return {
      ranked: [{ ...defined, similarity, score: (others[0]?.score ?? 0) + 1 }, ...others],
      total: Math.max(1, total),
    };
  }

  /** BM25 scores into #scores; the passages touched. */
  #bm25(plan: Plan): number[] {
    const scores = this.#scores;
    const touched: number[] = [];
    for (const [term, weight] of plan.weights) {
      const list = this.#postings.get(term);
      if (!list) continue;
      const idf = this.#planner.idf(term);
      for (let at = 0; at < list.length; at += 2) {
        const passage = list[at]!;
        const frequency = list[at + 1]!;
        if (scores[passage] === 0) touched.push(passage);
        const norm = K1 * (1 - B + (B * this.#lengths[passage]!) / this.#averageLength);
        scores[passage]! += (weight * idf * frequency * (K1 + 1)) / (frequency + norm);
      }
    }
    return touched;
  }

  /**
   * The touched passages of the allowed types that hold every quoted phrase. A quoted single word is
   * held in any of its forms (its term): "an AI chatbot "hallucinated"" asks what the content writes
   * as hallucination, and a word the content never writes is declined as unknown all the same.
   */
  #matching(touched: readonly number[], question: Question, allowed: ReadonlySet<AskDocumentType>): number[] {
    // A phrase needs all its words: the postings say which passages have them before any text is read.
    const phraseTerms = question.phrases.flatMap((phrase) => terms(phrase));
    const exact = question.phrases.filter((phrase) => phrase.includes(' '));
    return touched.filter(
      (passage) =>
        allowed.has(this.#passages[passage]!.type) &&
        phraseTerms.every((term) => this.#contains(term, passage)) &&
        exact.every((phrase) => this.phraseText(passage).includes(` ${phrase} `)),
    );
  }

  /**
   * When no passage holds the quoted phrases: those of a quote that reports what was said
   * (reportsQuote), or a quoted single word in a form the content never writes ("burnt" where it
   * writes "burned", "forgot" where it writes "forget"), are searched as any other words. A word the
   * content never uses in any form is declined as unknown all the same.
   */
  #withoutQuotes(
    touched: readonly number[],
    plan: Plan,
    question: Question,
    allowed: ReadonlySet<AskDocumentType>,
  ): number[] {
    if (reportsQuote(plan, question)) return this.#matching(touched, { ...question, phrases: [] }, allowed);
    const phrases = question.phrases.filter((phrase) => phrase.includes(' '));
    return phrases.length < question.phrases.length ? this.#matching(touched, { ...question, phrases }, allowed) : [];
  }

  /** How many sources (terms, essay sections) the passages come from. */
  #sourcesIn(passages: readonly number[]): number {
    this.#searches += 1;
    let total = 0;
    for (const passage of passages) {
      const source = this.sourceOf[passage]!;
      if (this.#countedIn[source] === this.#searches) continue;
      this.#countedIn[source] = this.#searches;
      total += 1;
    }
    return total;
  }

  /** The RERANK passages with the best BM25 scores. */
  #best(candidates: number[]): number[] {
    if (candidates.length <= RERANK) return candidates;
    const scores = this.#scores;
    const sorted = Float64Array.from(candidates, (passage) => scores[passage]!).sort();
    const threshold = sorted[sorted.length - RERANK] ?? 0;
    return candidates.filter((passage) => scores[passage]! >= threshold);
  }

  /** A passage's score after BM25: coverage, topic and intent; its confidence. */
  #scored(plan: Plan, question: Question, passage: number): Ranked {
    const { coverage, topical } = this.#coverage(plan.concepts, passage);
    // A long question's circumstances rank too; whether the passage answers is judged on either reading.
    const whole = plan.whole ? this.#coverage(plan.whole, passage) : { coverage, topical };
    const score =
      this.#scores[passage]! *
      whole.coverage *
      (1 + TOPIC_BOOST * whole.topical) *
      this.#intentFactor(question, passage);
    const confidence = Math.max(confidenceOf(coverage, topical), confidenceOf(whole.coverage, whole.topical));
    return { passage, coverage, confidence, score };
  }

  /**
   * The lexical ranking fused with the passages nearest the question in meaning; each hit's
   * confidence is the better of its lexical and semantic ones (fusion.ts).
   */
  #fused(
    lexical: readonly Ranked[],
    plan: Plan,
    question: Question,
    allowed: ReadonlySet<AskDocumentType>,
    query: Float32Array,
  ): Ranked[] {
    if (!this.#passageVectors) return [...lexical];
    const similarity = similarities(query, this.#passageVectors, this.#similarity);
    const nearest = nearestPassages(similarity, (passage) => allowed.has(this.#passages[passage]!.type));
    const known = new Map(lexical.map((hit) => [hit.passage, hit]));
    const semantic = nearest.map((passage) => known.get(passage) ?? this.#scored(plan, question, passage));
    return fuse(lexical, semantic, similarity);
  }

  /** HEADING_ASKS_BOOST for a section whose heading uses the question word of the search under way. */
  #headingFactor(passage: AskPassage): number {
    return headingUses(this.#headingAsks, passage) ? HEADING_ASKS_BOOST : 1;
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
      return kind * (1 + EXPLANATION_CUE_BOOST * passage.explains) * this.#headingFactor(passage);
    }
    if (question.intent === 'definition' && passage.kind === 'definition') return DEFINITION_BOOST;
    // A quantity comes from a passage that has the number.
    if (question.intent === 'quantity') return this.#hasNumber[at] ? QUANTITY_BOOST : 1;
    return 1;
  }

  /** The definition of the glossary term a name (or its head) names, as a fully covered hit. */
  defined(subject: string | { full: string; head: string }, allowed: ReadonlySet<AskDocumentType>): Ranked | undefined {
    if (!allowed.has('glossary')) return undefined;
    const candidates = typeof subject === 'string' ? [subject] : [subject.full, subject.head];
    for (const name of candidates) {
      for (const slug of this.#planner.slugsNamed(name)) {
        const passage = this.#definitions.get(slug);
        if (passage !== undefined) return { passage, score: 0, coverage: 1, confidence: 1 };
      }
    }
    return undefined;
  }
}
