// What a search hands back, shaped from passages: a source (the passage's page, with a snippet around
// the question's words) and the extractive answer (a definition whole, another passage's best
// sentences; one passage per side of a comparison).
import type { AskPassage } from './ask-documents.ts';
import type { AnswerPassage, AskAnswer, AskSource } from './ask-types.ts';
import { answerSentences, excerpt, sentenceWeights } from './excerpts.ts';
import { sentencesAt, sentencesOf, sentenceStarts } from './sentences.ts';
import { rawWords } from './text.ts';
import { OUT_OF_SCOPE, type OutOfScope } from './out-of-scope.ts';
import { OWN_STANDING_REASON } from './own-standing.ts';
import { withCircumstances, type Plan } from './query-plan.ts';

const ANSWER_MAX_WORDS = 90;
const SNIPPET_MAX_WORDS = 40;

export const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** The best hit of each source (a glossary term, an essay section: `sourceOf` numbers them), in order. */
export function bestPerSource<Hit extends { passage: number }>(
  hits: readonly Hit[],
  sourceOf: Int32Array,
  limit: number,
): Hit[] {
  const seen = new Set<number>();
  const chosen: Hit[] = [];
  for (const hit of hits) {
    const key = sourceOf[hit.passage]!;
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(hit);
    if (chosen.length === limit) break;
  }
  return chosen;
}

export function sourceOf(passage: AskPassage, plan: Plan, score: number): AskSource {
  return {
    type: passage.type,
    slug: passage.slug,
    title: passage.title,
    section: passage.section,
    url: passage.url,
    markdownUrl: passage.markdownUrl,
    ...excerpt(passage, plan, SNIPPET_MAX_WORDS, 2),
    score: round(score),
  };
}

/** Words that set two things against each other in one sentence. */
const CONTRAST =
  /\b(?:unlike|whereas|while|instead|in contrast|by contrast|rather than|but|differs?|different\s+from|differences?|compared|than|versus|vs)\b/i;

/** A share or a count ("more than half", "fewer than 100"): a quantity, not one side set against another. */
const QUANTITY_THAN =
  /\b(?:more|less|fewer|no more|at least|at most) than (?:half|a (?:half|third|quarter|fifth)|one|two|three|\d)/gi;

/** Longer sentences that name both sides are lists and narratives, not contrasts. */
const CONTRAST_MAX_WORDS = 30;

/** A sentence's words, lowercased and space-separated, with a space before each: for `names`. */
const spaced = (sentence: string) => ` ${sentence.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')}`;

/** Whether a sentence (as `spaced` gives it) names every concept of a plan (a term's stem starts one of its words). */
function names(lower: string, plan: Plan): boolean {
  return plan.concepts.every((concept) =>
    concept.alternatives.some((terms) => terms.every((term) => lower.includes(` ${term}`))),
  );
}

/** Whether a sentence names a side: every concept of its plan. */
export const sentenceNames = (sentence: string, side: Plan) => names(spaced(sentence), side);

/**
 * A sentence that sets the two sides of a comparison against each other ("Unlike proof of work,
 * proof of stake …"), from the first passage that has one, else two adjacent sentences that do
 * (sideOf), from the first passage that has them. `setting`: how many of the first passages are the
 * section that sets the sides apart; two sentences of it, each about one side ("In June 2018 OpenAI
 * released GPT … In October 2018 Google released BERT …"), say how they differ where they are set
 * side by side, rather than a sentence of a page ranked after it.
 */
export function contrastingSentence(
  passages: readonly AskPassage[],
  sides: readonly Plan[],
  setting = 0,
): AnswerPassage | undefined {
  let pair: AnswerPassage | undefined;
  let mentions: RegExp | undefined;
  for (const [rank, passage] of passages.entries()) {
    const sentences = sentencesOf(passage);
    const { type, slug, title, section, url } = passage;
    const contrast = sentences.find((sentence) => contrasts(sentence, sides));
    if (contrast !== undefined) return { text: contrast, type, slug, title, section, url };
    const at = pair || rank >= PAIR_CANDIDATES ? -1 : pairAt(sentences, sides, (mentions ??= mentioning(sides)));
    if (at >= 0) pair = { text: `${sentences[at]} ${sentences[at + 1]}`, type, slug, title, section, url };
    if (pair && rank < setting) return pair;
  }
  return pair;
}

/** Whether one sentence sets the sides against each other: short, with a word of contrast, naming both. */
export const contrasts = (sentence: string, sides: readonly Plan[]) =>
  sentence.split(' ').length <= CONTRAST_MAX_WORDS &&
  CONTRAST.test(sentence.replace(QUANTITY_THAN, '')) &&
  sides.every((side) => names(spaced(sentence), side));

