// Excerpts: the sentences of a passage that best answer a question's plan, for sources' snippets
// (with the matched words' ranges) and for extractive answers.
import type { AskPassage } from './ask-documents.ts';
import type { Excerpt } from './ask-types.ts';
import { withCircumstances, type Concept, type Plan } from './query-plan.ts';
import { COUNTS_AHEAD, firstStepOf, isVerdict, POINTER, PREFERRED, STEPS, SUPPOSING } from './sentence-kinds.ts';
import { CONTINUES, withAntecedent } from './sentence-kinds.ts';
import { choiceScores, sentenceTrace } from './sentence-choice.ts';
import { asMatched } from './short-names.ts';
import { readersWeighed } from './reader-questions.ts';
import { sentencesOf } from './sentences.ts';
import { indexTerm, rawWords, spokenWords } from './text.ts';

/** A preferred sentence (see Plan.prefer) weighs as much as this share of the question's rarest word. */
const PREFERENCE_SHARE = 0.5;
/**
 * A quantity question's sentence with a number weighs more: a figure is rarer than an "is a" or a
 * "by", so it tells the answering sentence apart better (retired set fact +0.6 points; 1.5: dev4 +1).
 */
const NUMBER_SHARE = 1.5;
/**
 * Advice, and steps told as commands or as the remedy, weigh as much as the rarest word: the
 * sentence that says what to do rarely repeats the words of the situation or of the question.
 * A procedure's weaker cues ("by", "uses", "then") weigh as the other kinds' do.
 */
const ACTING_SHARE = 1;
/**
 * A question that doubts a claim ("do we actually need one", "is X the same thing as Y", Plan.doubts)
 * is answered by the sentence that corrects it: a misconception, what holds in practice, a negation,
 * a difference ("X is different from Y: …"), weighing the rarest word more (dev sets: key fact +4).
 */
const CORRECTING_SHARE = 1;
const CORRECTS =
  /\b(?:misunderstanding|misconception|myth|in\s+(?:fact|practice|reality)|not|no|never|differ(?:s|ent)\s+from)\b|n't\b/i;
/** A sentence as near the question in meaning as can be (cosine 1) weighs this share of its rarest word. */
const NEARNESS_SHARE = 1;

/** The bonus share of the question's rarest word a sentence earns for being of the kind the plan wants. */
function preferenceShare(sentence: string, { prefer, ofThing }: Pick<Plan, 'prefer' | 'ofThing'>): number {
  // A sentence that asks ("how should you split it?") sets up an answer; it is not one.
  if (!prefer || sentence.endsWith('?') || POINTER.test(sentence)) return 0;
  // How a thing works may be told through a case it sets up; what to do is not ("Consider a vault …").
  if (prefer === 'procedure' && STEPS.test(sentence) && (ofThing || !SUPPOSING.test(sentence))) return ACTING_SHARE;
  if (!PREFERRED[prefer].test(sentence)) return 0;
  if (prefer === 'number') return NUMBER_SHARE;
  return prefer === 'advice' ? ACTING_SHARE : PREFERENCE_SHARE;
}

/** A verb that says what something is or may be, not what it does. */
const NOT_DOING = 'is|are|was|were|has|have|had|can|may|might|could|would|will|does|did|not|also|remains?|seems?';

/**
 * A sentence that opens on a thing the question names and goes on to what it does ("Reciprocal
 * rank fusion gives each document …", "Speculative decoding, introduced by …, uses a small draft
 * model …"): how that thing works, which a "how does it" question asks. Not "X is popular because …".
 */
function doerPattern(plan: Plan): RegExp | undefined {
  const names = plan.concepts
    .filter((concept) => concept.named)
    .flatMap((concept) => concept.alternatives.map((terms) => terms.map((term) => `${term}\\p{L}*`).join('[\\s-]+')));
  if (names.length === 0) return undefined;
  return new RegExp(
    `^(?:the\\s+)?(?:${names.join('|')})(?:\\s*\\([^)]*\\))?(?:,[^,]*,)?\\s+(?!(?:${NOT_DOING})\\b)\\p{L}+s\\b`,
    'iu',
  );
}

