// What a question asks that the content, though it matches the question's words, never tells: a
// price's move in a year (dated-moves.ts), an idea of the field it does not cover (uncovered-topics.ts),
// or why a figure was chosen (chosen-figures.ts). AskIndex (ask-index.ts) declines for each, with
// its reason (answer-shape.ts).
import type { AskPassage } from './ask-documents.ts';
import { chosenFigure, unreasonedFigure } from './chosen-figures.ts';
import { datedMove, tellsMove, type DatedMove } from './dated-moves.ts';
import type { Plan } from './query-plan.ts';
import type { Question } from './question.ts';
import { indexTerm } from './text.ts';
import { describedTopic } from './uncovered-topics.ts';

/** What the content never tells of what a question asks; each declines it. */
export interface ContentGap {
  /** A year's move of a price asked the cause of. */
  untold?: DatedMove;
  /** An idea the content does not cover, by its name for the reason. */
  uncovered?: string;
  /** A figure asked why it was chosen, as the question writes it. */
  unreasoned?: string;
}

export class ContentGaps {
  readonly #passages: readonly AskPassage[];
  /** The passages of a passage's source, in order (passage-ranking.ts). */
  readonly #beside: (passage: number) => readonly number[];
  /** Whether some passage writes a phrase of lowercase words (unknown-terms.ts). */
  readonly #writes: (phrase: string) => boolean;

  constructor(
    passages: readonly AskPassage[],
    beside: (passage: number) => readonly number[],
    writes: (phrase: string) => boolean,
  ) {
    this.#passages = passages;
    this.#beside = beside;
    this.#writes = writes;
  }

  /** The first gap a question asks about, if any. */
  of(question: Question, plan: Plan): ContentGap | undefined {
    const untold = this.#untold(question, plan);
    if (untold) return { untold };
    const uncovered = this.#uncovered(question);
    if (uncovered) return { uncovered };
    const figure = chosenFigure(question.content);
    return figure && unreasonedFigure(figure, this.#passages) ? { unreasoned: figure.written } : undefined;
  }

  /** An idea the content does not cover, described or named, while the content writes none of its names. */
  #uncovered(question: Question): string | undefined {
    const topic = describedTopic(question.text);
    return topic && !topic.names.some((name) => this.#writes(name)) ? topic.name : undefined;
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
    return tellsMove(move, (term) => named.has(term), this.#passages, this.#beside) ? undefined : move;
  }
}
