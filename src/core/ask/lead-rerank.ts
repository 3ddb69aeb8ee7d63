// Choosing the lead among the best few sources after fusion: a glossary term that only says what a
// thing is against an essay section that says why it happens or how to do it. A few transparent
// features per candidate source, weighed by LEAD_WEIGHTS (fitted by bench/ask-rerank-fit.mjs on the
// development sets, each held out in turn), decide which of them leads; the rest keep their order.
import { askedKind, asksConfirmation, headingUses, HEADING_QUESTION_WORD, type AskedKind } from './answer-kind.ts';
import type { AskPassage } from './ask-documents.ts';
import { bestPerSource } from './answer-shape.ts';
import { conceptPattern } from './excerpts.ts';
import { pointsBack, type Question } from './question.ts';
import { asksVaguely, type Concept, type Plan } from './query-plan.ts';
import { heaviest } from './feature-weights.ts';
import { isHome, isOpening, sameEssay, treatedIn } from './lead-home.ts';
import { sentencesOf } from './sentences.ts';
import { saysAnyName, terms } from './text.ts';

/** The features of one candidate source, each between -1 and 1 (see leadFeatures). */
export interface LeadFeatures {
  /** Its fused score against the best's, as a log ratio (0 for the best, negative below). */
  margin: number;
  /** How much of the question its best sentence of the kind asked (a cause, a step, a figure) speaks to. */
  kind: number;
  /**
   * Share of the question's concepts that its names (term names, heading, "asked" phrasings) name;
   * of its circumstances' too when its question part is vague (asksVaguely).
   */
  subject: number;
  /** Share of its own names' words that the question uses: a narrow source, all of it asked. */
  specific: number;
  /** 1 when its type suits the kind asked (an essay for why, how, which differs; a term for what is), -1 when not. */
  type: number;
  /**
   * Share of the question beyond the candidates' glossary terms that its text speaks to: what is
   * asked besides the thing defined ("how big is the bonus" of a liquidation, "where the name came
   * from" of RAG), which a section on the thing may hold and a definition rarely does.
   */
  beyond: number;
  /**
   * 1 for the term's home: the section whose heading starts with a name of the glossary term that
   * leads the fused ranking ("Liquidations: the machinery…" for liquidation), when the question asks
   * a kind of thing (why, how, how many, what is) rather than naming a topic, and the section speaks
   * to more of what it asks beyond the terms than the term does (HOME_BEYOND). A heading that only
   * contains the name ("AI as an oracle") is not its home.
   */
  home: number;
  /**
   * 1 for a section of the fused lead's essay whose heading uses the question word of the kind
   * asked ("Why the same mistakes repeat" for "why do bridges keep getting hacked"): the fused
   * ranking found the essay, and of its sections this one says why (or how). Only within the lead's
   * essay: a why-heading elsewhere ("Why the base layer cannot simply go faster") took questions
   * from the Plasma term and from other essays' sections (ask-dev, retired, dev2, dev3, dev4 one
   * first fewer each at weight 0.5).
   */
  asks: number;
  /**
   * For a question asking a figure (how many, how long, how much): the share of the question (by
   * IDF, its circumstances' words too) that its best sentence names within FIGURE_REACH words of a
   * number ("21,000 gas", "each slot is 12 seconds"). A sentence that only holds some number
   * somewhere (kind) does not say the figure asked: the base fee term's "EIP-1559" against the
   * section's "can rise by at most 12.5% per block".
   */
  figure: number;
  /**
   * For a how-question, 1 for a section whose heading names the glossary term that leads the fused
   * ranking and says more ("Prompt injection: the central security problem", "Chunking sets the
   * ceiling"): the term says what the thing is, the section how it works or is done (treatedIn). At
   * 0.4, one right first more on ask-dev2, 5, 6, 7 and 8, none lost; for why-questions it lost ask-dev2 one.
   */
  treats: number;
  /**
   * 1 for a section that treats the fused lead's glossary term (its heading names the term and
   * more) and speaks to more of the question beyond the terms than the term does, when a long
   * question names the term only while telling its circumstances and its question part asks
   * something of its own (`asksOfCase`): "We serve a 7B model … running out of GPU memory …. What is
   * eating the memory?" is answered by "Inference and the KV cache", not the KV cache's definition.
   * At weight 1 (as at 1.5; 0.6 lost ask-dev11's): right first on ask-dev3, ask-dev6 and ask-dev11
   * one more each, ask-dev11 one key fact more, ask-dev3 one fewer (its section's quoted paragraph
   * lacks the fact the term held); a flat push of any section for such questions was zero-sum.
   */
  caseTreats: number;
  /**
   * 1 for an essay's introduction (its text before the first heading): it previews every section,
   * so it speaks to a little of much and answers little of it; the section on what is asked does.
   * It led 11 questions of the twelve development sets, 1 rightly. At -0.1 (every held-out split
   * fits -0.1): right first and key fact retired and ask-dev9 one more each, none lost.
   */
  opening: number;
}

