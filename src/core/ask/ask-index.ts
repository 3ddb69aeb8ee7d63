// Ranked passage search over essays and the glossary, with extractive answers: BM25 over paragraph-
// sized passages (names weigh more than text) for a question read first (question-reading.ts), each
// side of a comparison answered, and an honest "no answer" when nothing covers what was asked or the
// question is one the site declines. Built at build time, loaded once at server start.
import { answerOf, bestPerSource, contrastingSentence, noAnswerReason, round, sourceOf } from './answer-shape.ts';
import type { AskDocument, AskDocumentType, AskPassage } from './ask-documents.ts';
import type { AskOptions, AskResult, SerialisedAskIndex } from './ask-types.ts';
import { buildAskIndex, spellerFor, wordWeight } from './index-build.ts';
import { parseQuestion, withoutChat, withoutFiller, type OutOfScope, type Question } from './question.ts';
import { readQuestion, type ReadQuestion } from './question-reading.ts';
import { type Plan, QueryPlanner } from './query-plan.ts';
import type { Speller } from './speller.ts';
import { derivedWords, indexTerm, joinedCompounds, rawWords, terms, words } from './text.ts';
import { comparedPassages, quotedPassages, type QuotingContext } from './answer-passages.ts';
import { answerKind } from './answer-kind.ts';
import { centre, WordVectors, type SerialisedVectors } from './semantic.ts';
import { PassageRanking, type Ranked } from './passage-ranking.ts';
import { DECLINE_CALIBRATION, declineContextOf, declineEvidence, declines, type DeclineContext } from './decline.ts';
import { sideDeclines, speaksToNames } from './decline.ts';
import type { DeclineEvidence } from './decline.ts';
import { situatedPlan, situationShare, talkWeighed } from './situation.ts';
import { rerankLead, type LeadContext } from './lead-rerank.ts';

export type {
  AnswerPassage,
  AskAnswer,
  AskOptions,
  AskResult,
  AskSource,
  Excerpt,
  SerialisedAskIndex,
} from './ask-types.ts';

/** Below this confidence nothing answers (decline.ts says when a search declines above it too). */
export const MIN_CONFIDENCE = DECLINE_CALIBRATION.minConfidence;
/** Passages searched, best first, for a sentence that contrasts a comparison's sides. */
const CONTRAST_CANDIDATES = 30;
/** A comparison's joint passage (one that speaks to both sides) follows the sides from here. */
const JOINT_COVERAGE = 0.9;
const GLOSSARY: ReadonlySet<AskDocumentType> = new Set(['glossary']);
/**
 * Words that make a subject a description ("a coin that holds its price") or part of a sentence
 * ("my options", "eating it", "what should I do"), not a name.
 */
const DESCRIBING = new Set(
  (
    'that which who whose where when without cannot can does lets what how why should ' +
    'i me my we us our you your it its they them their this these those'
  ).split(' '),
);

export class AskIndex {
  readonly #passages: AskPassage[];
  readonly #postings: Map<string, number[]>;
  readonly #planner: QueryPlanner;
  readonly #ranking: PassageRanking;
  readonly #speller: Speller;
  /** The semantic signal (semantic.ts), when the index was built with word vectors. */
  readonly #vectors: WordVectors | undefined;
  readonly #semanticMean: number[];
  readonly #leadContext: LeadContext;
  readonly #declineContext: DeclineContext;
  readonly #everyday: ReadonlySet<string>;
  readonly #quoting: QuotingContext;

