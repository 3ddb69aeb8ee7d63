// What a question asks that the content, though it matches the question's words, never tells: a
// year later than any it tells of, or the next release after the last it tells of (later-years.ts),
// a price's move in a year (dated-moves.ts), an idea of the field it does not cover
// (uncovered-topics.ts), why a figure or a name was chosen (chosen-figures.ts), a figure of
// something it never measures or never writes at all (unmeasured.ts), or why someone decided or
// chose or an authority acted (untold-motives.ts). AskIndex (ask-index.ts) declines for each, with
// its reason (answer-shape.ts).
import type { AskPassage } from './ask-documents.ts';
import { chosenFigure, chosenName, unreasonedFigure } from './chosen-figures.ts';
import { datedMove, tellsMove, type DatedMove } from './dated-moves.ts';
import { latestYear, laterYear, untoldOutcome, untoldSuccessor } from './later-years.ts';
import type { PassageRanking } from './passage-ranking.ts';
import { askedSentence, pointedCircumstances } from './name-shapes.ts';
import type { Concept, Plan } from './query-plan.ts';
import type { Question } from './question.ts';
import { sentencesOf } from './sentences.ts';
import { indexTerm, terms } from './text.ts';
import { describedTopic } from './uncovered-topics.ts';
import { measuredWord, neverMeasured } from './unmeasured.ts';
import { askedEnforcement, askedMotive, untoldMotive } from './untold-motives.ts';

/**
 * A name the glossary knows this rare or rarer (inverse document frequency) is a specific thing
 * ("Chatbot Arena" 8.2, "flash loan" 7.6, "test set" 4.5), not a word any question uses ("coins" 2.9,
 * "NFT" 3.5, "blockchain" 2.4).
 */
const SPECIFIC = 4.5;
/**
 * A word asked this rare or rarer, or a name the glossary knows ("tokens"), says what a figure is of
 * ("Ethereum" 1.8, "year" 3.5), unlike "use" (1.0), "one" (0.5).
 */
const ABOUT_IDF = 1.5;
/** A name in this many passages or fewer is one the content mentions in passing. */
const PASSING = 3;
/** The words that ask for a figure ("how much", "how many"): what it is of, they are not. */
const FIGURE_ASKED = new Set(['much', 'many'].map((word) => indexTerm(word)));

/** What the content never tells of what a question asks; each declines it. */
export interface ContentGap {
  /** A year asked about later than any the content tells of, as written (later-years.ts). */
  later?: string;
  /** A release whose successor is asked for, which the content never tells (later-years.ts). */
  successorOf?: string;
  /** Whether something ever happened after what the content tells, as the question asks it (later-years.ts). */
  outcome?: string;
  /** A year's move of a price asked the cause of. */
  untold?: DatedMove;
  /** An idea the content does not cover, by its name for the reason. */
  uncovered?: string;
  /** A figure asked why it was chosen, as the question writes it. */
  unreasoned?: string;
  /** What a figure question measures that the content writes of but never with a figure. */
  unmeasured?: string;
  /** What a figure question counts that the content never writes ("what percentage of US hospitals …"). */
  unmentioned?: string;
  /** A decision or an authority's act asked the reason for that the content never gives, as written. */
  unmotivated?: string;
}

export class ContentGaps {
  readonly #passages: readonly AskPassage[];
  /** Each passage's source, its passages in order and the one after it (passage-ranking.ts). */
  readonly #ranking: Pick<PassageRanking, 'passagesBeside' | 'passageAfter'>;
  /** Whether some passage writes a phrase of lowercase words (unknown-terms.ts). */
  readonly #writes: (phrase: string) => boolean;
  /** The passages each index term occurs in. */
  readonly #postings: ReadonlyMap<string, readonly number[]>;
  /** The latest year the content tells of. */
  readonly #latestYear: number | undefined;

  constructor(
    passages: readonly AskPassage[],
    ranking: Pick<PassageRanking, 'passagesBeside' | 'passageAfter'>,
    writes: (phrase: string) => boolean,
    postings: ReadonlyMap<string, readonly number[]>,
  ) {
    this.#passages = passages;
    this.#ranking = ranking;
    this.#writes = writes;
    this.#postings = postings;
    this.#latestYear = latestYear(passages.map((passage) => passage.text));
  }

