// Which passages an answer quotes, once the best passage is known: of an essay section, the
// paragraph that answers best; of a glossary term, its definition and the paragraph that answers
// what the definition leaves out; of a comparison, each side's passage, or the page both sides name.
import type { AskPassage } from './ask-documents.ts';
import { COMPARISON_MAX_WORDS } from './answer-shape.ts';
import { conceptPattern, sentenceWeights, usesAllAsked } from './excerpts.ts';
import { FIGURE_SHARE, paragraphWeight, WORKED_SHARE } from './paragraph-weight.ts';
import { isVerdict } from './sentence-kinds.ts';
import type { PassageRanking, Ranked } from './passage-ranking.ts';
import { sectionLead } from './paragraph-choice.ts';
import { withoutAim } from './procedure-aim.ts';
import type { Concept, Plan } from './query-plan.ts';
import type { Question } from './question.ts';
import { sentencesOf } from './sentences.ts';
import { terms } from './text.ts';

/** A word asked that a term's definition says counts this share of its weight in the paragraph after it. */
const SAID_SHARE = 0.5;

/** A passage to quote (its index) and the plan its sentences are chosen by. */
export interface Quoted {
  passage: number;
  plan: Plan;
  /** Quote its first sentence only: a definition's, which says what the term is. */
  opening?: boolean;
  /** Quote its best sentence or two within the words the quotes before leave. */
  brief?: boolean;
  /**
   * Quote its best sentence alone, if it fits in the words the other quotes leave: an essay
   * section's paragraph that answers about as well as the one chosen (sectionQuotes); with `brief`,
   * its best sentence or two: the second source's after a section's quotes (secondQuote).
   */
  alone?: boolean;
  /**
   * Quote its best sentence, a short claim, and the sentences after it that bear it out, as many as
   * fit (claimBorneOut): a why answered by a claim (claimLeads) has its reason in the rest of the paragraph.
   */
  borneOut?: boolean;
}

/** What choosing needs of the index: its passages and each source's paragraphs. */
export interface QuotingContext {
  passages: readonly AskPassage[];
  ranking: Pick<PassageRanking, 'passagesBeside' | 'paragraphsOf' | 'definitionOf'>;
}

/**
 * What to quote of the best passage: a paragraph of a glossary term comes after the term's
 * definition, which says what the term is in the words a reader meets first on its page; and a
 * definition, when the question asks more than what the term is (why, how, how much), is followed
 * by the paragraph of its page that answers that best, weighing most what the definition leaves out.
 * `second`: the best passage of the source ranked second (an essay section after a term; after a
 * section, a term or another section that ranked close to it), whose best sentences follow the
 * lead's quote (secondQuote).
 */
export function quotedPassages(
  context: QuotingContext,
  passage: number,
  asked: Plan,
  question: Question,
  second?: number,
): Quoted[] {
  // A procedure's aim ("… so the discount kicks in") does not choose what is quoted (procedure-aim.ts).
  const plan = withoutAim(asked, question);
  const { type, kind, slug } = context.passages[passage]!;
  if (type !== 'glossary') {
    const section = context.ranking.passagesBeside(passage);
    const choosing = withinSection(context, section, askedKindOf(choosingWords(plan), question));
    const figures = question.intent === 'comparison' ? 1 : FIGURE_SHARE;
    const worked = plan.prefer === 'number' && !givesFigures(question) ? WORKED_SHARE : 1;
    const own = sectionQuotes(
      context,
      sectionTwo(context, section, choosing, figures, worked),
      passage,
      plan,
      choosing,
    );
    // After the section's own quotes, and only in the words they leave (alone): it never cuts them.
    const after = secondQuote(context, second, plan, own).map((each) => ({ ...each, alone: true }));
    return [...own, ...after];
  }
  if (kind === 'definition') {
    // "What is data availability sampling": the definition of data availability does not use
    // the word sampling, a paragraph of its page does. The term's names count as its words, but
    // not a name that extends its title ("data availability sampling"): that is a narrower thing.
    const { title, names: called, text } = context.passages[passage]!;
    const same = called.filter((name) => !name.toLowerCase().includes(title.toLowerCase()));
    const whole = question.intent === 'definition' && usesAllAsked(`${title} ${same.join(' ')} ${text}`, plan);
    const beyond = beyondDefinition(plan, text);
    // A definition asked in the term's own words is quoted whole, without a paragraph of its page;
    // the essay section ranked beside it follows, as after any definition (secondQuote): a "what is
    // X" asked by the bare name often wants the figure or mechanism an essay gives ("a single 32-byte
    // root"), and the page's own paragraphs add history more often. Dev sets: key fact +7 (retired +2, dev4 +1,
    // dev10 +4), none lost; answers 96.7 to 97.7 words on average (definitions 79.7 to 89.4). The
    // page's best paragraph sentence instead, where it fits: key fact +1.
    const more = whole ? undefined : answering(context, context.ranking.paragraphsOf(slug), beyond);
    const quoted =
      more === undefined
        ? [{ passage, plan }]
        : [
            { passage, plan },
            { passage: more, plan: beyond },
          ];
    return [...quoted, ...secondQuote(context, second, plan, quoted)];
  }
  const definition = context.ranking.definitionOf(slug);
  if (definition === undefined) return [{ passage, plan }];
  // The paragraph that ranked shares the most words with the question; the one quoted after the
  // definition is the one that answers what the definition leaves out, as for a definition that ranked.
  const beyond = beyondDefinition(plan, context.passages[definition]!.text);
  const more = answering(context, context.ranking.paragraphsOf(slug), beyond) ?? passage;
  const quoted = [
    { passage: definition, plan },
    { passage: more, plan: beyond },
  ];
  return [...quoted, ...secondQuote(context, second, plan, quoted)];
}

