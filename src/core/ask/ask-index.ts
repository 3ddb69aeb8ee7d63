// Ranked passage search over essays and the glossary, with extractive answers: BM25 over paragraph-
// sized passages (names weigh more than text) for a question read first (question-reading.ts), each
// side of a comparison answered, and an honest "no answer" when nothing covers what was asked or the
// question is one the site declines. Built at build time, loaded once at server start.
import { answerOf, bestPerSource, contrastingSentence, noAnswerReason, round, sourceOf } from './answer-shape.ts';
import type { AskDocument, AskDocumentType, AskPassage } from './ask-documents.ts';
import type { AskOptions, AskResult, SerialisedAskIndex } from './ask-types.ts';
import { buildAskIndex, spellerFor } from './index-build.ts';
import { parseQuestion, withoutFiller, type OutOfScope, type Question } from './question.ts';
import { readQuestion, type ReadQuestion } from './question-reading.ts';
import { type Plan, QueryPlanner } from './query-plan.ts';
import type { Speller } from './speller.ts';
import { terms, words } from './text.ts';

export type {
  AnswerPassage,
  AskAnswer,
  AskOptions,
  AskResult,
  AskSource,
  Excerpt,
  SerialisedAskIndex,
} from './ask-types.ts';

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
 * Below this share of the question's weight (IDF-weighted concepts) covered by the best passage,
 * there is no confident answer. Calibrated on the evaluation set: every in-domain question reaches
 * 0.6 or more, every out-of-domain one 0.5 or less.
 */
export const MIN_CONFIDENCE = 0.55;
/** Passages searched, best first, for a sentence that contrasts a comparison's sides. */
const CONTRAST_CANDIDATES = 30;
/** A comparison's joint passage (one that speaks to both sides) follows the sides from here. */
const JOINT_COVERAGE = 0.9;
/** The sentences an answer prefers, by the kind of question (excerpts.ts). */
const PREFERRED_SENTENCES: Partial<Record<Question['intent'], Plan['prefer']>> = {
  explanation: 'explanation',
  quantity: 'number',
};
/** A situation's words, in a long question, rank at this fraction of the question part's. */
const SITUATION_WEIGHT = 0.3;

interface Ranked {
  passage: number;
  score: number;
  /** Share of the question the passage speaks to (see #coverage). */
  coverage: number;
  /** How sure we are that it answers: its coverage, raised when it is about what was asked. */
  confidence: number;
}

export class AskIndex {
  readonly #passages: AskPassage[];
  readonly #postings: Map<string, number[]>;
  readonly #lengths: number[];
  readonly #averageLength: number;
  readonly #planner: QueryPlanner;
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
  readonly #speller: Speller;
  /** Per passage: 1 when its text has a number (figures for quantity questions). */
  readonly #hasNumber: Uint8Array;

  private constructor(serialised: SerialisedAskIndex) {
    this.#passages = serialised.passages;
    this.#postings = new Map(Object.entries(serialised.postings));
    this.#lengths = serialised.lengths;
    this.#averageLength = this.#lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, this.#lengths.length);
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
    this.#planner = new QueryPlanner(this.#postings, this.#passages.length, serialised.names);
    this.#hasNumber = Uint8Array.from(this.#passages, (passage) => (/\d/.test(passage.text) ? 1 : 0));
    this.#speller = spellerFor(this.#passages, this.#postings, serialised.commonWords);
  }

  /** The index of a build's documents, serialised (see index-build.ts). */
  static build(documents: readonly AskDocument[]): SerialisedAskIndex {
    return buildAskIndex(documents);
  }

  static load(serialised: SerialisedAskIndex): AskIndex {
    return new AskIndex(serialised);
  }

