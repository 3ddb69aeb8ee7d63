// A comparison ("rollup vs sidechain", "how do zk-SNARKs differ from zk-STARKs"): the best passage
// for each side, the passages that lead its sources (a section whose heading names both sides, one
// that holds what is asked beyond them, the term both sides name), what its answer quotes and the
// sentence that sets the sides against each other. AskIndex (ask-index.ts) asks it of a question
// with two sides.
import { bestPerSource, contrastingSentence, contrasts, sentenceNames } from './answer-shape.ts';
import type { AskDocumentType, AskPassage } from './ask-documents.ts';
import { comparedPassages, comparisonQuotes, type QuotingContext } from './answer-passages.ts';
import { asksBeyond, ranksNames, writtenCase } from './comparison-asked.ts';
import { ComparisonSides, type FoundSide } from './comparison-sides.ts';
import { leadComparison, type ComparisonRole } from './comparison-lead.ts';
import { DECLINE_CALIBRATION, sideDeclines, type DeclineContext } from './decline.ts';
import { beyondSides, LEAD_CANDIDATES } from './lead-rerank.ts';
import type { PassageRanking, Ranked } from './passage-ranking.ts';
import type { Concept, Plan, QueryPlanner } from './query-plan.ts';
import type { Question } from './question.ts';
import { sentencesOf } from './sentences.ts';
import { saysAnyName, terms } from './text.ts';

/** Below this confidence a side is not answered (the bar of every answer: decline.ts). */
const MIN_CONFIDENCE = DECLINE_CALIBRATION.minConfidence;
/** Passages searched, best first, for a sentence that contrasts a comparison's sides. */
const CONTRAST_CANDIDATES = 30;
/** A comparison's joint passage (one that speaks to both sides) follows the sides from here. */
const JOINT_COVERAGE = 0.9;

/**
 * A comparison with no side answered: declined for the names it ranks and never explains
 * (#unexplainedRanked), else undefined, and the whole question is searched.
 */
const declinedForUnexplained = (unexplained: readonly string[]) =>
  unexplained.length === 0
    ? undefined
    : ({
        leading: [],
        answerPassages: [],
        budget: undefined,
        declined: true,
        unexplained,
        confidence: 0,
        contrast: undefined,
      } as const);

/** "Are they the same?", "the same thing as": whether two things are one is what their definitions say. */
const ASKS_IDENTITY = /\bsame\b/i;

/** What comparing needs of the index. */
export interface ComparisonContext {
  passages: readonly AskPassage[];
  ranking: Pick<PassageRanking, 'passagesBeside' | 'sourceOf' | 'defined' | 'names' | 'rank' | 'speaksTo'>;
  planner: Pick<QueryPlanner, 'plan'>;
  quoting: QuotingContext;
  declineContext: DeclineContext;
  /** Whether some words are talk (AskIndex#isTalk): they ask nothing beyond the sides. */
  isTalk(words: string): boolean;
}

export class Comparisons {
  readonly #passages: readonly AskPassage[];
  readonly #ranking: ComparisonContext['ranking'];
  readonly #planner: ComparisonContext['planner'];
  readonly #quoting: QuotingContext;
  readonly #declineContext: DeclineContext;
  readonly #isTalk: (words: string) => boolean;
  readonly #sideFinder: ComparisonSides;
  /** The first passage of each essay section, by slug and heading: a subsection's section (`within`). */
  readonly #sectionStarts = new Map<string, number>();