/**
 * Whether a sentence mentions a concept: a word of it starts with one of the concept's stems (a
 * short other name must be the whole word: short-names.ts). Terms are letters and digits only (see
 * text.ts), so need no escaping. A Porter stem is a prefix of the words it comes from but for one
 * rule: a final y after a vowel becomes i ("key" → kei), so it also matches its word as written
 * (`writtenForms`; retired blind set key fact +1, nothing lost). The lead reranker's features were
 * fitted on stems as prefixes and keep them (with written forms there, ask-dev4 first -1).
 */
export function conceptPattern(concept: Concept, writtenForms = true): RegExp {
  const stems = concept.alternatives.flatMap((terms, at) => terms.map((stem) => asMatched(stem, at, writtenForms)));
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${stems.join('|')})`, 'iu');
}

/**
 * What each sentence says to the plan: which of its concepts it mentions, a bonus when it is the
 * kind of sentence the question wants (Plan.prefer) and for its nearness in meaning to the question
 * (Plan.near), and so its weight: the question's words it mentions (by IDF) and its bonus. `rarest`:
 * the IDF of the question's rarest word, the unit of the bonuses. A Porter stem is a prefix of the
 * words it comes from in nearly every case, so a word-start test stands in for stemming every word.
 */
interface SentenceReadings {
  mentions: boolean[][];
  bonus: number[];
  weights: number[];
  rarest: number;
}

function sentenceReadings(sentences: readonly string[], plan: Plan): SentenceReadings {
  const patterns = plan.concepts.map((concept) => conceptPattern(concept));
  const rarest = Math.max(0, ...plan.concepts.map((concept) => concept.idf));
  // A pointer names what the page it points to is about, the question's words often among them. A
  // sentence also says its symbols' and derived words' readings ("√d" says square root).
  const said = sentences.map((sentence) => (POINTER.test(sentence) ? '' : `${sentence} ${spokenWords(sentence)}`));
  const mentions = said.map((text) => patterns.map((pattern) => pattern.test(text)));
  // How a thing works: the sentence in which it acts weighs as a step does.
  const acting = plan.prefer === 'procedure' && plan.ofThing ? doerPattern(plan) : undefined;
  const bonus = sentences.map(
    (sentence) =>
      Math.max(preferenceShare(sentence, plan), acting?.test(sentence) ? ACTING_SHARE : 0) * rarest +
      (plan.near ? NEARNESS_SHARE * rarest * Math.max(0, plan.near(sentence)) : 0) +
      (plan.doubts && CORRECTS.test(sentence) ? CORRECTING_SHARE * rarest : 0),
  );
  const weights = sentences.map((_, at) => mentioned(plan, mentions[at]!) + bonus[at]!);
  return { mentions, bonus, weights, rarest };
}

/** The question's words (by IDF) that one of some sentences mentions, each counted once. */
const mentioned = (plan: Plan, ...mentions: ReadonlyArray<readonly boolean[]>) =>
  plan.concepts.reduce((sum, concept, at) => sum + (mentions.some((each) => each[at]) ? concept.idf : 0), 0);

/** How well each sentence answers the plan (SentenceReadings.weights). */
export const sentenceWeights = (sentences: readonly string[], plan: Plan) => sentenceReadings(sentences, plan).weights;

/**
 * How well each pair of adjacent sentences (at and at + 1; a lone sentence alone) answers the plan:
 * the question's words either mentions, each once, and the better bonus. An answer quotes two
 * sentences, and the one that answers often leaves to its neighbour a word the question asks ("Not
 * every participant can run a full node on a phone. Light clients download only block headers …").
 */
function pairWeights({ mentions, bonus, weights }: SentenceReadings, plan: Plan): number[] {
  if (weights.length < 2) return weights;
  return weights
    .slice(1)
    .map((_, at) => mentioned(plan, mentions[at]!, mentions[at + 1]!) + Math.max(bonus[at]!, bonus[at + 1]!));
}

/**
 * How well a passage's best pair of sentences answers the plan (pairWeights), and whether it lists
 * the answer asked for (listedAnswer): to choose among a term's paragraphs. `whole`: plus how much of the plan the whole passage speaks to, the question's
 * words (by IDF) any of its sentences mentions, each once, and the best bonus of one.
 */
export function answerWeight(passage: AskPassage, asked: Plan, whole = false): number {
  const plan = withCircumstances(asked);
  const sentences = sentencesOf(passage);
  const readings = sentenceReadings(sentences, plan);
  const pairs = Math.max(0, ...pairWeights(readings, plan)) + listedAnswer(sentences, plan, readings.rarest);
  return whole ? pairs + mentioned(plan, ...readings.mentions) + Math.max(0, ...readings.bonus) : pairs;
}

/** A paragraph's opening of at most this many words counts what it lists rather than states one. */
const LIST_OPENING_WORDS = 8;

/** A paragraph that tells at least this many steps as commands lists the steps (listedAnswer). */
const LISTED_STEPS = 4;

/**
 * What a paragraph that lists the answer adds for a question that asks for a list: the rarest word's
 * weight. For a why, a paragraph that opens by counting what it lists ("Three difficulties
 * follow.", "Two cautions apply."): its items are the reasons, each in words of its own ("Nodes
 * must agree …"), while the paragraph before it, which sets the subject up, shares more of the
 * question's words. For what to do (a procedure not of a thing), a paragraph told as a run of
 * commands ("Write a test set. … Define a score … Run every variant …"): its best pair of
 * sentences weighs no more than a paragraph's that only names the task (dev5 key fact +1).
 */
function listedAnswer(sentences: readonly string[], plan: Plan, rarest: number): number {
  const opening = sentences[0];
  if (opening === undefined || sentences.length < 2) return 0;
  if (plan.prefer === 'explanation')
    return COUNTS_AHEAD.test(opening) && rawWords(opening).length <= LIST_OPENING_WORDS ? rarest : 0;
  if (plan.prefer !== 'procedure' || plan.ofThing) return 0;
  return sentences.filter((sentence) => STEPS.test(sentence)).length >= LISTED_STEPS ? rarest : 0;
}

/**
 * Whether a text uses every word the question asks, as asked (a stem starts one of its words): not
 * a synonym or another name of the same term, which may be broader ("data availability" for "data
 * availability sampling").
 */
export function usesAllAsked(text: string, plan: Plan): boolean {
  const lower = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')}`;
  return plan.concepts.every((concept) =>
    concept.asked.every((word) => {
      const term = indexTerm(word);
      return term === null || lower.includes(` ${term}`);
    }),
  );
}