export type LeadWeights = Record<keyof LeadFeatures, number>;

/** Chosen by bench/ask-rerank-fit.mjs (refit on 13 sets: confirmed); a zero weight leaves its feature out. */
export const LEAD_WEIGHTS: LeadWeights = {
  margin: 1,
  kind: 0.1,
  subject: 1,
  specific: 0,
  type: 0.1,
  beyond: 0.5,
  home: 0.4,
  asks: 0.5,
  figure: 1.25,
  treats: 0.4,
  caseTreats: 1,
  opening: -0.1,
};
/** Sources (the best passage of each) among which the lead is chosen. */
export const LEAD_CANDIDATES = 4;

const SENTENCE_KINDS: Partial<Record<AskedKind, RegExp>> = {
  cause:
    /\b(?:because|since|therefore|hence|thus|so that|due to|leads? to|led to|causes?|caused|results? in|the reason|which means|this means|as a result|otherwise)\b|,\s+so\b/i,
  procedure:
    /^(?:first|then|next|finally|to\s+\w+|use|start|set|add|run|pick|choose|keep|give|make|check|ask|split|train|write)\b|\b(?:step|steps|first|then|you can|you (?:need|should)|by (?:\w+ing))\b/i,
  contrast:
    /\b(?:whereas|while|unlike|instead|rather than|in contrast|by contrast|on the other hand|but|differs?|difference|than)\b/i,
  figure: /\d/,
  definition: /\b(?:is|are)\s+(?:an?|the|one)\b|\brefers?\s+to\b|\bmeans\b|\bcalled\b/i,
};

const TYPE_SUITS: Record<AskedKind, 'essay' | 'definition' | undefined> = {
  cause: 'essay',
  procedure: 'essay',
  contrast: 'essay',
  figure: undefined,
  definition: 'definition',
  other: undefined,
};

/**
 * How well a source's sentences of the kind asked speak to the question: of its sentences with a
 * cause, a step, a contrast or a figure, the best share of the question's concepts one mentions (a
 * stem starts one of its words, as in excerpts.ts). 0 when the kind has no pattern.
 */
function kindAnswer(passages: readonly AskPassage[], kind: AskedKind, concepts: readonly RegExp[]): number {
  const pattern = SENTENCE_KINDS[kind];
  if (!pattern || concepts.length === 0) return 0;
  let best = 0;
  for (const passage of passages)
    for (const sentence of sentencesOf(passage)) {
      if (!pattern.test(sentence)) continue;
      const mentioned = concepts.filter((concept) => concept.test(sentence)).length;
      best = Math.max(best, mentioned / concepts.length);
    }
  return best;
}

/**
 * A number as a word of a sentence: "12", "$2,000", "82.5%", "(4,096", and one joined to its unit
 * ("12-second", "4-bit"; dev7 one right first more). Not a name's digits ("EIP-1559", "Groth16").
 */
const NUMBER_WORD = /^[$(]?\d[\d,.]*%?(?:-\p{Ll}+)?[),.;:]*$/u;
/**
 * The measure a figure question names after "how" ("how long", "how big"): what the figure is, not
 * what it is about, so no subject a source's names should say. "How far can ETH fall before
 * liquidation" had the section whose heading held "far" lead (dev5, dev7 one right first more each).
 */
const MEASURE_ASKED = /\bhow\s+(long|big|large|fast|old|often|low|high|far)\b/i;
/** How many words from a number a concept may stand to count as what the number measures. */
const FIGURE_REACH = 3;

/** A concept and its pattern, with its IDF. */
interface Sought {
  pattern: RegExp;
  idf: number;
}