/** A sentence that points to another page ("The essay … goes into detail") rather than saying something. */
const REFERENCE = /\b(?:the\s+essay|essay\s+on|see)\b/i;

/** Whether a sentence may name a side: a word starts with a term of it (a cheap test before `names`). */
const mentioning = (sides: readonly Plan[]) =>
  new RegExp(
    `(?:^|[^\\p{L}\\p{N}])(?:${sides.flatMap((side) => side.concepts.flatMap((concept) => concept.alternatives.flat())).join('|')})`,
    'iu',
  );

/** The best passages searched for a contrasting pair (each sentence is read for both sides). */
const PAIR_CANDIDATES = 10;

/**
 * A sentence about one side may be longer than one that contrasts both (CONTRAST_MAX_WORDS): it
 * says one thing of one side ("In October 2018 Google released BERT, which used only the encoder
 * stack …", 32 words), where a long sentence naming both is a list.
 */
const PAIR_MAX_WORDS = 40;

/** A sentence's first words, where it names what it is about. */
const OPENING_WORDS = 8;

/**
 * Which side of a two-sided comparison a sentence is about alone (0 or 1): it names that side in
 * its first words and not the other; -1 for neither, both, a long sentence or a pointer elsewhere.
 */
function sideOf(sentence: string, [one, other]: readonly Plan[]): number {
  const words = sentence.split(' ');
  if (!one || !other || words.length > PAIR_MAX_WORDS || REFERENCE.test(sentence)) return -1;
  const lower = spaced(sentence);
  const [first, second] = [names(lower, one), names(lower, other)];
  if (first === second) return -1;
  return names(spaced(words.slice(0, OPENING_WORDS).join(' ')), first ? one : other) ? (first ? 0 : 1) : -1;
}

/**
 * Where two adjacent sentences set the sides against each other one at a time ("On Bitcoin it is a
 * matter of confidence … On Ethereum a block is final after …"); -1 when none do.
 */
function pairAt(sentences: readonly string[], sides: readonly Plan[], mentions: RegExp): number {
  const about = sentences.map((sentence) => (mentions.test(sentence) ? sideOf(sentence, sides) : -1));
  return about.findIndex((side, at) => side >= 0 && about[at + 1] === 1 - side);
}

/**
 * A comparison answered from an essay section that sets its sides against each other quotes each
 * side's opening sentence and then the section's best sentences: this many words hold two one-
 * sentence definitions (20 to 30 words each) and two or three sentences of the section, where 90
 * left the section one sentence or none; with whole definitions such answers grew to about 200.
 */
export const COMPARISON_MAX_WORDS = 120;

/** A passage to quote: its sentences are chosen by `plan`; `opening`: its first sentence alone. */
export interface QuotedPassage {
  passage: AskPassage;
  plan: Plan;
  following?: AskPassage | undefined;
  opening?: boolean | undefined;
  brief?: boolean | undefined;
  alone?: boolean | undefined;
  borneOut?: boolean | undefined;
}

/**
 * The answer: each passage's quote in order (a definition whole or its opening sentence, another
 * passage's best sentences), then a contrast of a comparison's sides unless it repeats a sentence
 * already quoted. With a `budget` (COMPARISON_MAX_WORDS), the contrast's words are set aside first
 * and each passage's best sentences fit in what the quotes before leave (one sentence at least);
 * without one, they take up to ANSWER_MAX_WORDS, and what follows them what the passages before leave.
 * A passage quoted `alone` (a section's runner-up paragraph) comes last in choosing and is dropped
 * unless its best sentence fits what the others leave: it adds to their quotes, never cuts them.
 */