/** The first of the highest weights. */
const bestOf = (weights: readonly number[]) =>
  weights.reduce((best, weight, at) => (weight > weights[best]! ? at : best), 0);

/**
 * A source's snippet: a window of up to `maxSentences` and about `maxWords` holding the sentence
 * that answers best (sentenceWeights), starting as early in the passage as it can, since a
 * paragraph's opening usually carries its point; clipped at `maxWords`.
 */
export function excerpt(passage: AskPassage, plan: Plan, maxWords: number, maxSentences: number): Excerpt {
  const sentences = sentencesOf(passage);
  const lengths = sentences.map((sentence) => rawWords(sentence).length);
  const best = bestOf(sentenceWeights(sentences, plan));
  const wordsFrom = (from: number, to: number) => lengths.slice(from, to + 1).reduce((sum, n) => sum + n, 0);
  let start = best;
  while (start > 0 && best - start + 2 <= maxSentences && wordsFrom(start - 1, best) <= maxWords) start -= 1;
  let end = start;
  while (end + 1 < sentences.length && end - start + 2 <= maxSentences && wordsFrom(start, end + 1) <= maxWords)
    end += 1;
  let snippet = sentences.slice(start, end + 1).join(' ');
  if (wordsFrom(start, end) > maxWords) {
    const cut = snippet.split(' ').slice(0, maxWords).join(' ');
    snippet = `${cut.replace(/[\s,;:]+$/, '')} …`;
  }
  return { snippet, highlights: highlights(snippet, plan) };
}

