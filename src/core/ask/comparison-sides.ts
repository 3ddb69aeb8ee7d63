// Each side of a comparison and its best passage (comparison.ts asks it): the definition of the
// term a side names, else the best-ranked passage for its words; when both sides find one passage,
// each looks past it; and whether the content mentions a side only in passing.
import type { AskDocumentType, AskPassage } from './ask-documents.ts';
import type { PassageRanking, Ranked } from './passage-ranking.ts';
import type { Plan, QueryPlanner } from './query-plan.ts';
import { parseQuestion } from './question.ts';

/** A side the content speaks of in this many passages at most, none about it, is only mentioned in passing. */
const PASSING_MENTIONS = 1;

/** One side as found: its best passage (-1 when none), its plan, and whether it is only mentioned in passing. */
export interface FoundSide {
  best: Ranked;
  plan: Plan;
  passing?: boolean;
}

/** What finding sides needs of the index. */
export interface SideContext {
  passages: readonly AskPassage[];
  ranking: Pick<PassageRanking, 'defined' | 'names' | 'rank'>;
  planner: Pick<QueryPlanner, 'plan'>;
}

export class ComparisonSides {
  readonly #passages: readonly AskPassage[];
  readonly #ranking: SideContext['ranking'];
  readonly #planner: SideContext['planner'];

  constructor(context: SideContext) {
    this.#passages = context.passages;
    this.#ranking = context.ranking;
    this.#planner = context.planner;
  }

  /**
   * Each side's best passage. Both may find one passage (`shared`): the page of one term they both
   * name ("Groth16 and PLONK" are zk-SNARKs, "soft fork" names the hard fork's page), or an essay
   * passage that names both. It leads, and each side takes its best passage elsewhere rather than
   * that passage twice.
   */
  sides(first: string, second: string, allowed: ReadonlySet<AskDocumentType>) {
    const both = [this.#side(first, second, allowed), this.#side(second, first, allowed)] as const;
    const sharedPassage =
      both[0].best.passage === both[1].best.passage ? this.#passages[both[0].best.passage] : undefined;
    if (!sharedPassage) return { both, shared: [] };
    // A term's page defines one of them; an essay's passage that names both ("What MiCA and the GENIUS
    // Act change") is not a side's page: only it is set aside, not the whole essay.
    const fromShared = (hit: Ranked) =>
      sharedPassage.type === 'essay'
        ? hit.passage === both[0].best.passage
        : this.#passages[hit.passage]!.slug === sharedPassage.slug;
    const one = this.#side(first, second, allowed, fromShared);
    const other = this.#side(second, first, allowed, (hit) => fromShared(hit) || hit.passage === one.best.passage);
    return { both: [one, other] as const, shared: [both[0].best] };
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
  ): FoundSide {
    const otherWords = other.split(' ');
    const readings = side.includes(' ') || otherWords.length < 2 ? [side] : [`${side} ${otherWords.at(-1)}`, side];
    for (const reading of avoid ? [] : readings) {
      const defined = this.#ranking.defined(reading, allowed);
      if (defined) return { best: defined, plan: this.#planner.plan(reading) };
    }
    const plan = this.#planner.plan(side);
    // A side is a name or two: its words find it, and meaning would cost a scan per side.
    const { ranked } = this.#ranking.rank(plan, parseQuestion(side), allowed);
    const best = ranked.find((hit) => !avoid?.(hit));
    const passing = !this.#endsInDefinitionOf(side, best, allowed) && this.#inPassing(plan, ranked, best);
    return { best: best ?? { passage: -1, score: 0, coverage: 0, confidence: 0 }, plan, passing };
  }

  /**
   * Whether a side ends in the name of the term whose definition is its best passage ("encoder models
   * like BERT" names BERT): the content covers that side, however few passages hold all its words.
   * Its last words, since they say what the side is ("learning-rate warmup" is a warmup, not a rate).
   */
  #endsInDefinitionOf(side: string, best: Ranked | undefined, allowed: ReadonlySet<AskDocumentType>): boolean {
    if (best === undefined || this.#passages[best.passage]!.type !== 'glossary') return false;
    const words = side.split(' ');
    return [1, 2, 3].some(
      (length) =>
        length < words.length &&
        this.#ranking.defined(words.slice(-length).join(' '), allowed)?.passage === best.passage,
    );
  }

  /**
   * Whether the content mentions a side only in passing: in PASSING_MENTIONS passages at most, none
   * of them about it ("frameworks such as PyTorch do it for you").
   */
  #inPassing(plan: Plan, ranked: readonly Ranked[], best: Ranked | undefined): boolean {
    if (ranked.filter((hit) => hit.coverage >= 1).length > PASSING_MENTIONS) return false;
    const named = (hit: Ranked) =>
      plan.concepts.every((concept) => concept.alternatives[0]!.some((term) => this.#ranking.names(term, hit.passage)));
    return !best || !named(best);
  }
}
