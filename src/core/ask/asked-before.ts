// Questions readers asked before, answered or not: an unanswerable question is often one asked
// before in other words. Outsiders writing from the pages ask the same things the content does not
// answer ("how much does it cost per hour to rent an H100", "PyTorch vs JAX for a transformer", "why
// was bitcoin's supply capped at 21 million"), and every lexical and semantic signal finds a passage
// that seems to answer them: they use the content's words. A question declined when it is nearer to
// one of the development sets' unanswerable questions than to anything answered (their answerable
// questions, the glossary's names, the content's "also asked as" phrasings). Measured on 1 December
// 2026 (bench/ask-quality.mjs): held out set by set, 38 of the 165 unanswerable questions the other
// rules answered, for one answerable question of 5,056; on the 21 sets never learned, 22 of 90, for
// none of 1,344.
import type { AskPassage } from './ask-documents.ts';
import { MONTHS } from './dated-moves.ts';
import { terms, YEAR } from './text.ts';

/** A question this like an unanswerable one (cosine of IDF-weighted terms) or more is like it. */
const LIKENESS = 0.5;
/**
 * By this much more like it than like any question answered: a question writers marked both ways
 * ("what is a Verkle tree", which the content names in passing) is no evidence either way.
 */
const MARGIN = 0.15;
/**
 * And saying this share of what it asked (by weight) or more: "What is DSPy?" is not "DSPy's MIPRO
 * vs BootstrapFewShot optimizers, which should I use", whose rare name alone makes them alike.
 */
const ASKED_SHARE = 0.4;
/**
 * Or this share, asked what a short name is: "Who is Vitalik Buterin?" asks less than "What is
 * Vitalik Buterin's net worth?" (0.58 of it), and the content answers it (a probe's look-alike);
 * "What is a knowledge graph, and how is it built?" says all of "What is a knowledge graph?".
 */
const NAME_SHARE = 0.75;

/**
 * The years a question names, in order: a question of another year asks of another time ("How much
 * profit did Tether make in 2023?" is unanswered where the content states 2024's; ask-dev76).
 */
const yearsIn = (question: string) => (question.match(YEAR) ?? []).join(' ');

/**
 * A question without its months: a month says when, not what is asked, and is rare enough among
 * questions to make two alike by itself ("What did the Pectra upgrade of May 2025 change for blobs?"
 * is not "Why was Ethereum's May 2025 upgrade given the name 'Pectra'?"). A year stays: it says which
 * time is asked about ("Why did NFT trading volumes collapse in 2022?"), as yearsIn does; without
 * years too, two unanswerable questions of the sets were answered (ask-dev19, ask-dev86).
 */
const MONTH_NAMES = new RegExp(String.raw`\b${MONTHS}(?![\p{L}\p{N}])`, 'giu');
const withoutMonths = (question: string) => question.replace(MONTH_NAMES, ' ');

/** A question's terms with their weights, their sum and norm. */
interface Weighed {
  weights: Map<string, number>;
  sum: number;
  norm: number;
}

/** Weighs a question's terms (IDF over every question asked before). */
type Weigh = (question: string) => Weighed;

/**
 * Questions asked before, one way: term → the questions that use it, and each question's sum and
 * norm of weights. A term weighs the same in every question (its IDF), so no question keeps its own.
 */
class Bank {
  readonly #questions: readonly string[];
  /** Each question's years (yearsIn), read once. */
  readonly #years: readonly string[];
  readonly #sums: Float64Array;
  readonly #norms: Float64Array;
  readonly #postings = new Map<string, number[]>();

  constructor(questions: readonly string[], weigh: Weigh) {
    this.#questions = questions;
    this.#years = questions.map(yearsIn);
    this.#sums = new Float64Array(questions.length);
    this.#norms = new Float64Array(questions.length);
    questions.forEach((question, at) => {
      const { weights, sum, norm } = weigh(question);
      [this.#sums[at], this.#norms[at]] = [sum, norm];
      for (const term of weights.keys()) {
        const list = this.#postings.get(term);
        if (list) list.push(at);
        else this.#postings.set(term, [at]);
      }
    });
  }

  /**
   * The question most like `asked` (cosine), with its likeness and the share of its own weight
   * `asked` says; with `years`, among those that name those years.
   */
  nearest(asked: Weighed, years?: string): { question: string; likeness: number; share: number } | undefined {
    const shared = new Map<number, number>();
    const dot = new Map<number, number>();
    for (const [term, weight] of asked.weights)
      for (const at of this.#postings.get(term) ?? []) {
        shared.set(at, (shared.get(at) ?? 0) + weight);
        dot.set(at, (dot.get(at) ?? 0) + weight * weight);
      }
    let best: number | undefined;
    let likeness = 0;
    for (const [at, product] of dot) {
      const each = product / (asked.norm * this.#norms[at]!);
      if (each > likeness && (years === undefined || this.#years[at] === years)) [best, likeness] = [at, each];
    }
    if (best === undefined) return undefined;
    return { question: this.#questions[best]!, likeness, share: shared.get(best)! / this.#sums[best]! };
  }
}

export class AskedBefore {
  readonly #unanswered: Bank;
  readonly #answered: Bank;
  readonly #weigh: Weigh;

  /**
   * `unanswered`: the development sets' unanswerable questions (reader-questions.ts); `answered`:
   * their answerable ones and the content's own phrasings of what it answers.
   */
  constructor(unanswered: readonly string[], answered: readonly string[]) {
    const frequency = new Map<string, number>();
    for (const question of [...unanswered, ...answered])
      for (const term of new Set(terms(question))) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    const count = unanswered.length + answered.length;
    const idf = (term: string) => Math.log((count + 1) / ((frequency.get(term) ?? 0) + 1));
    this.#weigh = (question) => {
      const weights = new Map([...new Set(terms(withoutMonths(question)))].map((term) => [term, idf(term)]));
      let sum = 0;
      let squares = 0;
      for (const weight of weights.values()) [sum, squares] = [sum + weight, squares + weight * weight];
      return { weights, sum: sum || 1, norm: Math.sqrt(squares) || 1 };
    };
    this.#unanswered = new Bank(unanswered, this.#weigh);
    this.#answered = new Bank(answered, this.#weigh);
  }

  /** The asked-before questions of an index: its unanswered ones, and what its passages answer. */
  static of(passages: readonly AskPassage[], unanswered: readonly string[]): AskedBefore {
    const answered = new Set<string>();
    for (const passage of passages) {
      for (const question of passage.readers ?? []) answered.add(question);
      for (const phrasing of passage.asked?.split('. ') ?? []) answered.add(phrasing);
      if (passage.kind === 'definition') for (const name of passage.names) answered.add(`what is ${name}`);
    }
    return new AskedBefore(unanswered, [...answered]);
  }

  /**
   * The unanswerable question asked before that a question is like (LIKENESS, MARGIN, ASKED_SHARE),
   * among those that name the same years, if any; `asksName`: it asks what a short name is
   * (NAME_SHARE).
   */
  like(question: string, asksName = false): string | undefined {
    const asked = this.#weigh(question);
    const nearest = this.#unanswered.nearest(asked, yearsIn(question));
    // The answered questions are looked through only for a question like an unanswered one: few are.
    if (!nearest || nearest.likeness < LIKENESS || nearest.share < (asksName ? NAME_SHARE : ASKED_SHARE))
      return undefined;
    const answered = this.#answered.nearest(asked)?.likeness ?? 0;
    return nearest.likeness - answered >= MARGIN ? nearest.question : undefined;
  }
}