  constructor(context: ComparisonContext) {
    this.#passages = context.passages;
    this.#ranking = context.ranking;
    this.#planner = context.planner;
    this.#quoting = context.quoting;
    this.#declineContext = context.declineContext;
    this.#isTalk = (words) => context.isTalk(words);
    this.#sideFinder = new ComparisonSides(context);
    context.passages.forEach((passage, at) => {
      const key = `${passage.slug}\n${passage.section}`;
      if (passage.type === 'essay' && !this.#sectionStarts.has(key)) this.#sectionStarts.set(key, at);
    });
  }

  /**
   * A comparison: the best passage for each side (a side below the confidence bar drops out), led by
   * a passage that speaks to both when the top hit is one. Undefined when no side is answered.
   */
  compare(
    question: Question,
    [first, second]: readonly [string, string],
    plan: Plan,
    ranked: readonly Ranked[],
    allowed: ReadonlySet<AskDocumentType>,
  ) {
    const { both, shared } = this.#sideFinder.sides(first, second, allowed);
    const sides = both.filter(
      (side, at) => side.best.confidence >= MIN_CONFIDENCE && (at === 0 || side.best.passage !== both[0].best.passage),
    );
    const unexplained = this.#unexplainedRanked(question, both, shared, ranked);
    if (sides.length === 0) return declinedForUnexplained(unexplained);
    const top = ranked[0];
    const contrasting = this.#settingSidesApart(question, [first, second], sides, plan, ranked);
    const setting = contrasting ? this.#ranking.passagesBeside(contrasting.passage) : [];
    const joint = contrasting
      ? [contrasting]
      : top && top.coverage >= JOINT_COVERAGE && this.#passages[top.passage]!.type === 'essay'
        ? [top]
        : [];
    const scoreOf = (hit: Ranked) => ranked.find((other) => other.passage === hit.passage)?.score ?? top?.score ?? 0;
    const beyond =
      contrasting ??
      this.#beyondSides(plan, this.#sideNames(question, sides), [...shared, ...sides.map((side) => side.best)], ranked);
    const apart = comparedPassages(this.#quoting, sides, shared, [first, second]);
    // A section that sets the sides against each other answers what was asked: it is quoted after
    // each side's opening sentence, within a budget of words.
    const quotes = comparisonQuotes(this.#quoting, apart, beyond?.passage, plan, question);
    return {
      // The sides lead, in the order asked, and a passage that speaks to both follows them; an essay
      // section whose heading names both sides ("Dense versus sparse") sets them side by side: it
      // leads, and so does the term both sides name, after it. So does a section that holds what the
      // question asks beyond its sides ("when would I use which"). Which of them leads is weighed
      // against the whole question's match (comparison-lead.ts).
      leading: leadComparison(
        [
          ...this.#holding(contrasting).map((hit) => ({ hit, role: 'other' as const, matching: contrasting?.passage })),
          ...(beyond ? [{ hit: beyond, role: 'other' as const }] : []),
          ...shared.map((hit) => ({ hit: { ...hit, score: scoreOf(hit) }, role: 'shared' as const })),
          ...this.#definingFirst(sides).map((side) => ({
            hit: { ...side.best, score: scoreOf(side.best) },
            role: (side === both[1] ? 'otherSide' : 'side') as ComparisonRole,
            standIn: !this.#headingNames(side.plan, side.best.passage),
          })),
          ...(contrasting ? [] : joint).map((hit) => ({ hit, role: 'other' as const })),
        ],
        ranked,
        this.#passages,
        this.#ranking.sourceOf,
        this.#saysBoth(question, both),
      ),
      answerPassages: quotes.passages,
      budget: quotes.budget,
      declined: this.#declined([first, second], both, unexplained),
      unexplained,
      confidence: Math.min(...sides.map((side) => side.best.confidence)),
      // With both sides answered, a sentence of the best passages that sets one against the other:
      // first of the section that sets them apart, any paragraph of it.
      contrast:
        sides.length === 2
          ? contrastingSentence(
              [...setting, ...[...joint, ...ranked.slice(0, CONTRAST_CANDIDATES)].map((hit) => hit.passage)].map(
                (passage) => this.#passages[passage]!,
              ),
              sides.map((side) => side.plan),
              setting.length,
            )
          : undefined,
    };
  }