/**
 * What the source ranked second adds to the lead's quote: its paragraph that answers best, cut to
 * its best sentence or two within the words the lead's quote leaves. A term's page says what the
 * term is; the essay beside it often holds the number, the cause or the step asked ("about 18
 * percentage points", "a timelock on every path") in a sentence of its own. When the lead is a
 * section, the source close behind it is often the one that answers, the lead being wrong; its
 * sentence then holds what was asked. What the lead's quoted passages already say counts for less
 * (SAID_SHARE), as for the paragraph after a definition: the sentence that retells them adds
 * nothing (dev sets: key fact +2 after a term, none lost). Its paragraph is chosen as a section's
 * lead paragraph is (`whole`): by all the question's words it speaks to, not its best two sentences
 * alone; an essay's answer often spreads over more (dev sets: key fact +2 net). When its best
 * sentence does not fit in the words left, its best one that does is quoted (answer-shape.ts,
 * bestThatFits; dev sets: key fact +3, none lost).
 */
function secondQuote(
  context: QuotingContext,
  second: number | undefined,
  asked: Plan,
  quoted: readonly Quoted[],
): Quoted[] {
  if (second === undefined) return [];
  const said = quoted.map((each) => context.passages[each.passage]!.text).join(' ');
  const plan = beyondDefinition(asked, said);
  const best = answering(context, context.ranking.passagesBeside(second), plan, true);
  return best === undefined ? [] : [{ passage: best, plan, brief: true }];
}

/**
 * A plan for the paragraph quoted after a term's definition: what the definition already says
 * counts for less (SAID_SHARE), in choosing the paragraph and its sentences alike, or the sentence
 * that repeats the definition's words wins over the one that says what it left out ("how do I stop
 * reentrancy": "The standard fix is …" rather than another sentence naming reentrancy again).
 */
function beyondDefinition(plan: Plan, definition: string): Plan {
  const said = (concept: Concept) =>
    conceptPattern(concept).test(definition) ? { ...concept, idf: concept.idf * SAID_SHARE } : concept;
  return { ...plan, concepts: plan.concepts.map(said) };
}

/**
 * What a comparison quotes: each side's best passage; or, when both sides found one passage
 * (`common`: "hard fork" and "soft fork" share a page; an essay passage names both), it and the paragraph
 * of its page that names both sides and speaks best to them, which sets them against each other,
 * unless none does or a side's own passage elsewhere is about it (its title, heading or names say
 * all of the side). A side counts by the words it has that the other lacks ("hard", "soft"): both
 * are names of the one term. Quoting each side apart, the shared term's definition opens the answer:
 * that term leads the sources, and its definition often says what sets the sides apart ("checks every
 * transaction … itself, instead of trusting someone else's answer"; dev8, dev9 one key fact more each).
 */
