// Ranked passage search over essays and the glossary, with extractive answers: BM25 over paragraph-
// sized passages (names weigh more than text) for a question read first (question-reading.ts), each
// side of a comparison answered, and an honest "no answer" when nothing covers what was asked or the
// question is one the site declines. Built at build time, loaded once at server start.
import { answerOf, bestPerSource, noAnswerReason, round, sourceOf } from './answer-shape.ts';
import type { AskDocument, AskDocumentType, AskPassage } from './ask-documents.ts';
import type { AskOptions, AskResult, SerialisedAskIndex } from './ask-types.ts';
import { buildAskIndex, spellerFor, wordWeight } from './index-build.ts';
import type { OutOfScope } from './out-of-scope.ts';
import { withoutChat, type Question } from './question.ts';
import { definedSubjects, readQuestion, type ReadQuestion } from './question-reading.ts';
import { type Concept, type Plan, QueryPlanner } from './query-plan.ts';
import type { Speller } from './speller.ts';
import { quotedPassages, type QuotingContext } from './answer-passages.ts';
import { secondSource } from './second-source.ts';
import { indexTerm, words } from './text.ts';
import { answerKind, ASKS_HOW_OR_WHY, asksOfThing, doubtsClaim } from './answer-kind.ts';
import { setAsideWeighed } from './procedure-aim.ts';
import { centre, WordVectors, type SerialisedVectors } from './semantic.ts';
import type { ReaderQuestions } from './reader-questions.ts';
import { PassageRanking, type Ranked } from './passage-ranking.ts';
import { ASKS_NAME, namesItsAnswer } from './asks-name.ts';
import { semanticAgreement } from './fusion.ts';
import {
  DECLINE_CALIBRATION,
  declineContextOf,
  declineEvidence,
  declines,
  domainLift,
  speaksToNames,
  type DeclineContext,
  type DeclineEvidence,
} from './decline.ts';
import { saysPhraseOf } from './says-phrase.ts';
import { situatedPlan, situationShare, talkWeighed, unusedWeighed, withoutContentChat } from './situation.ts';
import { rerankLead, type LeadContext } from './lead-rerank.ts';
import { namedLead } from './named-lead.ts';
import { UnknownTerms } from './unknown-terms.ts';
import { asksOwnStanding } from './own-standing.ts';
import { Comparisons } from './comparison.ts';
import { asksNothing, capitalInside } from './vague-question.ts';
import { AskedBefore } from './asked-before.ts';
import { ContentGaps } from './content-gaps.ts';
import { statesFigureAsked } from './unmeasured.ts';

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
const GLOSSARY: ReadonlySet<AskDocumentType> = new Set(['glossary']);
/**
 * A word the content uses counts as talk only among English's this many commonest ("know", "honest");
 * from 5,000 the retired blind set lost a question.
 */
const COMMONEST_WORDS = 3_000;
/**
 * …or when it is everyday English the content uses this rarely at most (decline.ts, frequency): a
 * word in passing ("curious", "understood", "everywhere", "obvious"), which beside the asking clause
 * is the asker's talk ("… ? I keep seeing it mentioned everywhere"). Wrapped questions lost or moved
 * (bench/ask-wrappers.mjs) 315 to 237 and 157 to 57, no development set or probe moved.
 */
const RARELY_USED = 4;
/**
 * A plain word is the content's own, for reading a question's other words as the asker's wording
 * (situation.ts, unusedWeighed), from this domain lift (decline.ts): from 6 and 7 an everyday
 * word the content happens to use a lot ("random") let "who won the 2022 world cup" be answered.
 */