  search(asked: string, options: AskOptions): AskResult {
    const started = performance.now();
    const read = readQuestion(asked, this.#speller);
    const allowed = new Set(options.types);
    const plan = this.#planOf(read);
    const { ranked, total } = this.#rank(plan, read.question, allowed);
    const { chosen, leading, confidence, unknown, contrast } = this.#choose(read, plan, ranked, allowed);
    const quoted = chosen.map((hit) => ({ passage: this.#passages[hit.passage]!, plan: hit.plan }));
    const answer = chosen.length > 0 ? answerOf(quoted, contrast) : null;
    return {
      query: read.text,
      searched_for: read.corrected ? read.text : null,
      answer,
      confidence: round(confidence, 2),
      no_answer_reason: answer ? null : this.#noAnswerReason(ranked[0], plan, read.declined, unknown),
      sources: bestPerSource([...leading, ...ranked], this.#sourceOf, options.limit).map((hit) =>
        sourceOf(this.#passages[hit.passage]!, plan, hit.score),
      ),
      total,
      took_ms: round(performance.now() - started),
    };
  }

  /**
   * The passages to quote: one per side of a comparison, else the best hit when it is confident.
   * Live data and advice are declined whatever matches (no passage of ours is the price today), and
   * so is a question about something the content never names; their confidence is 0.
   */
  #choose(read: ReadQuestion, plan: Plan, ranked: readonly Ranked[], allowed: ReadonlySet<AskDocumentType>) {
    const { question } = read;
    const compared = question.sides ? this.#compare(question.sides, ranked, allowed) : undefined;
    const unknown = [...this.#unknownWords(plan), ...this.#unknownSubject(question)];
    const leading = compared?.leading ?? [];
    if (read.declined || unknown.length > 0) return { chosen: [], leading, confidence: 0, unknown };
    const confidence = compared?.confidence ?? ranked[0]?.confidence ?? 0;
    const best = ranked[0] && confidence >= MIN_CONFIDENCE ? [{ passage: ranked[0].passage, plan }] : [];
    const chosen = compared?.answerPassages.length ? compared.answerPassages : best;
    return { chosen, leading, confidence, unknown, contrast: compared?.contrast };
  }

  /**
   * A conversational question's plan: its question part's concepts (words of talk set aside) decide
   * coverage; the situation's words still rank, at a fraction of their weight.
   */
  #planOf({ question, situation }: ReadQuestion): Plan {
    const prefer = PREFERRED_SENTENCES[question.intent];
    const plan = this.#situated(question, situation);
    return prefer ? { ...plan, prefer } : plan;
  }

  #situated(question: Question, situation: string | undefined): Plan {
    if (situation === undefined) return this.#planner.plan(question.content);
    const focused = this.#planner.plan(withoutFiller(question.content));
    const weights = new Map(focused.weights);
    for (const [term, weight] of this.#planner.plan(situation).weights)
      if (!weights.has(term)) weights.set(term, weight * SITUATION_WEIGHT);
    return { concepts: focused.concepts, weights };
  }

  /**
   * A subject of several words ("solana's proof of history") that no glossary term is named and no
   * passage says: the content does not cover it, whatever its single words match.
   */
  #unknownSubject(question: Question): string[] {
    const head = question.subject?.head.replace(/['’]s\b/g, '');
    const written = head ? words(head) : [];
    if (!head || written.length < 2 || this.#planner.slugsNamed(head).length > 0) return [];
    const [rarest] = terms(head)
      .map((term) => this.#postings.get(term) ?? [])
      .sort((a, b) => a.length - b.length);
    const phrase = ` ${written.join(' ')} `;
    for (let at = 0; rarest && at < rarest.length; at += 2)
      if (this.#phraseText(rarest[at]!).includes(phrase)) return [];
    return [head];
  }

  /**
   * Words of the question the content never uses in any form, nor as a typo of a word it does, when
   * they are half the question or more ("convolutional neural network"): it asks about something
   * else. Fewer (a "peg" beside TerraUSD) leave the question to coverage.
   */
  #unknownWords(plan: Plan): string[] {
    const unknown = plan.concepts
      .filter((concept) => concept.alternatives.every((terms) => terms.every((term) => !this.#postings.has(term))))
      .map((concept) => concept.asked.join(' '));
    return unknown.length * 2 >= plan.concepts.length ? unknown : [];
  }

  /**
   * A comparison: the best passage for each side (a side below the confidence bar drops out), led by
   * a passage that speaks to both when the top hit is one. Undefined when no side is answered.
   */
  #compare(
    [first, second]: readonly [string, string],
    ranked: readonly Ranked[],
    allowed: ReadonlySet<AskDocumentType>,
  ) {
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
      (side, at) => side.best.confidence >= MIN_CONFIDENCE && (at === 0 || side.best.passage !== both[0].best.passage),
    );
    if (sides.length === 0) return undefined;
    const top = ranked[0];
    const joint = top && top.coverage >= JOINT_COVERAGE && this.#passages[top.passage]!.type === 'essay' ? [top] : [];
    const scoreOf = (hit: Ranked) => ranked.find((other) => other.passage === hit.passage)?.score ?? top?.score ?? 0;
    return {
      // The sides lead, in the order asked; a passage that speaks to both follows them.
      leading: [...sides.map((side) => ({ ...side.best, score: scoreOf(side.best) })), ...joint],
      answerPassages: sides.map((side) => ({ passage: side.best.passage, plan: side.plan })),
      confidence: Math.min(...sides.map((side) => side.best.confidence)),
      // With both sides answered, a sentence of the best passages that sets one against the other.
      contrast:
        sides.length === 2
          ? contrastingSentence(
              [...joint, ...ranked.slice(0, CONTRAST_CANDIDATES)].map((hit) => this.#passages[hit.passage]!),
              sides.map((side) => side.plan),
            )
          : undefined,
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
      if (defined) return { best: defined, plan: this.#planner.plan(reading) };
    }
    const plan = this.#planner.plan(side);
    const best = this.#rank(plan, parseQuestion(side), allowed).ranked.find((hit) => !avoid?.(hit));
    return { best: best ?? { passage: -1, score: 0, coverage: 0, confidence: 0 }, plan };
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
      const idf = this.#planner.idf(term);
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
    // A quantity comes from a passage that has the number.
    if (question.intent === 'quantity') return this.#hasNumber[at] ? QUANTITY_BOOST : 1;
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
      for (const slug of this.#planner.slugsNamed(name)) {
        const passage = this.#definitions.get(slug);
        if (passage !== undefined) return { passage, score: 0, coverage: 1, confidence: 1 };
      }
    }
    return undefined;
  }

  #noAnswerReason(best: Ranked | undefined, plan: Plan, declined: OutOfScope | undefined, unknown: string[]): string {
    const missing = plan.concepts
      .filter(
        (concept) =>
          best && !concept.alternatives.some((terms) => terms.every((term) => this.#speaksTo(term, best.passage))),
      )
      .map((concept) => concept.asked.join(' '));
    return noAnswerReason({ found: best !== undefined, missing, declined, unknown });
  }
}