/**
 * An answer's text: the sentence that answers best (sentenceWeights; for a why and a procedure,
 * sentence-choice.ts weighs in where it stands, its length, its cue, a step) and a neighbour (quotedAround),
 * and the sentence after them when one of them announces it (ANNOUNCES); one sentence when two
 * exceed `maxWords`. Not the opening of the paragraph, nor the sentence with the most words in
 * common: the one that answers. With words to spare (`room`: what the whole answer may still take),
 * the next neighbour on either side that speaks to the question too (speaksBeside); and the opening
 * of the `following` paragraph when the quoted sentences end announcing it (continued).
 */
export function answerSentences(
  passage: AskPassage,
  asked: Plan,
  maxWords: number,
  room = maxWords,
  following?: AskPassage,
): string {
  const plan = withCircumstances(asked);
  const sentences = sentencesOf(passage);
  const readings = sentenceReadings(sentences, plan);
  const quote = { sentences, readings, plan, maxWords, room, following };
  sentenceTrace.observe?.(sentences, readings.weights, plan, (at) => quotedFrom(quote, at));
  return quotedFrom(quote, bestOf(choiceScores(sentences, readersWeighed(passage, readings.weights, plan), plan)));
}

/** What answerSentences quotes when `chosen` is the sentence that answers best. */
interface Quote {
  sentences: readonly string[];
  readings: SentenceReadings;
  plan: Plan;
  maxWords: number;
  room: number;
  following: AskPassage | undefined;
}

function quotedFrom({ sentences, readings, plan, maxWords, room, following }: Quote, chosen: number): string {
  const best = firstStepOf(sentences, workedResult(sentences, chosen, plan), plan);
  const quoted = (ats: readonly number[]) => ats.map((at) => sentences[at]!).join(' ');
  const pair = quotedAround(sentences, readings, best, plan);
  if (pair.length < 2) return continued(quoted(pair), pair, sentences, room, following, plan);
  if (rawWords(quoted(pair)).length > maxWords) {
    const lone = withAntecedent(sentences, best, (ats) => rawWords(quoted(ats)).length <= room);
    return quoted(withVerdict(sentences, lone, (at) => rawWords(quoted([...lone, at])).length <= room));
  }
  // "The idea fits in a sentence.", "it multiplies two factors.": what is announced is quoted too.
  const next = pair[1]! + 1;
  const announced = [...pair, next];
  const announces = pair.some((at) => announcing(sentences[at]!, at === best));
  if (announces && next < sentences.length && rawWords(quoted(announced)).length <= maxWords) return quoted(announced);
  const more = speaksBeside(sentences, readings, pair, plan, (at) => rawWords(quoted([...pair, at])).length <= room);
  const some = more === undefined ? pair : [...pair, more].sort((one, other) => one - other);
  const ats = withVerdict(sentences, some, (at) => rawWords(quoted([...some, at])).length <= room);
  const told = toldAfter(sentences, ats, best, (longer) => rawWords(quoted(longer)).length <= room);
  return continued(quoted(told), told, sentences, room, following, plan);
}

/**
 * Quoted text that ends on the last sentence of its paragraph, announcing what comes next ("Three
 * properties define the game.", "… looks like this:"), goes on into the next paragraph, which holds
 * what was announced (often a list, one item a paragraph or a sentence): its sentences in order,
 * as many as fit in `room`. So does a how-question's quote that tells no step when the next
 * paragraph opens with one: the quote set the goal ("That calls for a private evaluation set, and
 * building one is less work than it sounds."), the steps follow ("Start from real usage. Collect …").
 */
function continued(
  text: string,
  ats: readonly number[],
  sentences: readonly string[],
  room: number,
  following: AskPassage | undefined,
  plan: Plan,
): string {
  const last = sentences[Math.max(...ats)]!;
  if (!following || Math.max(...ats) !== sentences.length - 1) return text;
  const next = sentencesOf(following);
  const stepsFollow =
    plan.prefer === 'procedure' &&
    !ats.some((at) => STEPS.test(sentences[at]!)) &&
    next.slice(0, 2).some((sentence) => STEPS.test(sentence));
  if (!announcesNext(last) && !stepsFollow) return text;
  let words = rawWords(text).length;
  const more: string[] = [];
  for (const sentence of next) {
    words += rawWords(sentence).length;
    if (words > room) break;
    more.push(sentence);
  }
  return more.length === 0 ? text : [text, ...more].join(' ');
}