const ABOUT_CONTENT_LIFT = 8;
/** A word of chat's shorthand, by its form: two to four lowercase letters. */
const SHORTHAND = /^\p{Ll}{2,4}$/u;
/** A word with a digit: a figure ("250000000", "70%") or a figure and its unit ("4bit"). */
const FIGURE = /\p{N}/u;
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
  readonly #quoting: QuotingContext;
  readonly #unknownTerms: UnknownTerms;
  readonly #comparisons: Comparisons;
  readonly #gaps: ContentGaps;
  readonly #askedBefore: AskedBefore;
  /** Stems of everyday English words that neither the word vectors nor the content have (index-build.ts). */
  readonly #everyday: ReadonlySet<string>;

  private constructor(serialised: SerialisedAskIndex) {
    this.#passages = serialised.passages;
    this.#postings = new Map(Object.entries(serialised.postings));
    const weightOf = wordWeight(this.#postings, this.#passages.length);
    this.#vectors = serialised.vectors ? new WordVectors(serialised.vectors, weightOf) : undefined;
    // Among English's commonest words, a word names a glossary term only as written, not by a shared
    // stem ("is that solid" is not of Solidity). From 5,000, "rank" lost Chatbot Arena a wrapped question.
    const everyday = (word: string) => (this.#vectors?.rank(word) ?? Infinity) < COMMONEST_WORDS;
    this.#planner = new QueryPlanner(this.#postings, this.#passages.length, serialised.names, everyday);
    this.#ranking = new PassageRanking(serialised, this.#postings, this.#planner);
    this.#everyday = new Set(serialised.everydayTerms?.split(' '));
    // English as people write it ("legit", "dumber") is no typo of a word the content uses ("logit").
    const english = (word: string) => this.#everyday.has(indexTerm(word) ?? '');
    const general = (word: string) => this.#vectors?.general(word) === true;
    this.#speller = spellerFor(this.#passages, this.#postings, serialised.commonWords, english, general);
    this.#semanticMean = serialised.semanticMean ?? [];
    const beside = (passage: number) => this.#ranking.passagesBeside(passage);
    const defined = (question: Question) => {
      for (const subject of definedSubjects(question)) {
        const passage = this.#ranking.defined(subject, GLOSSARY)?.passage;
        if (passage !== undefined) return passage;
      }
      return undefined;
    };
    this.#leadContext = { passages: this.#passages, sourceOf: this.#ranking.sourceOf, beside, defined };
    this.#quoting = { passages: this.#passages, ranking: this.#ranking };
    this.#unknownTerms = new UnknownTerms(
      this.#postings,
      this.#planner,
      this.#ranking,
      this.#vectors,
      this.#everyday,
      this.#passages,
    );
    const writes = (phrase: string) => this.#unknownTerms.saysAny(phrase, [words(phrase)]);
    this.#gaps = new ContentGaps(this.#passages, this.#ranking, writes, this.#postings);
    this.#askedBefore = AskedBefore.of(this.#passages, serialised.unanswered ?? []);
    this.#declineContext = declineContextOf(this.#ranking, this.#postings, this.#passages, this.#vectors);
    this.#comparisons = new Comparisons({
      passages: this.#passages,
      ranking: this.#ranking,
      planner: this.#planner,
      quoting: this.#quoting,
      declineContext: this.#declineContext,
      isTalk: (words) => this.#isTalk(words),
    });
  }

  /** A build's documents indexed (index-build.ts); `table`: other word vectors than the project's. */
  static build(
    documents: readonly AskDocument[],
    table?: SerialisedVectors,
    readers?: ReaderQuestions,
  ): SerialisedAskIndex {
    return buildAskIndex(documents, table, readers);
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
    const read = readQuestion(asked, this.#speller, (words) => this.#isTalk(words), this.#planner.namesTerm);
    const allowed = new Set(options.types);
    const query = this.#queryVector(read.question, read.situation);
    const plan = this.#planOf(read, query);
    const fused = this.#ranking.rank(plan, read.question, allowed, query);
    const reranked = rerankLead(fused.ranked, read.question, plan, this.#leadContext, MIN_CONFIDENCE);
    const ranked = namedLead(reranked, read.question, plan, this.#declineContext);
    const chose = this.#choose(read, plan, ranked, allowed);
    const { leading, confidence, contrast, budget, evidence } = chose;
    // Last: what would be answered, unless readers asked it before and nothing answered (asked-before.ts).
    const { intent, subject } = read.question;
    const asksName = intent === 'definition' && subject !== undefined && subject.head.split(/\s+/).length <= 3;
    // Not where a quoted sentence states the very figure asked of the name asked (unmeasured.ts).
    const stated = () =>
      statesFigureAsked(
        read.question.content,
        chose.chosen.map((hit) => this.#passages[hit.passage]!),
      );
    const askedBefore = chose.chosen.length > 0 && !stated() ? this.#askedBefore.like(asked, asksName) : undefined;
    const chosen = askedBefore ? [] : chose.chosen;
    const unnamed = { ...chose.unnamed, askedBefore };
    const quoted = chosen.map((hit) => ({
      passage: this.#passages[hit.passage]!,
      plan: hit.plan,
      following: this.#ranking.passageAfter(hit.passage),
      opening: hit.opening,
      brief: hit.brief,
      alone: hit.alone,
      borneOut: hit.borneOut,
    }));
    const answer = chosen.length > 0 ? answerOf(quoted, contrast, budget) : null;
    const result: AskResult = {
      query: read.text,
      searched_for: read.corrected ? read.text : null,
      answer,
      confidence: askedBefore ? 0 : round(confidence, 2),
      no_answer_reason: answer ? null : this.#noAnswerReason(ranked[0], plan, read.declined, unnamed),
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
    const compared = question.sides
      ? this.#comparisons.compare(question, question.sides, plan, ranked, allowed)
      : undefined;
    const unnamed = this.#unnamed(plan, question, read.situation, compared);
    const leading = compared?.leading ?? [];
    const { vague, ownStanding, aside } = this.#setAside(read, plan);
    if (read.declined || aside || unnamed.declines || compared?.declined)
      return { chosen: [], leading, confidence: 0, unnamed: { ...unnamed, vague, ownStanding } };
    // A comparison with a side answered quotes its sides (each above the confidence bar).
    if (compared) return { chosen: compared.answerPassages, ...compared, unnamed };
    const { chosen, evidence } = this.#confident(ranked, question, plan);
    const confidence = ranked[0]?.confidence ?? 0;
    return { chosen, leading, confidence, unnamed, contrast: undefined, budget: undefined, evidence };
  }

  /**
   * Whether a question is declined whatever its passages' evidence says: it names nothing to answer
   * about (vague-question.ts), or asks for tax or legal advice for the asker, as financial advice is
   * declined (own-standing.ts).
   */
  #setAside(read: ReadQuestion, plan: Plan) {
    // A plain concept: no name, each word among English's commonest, none the content's own.
    const plain = (concept: Concept) =>
      !concept.named &&
      concept.asked.every((word) => (this.#vectors?.rank(word) ?? Infinity) < COMMONEST_WORDS) &&
      domainLift(concept, this.#declineContext) < ABOUT_CONTENT_LIFT;
    const vague = asksNothing(read, plan, plain);
    const ownStanding = asksOwnStanding(read.text);
    return { vague, ownStanding, aside: vague || ownStanding };
  }

  /**
   * What the question asks about that the content never names, or names only in passing (one of a list
   * of examples: unknown-terms.ts; a ranked name it never explains: comparison.ts), or what it never
   * tells of what it names (content-gaps.ts); each declines it.
   */
  #unnamed(plan: Plan, question: Question, situation?: string, compared?: { unexplained: readonly string[] }) {
    const unknown = this.#unknownTerms.of(plan, question, situation);
    const unexplained = compared?.unexplained ?? [];
    const passing = unknown.length > 0 ? [] : [...this.#unknownTerms.namedInPassing(question), ...unexplained];
    const figureless = unknown.length + passing.length > 0 ? [] : this.#unknownTerms.figureless(question);
    const named = unknown.length + passing.length + figureless.length > 0;
    const gap = named ? undefined : this.#gaps.of(question, plan, situation);
    return { unknown, passing, figureless, ...gap, declines: named || gap !== undefined };
  }

  /** The best hit to quote unless the evidence says it does not answer (decline.ts); none then. */
  #confident(ranked: readonly Ranked[], question: Question, plan: Plan) {
    const top = ranked[0];
    if (!top) return { chosen: [], evidence: undefined };
    const quoted = quotedPassages(
      this.#quoting,
      top.passage,
      plan,
      question,
      secondSource(this.#passages, this.#ranking.sourceOf, ranked, question),
    );
    // The names asked are looked for where the answer comes from: the passage that ranked, and what
    // is quoted of its source (another paragraph of its section may answer without naming them), not
    // in the second source's sentences (brief), nor in a section's runner-up (alone).
    const passages = quoted.filter((each) => !each.brief && !each.alone).map((each) => each.passage);
    const spoken = speaksToNames(question, plan, [...new Set([top.passage, ...passages])], this.#declineContext);
    // A phrase of the question matters between its bar and the confidence bar only: read it there alone.
    const phrased =
      top.confidence >= DECLINE_CALIBRATION.phrasedConfidence &&
      top.confidence < MIN_CONFIDENCE &&
      saysPhraseOf(question.content, [...passages, ...this.#ranking.passagesBeside(top.passage)], this.#declineContext);
    // Asked what a thing is called, a glossary term is the answer's kind: its page names it (ASKS_NAME).
    const asksName = ASKS_NAME.test(question.text);
    const naming = asksName && this.#passages[top.passage]!.type === 'glossary';
    // With whether meaning ranks the best hit among the nearest too (decline.ts, meaningRanksNear).
    const evidence = {
      ...declineEvidence(plan, top, spoken, this.#declineContext, phrased, naming),
      semanticAgreement: semanticAgreement(ranked),
      asksHowOrWhy: ASKS_HOW_OR_WHY.test(question.text),
      asksName,
    };
    // A term the question names itself is not what the thing it describes is called (namesItsAnswer).
    // Looked up only when the evidence answers: it reads the question's runs of words against the glossary.
    const selfNamed = () =>
      namesItsAnswer(question.text, this.#passages[top.passage]!, (name) => this.#planner.slugsNamed(name, true));
    return { chosen: declines(evidence) || selfNamed() ? [] : quoted, evidence };
  }

  /**
   * A conversational question's plan: its question part's concepts (words of talk set aside) decide
   * coverage; the situation's words still rank, at a fraction of their weight.
   */
  #planOf(read: ReadQuestion, query: Float32Array | undefined): Plan {
    const { question, situation } = read;
    const prefer = answerKind(question);
    // A figure ("2022") says when or how much, not what about.
    const plain = (concept: Concept) => !concept.asked.some((word) => FIGURE.test(word));
    const topical = (concept: Concept) =>
      plain(concept) && domainLift(concept, this.#declineContext) >= ABOUT_CONTENT_LIFT;
    const about = (concept: Concept) =>
      concept.named || topical(concept) || (plain(concept) && this.#contentsOwn(concept));
    const situated = unusedWeighed(
      situatedPlan(this.#planner, question, situation, this.#vectors, { about, topical }),
      { askersOwn: (concept) => this.#askersOwn(concept), aboutContent: about },
    );
    const plan = talkWeighed(situated, read.unwrapped, this.#vectors);
    const near = query && ((text: string) => this.#nearness(text, query));
    const ofThing = prefer === 'procedure' && asksOfThing(question);
    const doubts = doubtsClaim(question);
    return setAsideWeighed(
      {
        ...plan,
        ...(prefer ? { prefer } : {}),
        ...(ofThing ? { ofThing } : {}),
        ...(doubts ? { doubts } : {}),
        ...(near ? { near } : {}),
      },
      question,
    );
  }

  /**
   * Whether some words of a message are talk: everyday English only (the word vectors' general part
   * or SCOWL's everyday lists), no name the glossary knows, and no capital inside ("Kraken vs
   * Binance" names something).
   */
  #isTalk(words: string): boolean {
    const text = withoutChat(words, this.#planner.namesTerm);
    if (capitalInside(text)) return false;
    return this.#planner
      .plan(text)
      .concepts.every((concept) => !concept.named && concept.asked.every((word) => this.#isTalkWord(word)));
  }

  /** Whether a word of a message, not a name the glossary knows, is talk (see #isTalk). */
  #isTalkWord(word: string): boolean {
    const term = indexTerm(word) ?? '';
    // A word the content uses is part of what is asked, unless it is among English's commonest.
    const general = this.#vectors?.general(word) === true;
    if (this.#postings.has(term))
      return (
        (this.#vectors?.rank(word) ?? Infinity) < COMMONEST_WORDS ||
        (general && this.#declineContext.frequency(term) <= RARELY_USED)
      );
    if (general || this.#everyday.has(term)) return true;
    // A short lowercase word neither the content nor English knows is chat's shorthand ("ngl",
    // "tia", "smh"): a name is written with a capital, or longer ("kraken" stays asked about).
    return SHORTHAND.test(word) && this.#vectors?.rank(word) === Infinity;
  }

  /**
   * Whether a concept is the asker's own wording, which no passage can speak to: a plain word no
   * passage uses that is everyday English ("bunch", "legit", "dumber"), or a figure ("250000000").
   */
  #askersOwn(concept: Concept): boolean {
    if (concept.named || concept.alternatives[0]!.some((term) => this.#postings.has(term))) return false;
    // A word written with a capital ("HyDE", "Solana") names something: the content lacks it (unknown-terms.ts).
    return concept.asked.every(
      (word) =>
        FIGURE.test(word) ||
        (!/\p{Lu}/u.test(word) && this.#vectors?.general(word) === true) ||
        this.#everyday.has(indexTerm(word) ?? ''),
    );
  }

  /**
   * A plain word the content uses that is no everyday English ("worldcoin", named in one passage):
   * the content's own, however rarely used, where the lift asks several passages of a word English
   * lacks. Measured after conv52: ask-dev4 answerable declined 4.7 % to 4.1 % (fact 57.1 % to
   * 57.6 %), every unanswerable question declined as before, no other set and no wrapper family moved.
   */
  #contentsOwn(concept: Concept): boolean {
    return (
      concept.alternatives[0]!.some((term) => this.#postings.has(term)) &&
      concept.asked.every(
        (word) => this.#vectors?.rank(word) === Infinity && !this.#everyday.has(indexTerm(word) ?? ''),
      )
    );
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
    const talkless = (text: string) => withoutContentChat(text, this.#vectors!);
    const texts = [{ text: talkless(question.content), weight: 1 }];
    if (situation) texts.push({ text: talkless(situation), weight: situationShare(this.#planner, question) });
    const vector = this.#vectors.embed(texts);
    return vector && centre(vector, this.#semanticMean);
  }

  #noAnswerReason(
    best: Ranked | undefined,
    plan: Plan,
    declined: OutOfScope | undefined,
    unnamed: Omit<Parameters<typeof noAnswerReason>[0], 'found' | 'missing' | 'declined'>,
  ): string {
    const missing = plan.concepts
      .filter(
        (concept) =>
          best &&
          !concept.alternatives.some((terms) => terms.every((term) => this.#ranking.speaksTo(term, best.passage))),
      )
      .map((concept) => concept.asked.join(' '));
    return noAnswerReason({ found: best !== undefined, missing, declined, ...unnamed });
  }
}