export function answerOf(chosen: readonly QuotedPassage[], contrast?: AnswerPassage, budget?: number): AskAnswer {
  // What one passage quotes leaves the rest of the words to the next: the whole answer stays short.
  // A contrast's words are set aside first (one sentence that sets the sides against each other says
  // most), unless it comes from a passage quoted: that passage's sentences then need the room.
  const apart =
    contrast &&
    !repeats(
      contrast.text,
      chosen.map(({ passage }) => passage),
    );
  let used = budget !== undefined && apart ? rawWords(contrast.text).length : 0;
  const texts = chosen.map(({ passage, plan, following, opening, brief, alone, borneOut }) => {
    if (alone) return undefined;
    const room = Math.max(0, (budget ?? ANSWER_MAX_WORDS) - used);
    const text = opening
      ? sentencesOf(passage)[0]!
      : borneOut
        ? claimBorneOut(passage, plan, room)
        : passage.kind === 'definition'
          ? passage.text
          : answerSentences(passage, plan, budget === undefined && !brief ? ANSWER_MAX_WORDS : room, room, following);
    used += rawWords(text).length;
    return text;
  });
  const passages = chosen.flatMap(({ passage, plan, alone, brief }, at): AnswerPassage[] => {
    const text = alone ? besideQuoted(passage, plan, (budget ?? ANSWER_MAX_WORDS) - used, brief) : texts[at];
    if (text === undefined) return [];
    if (alone) used += rawWords(text).length;
    const { type, slug, title, section, url } = passage;
    return [{ text, type, slug, title, section, url }];
  });
  if (contrast && !repeats(contrast.text, passages)) passages.push(contrast);
  const [first] = passages as [AnswerPassage, ...AnswerPassage[]];
  return { ...first, text: passages.map((passage) => passage.text).join('\n\n'), passages };
}

/**
 * A paragraph's best sentence, a short claim ("The √d k divisor is not decoration."), and the
 * sentences after it that bear it out, in order, as many as fit in `room` (the claim at least): a
 * why answered by a claim has its reason in the rest of the paragraph, often past the pair that
 * answerSentences would quote ("If query and key … With d k = 64, … Scaling keeps the scores …").
 */
function claimBorneOut(passage: AskPassage, plan: Plan, room: number): string {
  const sentences = sentencesOf(passage);
  const weights = sentenceWeights(sentences, withCircumstances(plan));
  const claim = weights.indexOf(Math.max(...weights));
  let last = claim;
  while (last + 1 < sentences.length && rawWords(sentences.slice(claim, last + 2).join(' ')).length <= room) last += 1;
  return sentences.slice(claim, last + 1).join(' ');
}

/**
 * A paragraph's best sentence alone (with a short verdict beside it, when that fits too), when it
 * fits in `room` words; none otherwise. `brief`: its best sentence or two (answerSentences) when
 * they fit, the second source's quote after a section's, or else its best sentence that fits (bestThatFits).
 */
function besideQuoted(passage: AskPassage, plan: Plan, room: number, brief?: boolean): string | undefined {
  const more = brief ? answerSentences(passage, plan, room, room) : undefined;
  if (more !== undefined && rawWords(more).length <= room) return more;
  const text = answerSentences(passage, plan, 0, room);
  if (rawWords(text).length <= room) return text;
  return brief ? bestThatFits(passage, plan, room) : undefined;
}

/**
 * A sentence of the second source speaks to the question when it weighs at least this share of its
 * best sentence's: one below it is a passing mention. Dev sets: key fact +3 (dev3, dev5, dev11),
 * none lost, answers 97.7 to 98.2 words on average; from any weight above 0 the same facts, 98.5
 * words; from 0.5 none.
 */
const FITTING_SHARE = 0.25;

/**
 * The second source's sentence that speaks best to the question among those that fit in the words
 * the lead's quote leaves (FITTING_SHARE), when its best sentence does not fit: a shorter sentence
 * of the source ranked beside the lead often holds what was asked ("Willison later called that
 * combination the 'lethal trifecta'.") in the room the lead left, which went unused before.
 */
function bestThatFits(passage: AskPassage, plan: Plan, room: number): string | undefined {
  const sentences = sentencesOf(passage);
  const weights = sentenceWeights(sentences, withCircumstances(plan));
  const least = FITTING_SHARE * Math.max(...weights);
  let best: number | undefined;
  sentences.forEach((sentence, at) => {
    if (rawWords(sentence).length > room || weights[at]! <= 0 || weights[at]! < least) return;
    if (best === undefined || weights[at]! > weights[best]!) best = at;
  });
  return best === undefined ? undefined : sentences[best];
}

/**
 * Whether a sentence of a text is already quoted: a contrast the sides' passages hold says nothing
 * more, and a contrasting pair one of whose sentences the section's quote holds would say it twice.
 */
function repeats(text: string, passages: ReadonlyArray<{ text: string }>): boolean {
  const sentences = sentencesAt(text, sentenceStarts(text));
  return passages.some((passage) => sentences.some((sentence) => passage.text.includes(sentence)));
}

const quoted = (items: readonly string[]) => items.map((item) => `“${item}”`).join(', ');

/** "it" for one name, "them" for more. */
const pronounOf = (names: readonly string[]) => (names.length > 1 ? 'them' : 'it');