/** A sentence that hands over to what follows: it counts it, or ends on a colon. */
const announcesNext = (sentence: string) => COUNTS_AHEAD.test(sentence) || sentence.endsWith(':');

/**
 * Of the sentences either side of the quoted ones, one that fits and mentions a word asked, or none:
 * the weightier by its kind and the question part's words (not the circumstances), after on a tie.
 * The pair often leaves to a neighbour the step, figure or reason that completes it, and 90 words
 * hold three sentences of most prose. A neighbour sharing no word asked is context, left out unless
 * of the kind asked: a step as a command (STEPS: "Treat every tool output as untrusted input.";
 * dev5 key fact +1), a cause (preferenceShare: dev5, dev7 +1); not a figure (dev4 -1: too common).
 */
function speaksBeside(
  sentences: readonly string[],
  { bonus, mentions }: SentenceReadings,
  quotedAts: readonly number[],
  plan: Plan,
  fits: (at: number) => boolean,
): number | undefined {
  const after = Math.max(...quotedAts) + 1;
  const before = Math.min(...quotedAts) - 1;
  const ofKind = (sentence: string) => plan.prefer !== 'number' && preferenceShare(sentence, plan) > 0;
  const speaks = (at: number) =>
    mentions[at]!.some(Boolean) || (plan.prefer === 'procedure' ? STEPS.test(sentences[at]!) : ofKind(sentences[at]!));
  const candidates = [after, before].filter((at) => at >= 0 && at < sentences.length && speaks(at) && fits(at));
  const asked = plan.concepts.map((concept) => (concept.circumstance ? { ...concept, idf: 0 } : concept));
  const weight = (at: number) => mentioned({ ...plan, concepts: asked }, mentions[at]!) + bonus[at]!;
  return candidates.reduce<number | undefined>(
    (best, at) => (best === undefined || weight(at) > weight(best) + TIE ? at : best),
    undefined,
  );
}

/**
 * Quoted sentences (`ats`, in order) and a short verdict right before or after them (isVerdict), the
 * one before first, as far as the quote fits (`fits`): the point is often put in a few words beside
 * the sentences that set it up or bear it out ("Low turnout is rational.", "No ledger is required."),
 * and shares no word with the question (dev sets: key fact +4, none lost).
 */
function withVerdict(sentences: readonly string[], ats: readonly number[], fits: (at: number) => boolean): number[] {
  const beside = [ats[0]! - 1, ats.at(-1)! + 1].find((at) => isVerdict(sentences[at]) && fits(at));
  return beside === undefined ? [...ats] : [...ats, beside].sort((one, other) => one - other);
}

/**
 * Quoted sentences (`ats`, in order) that end on a short one other than the best, as far as the
 * quote fits (`fits`): such a sentence heads what the next tells ("Write a test set. Collect 50 to
 * 200 real inputs …"), and the answer that stops on it stops before its point (announcing).
 */
function toldAfter(
  sentences: readonly string[],
  ats: readonly number[],
  best: number,
  fits: (ats: readonly number[]) => boolean,
): number[] {
  const told = [...ats];
  for (let last = told.at(-1)!; last !== best && last + 1 < sentences.length; last += 1) {
    if (!announcing(sentences[last]!, false) || !fits([...told, last + 1])) break;
    told.push(last + 1);
  }
  return told;
}

/** A sentence of at most this many words announces the next rather than states ("The idea fits in a sentence."). */
const ANNOUNCING_WORDS = 6;

/**
 * Whether a sentence of the two quoted announces the next: it counts what follows, asks what the
 * next answers ("Why not raise it?"), or, beside the best, is too short to state much.
 */
function announcing(sentence: string, best: boolean): boolean {
  if (COUNTS_AHEAD.test(sentence) || sentence.endsWith('?')) return true;
  return !best && rawWords(sentence).length <= ANNOUNCING_WORDS;
}