export function comparedPassages(
  context: QuotingContext,
  sides: ReadonlyArray<{ best: Ranked; plan: Plan }>,
  common: readonly Ranked[],
  [first, second]: readonly [string, string],
): Quoted[] {
  const apart = sides.map((side) => ({ passage: side.best.passage, plan: side.plan }));
  const shared = common[0]?.passage;
  const [one, other] = [terms(first), terms(second)];
  const own = [one.filter((term) => !other.includes(term)), other.filter((term) => !one.includes(term))];
  if (shared === undefined || !sides[0]) return apart;
  const opening = { passage: shared, plan: sides[0].plan, opening: true };
  if (own.some((words) => words.length === 0)) return [opening, ...apart];
  // Sides quoted from passages about them ("Groth16: the smallest proofs") stay apart. About a side
  // is about all of it: "Multi-head attention" holds "multi", the word "multi-query attention" has
  // that "grouped-query attention" lacks, but is another thing. A passage's other name is about the
  // side when it is the side: "test set leakage" is a kind of leakage.
  const about = (side: number, words: readonly string[]) => {
    const { title, section, names } = context.passages[side]!;
    const headed = terms(`${title} ${section ?? ''}`);
    const same = (name: string) => terms(name).join(' ') === words.join(' ');
    return words.every((term) => headed.includes(term)) || names.some(same);
  };
  if (sides.some((side, at) => side.best.passage >= 0 && about(side.best.passage, [one, other][at]!)))
    return [opening, ...apart];
  const concepts = own.map((words) => ({ asked: words, idf: 1, alternatives: [words], named: false }));
  const both: Plan = { ...sides[0].plan, concepts, whole: undefined };
  // A page that sets the sides against each other names both in one paragraph; else each side's own
  // passage says more of it than the page that only names it.
  const namesBoth = (paragraph: number) =>
    concepts.every((concept) => conceptPattern(concept).test(context.passages[paragraph]!.text));
  const paragraphs = context.ranking.paragraphsOf(context.passages[shared]!.slug).filter(namesBoth);
  const more = answering(context, paragraphs, both);
  if (more === undefined) return [opening, ...apart];
  return [
    { passage: shared, plan: both },
    { passage: more, plan: both },
  ];
}

/**
 * What a comparison quotes when an essay section sets its sides against each other (`section`, a
 * passage of it, which leads its sources), and within how many words: each side's definition cut to
 * the sentence that says what the term is, then the section's paragraph that answers the question
 * best (quotedPassages), within COMPARISON_MAX_WORDS. The sides' definitions say what each is; the
 * section says how they differ, which is what was asked. Without such a section, or with a side
 * quoted from other than its definition, the sides as they are (`sides`) and no budget.
 */
export function comparisonQuotes(
  context: QuotingContext,
  sides: readonly Quoted[],
  section: number | undefined,
  plan: Plan,
  question: Question,
): { passages: readonly Quoted[]; budget?: number } {
  if (section === undefined || sides.some((side) => context.passages[side.passage]!.kind !== 'definition'))
    return { passages: sides };
  const passages = [
    ...sides.map((side) => ({ ...side, opening: true })),
    ...quotedPassages(context, section, plan, question),
  ];
  return { passages, budget: COMPARISON_MAX_WORDS };
}

/**
 * Of some paragraphs, the one whose best sentences answer the plan best (answerWeight; the first
 * on a tie); none when none speaks to it. An essay section's answer may sit in another paragraph
 * than the one that ranked, which shares the most words: "Why not raise it? Because …" answers a why.
 * `whole`: an essay section's paragraph weighs too by what it speaks to as a whole (answerWeight):
 * its paragraphs are the author's, each about one thing, and the one that answers often spreads
 * what is asked over more sentences than two ("why is it risky to let a language model act as an
 * oracle": "Three difficulties follow. Nodes must agree … A model that reads web pages can be
 * manipulated … Oracle manipulation is already …").
 */
function answering(
  context: QuotingContext,
  paragraphs: readonly number[],
  plan: Plan,
  whole = false,
): number | undefined {
  let best: number | undefined;
  let bestWeight = 0;
  for (const paragraph of paragraphs) {
    const weight = paragraphWeight(context.passages[paragraph]!, plan, whole, FIGURE_SHARE, 1);
    if (weight > bestWeight) [best, bestWeight] = [paragraph, weight];
  }
  return best;
}