  /**
   * The essay section that sets the sides apart and leads: one whose heading names both, else one
   * with a sentence that contrasts them, else one that discusses both when more is asked of them.
   */
  #settingSidesApart(
    question: Question,
    [first, second]: readonly [string, string],
    sides: ReadonlyArray<{ best: Ranked; plan: Plan }>,
    plan: Plan,
    ranked: readonly Ranked[],
  ): Ranked | undefined {
    return (
      this.#besideEachOther(question, ranked) ??
      this.#contrasting(first, second, ranked) ??
      this.#settingAgainst(sides, ranked) ??
      this.#discussingBoth(sides, ranked, plan, question)
    );
  }

  /**
   * With three sides or more ("Groth16 vs PLONK vs STARKs"), the first of the best-ranked essay
   * sections whose heading names none of them and that says something of each in a sentence naming
   * no other: a section about one side, or one sentence listing all, does not set them side by side.
   * Whether they are the same is what their definitions say.
   */
  #besideEachOther(question: Question, ranked: readonly Ranked[]): Ranked | undefined {
    if (!question.sides || !question.moreSides || ASKS_IDENTITY.test(question.text)) return undefined;
    const sides = [...question.sides, ...question.moreSides].map((side) => this.#planner.plan(side));
    const alone = (sentences: readonly string[], at: number) =>
      sentences.some((sentence) => sides.every((side, other) => sentenceNames(sentence, side) === (other === at)));
    return ranked.slice(0, CONTRAST_CANDIDATES).find((hit) => {
      if (this.#passages[hit.passage]!.type !== 'essay' || sides.some((side) => this.#headingNames(side, hit.passage)))
        return false;
      const sentences = this.#ranking.passagesBeside(hit.passage).flatMap((at) => sentencesOf(this.#passages[at]!));
      return sides.every((_, at) => alone(sentences, at));
    });
  }

  /**
   * Of the fused ranking's best few sources, the essay section that holds what a comparison asks
   * beyond its sides (lead-rerank.ts), if the question asks enough beyond them.
   */
  #beyondSides(
    plan: Plan,
    named: readonly string[][],
    sides: readonly Ranked[],
    ranked: readonly Ranked[],
  ): Ranked | undefined {
    const read = (hit: Ranked) => ({
      passage: this.#passages[hit.passage]!,
      source: this.#ranking.passagesBeside(hit.passage).map((passage) => this.#passages[passage]!),
    });
    const candidates = bestPerSource(ranked, this.#ranking.sourceOf, LEAD_CANDIDATES);
    // Words of talk ("real talk", "be honest") ask nothing beyond the sides.
    const asked = (concepts: Plan['concepts'] | undefined) =>
      concepts?.filter((concept) => !this.#isTalk(concept.asked.join(' ')));
    const meant = { ...plan, concepts: asked(plan.concepts)!, whole: asked(plan.whole) };
    return candidates[beyondSides(sides.map(read), candidates.map(read), meant, named)];
  }

  /**
   * Whether a comparison is declined: a side the content does not cover, by the decision a question
   * of its own would get, declines it all; so do two sides it only mentions in passing: it cannot
   * set them side by side; and so does a ranking of names it never explains (#unexplainedRanked).
   */
  #declined(asked: readonly [string, string], both: readonly FoundSide[], unexplained: readonly string[]) {
    return (
      both.some((side, at) => sideDeclines(asked[at]!, side, this.#declineContext)) ||
      both.every((side) => side.passing) ||
      unexplained.length > 0
    );
  }

  /**
   * The sides no term or heading of the content explains, when the comparison ranks names
   * (ranksNames) and no sentence weighs one against the other: it is declined for them. Empty
   * otherwise.
   */
  #unexplainedRanked(
    question: Question,
    both: readonly FoundSide[],
    shared: readonly Ranked[],
    ranked: readonly Ranked[],
  ): readonly string[] {
    const texts = ranked.slice(0, CONTRAST_CANDIDATES).map((hit) => this.#passages[hit.passage]!.text);
    if (!ranksNames(question, texts)) return [];
    // A page both sides found (Adam and AdamW on the optimiser's page) explains both; a side the
    // passages write in lowercase ("Standard Attention" as "standard attention") is a kind, no name.
    const explains = (side: FoundSide, at: number) =>
      [side.best, ...shared].some((hit) => hit.passage >= 0 && this.#headingNames(side.plan, hit.passage)) ||
      (/\p{Lu}/u.test(question.sides![at]!) && writtenCase(question.sides![at]!, texts) === 'lowercase');
    const unexplained = question.sides!.filter((_, at) => !explains(both[at]!, at));
    return unexplained.length === 0 || this.#weighsSides(both, ranked) ? [] : unexplained;
  }

  /**
   * Whether a sentence of the best passages sets the sides against each other ("40% smaller and 60%
   * faster than BERT"): the content weighs them, though it explains neither (review of 30 November).
   */
  #weighsSides(both: readonly FoundSide[], ranked: readonly Ranked[]): boolean {
    const plans = both.map((side) => side.plan);
    return ranked.slice(0, CONTRAST_CANDIDATES).some((hit) => {
      return sentencesOf(this.#passages[hit.passage]!).some((sentence) => contrasts(sentence, plans));
    });
  }

  /**
   * The sides in the order asked, unless the second is a kind of the first ("ether vs wrapped
   * ether": its words hold the first's) whose definition names the first ("a token that represents
   * ether one for one"): that definition says how the two relate, and leads.
   */
  #definingFirst<Side extends { best: Ranked; plan: Plan }>(sides: readonly Side[]): readonly Side[] {
    const [one, other] = sides;
    if (!one || !other) return sides;
    const words = (side: Side) => side.plan.concepts.flatMap((concept) => concept.alternatives[0]!);
    const kind = words(one).every((term) => words(other).includes(term));
    const namesOne =
      this.#passages[other.best.passage]!.kind === 'definition' &&
      words(one).every((term) => this.#ranking.speaksTo(term, other.best.passage));
    return kind && namesOne ? [other, one] : sides;
  }

  /**
   * The section a subsection that sets the sides against each other sits in ("Sampling, and cutting
   * off the tail" holds "Top-k" and "Top-p"): the page shows its heading above both, so it leads.
   */
  #holding(hit: Ranked | undefined): Ranked[] {
    if (!hit) return [];
    const { slug, within } = this.#passages[hit.passage]!;
    const start = within === undefined ? undefined : this.#sectionStarts.get(`${slug}\n${within}`);
    return start === undefined ? [] : [{ ...hit, passage: start }];
  }

  /**
   * Of the fused ranking's best few sources, the first essay section with a sentence that sets the
   * sides against each other ("ReAct relied on the prompt … Toolformer asked whether …" is two; "PLONK
   * attacked the per-circuit ceremony of Groth16" is one).
   */
  #settingAgainst(
    answered: ReadonlyArray<{ best: Ranked; plan: Plan }>,
    ranked: readonly Ranked[],
  ): Ranked | undefined {
    const sides = this.#ownWords(answered);
    if (!sides) return undefined;
    const candidates = bestPerSource(ranked, this.#ranking.sourceOf, LEAD_CANDIDATES).filter(
      (hit) => this.#passages[hit.passage]!.type === 'essay',
    );
    const section = (hit: Ranked) =>
      this.#ranking.passagesBeside(hit.passage).map((passage) => this.#passages[passage]!);
    // About a side: its heading names one ("PLONK: one setup for every circuit").
    const others = (hit: Ranked) => sides.filter((side) => !this.#headingNames(side, hit.passage));
    return (
      candidates.find(
        (hit) => others(hit).length < sides.length && contrastingSentence(section(hit), sides) !== undefined,
      ) ??
      // Failing that, a section about one side whose sentence sets the other against it, leaving
      // its own side to the heading ("This is different from a jailbreak, …; in an injection the
      // user is the victim" under "Prompt injection: the central security problem").
      candidates.find((hit) => {
        const unnamed = others(hit);
        return unnamed.length === 1 && contrastingSentence(section(hit), unnamed) !== undefined;
      })
    );
  }

  /** Whether a passage's names (its heading, its term's names) name every concept of a side. */
  #headingNames(side: Plan, passage: number): boolean {
    return side.concepts.every((concept) =>
      concept.alternatives.some((terms) => terms.every((term) => this.#ranking.names(term, passage))),
    );
  }

  /**
   * Each side by the words its own passage uses ("plain function calling" is "function calling");
   * undefined unless both sides are answered, each in some of its words.
   */
  #ownWords(answered: ReadonlyArray<{ best: Ranked; plan: Plan }>): Plan[] | undefined {
    if (answered.length < 2) return undefined;
    // A passage's names hold the side as the content names it: "function calling" of "plain function
    // calling", where the definition's "plain text" is no word of that side. Names that leave the two
    // sides one ("finality" of "finality on Bitcoin" and "… on Ethereum") do not tell them apart.
    const holding = (best: Ranked, has: (term: string, at: number) => boolean) => (concept: Concept) =>
      concept.alternatives.some((terms) => terms.every((term) => has(term, best.passage)));
    const named = answered.map(({ best, plan }) =>
      plan.concepts.filter(holding(best, (term, at) => this.#ranking.names(term, at))),
    );
    const asked = (concepts: readonly Concept[]) => concepts.map((concept) => concept.asked.join(' ')).join('\n');
    const byNames = named.every((concepts) => concepts.length > 0) && asked(named[0]!) !== asked(named[1]!);
    const sides = answered.map(({ best, plan }, at) => ({
      ...plan,
      concepts: byNames
        ? named[at]!
        : plan.concepts.filter(holding(best, (term, at) => this.#ranking.speaksTo(term, at))),
    }));
    return sides.some((side) => side.concepts.length === 0) ? undefined : sides;
  }

  /**
   * Of the fused ranking's best few sources, the first essay section that speaks to both sides, when
   * both are answered by their definitions and the question asks something of them beyond what they
   * are ("ERC-721 vs ERC-1155: when would I use which", "… the practical difference when I withdraw"):
   * a definition says what one thing is, a section that discusses both says how they play out. A
   * bare "X vs Y", or one that asks whether they are the same, is answered by the definitions.
   */
  #discussingBoth(
    answered: ReadonlyArray<{ best: Ranked; plan: Plan }>,
    ranked: readonly Ranked[],
    plan: Plan,
    question: Question,
  ): Ranked | undefined {
    if (answered.some((side) => this.#passages[side.best.passage]!.kind !== 'definition')) return undefined;
    // One side's definition naming the other ("wrapped ether") says how the two relate: it leads.
    if (this.#definingFirst(answered)[0] !== answered[0]) return undefined;
    if (ASKS_IDENTITY.test(question.text) || !asksBeyond(plan, question, answered)) return undefined;
    const sides = this.#ownWords(answered);
    if (!sides) return undefined;
    const speaks = (side: Plan, passages: readonly number[]) =>
      side.concepts.every((concept) =>
        concept.alternatives.some((terms) =>
          terms.every((term) => passages.some((passage) => this.#ranking.speaksTo(term, passage))),
        ),
      );
    // Each side's own word may be everyday ("work" of "proof of work"): the section says one side as
    // asked or by one of its names of more than a word, whole ("is proof of stake less secure than
    // proof of work" met a rollup section on "fraud proofs" and "work").
    const names = this.#sideNames(question, answered);
    return bestPerSource(ranked, this.#ranking.sourceOf, LEAD_CANDIDATES).find((hit) => {
      const section = this.#ranking.passagesBeside(hit.passage);
      return (
        this.#passages[hit.passage]!.type === 'essay' &&
        sides.every((side) => speaks(side, section)) &&
        section.some((passage) => saysAnyName(terms(this.#passages[passage]!.text), names))
      );
    });
  }

  /** Whether a passage's section or term says each side by one of its names, whole (#sideNames). */
  #saysBoth(question: Question, both: ReadonlyArray<{ best: Ranked }>) {
    const names = both.map((side, at) =>
      this.#sideNames({ ...question, sides: [question.sides![at]!, ''] }, side.best.passage < 0 ? [] : [side]),
    );
    return (passage: number) => {
      const said = this.#ranking.passagesBeside(passage).map((at) => terms(this.#passages[at]!.text));
      return names.every((side) => said.some((words) => saysAnyName(words, side)));
    };
  }

  /**
   * A comparison's sides as asked and by their passages' names of more than a word ("PoS" or
   * "staking" of "proof of stake" are said in passing), as terms: what a section that discusses the
   * sides says of one of them.
   */
  #sideNames(question: Question, sides: ReadonlyArray<{ best: Ranked }>): string[][] {
    const named = sides.flatMap((side) => this.#passages[side.best.passage]!.names.map(terms));
    // A side as asked may carry a modifier the content leaves off ("DAO token holders"): any two of
    // its words in a row will do.
    const asked = (question.sides ?? [])
      .map(terms)
      .flatMap((side) => (side.length <= 2 ? [side] : side.slice(1).map((word, at) => [side[at]!, word])));
    return [...asked, ...named.filter((name) => name.length > 1)];
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
}