/** The IDF of the concepts a sentence names within FIGURE_REACH words of one of its numbers. */
function measuredIn(sentence: string, sought: readonly Sought[]): number {
  const words = sentence.split(/\s+/);
  const numbers = words.flatMap((word, at) => (NUMBER_WORD.test(word) ? [at] : []));
  if (numbers.length === 0) return 0;
  const nearNumber = (at: number) => numbers.some((number) => Math.abs(number - at) <= FIGURE_REACH);
  let measured = 0;
  for (const { pattern, idf } of sought)
    if (words.some((word, at) => nearNumber(at) && pattern.test(` ${word}`))) measured += idf;
  return measured;
}

/** What a figure question seeks (LeadFeatures.figure): its concepts' patterns, read once per search. */
function soughtFigure(concepts: readonly Concept[]): { sought: Sought[]; total: number } {
  const sought = concepts.map((concept) => ({ pattern: conceptPattern(concept, false), idf: concept.idf }));
  return { sought, total: concepts.reduce((sum, concept) => sum + concept.idf, 0) };
}

/** LeadFeatures.figure: the best share of the question's IDF a sentence names next to a number. */
function figureAnswer(passages: readonly AskPassage[], { sought, total }: ReturnType<typeof soughtFigure>): number {
  if (total === 0) return 0;
  let best = 0;
  for (const passage of passages)
    for (const sentence of sentencesOf(passage)) best = Math.max(best, measuredIn(sentence, sought));
  return best / total;
}

/** What a passage is about: its names, and a term's ways of being asked for. */
function aboutOf(passage: AskPassage): Set<string> {
  return new Set([
    ...terms(passage.names.join(' ')),
    ...terms(`${passage.type === 'glossary' ? passage.context : ''} ${passage.asked ?? ''}`),
  ]);
}

/** Whether some way of saying a concept is all among a passage's names (a word in passing never is). */
const namesConcept = (about: ReadonlySet<string>, concept: Concept) =>
  !concept.passing && concept.alternatives.some((sequence) => sequence.every((term) => about.has(term)));

/**
 * What the question asks beyond the things some passages name (the candidates' glossary terms, a
 * comparison's sides), as patterns with their IDF, and the question's whole IDF. A long question's
 * circumstances count: "who gets a bonus when a loan is liquidated" asks of the bonus, though its
 * question part is "how big".
 */
function beyondTerms(defined: readonly AskPassage[], plan: Plan) {
  const concepts = plan.whole ?? plan.concepts;
  const named = defined.map(aboutOf);
  const rest = concepts.filter((concept) => !named.some((about) => namesConcept(about, concept)));
  const total = concepts.reduce((sum, concept) => sum + concept.idf, 0);
  return { rest: rest.map((concept) => ({ pattern: conceptPattern(concept, false), idf: concept.idf })), total };
}

/** Share of the question's IDF, among what it asks beyond the terms, that a source's text mentions. */
function beyondShare(source: readonly AskPassage[], beyond: ReturnType<typeof beyondTerms>): number {
  if (beyond.total === 0) return 0;
  let mentioned = 0;
  for (const { pattern, idf } of beyond.rest)
    if (source.some((passage) => pattern.test(passage.text))) mentioned += idf;
  return mentioned / beyond.total;
}

/** Whether a long question's question part (not its circumstances) names no glossary term. */
const partNamesNoTerm = (plan: Plan) =>
  plan.whole !== undefined && !plan.concepts.some((concept) => concept.named && !concept.circumstance);

/**
 * Whether a long question's "what is …" question part names nothing the glossary knows ("…, what
 * are my options", "…, what's behind that", "…, what is eating the memory"): it asks what happens
 * or what to do in the circumstances, which an essay section says, not what a thing is. Measured on
 * the development sets: right first on ask-dev2 and ask-dev7 one question more, ask-dev5 two (three
 * of them situations), no set lost one; key facts, declines, wrappers and probes as before.
 */
const asksOfCircumstances = (kind: AskedKind, plan: Plan) => kind === 'definition' && partNamesNoTerm(plan);

/**
 * Whether a long question's question part asks something of the case its circumstances tell: it
 * names no glossary term of its own and points back at nothing ("…, what is eating the memory",
 * "…, what's the concern"), so a term the circumstances name is only where the case happens, not
 * what is asked. A part that points back ("…, what did they mean", "how do I avoid it") may ask of
 * the term itself.
 */
const asksOfCase = (plan: Plan, question: Question) => partNamesNoTerm(plan) && !pointsBack(question.text);