/**
 * A section's lead paragraph and its runner-up (sectionLead, paragraph-choice.ts), each with its
 * answer weight as a whole paragraph (a figure's description and a worked example counting their
 * shares: `figures`, `worked`); none when no paragraph speaks to the plan.
 */
function sectionTwo(context: QuotingContext, section: readonly number[], plan: Plan, figures: number, worked: number) {
  const of = (paragraph: number) => context.passages[paragraph]!;
  const texts = section.map((paragraph) => of(paragraph).text);
  const weights = section.map((paragraph) => paragraphWeight(of(paragraph), plan, true, figures, worked));
  const places = sectionLead(section, texts, weights, plan) ?? [];
  return places.flatMap((at) => (at === undefined ? [] : [{ paragraph: section[at]!, weight: weights[at]! }]));
}

/** Whether the question gives figures of its own ("with 10 ETH of collateral at an 82.5% threshold"). */
const givesFigures = (question: Question) =>
  question.text.split(/\s+/).some((word) => /^[$]?\d[\d,.]*%?[,.?]?$/.test(word));

/**
 * A plan for choosing among an essay section's paragraphs: each word asked weighs by how few of
 * them mention it, its IDF times log((n + 1) / m) / log(n + 1) when m of the n do: whole when one
 * does, about a third when both of two do, less in a longer section. The section ranked first by
 * the words its paragraphs share, its subject; what tells them apart is what the question asks
 * beyond it ("how can I make my agent less flaky on long tasks": every paragraph speaks of agents
 * and tasks, the one that answers of what makes them fail less).
 */
function withinSection(context: QuotingContext, paragraphs: readonly number[], plan: Plan): Plan {
  const count = paragraphs.length;
  if (count < 2) return plan;
  const share = (concept: Concept) => {
    const pattern = conceptPattern(concept);
    const mentioning = paragraphs.filter((paragraph) => pattern.test(context.passages[paragraph]!.text)).length;
    return Math.log((count + 1) / Math.max(1, mentioning)) / Math.log(count + 1);
  };
  return { ...plan, concepts: plan.concepts.map((concept) => ({ ...concept, idf: concept.idf * share(concept) })) };
}

/**
 * Words that place or qualify rather than name: prepositions and particles ("go up", "come out",
 * "inside a contract"), hedges and degree words ("just", "actually", "much"). The stopwords leave them
 * in the question; they choose no paragraph of a section, each of which mentions some in passing.
 */
const PLACING_WORDS = new Set(
  (
    'about above across after against along among around behind below beneath beside between beyond down during ' +
    'inside near off onto out outside over past through throughout toward towards under underneath up upon via ' +
    'within without just really actually basically literally simply even still also very quite too much many'
  ).split(' '),
);

/** A stem of at least this many letters also matches words derived from its shorter form (choosingWords). */
const DERIVED_STEM_LETTERS = 6;
/** How many letters a long stem gives up to match its derived words; it keeps at least five. */
const DERIVED_CUT = 2;
const DERIVED_KEEP = 5;

/** A stem cut to match the words derived beside it: "secret" matches "secrecy", "submiss" "submit". */
const derivedStem = (term: string) =>
  term.length >= DERIVED_STEM_LETTERS ? term.slice(0, Math.max(DERIVED_KEEP, term.length - DERIVED_CUT)) : term;

/**
 * A plan for choosing a section's paragraph: without the words that only place or qualify
 * (PLACING_WORDS), and with each stem matching the words derived from its root (derivedStem). The
 * paragraph that answers often says what was asked in another form of its word ("why use proofs when
 * the data isn't secret": "… the succinctness of a proof rather than its secrecy"; "from submission":
 * "To submit one …"), while another wins on a particle or a hedge the question uses in passing. Sentences
 * are still chosen by the words as asked (dev sets: key fact +7, -2; no set loses more than one).
 */