  private constructor(serialised: SerialisedAskIndex) {
    this.#passages = serialised.passages;
    this.#postings = new Map(Object.entries(serialised.postings));
    this.#planner = new QueryPlanner(this.#postings, this.#passages.length, serialised.names);
    this.#ranking = new PassageRanking(serialised, this.#postings, this.#planner);
    this.#speller = spellerFor(this.#passages, this.#postings, serialised.commonWords);
    const weightOf = wordWeight(this.#postings, this.#passages.length);
    this.#vectors = serialised.vectors ? new WordVectors(serialised.vectors, weightOf) : undefined;
    this.#semanticMean = serialised.semanticMean ?? [];
    const beside = (passage: number) => this.#ranking.passagesBeside(passage);
    const defined = (question: Question) =>
      question.subject && this.#ranking.defined(question.subject, GLOSSARY)?.passage;
    this.#leadContext = { passages: this.#passages, sourceOf: this.#ranking.sourceOf, beside, defined };
    this.#quoting = { passages: this.#passages, ranking: this.#ranking };
    this.#everyday = new Set(serialised.everydayTerms?.split(' '));
    this.#declineContext = declineContextOf(this.#ranking, this.#postings, this.#passages.length, this.#vectors);
  }

  /** The index of a build's documents, serialised (see index-build.ts); `table`: other word vectors than the project's. */
  static build(documents: readonly AskDocument[], table?: SerialisedVectors): SerialisedAskIndex {
    return table ? buildAskIndex(documents, table) : buildAskIndex(documents);
  }

  static load(serialised: SerialisedAskIndex): AskIndex {
    return new AskIndex(serialised);
  }

  search(asked: string, options: AskOptions): AskResult {
    return this.explain(asked, options).result;
  }

  /** A search, and the evidence its decision to answer read when it had one to make (bench/ask-decline-fit.mjs). */
  explain(asked: string, options: AskOptions): { result: AskResult; evidence: DeclineEvidence | undefined } {
    const started = performance.now();
    const read = readQuestion(asked, this.#speller);
    const allowed = new Set(options.types);
    const query = this.#queryVector(read.question, read.situation);
    const plan = this.#planOf(read, query);
    const fused = this.#ranking.rank(plan, read.question, allowed, query);
    const ranked = rerankLead(fused.ranked, read.question, plan, this.#leadContext, MIN_CONFIDENCE);
    const { chosen, leading, confidence, unknown, contrast, evidence } = this.#choose(read, plan, ranked, allowed);
    const quoted = chosen.map((hit) => ({ passage: this.#passages[hit.passage]!, plan: hit.plan }));
    const answer = chosen.length > 0 ? answerOf(quoted, contrast) : null;
    const result: AskResult = {
      query: read.text,
      searched_for: read.corrected ? read.text : null,
      answer,
      confidence: round(confidence, 2),
      no_answer_reason: answer ? null : this.#noAnswerReason(ranked[0], plan, read.declined, unknown),
      sources: bestPerSource([...leading, ...ranked], this.#ranking.sourceOf, options.limit).map((hit) =>
        // Snippets by the question's words alone: nearness in meaning per sentence is for the answer.
        sourceOf(this.#passages[hit.passage]!, { ...plan, near: undefined }, hit.score),
      ),
      total: fused.total,
      took_ms: round(performance.now() - started),
    };
    return { result, evidence };
  }

  /**
   * The passages to quote: one per side of a comparison, else the best hit when it is confident.
   * Live data and advice are declined whatever matches (no passage of ours is the price today), and
   * so is a question about something the content never names, or a comparison with a side the
   * content does not cover (decline.ts); their confidence is 0.
   */
  #choose(read: ReadQuestion, plan: Plan, ranked: readonly Ranked[], allowed: ReadonlySet<AskDocumentType>) {
    const { question } = read;
    const compared = question.sides ? this.#compare(question.sides, ranked, allowed) : undefined;
    const unknown = this.#unknown(plan, question);
    const leading = compared?.leading ?? [];
    if (read.declined || unknown.length > 0 || compared?.declined)
      return { chosen: [], leading, confidence: 0, unknown };
    // A comparison with a side answered quotes its sides (each above the confidence bar).
    if (compared) return { chosen: compared.answerPassages, ...compared, unknown };
    const { chosen, evidence } = this.#confident(ranked[0], question, plan);
    return { chosen, leading, confidence: ranked[0]?.confidence ?? 0, unknown, contrast: undefined, evidence };
  }

  /** What the question asks about that the content never names: words, a subject, or a name (see each). */
  #unknown(plan: Plan, question: Question): string[] {
    return [
      ...new Set([
        ...this.#unknownWords(plan),
        ...this.#unknownSubject(question),
        ...this.#unknownNames(question),
        ...this.#unknownCompounds(question),
      ]),
    ];
  }

  /** The best hit to quote unless the evidence says it does not answer (decline.ts); none then. */
  #confident(top: Ranked | undefined, question: Question, plan: Plan) {
    if (!top) return { chosen: [], evidence: undefined };
    const quoted = quotedPassages(this.#quoting, top.passage, plan, question);
    const passages = quoted.map((each) => each.passage);
    const spoken = speaksToNames(question, plan, passages, this.#declineContext);
    const evidence = declineEvidence(plan, top, spoken, this.#declineContext);
    return { chosen: declines(evidence) ? [] : quoted, evidence };
  }

  /**
   * A conversational question's plan: its question part's concepts (words of talk set aside) decide
   * coverage; the situation's words still rank, at a fraction of their weight.
   */
  #planOf(read: ReadQuestion, query: Float32Array | undefined): Plan {
    const { question, situation } = read;
    const prefer = answerKind(question);
    const plan = talkWeighed(situatedPlan(this.#planner, question, situation), read.text, this.#vectors);
    const near = query && ((text: string) => this.#nearness(text, query));
    return { ...plan, ...(prefer ? { prefer } : {}), ...(near ? { near } : {}) };
  }

  /**
   * A subject of several words ("solana's proof of history") that no glossary term is named and no
   * passage says: the content does not cover it, whatever its single words match.
   */
  #unknownSubject(question: Question): string[] {
    const asked = question.subject && withoutChat(question.subject.head);
    const head = asked?.replace(/['’]s\b/g, '');
    const written = head ? words(head) : [];
    // "a digital collectible that cannot be copied" describes its subject rather than naming it, and
    // "my options" or "what should I do" is part of a sentence, not a name.
    const described = written.some((word) => DESCRIBING.has(word));
    if (!asked || !head || written.length < 2 || described || this.#namesKnownTerm(written)) return [];
    const [rarest] = terms(head)
      .map((term) => this.#postings.get(term) ?? [])
      .sort((a, b) => a.length - b.length);
    // The content writes a possessive as the asker may ("the verifier's dilemma") or not.
    const phrases = [...new Set([written, words(asked)].map((phrase) => ` ${phrase.join(' ')} `))];
    for (let at = 0; rarest && at < rarest.length; at += 2) {
      const text = this.#ranking.phraseText(rarest[at]!);
      if (phrases.some((phrase) => text.includes(phrase))) return [];
    }
    return [head];
  }

  /**
   * Whether a subject is a name the glossary knows with words around it that the content uses: "a
   * crypto wallet seed phrase" is a seed phrase, "validators paid" asks about validators; in
   * "solana's proof of history" no words name a term, so it is something the content does not cover.
   */
  #namesKnownTerm(written: readonly string[]): boolean {
    for (let from = 0; from < written.length; from += 1)
      for (let to = written.length; to > from; to -= 1) {
        if (this.#planner.slugsNamed(written.slice(from, to).join(' ')).length === 0) continue;
        const around = [...written.slice(0, from), ...written.slice(to)];
        if (terms(around.join(' ')).every((term) => this.#postings.has(term))) return true;
      }
    return false;
  }

  /**
   * Words of the question part that the content never uses in any form and the word vectors lack
   * (they hold everyday English and the content's words), nor SCOWL's everyday English when written
   * in lowercase ("tweaking", "eyeballing"; index-build.ts): names of things the content never covers,
   * a product or a person ("how do I set up a metamask wallet"). However few of the question's words
   * they are, they are what it asks about; and meaning cannot vouch for an answer, since the
   * question's vector is that of the question without them ("set up a wallet"). Typos are corrected
   * before this (speller.ts).
   */
  #unknownNames(question: Question): string[] {
    const vectors = this.#vectors;
    if (!vectors) return [];
    const known = (word: string) => {
      const term = indexTerm(word);
      const everyday = term !== null && /^\p{Ll}+$/u.test(word) && this.#everyday.has(term);
      return term === null || everyday || this.#postings.has(term) || vectors.has(word);
    };
    // "outvote", "unstick", "wordy": a known word with an everyday prefix or suffix is no name.
    return rawWords(withoutChat(question.content)).filter(
      (word) => /^\p{L}+$/u.test(word) && !known(word) && !derivedWords(word).some(known),
    );
  }

  /**
   * Words of the question the content never uses in any form, nor as a typo of a word it does, when
   * they are half the question or more ("convolutional neural network"): it asks about something
   * else. Fewer (a "peg" beside TerraUSD) leave the question to coverage.
   */
  /** "Q-learning", "k-means": its parts are everywhere, so the compound (indexed joined, or a term's name) decides. */
  #unknownCompounds(question: Question): string[] {
    const compounds = question.content.match(/(?<![\p{L}\p{N}-])\p{L}-\p{L}+(?![\p{L}\p{N}-])/gu) ?? [];
    const written = (compound: string) =>
      joinedCompounds(compound).some((term) => this.#postings.has(term)) ||
      this.#planner.slugsNamed(words(compound).join(' ')).length > 0;
    return compounds.filter((compound) => !written(compound));
  }
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
    const { both, defining } = this.#sides(first, second, allowed);
    const sides = both.filter(
      (side, at) => side.best.confidence >= MIN_CONFIDENCE && (at === 0 || side.best.passage !== both[0].best.passage),
    );
    if (sides.length === 0) return undefined;
    // A side the content does not cover, by the decision a question of its own would get, declines it all.
    const declined = both.some((side, at) => sideDeclines([first, second][at]!, side, this.#declineContext));
    const top = ranked[0];
    const contrasting = this.#contrasting(first, second, ranked);
    const joint = contrasting
      ? [contrasting]
      : top && top.coverage >= JOINT_COVERAGE && this.#passages[top.passage]!.type === 'essay'
        ? [top]
        : [];
    const scoreOf = (hit: Ranked) => ranked.find((other) => other.passage === hit.passage)?.score ?? top?.score ?? 0;
    return {
      // The sides lead, in the order asked, and a passage that speaks to both follows them; an essay
      // section whose heading names both sides ("Dense versus sparse") sets them side by side: it
      // leads, and so does the term both sides name, after it.
      leading: [
        ...(contrasting ? [contrasting] : []),
        ...defining.map((hit) => ({ ...hit, score: scoreOf(hit) })),
        ...sides.map((side) => ({ ...side.best, score: scoreOf(side.best) })),
        ...(contrasting ? [] : joint),
      ],
      answerPassages: comparedPassages(this.#quoting, sides, defining, [first, second]),
      declined,
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
   * Each side's best passage. Both may be names of one term ("Groth16 and PLONK" are zk-SNARKs,
   * "soft fork" names the hard fork's page): that definition (`defining`) leads, and each side
   * takes its best passage elsewhere rather than that definition twice.
   */
  #sides(first: string, second: string, allowed: ReadonlySet<AskDocumentType>) {
    const both = [this.#side(first, second, allowed), this.#side(second, first, allowed)] as const;
    const shared =
      both[0].best.passage === both[1].best.passage ? this.#passages[both[0].best.passage]?.slug : undefined;
    if (!shared) return { both, defining: [] };
    const fromShared = (hit: Ranked) => this.#passages[hit.passage]!.slug === shared;
    const one = this.#side(first, second, allowed, fromShared);
    const other = this.#side(second, first, allowed, (hit) => fromShared(hit) || hit.passage === one.best.passage);
    return { both: [one, other] as const, defining: [both[0].best] };
  }

  /**
   * Of the best-ranked passages, the first essay section whose heading names both sides (every word
   * of each that the other lacks): "Dense versus sparse: what the evidence says" for "dense vs
   * sparse retrieval", where "dense" shares the other side's head noun.
   */
  #contrasting(first: string, second: string, ranked: readonly Ranked[]): Ranked | undefined {
    const [one, other] = [terms(first), terms(second)];
    if (one.length === 1 && other.length > 1) one.push(other.at(-1)!);
    const own = [one.filter((term) => !other.includes(term)), other.filter((term) => !one.includes(term))];
    if (own.some((side) => side.length === 0)) return undefined;
    return ranked
      .slice(0, CONTRAST_CANDIDATES)
      .find(
        (hit) =>
          this.#passages[hit.passage]!.type === 'essay' &&
          own.every((side) => side.every((term) => this.#ranking.names(term, hit.passage))),
      );
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
      const defined = this.#ranking.defined(reading, allowed);
      if (defined) return { best: defined, plan: this.#planner.plan(reading) };
    }
    const plan = this.#planner.plan(side);
    // A side is a name or two: its words find it, and meaning would cost a scan per side.
    const best = this.#ranking.rank(plan, parseQuestion(side), allowed).ranked.find((hit) => !avoid?.(hit));
    return { best: best ?? { passage: -1, score: 0, coverage: 0, confidence: 0 }, plan };
  }

  /** Cosine of a text's semantic vector with the question's (0 when no word of it has a vector). */
  #nearness(text: string, query: Float32Array): number {
    const vector = this.#vectors?.embed([{ text, weight: 1 }]);
    if (!vector) return 0;
    const centred = centre(vector, this.#semanticMean);
    let dot = 0;
    for (let dimension = 0; dimension < query.length; dimension += 1) dot += centred[dimension]! * query[dimension]!;
    return dot;
  }

  /** The question's semantic vector: its question part, and a long question's situation a little. */
  #queryVector(question: Question, situation: string | undefined): Float32Array | undefined {
    if (!this.#vectors) return undefined;
    const texts = [{ text: withoutFiller(question.content), weight: 1 }];
    if (situation) texts.push({ text: withoutFiller(situation), weight: situationShare(this.#planner, question) });
    const vector = this.#vectors.embed(texts);
    return vector && centre(vector, this.#semanticMean);
  }

  #noAnswerReason(best: Ranked | undefined, plan: Plan, declined: OutOfScope | undefined, unknown: string[]): string {
    const missing = plan.concepts
      .filter(
        (concept) =>
          best &&
          !concept.alternatives.some((terms) => terms.every((term) => this.#ranking.speaksTo(term, best.passage))),
      )
      .map((concept) => concept.asked.join(' '));
    return noAnswerReason({ found: best !== undefined, missing, declined, unknown });
  }
}