/** LeadFeatures.caseTreats of each candidate, given their shares beyond the terms. */
function casesTreated(candidates: readonly LeadCandidate[], shares: readonly number[], ofCase: boolean): number[] {
  const lead = candidates[0]?.passage;
  return candidates.map(({ passage }, at) => Number(ofCase && shares[at]! > shares[0]! && treatedIn(passage, lead)));
}

/** A candidate source: its best passage's score, the passage, and the source's passages. */
export interface LeadCandidate {
  score: number;
  passage: AskPassage;
  source: readonly AskPassage[];
}

/**
 * The concepts a source's names should say (LeadFeatures.subject): not the measure a figure question
 * names. A vague question part (asksVaguely) has them read from the whole question (Plan.whole): "our
 * document bot keeps blending last year's policies with this year's, what kind of failure is this"
 * asked of "failure" alone, which a stablecoin essay's "Failure mode four" names whole.
 */
function subjectConcepts(question: Question, plan: Plan): Concept[] {
  const measured = MEASURE_ASKED.exec(question.text)?.[1]?.toLowerCase();
  const concepts = asksVaguely(plan) ? (plan.whole ?? plan.concepts) : plan.concepts;
  return concepts.filter((concept) => concept.asked.join(' ').toLowerCase() !== measured);
}

/** The features of each candidate, the first being the fused ranking's lead. */
export function leadFeatures(candidates: readonly LeadCandidate[], question: Question, plan: Plan): LeadFeatures[] {
  const kind = askedKind(question);
  const asked = new Set(plan.concepts.flatMap((concept) => concept.alternatives.flat()));
  const subjectOf = subjectConcepts(question, plan);
  const top = Math.max(candidates[0]?.score ?? 0, Number.MIN_VALUE);
  const concepts = plan.concepts.map((concept) => conceptPattern(concept, false));
  const glossary = candidates.map((candidate) => candidate.passage).filter((passage) => passage.type === 'glossary');
  const beyond = beyondTerms(glossary, plan);
  const shares = candidates.map((candidate) => beyondShare(candidate.source, beyond));
  // A claim put for confirmation ("… right?", "… or nah") suits an essay: a section can correct it,
  // a definition cannot (ask-dev4 one more right first, no other set moved).
  const suits = asksOfCircumstances(kind, plan)
    ? 'essay'
    : (TYPE_SUITS[kind] ?? (asksConfirmation(question) ? 'essay' : undefined));
  const figure = kind === 'figure' ? soughtFigure(plan.whole ?? plan.concepts) : undefined;
  const treated = kind === 'procedure' ? candidates[0]?.passage : undefined;
  const caseTreated = casesTreated(candidates, shares, asksOfCase(plan, question));
  return candidates.map(({ score, passage, source }, at) => {
    const beyondHere = shares[at]!;
    const own = terms(passage.names.join(' '));
    const about = aboutOf(passage);
    const named = subjectOf.filter((concept) => namesConcept(about, concept));
    const is = passage.type === 'essay' ? 'essay' : 'definition';
    return {
      margin: Math.log(Math.max(score, Number.MIN_VALUE) / top),
      kind: kindAnswer(source, kind, concepts),
      subject: subjectOf.length === 0 ? 0 : named.length / subjectOf.length,
      specific: own.length === 0 ? 0 : own.filter((term) => asked.has(term)).length / own.length,
      type: suits === undefined ? 0 : suits === is ? 1 : -1,
      beyond: beyondHere,
      home: isHome(kind, passage, beyondHere, candidates[0]?.passage, shares[0]!, plan.whole !== undefined) ? 1 : 0,
      asks: headingUses(HEADING_QUESTION_WORD[kind], passage) && sameEssay(passage, candidates[0]?.passage) ? 1 : 0,
      figure: figure ? figureAnswer(source, figure) : 0,
      treats: Number(treatedIn(passage, treated)),
      caseTreats: caseTreated[at]!,
      opening: Number(isOpening(passage)),
    };
  });
}

/**
 * The share of a comparison's question (by IDF) beyond what its sides' passages name from which an
 * essay section leads it: "ERC-721 vs ERC-1155: when would I use which?" asks for a section, a bare
 * "X vs Y" for its sides' terms. Chosen with each development set held out in turn (0.1 to 0.3 all
 * gain; 0 moves the tuning set's bare comparisons off their terms: 95.5 % to 87.6 %).
 */