function choosingWords(plan: Plan): Plan {
  const placing = (concept: Concept) =>
    !concept.named && concept.asked.every((word) => PLACING_WORDS.has(word.toLowerCase()));
  const concepts = plan.concepts
    .filter((concept) => !placing(concept))
    .map((concept) => ({ ...concept, alternatives: concept.alternatives.map((terms) => terms.map(derivedStem)) }));
  return { ...plan, concepts };
}

/** "What kinds of bias …", "which types of attack …": the word after names the category asked for. */
const KIND_ASKED = /\b(?:what|which)\s+(?:kinds?|types?|sorts?)\s+of\s+([\p{L}\p{N}]+)/iu;
/** The category a "what kinds of" question asks for weighs this many times its IDF in choosing a section's paragraph. */
const KIND_ASKED_WEIGHT = 2;

/**
 * A plan for choosing a section's paragraph when the question asks what kinds of something there
 * are: that word weighs double. The paragraph that answers names the category as it lists its
 * instances ("The same paper catalogued the judge's biases. Position bias: … Verbosity bias: …"),
 * while the section's opening shares more of the question's other words, the subject's (ask-dev4
 * key fact +1, nothing else moved).
 */
function askedKindOf(plan: Plan, question: Question): Plan {
  const kind = KIND_ASKED.exec(question.text)?.[1]?.toLowerCase();
  if (!kind) return plan;
  const weigh = (concept: Concept) =>
    concept.asked.some((word) => word.toLowerCase() === kind)
      ? { ...concept, idf: concept.idf * KIND_ASKED_WEIGHT }
      : concept;
  return { ...plan, concepts: plan.concepts.map(weigh) };
}

/**
 * A section's next best paragraph weighing at least this share of the best's has its best sentence
 * quoted too, when it fits (dev sets: key fact +3 and none lost at 0.5; +1 at 0.85; from any share
 * no more than at 0.5, with longer answers).
 */
const RUNNER_UP_SHARE = 0.5;

/**
 * What an essay section quotes: its paragraph that answers best, quoted as always; and, when the
 * next best weighs at least half as much (RUNNER_UP_SHARE), that one's best sentence in the words the
 * first leaves (answerOf), in reading order. The answer is often spread over two paragraphs of the
 * author's, each about one side of it, and the one that shares the most words need not hold it.
 * Its sentence is chosen by `choosing` (withinSection): by what tells it apart from the others.
 */
function sectionQuotes(
  context: QuotingContext,
  two: ReadonlyArray<{ paragraph: number; weight: number }>,
  passage: number,
  plan: Plan,
  choosing: Plan,
): Quoted[] {
  const [best, next] = two;
  if (!best) return [{ passage, plan }];
  const chosen = { passage: best.paragraph, plan };
  if (!next || next.weight < RUNNER_UP_SHARE * best.weight) return [chosen];
  const runnerUp = { passage: next.paragraph, plan: choosing, alone: true };
  // A why answered by a short claim of the runner-up: its reason follows it, and a sentence alone
  // cannot hold it. That paragraph is quoted as the answer, from the claim on through the sentences
  // that bear it out, as many as fit (the reason is often the third or fourth: "With d k = 64, …
  // almost no gradient …", "Scaling keeps the scores in a range …"; dev sets: key fact +2, -1 on a
  // wrong lead), the other's best sentence beside it when room is left.
  if (plan.prefer === 'explanation' && claimLeads(context.passages[next.paragraph]!, choosing)) {
    const [first, second] = [
      { passage: next.paragraph, plan, borneOut: true },
      { ...chosen, plan: choosing, alone: true },
    ];
    return next.paragraph < best.paragraph ? [first, second] : [second, first];
  }
  return next.paragraph < best.paragraph ? [runnerUp, chosen] : [chosen, runnerUp];
}

/**
 * Whether a paragraph's best sentence is a short claim that the sentences after it bear out ("The
 * √d k divisor is not decoration. If query and key components … With d k = 64, …"): a verdict
 * (isVerdict) with no figure, not its paragraph's last. A figure states a result, not a claim.
 */
function claimLeads(passage: AskPassage, plan: Plan): boolean {
  const sentences = sentencesOf(passage);
  const weights = sentenceWeights(sentences, plan);
  const best = weights.indexOf(Math.max(...weights));
  const claim = sentences[best]!;
  return best + 1 < sentences.length && isVerdict(claim) && !/\d/.test(claim);
}