/**
 * The best sentence and the neighbour quoted with it: the one after, which usually carries its
 * point on, unless the best is the last or leans on the one before (CONTINUES), or the one before
 * names a weighty word asked that the best lacks ("Not every participant can run a full node on a
 * phone. Light clients download only block headers …") and adds more than the one after does with
 * its words and its kind.
 */
function quotedAround(
  sentences: readonly string[],
  { mentions, rarest }: SentenceReadings,
  best: number,
  plan: Plan,
): number[] {
  if (best + 1 === sentences.length || (best > 0 && CONTINUES.test(sentences[best]!)))
    return [best - 1, best].filter((at) => at >= 0);
  const adds = (at: number) => mentioned(plan, mentions[best]!, mentions[at]!) - mentioned(plan, mentions[best]!);
  const before = best > 0 ? adds(best - 1) : 0;
  const after = adds(best + 1) + preferenceShare(sentences[best + 1]!, plan) * rarest;
  return before >= NEIGHBOUR_SHARE * rarest && before > after + TIE ? [best - 1, best] : [best, best + 1];
}

/** The sentence before the best is quoted for a word asked that weighs at least this share of the rarest. */
const NEIGHBOUR_SHARE = 0.5;

/** Weights closer than this are equal (sums of IDFs differ in their last bits). */
const TIE = 1e-9;

/** A worked example's result: a figure reached ("≈ 1,455", "= 20,000", "about 18,182 USDC"). */
const RESULT = /[≈=]\s*[\d$€£(]|\b(?:about|roughly|around|approximately)\s+[\d$€£]/;
const figuresOf = (text: string) => text.match(/\d+/g) ?? [];

/**
 * For a quantity question that gives figures of its own ("I put in 10 ETH at 2,000 USDC …, at what
 * price …"), or any question whose figures a supposed case takes up ("Suppose Alice has approved …
 * 100 tokens and … 50": dev4 key fact +1), the sentence that repeats two of them sets up the worked
 * example; its answer is a later sentence that reaches a figure the question does not give, the one
 * that speaks most to what is asked beyond the setup (its words the setup lacks), the last on a tie:
 * a worked example ends on its answer, the steps before it reach figures on the way. A setup may
 * take two sentences ("Suppose a support team …. On 120 labelled messages …"): the one before it
 * supposing is enough. A situation's story gives its figures too (Plan.whole: "I deposited 10 ETH
 * worth $2,000 each … and borrowed 12,000 USDC. How far can ETH fall …"): the asker knows the setup,
 * and the result is what is asked (dev5, dev6, dev7 key fact +1 each, none lost).
 */
function workedResult(sentences: readonly string[], best: number, plan: Plan): number {
  const told = [...plan.concepts, ...(plan.whole ?? [])];
  const given = new Set(told.flatMap((concept) => figuresOf(concept.asked.join(' '))));
  const setup = sentences[best]!;
  const repeated = figuresOf(setup).filter((figure) => given.has(figure));
  const supposed = SUPPOSING.test(setup) || (best > 0 && SUPPOSING.test(sentences[best - 1]!));
  if ((plan.prefer !== 'number' && !supposed) || new Set(repeated).size < 2) return best;
  const beyond = plan.concepts.filter(
    (concept) => !/\d/.test(concept.asked.join(' ')) && !conceptPattern(concept).test(setup),
  );
  const words = { ...plan, near: undefined, concepts: beyond };
  let result = best;
  let resultWeight = -1;
  for (let at = best + 1; at < sentences.length; at += 1) {
    const sentence = sentences[at]!;
    if (!RESULT.test(sentence) || figuresOf(sentence).every((figure) => given.has(figure))) continue;
    const weight = sentenceWeights([sentence], words)[0]!;
    if (weight >= resultWeight) [result, resultWeight] = [at, weight];
  }
  return result;
}

/** Ranges of the words in `text` whose term the plan asks for (or accepts as a synonym). */
function highlights(text: string, plan: Plan): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = indexTerm(match[0]);
    if (term && plan.weights.has(term)) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}