export const BEYOND_SIDES = 0.2;

/** A passage and the passages of its source (a glossary term, an essay section). */
export type SourceRead = Omit<LeadCandidate, 'score'>;

/**
 * The place among `candidates` (best first) of the essay section that should lead a comparison
 * whose sides' passages are `sides`: when the question asks at least BEYOND_SIDES beyond them, the
 * best-ranked section that speaks to more of that than the sides' own pages do; -1 otherwise. (As
 * much was not enough: a section that speaks to none of it, as the sides' pages do not, led "rollup
 * vs sidechain, real talk".)
 */
export function beyondSides(
  sides: readonly SourceRead[],
  candidates: readonly SourceRead[],
  plan: Plan,
  sideNames: readonly string[][] = [],
): number {
  const beyond = beyondTerms(
    sides.map((side) => side.passage),
    plan,
  );
  const asked = beyond.rest.reduce((sum, concept) => sum + concept.idf, 0);
  if (beyond.total === 0 || asked / beyond.total < BEYOND_SIDES) return -1;
  const floor = Math.max(...sides.map((side) => beyondShare(side.source, beyond)));
  // It says one side whole (`sideNames`, as terms): a section on something else that speaks to
  // what is asked ("secure") holds nothing of the two.
  const saysASide = (source: readonly AskPassage[]) =>
    sideNames.length === 0 || source.some((passage) => saysAnyName(terms(passage.text), sideNames));
  return candidates.findIndex(
    (candidate) =>
      candidate.passage.type === 'essay' &&
      beyondShare(candidate.source, beyond) > floor &&
      saysASide(candidate.source),
  );
}

/** The place of the candidate that should lead (0: the fused ranking's lead stays). */
export const leadOf = (features: readonly LeadFeatures[], weights: LeadWeights = LEAD_WEIGHTS): number =>
  heaviest(features, weights);

/** What the reranker reads of the index: passages, their sources, and a source's passages. */
export interface LeadContext {
  passages: readonly AskPassage[];
  sourceOf: Int32Array;
  beside: (passage: number) => readonly number[];
  /** The definition of the glossary term a definition question's subject names, if any. */
  defined: (question: Question) => number | undefined;
}

/** Set by the fitting script only (bench/ask-rerank-fit.mjs): sees each search's candidates and features. */
export const leadTrace: {
  observe?: (candidates: readonly AskPassage[], features: readonly LeadFeatures[], kind: AskedKind) => void;
} = {};

interface Hit {
  passage: number;
  score: number;
  confidence: number;
}

/**
 * The fused ranking with its lead chosen among its best LEAD_CANDIDATES sources (leadOf); the others
 * keep their order. A candidate leads only from the same side of the confidence bar as the fused
 * lead, so whether the question is answered stays the fused ranking's call. Comparisons are led by
 * their sides (comparison.ts), and a what-is question by the definition of the term it names: left
 * as they are.
 */
export function rerankLead<Ranked extends Hit>(
  ranked: Ranked[],
  question: Question,
  plan: Plan,
  context: LeadContext,
  bar: number,
): Ranked[] {
  const [first] = ranked;
  // "What is calldata": the term's definition answers, whatever else the question's words name.
  if (!first || question.intent === 'comparison' || context.defined(question) === first.passage) return ranked;
  const sure = first.confidence >= bar;
  const candidates = bestPerSource(ranked, context.sourceOf, LEAD_CANDIDATES).filter(
    (hit) => hit.confidence >= bar === sure,
  );
  if (candidates.length < 2) return ranked;
  const passages = candidates.map((hit) => context.passages[hit.passage]!);
  const leadCandidates = candidates.map((hit, at) => ({
    score: hit.score,
    passage: passages[at]!,
    source: context.beside(hit.passage).map((passage) => context.passages[passage]!),
  }));
  const features = leadFeatures(leadCandidates, question, plan);
  // Below the bar an answer stands only when evidence about the lead vouches for it (decline.ts):
  // the home, led to by its heading alone, declined "how many operations per token does inference
  // cost? I keep seeing it mentioned everywhere" that its term answered.
  if (!sure) for (const each of features) each.home = 0;
  leadTrace.observe?.(passages, features, askedKind(question));
  const lead = candidates[leadOf(features)]!;
  return lead === first ? ranked : [lead, ...ranked.filter((hit) => hit !== lead)];
}