  /** The first gap a question asks about, if any. */
  of(question: Question, plan: Plan, situation?: string): ContentGap | undefined {
    // In the circumstances too: "… claims ETH will reach $10,000 by the end of 2027. How likely is
    // that?", "sry one more — when is the next fork after BPO2 and what target will it set?", whose
    // last clause is read as the question.
    const whole = `${situation ?? ''} ${question.text}`;
    const later = laterYear(whole, this.#latestYear);
    if (later) return { later };
    const successorOf = untoldSuccessor(whole, (name) => this.#sentencesWriting(name));
    if (successorOf) return { successorOf };
    const outcome = untoldOutcome(whole, (word) => this.#sentencesWriting(word));
    if (outcome) return { outcome };
    const untold = this.#untold(question, plan);
    if (untold) return { untold };
    const uncovered = this.#uncovered(question, plan, situation);
    if (uncovered) return { uncovered };
    const unreasoned = this.#unreasoned(question, plan);
    if (unreasoned) return { unreasoned };
    const unmeasured = this.#unmeasured(question, plan);
    if (unmeasured) return unmeasured;
    const unmotivated = this.#unmotivated(question);
    return unmotivated ? { unmotivated } : undefined;
  }

  /** The sentences of the passages that use a word's index term. */
  #sentencesWriting(word: string): string[] {
    const term = indexTerm(word);
    const writing = term === null ? [] : (this.#postings.get(term) ?? []);
    return writing.flatMap((at) => sentencesOf(this.#passages[at]!));
  }

  /**
   * Why someone decided what the content tells without a reason (untold-motives.ts), or why an
   * authority acted, which the content tells nowhere.
   */
  #unmotivated(question: Question): string | undefined {
    const enforced = askedEnforcement(question.content);
    const motive = enforced ?? askedMotive(question.content);
    if (!motive) return undefined;
    const acting = new Set(motive.act.flatMap((term) => this.#postings.get(term) ?? []));
    const telling = [...acting].map((at) => this.#passages[at]!);
    return untoldMotive(motive, telling, enforced !== undefined) ? motive.written : undefined;
  }

  /**
   * What a figure question measures that no passage states a figure of beside another word the
   * question asks ("Ethereum" for "How much electricity did Ethereum save …"; not "use" or "one").
   */
  #unmeasured(question: Question, plan: Plan): Pick<ContentGap, 'unmeasured' | 'unmentioned'> | undefined {
    const measured = measuredWord(question.content);
    if (!measured) return undefined;
    const writing = [...new Set(measured.alike.flatMap((term) => this.#postings.get(term) ?? []))];
    // Everyday words the content never writes ("hospitals") are left by the unknown-word rules
    // (unknown-terms.ts); counted, they are what the figure is of, so no passage can give it.
    if (writing.length === 0) return { unmentioned: measured.written };
    const alike = new Set(measured.alike);
    const termsOf = (concepts: readonly Concept[]) =>
      concepts
        .flatMap((concept) => concept.asked.flatMap((word) => indexTerm(word) ?? []))
        .filter((term) => !alike.has(term) && !FIGURE_ASKED.has(term));
    // Energy, which the content measures of one thing only (Ethereum's switch), is of the name asked
    // ("the Bitcoin network"): beside it, not beside "network". Other figures stay beside any word
    // asked ("how many confirmations do I wait before a btc payment counts").
    const namedOther = termsOf(plan.concepts.filter((concept) => concept.named));
    const other =
      measured.alike.length > 1 && namedOther.length > 0
        ? namedOther
        : termsOf(plan.concepts.filter((concept) => concept.named || concept.idf >= ABOUT_IDF));
    // A name the glossary knows is what is asked ("How many bitcoins can ever exist?"): any figure
    // beside it counts; a plain word's figure must be of what else is asked ("energy" of Ethereum's
    // switch is not that of a chatbot's question).
    const written = measured.written.toLowerCase();
    const named = plan.concepts.some(
      (concept) => concept.named && concept.asked.some((word) => word.toLowerCase() === written),
    );
    // A name the glossary does not know that the content mentions in passing ("GPQA"): the figure is
    // of it, so it must be beside the figure ("How many questions are in the GPQA benchmark?" is not
    // told by MMLU's 16,000 questions). Not one the content writes often ("Ronin", "Beanstalk"),
    // whose figures it states in words of their own ("$625 million" for "how much money").
    // In the sentence that asks, after its first word: not a name of a story's circumstances.
    const asked = askedSentence(question.content);
    const inAsked = (word: string) => asked.includes(word) && !asked.startsWith(word);
    const own = plan.concepts
      .filter((concept) => !concept.named && !concept.circumstance)
      .filter((concept) => concept.asked.every((word) => /^\p{Lu}/u.test(word) && inAsked(word)))
      .flatMap((concept) => concept.asked.flatMap((word) => indexTerm(word) ?? []))
      .filter((term) => (this.#postings.get(term)?.length ?? 0) <= PASSING);
    return neverMeasured(measured, other, writing, this.#passages, named, own)
      ? { unmeasured: measured.written }
      : undefined;
  }

  /** A figure asked why it was chosen that the content states of what is asked without a reason. */
  #unreasoned(question: Question, plan: Plan): string | undefined {
    const figure = chosenFigure(question.content) ?? chosenName(question.text);
    if (!figure) return undefined;
    // A sentence about what is asked shares one of its words, the figure's aside.
    const asked = new Set(
      plan.concepts.flatMap((concept) => concept.alternatives.filter((one) => one.length === 1).flat()),
    );
    const about = (sentence: string) => terms(sentence).some((term) => asked.has(term) && !/\d/.test(term));
    const next = (passage: number) => this.#ranking.passageAfter(passage);
    return unreasonedFigure(figure, this.#passages, about, next) ? figure.written : undefined;
  }

  /**
   * An idea the content does not cover, named or described, while the content writes none of its
   * names; not described in a question that also names a specific thing the glossary knows outside
   * the description ("noise in Chatbot Arena votes", "a flash loan to trade with their own funds"),
   * which is what it asks about (review of 30 November: 14 such look-alikes); unless the topic is a
   * way of asking about what the question names (UncoveredTopic.aroundNames).
   */
  #uncovered(question: Question, plan: Plan, situation?: string): string | undefined {
    // With the circumstances the question part points back at ("If I accidentally send crypto to a
    // mistyped address, is there any way to get it back?").
    const pointed = pointedCircumstances(question.text, situation);
    const asked =
      describedTopic(pointed ? `${pointed} ${question.text}` : question.text) ??
      (situation === undefined ? undefined : describedTopic(situation, true));
    if (!asked || asked.topic.names.some((name) => this.#writes(name))) return undefined;
    // Named ("what is a model soup, where you average … fine-tuned models"), the topic is what is asked.
    if (asked.described.length === 0 || asked.topic.aroundNames) return asked.topic.name;
    const described = asked.described.join(' ');
    const elsewhere = (concept: Concept) =>
      concept.named &&
      concept.idf >= SPECIFIC &&
      !concept.asked.every((word) => described.includes(word.toLowerCase()));
    return plan.concepts.some(elsewhere) ? undefined : asked.topic.name;
  }

  /** A year's move asked the cause of that no passage of that year tells (dated-moves.ts). */
  #untold(question: Question, plan: Plan): DatedMove | undefined {
    const move = datedMove(question.content);
    if (!move) return undefined;
    // What moved, by its words' terms and the one-word aliases the plan found for them ("ETH" for
    // ether; not "token" of "non-fungible token" for NFT).
    const asked = new Set(move.subject.map((word) => word.toLowerCase()));
    const subject = plan.concepts.filter((concept) => concept.asked.some((word) => asked.has(word.toLowerCase())));
    const named = new Set([
      ...move.subject.flatMap((word) => indexTerm(word) ?? []),
      ...subject.flatMap((concept) => concept.alternatives.filter((terms) => terms.length === 1).flat()),
    ]);
    const beside = (passage: number) => this.#ranking.passagesBeside(passage);
    return tellsMove(move, (term) => named.has(term), this.#passages, beside) ? undefined : move;
  }
}