/** Why a question was declined, and for what. */
export interface NoAnswerWhy {
  found: boolean;
  missing: readonly string[];
  declined: OutOfScope | undefined;
  unknown: readonly string[];
  /** Names the content mentions only in passing, never saying what they are (unknown-terms.ts). */
  passing?: readonly string[];
  /** Releases a figure question asks about whose figure the content never states (versioned-names.ts). */
  figureless?: readonly string[];
  /** The question names nothing to answer about ("how does it work", "how do I train my dog"): ask-index.ts. */
  vague?: boolean;
  /** The question asks about a tax or legal position, the asker's or a country's tax rules (own-standing.ts). */
  ownStanding?: boolean;
  /** A year asked about later than any the content tells of (later-years.ts). */
  later?: string;
  /** A release whose successor is asked for, which the content never tells (later-years.ts). */
  successorOf?: string;
  /** Whether something ever happened after what the content tells, as asked (later-years.ts). */
  outcome?: string;
  /** A year's move asked the cause of that the content never tells (dated-moves.ts). */
  untold?: { subject: readonly string[]; year: string };
  /** An idea the question describes that the content does not cover (uncovered-topics.ts). */
  uncovered?: string;
  /** A figure asked why it was chosen, which the content states without a reason (chosen-figures.ts). */
  unreasoned?: string;
  /** What a figure question measures that the content never states a figure of (unmeasured.ts). */
  unmeasured?: string;
  /** What a figure question counts that the content never writes (content-gaps.ts). */
  unmentioned?: string;
  /** A decision or an authority's act asked the reason for that the content never gives (untold-motives.ts). */
  unmotivated?: string;
  /** An unanswerable question asked before that the question is like (asked-before.ts). */
  askedBefore?: string;
}

/** Why there is no answer, in one sentence: declined, about something never mentioned, or not covered. */
export function noAnswerReason(why: NoAnswerWhy): string {
  // A tax position before live data: "can I offset it against my salary with HMRC" asks about tax.
  if (why.ownStanding) return OWN_STANDING_REASON;
  if (why.declined) return OUT_OF_SCOPE[why.declined].reason;
  if (why.vague)
    return 'No answer: the question names nothing the essays and glossary are about. Name the thing you mean, for example “how does proof of stake work”.';
  const lacking = lackingReason(why);
  if (lacking) return `No answer: ${lacking}. The nearest sources are listed.`;
  if (!why.found) return 'Nothing in the essays or glossary matches the question.';
  const what =
    why.missing.length > 0 ? `nothing here speaks to ${quoted(why.missing)}` : 'no passage answers it closely';
  return `No confident answer: ${what}. The nearest sources are listed.`;
}

/** What the content lacks that the question asks about: a name, its description, a figure, a year's story, an idea. */
function lackingReason(why: NoAnswerWhy): string | undefined {
  const unknown = why.unmentioned ? [...why.unknown, why.unmentioned] : why.unknown;
  if (unknown.length > 0) return `the essays and glossary never mention ${quoted(unknown)}`;
  if (why.passing && why.passing.length > 0)
    return `the essays and glossary mention ${quoted(why.passing)} only in passing, never describing ${pronounOf(why.passing)}`;
  if (why.figureless && why.figureless.length > 0)
    return `the essays and glossary mention ${quoted(why.figureless)} but never state that figure of ${pronounOf(why.figureless)}`;
  return gapReason(why);
}

/** What the content never tells of what the question names (content-gaps.ts, asked-before.ts). */
function gapReason(why: NoAnswerWhy): string | undefined {
  if (why.later) return `the essays and glossary tell of nothing as late as ${why.later}`;
  if (why.successorOf) return `the essays and glossary tell of nothing after “${why.successorOf}”`;
  if (why.outcome) return `the essays and glossary never tell what came of it later (“${why.outcome}”)`;
  if (why.untold)
    return `the essays and glossary never tell what happened to “${why.untold.subject.join(' ')}” in ${why.untold.year}`;
  if (why.uncovered) return `this seems to ask about ${why.uncovered}, which the essays and glossary do not cover`;
  if (why.unreasoned) return `the essays and glossary state “${why.unreasoned}” but never say why`;
  if (why.unmeasured) return `the essays and glossary mention “${why.unmeasured}” but never state a figure of it`;
  if (why.unmotivated) return `the essays and glossary never give the reason for “${why.unmotivated}”`;
  if (why.askedBefore)
    return `readers have asked questions like “${why.askedBefore}”, which the essays and glossary do not answer`;
  return undefined;
}
