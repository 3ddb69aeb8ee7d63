// Reading a question before ranking: its typos corrected against the content's words, the talk
// around it set aside ("hey! … thanks"), its question part found when the asker describes a
// situation first, and whether the site declines it whatever matches (live data, advice,
// predictions). Ranking (ask-index.ts) works on what this returns.
import { DAYS, OUT_OF_SCOPE, outOfScope, type OutOfScope } from './out-of-scope.ts';
import {
  CLAUSE_BREAK,
  normalisedQuestion,
  parseQuestion,
  pointsBack,
  questionClause,
  withoutChat,
  withoutTalk,
  type Question,
} from './question.ts';
import type { Speller } from './speller.ts';
import { askingPart } from './asking-part.ts';

export interface ReadQuestion {
  /** The question as searched (typos corrected), whitespace normalised: the answer's `query`. */
  text: string;
  /**
   * The question without the talk question.ts lists around it (withoutTalk), its situation
   * included: its length says how chatty the question is (situation.ts, talkWeighed).
   */
  unwrapped: string;
  /** Set when a word was corrected: what the answer says it searched for. */
  corrected: boolean;
  /** The question part, parsed (the whole question unless it is conversational). */
  question: Question;
  /** A long question's words around its question part, which still rank a little. */
  situation: string | undefined;
  /** Declined whatever matches. */
  declined: OutOfScope | undefined;
}

/** The sentence that asks, when sentences come before it: "We argued about it yesterday. What is X?" */
const ASKING_SENTENCE = /(?:^|[.!]\s+)([^.!?]+\?+)\s*$/;
/** Days (question.ts), which in a sentence of circumstance say when something happened, not that live data is asked. */
const DAYS_SAID = new RegExp(String.raw`\b(?:${DAYS})\b`, 'gi');
/**
 * Live data as a sentence of circumstance says it: what a system reads ("we read the ETH price from
 * one pool's current price. A colleague says that's asking for trouble. Why?"), not what is asked.
 */
const LIVE_SAID = new RegExp(OUT_OF_SCOPE.live.pattern.source, 'gi');

/** A sentence that asks a question of its own: a question word leads it ("Why?", "What's the risk?"). */
const OWN_QUESTION = /^\s*(?:what|why|how|which|who|where|when)\b/i;
/**
 * A sentence that weighs the plan told before it ("… so the assistant knows current prices. Is that
 * a good plan?"): the live data is what the plan is for, not what is asked (ask-dev25).
 */
const WEIGHS_PLAN =
  /^\s*(?:is|would|does)\s+(?:that|this|it)\s+(?:be\s+)?(?:a\s+)?(?:good|bad|sensible|smart|wise|reasonable|the\s+right)\s+(?:plan|idea|approach|way)\b/i;

/**
 * Chat's spellings of question words, a closed class: "wut"/"wat"/"wot" (what), "y" (why) before
 * the verb it asks with. Read as typed, they were names the content never mentions ("vector db -
 * wut is it"), or words no passage speaks to ("y does every1 hate it"). Chat drops the apostrophe
 * of "wat's" as it does of "what's": "wats a rollup" (ask-dev7, ask-dev8) was read as "ways" by the
 * speller, and with four-letter words corrected by a swap only (speller.ts) as a name.
 */
const CHAT_WHAT = /\b([Ww])(?:ut|at|ot)(?:(?=\s|['’]s\b|[?!.,]|$)|(?=s\b))/g;
const CHAT_WHY =
  /(^|[\s,.;:!?(])y(?=\s+(?:do|does|did|is|are|was|were|would|should|can|cant|can't|not|dont|don't|doesnt|doesn't|isnt|isn't)\b)/g;

/**
 * Chat's shorthands for words the content writes out: "lr too high??", "how many params", "temp 0",
 * "the vecs for words", "my txs", "whats the diff". Read as typed they were names the content never
 * mentions, and the question was declined for them. Written as chat writes them, in small letters
 * ("TX" may be Texas); not before a dot and a letter ("tx.origin"), nor "temp" for temporary ("temp
 * memory").
 */
const CHAT_SHORTHANDS: Readonly<Record<string, string>> = {
  lr: 'learning rate',
  param: 'parameter',
  params: 'parameters',
  temp: 'temperature',
  vecs: 'vectors',
  tx: 'transaction',
  txs: 'transactions',
  txn: 'transaction',
  txns: 'transactions',
  diff: 'difference',
  pics: 'images',
  shud: 'should',
  // "Why is the dot product divided by sqrt(d_k)?" (ask-dev109): the essay writes it in LaTeX.
  sqrt: 'square root',
};
const CHAT_SHORTHAND = new RegExp(
  String.raw`(?<![\p{L}\p{N}.'’-])(${Object.keys(CHAT_SHORTHANDS).join('|')})(?![\p{L}\p{N}'’-]|\.\p{L}|\s+(?:memory|storage|files?|folders?|variables?|tables?)\b)`,
  'gu',
);

/** A question with chat's spellings of question words and its shorthands written plainly (CHAT_WHAT, CHAT_WHY, CHAT_SHORTHANDS). */
export const plainQuestionWords = (asked: string) =>
  asked
    .replace(CHAT_WHAT, (_, w: string) => `${w}hat`)
    .replace(CHAT_WHY, (_, before: string) => `${before}why`)
    .replace(CHAT_SHORTHAND, (shorthand: string) => CHAT_SHORTHANDS[shorthand] ?? shorthand);

/**
 * Whether the site declines a question whatever matches, a day in its circumstances set aside, and
 * their live data too when the sentence that asks is a question of its own that does not point back
 * at them, or weighs a plan (WEIGHS_PLAN): "… the current price of ETH. What is it?" and "… Can you
 * help?" ask for it. ask-dev5 situations declined 1 fewer, every unanswerable question and probe
 * declined as before.
 */
function declinedFor(searched: string): OutOfScope | undefined {
  const asking = ASKING_SENTENCE.exec(searched.trim())?.[1];
  if (!asking) return outOfScope(searched);
  const before = searched.trim().slice(0, -asking.length).replace(DAYS_SAID, ' ');
  const ownQuestion = (OWN_QUESTION.test(asking) && !pointsBack(asking)) || WEIGHS_PLAN.test(asking);
  return outOfScope(`${ownQuestion ? before.replace(LIVE_SAID, ' ') : before} ${asking}`);
}

/**
 * `isTalk`: whether some words of the message name nothing the content is about, so that they may
 * be set aside around its asking clause (asking-part.ts); without it only the talk question.ts lists is.
 */
export function readQuestion(
  asked: string,
  speller: Speller,
  isTalk?: (words: string) => boolean,
  namesTerm?: (name: string) => boolean,
): ReadQuestion {
  // Words the content never uses are read as typos of words it does: the answer says so.
  const plain = plainQuestionWords(asked);
  const correction = speller.correct(plain);
  const searched = correction?.text ?? plain;
  // "hey! what is a rollup? thanks": the question is read without the talk around it.
  const talkless = withoutTalk(searched);
  const unwrapped = isTalk ? withoutTalk(askingPart(talkless, isTalk)) : talkless;
  const whole = parseQuestion(unwrapped, namesTerm);
  // "Mining vs staking: what gives you a say over the next block in each": the sides named first
  // are what a comparison asks about, however long its question part.
  const clause = whole.intent === 'comparison' ? undefined : questionClause(unwrapped, searched);
  return {
    text: normalisedQuestion(searched),
    unwrapped: normalisedQuestion(talkless),
    corrected: correction !== undefined,
    question: clause ? parseQuestion(clause, namesTerm) : whole,
    situation: clause ? whole.content : undefined,
    declined: declinedFor(searched),
  };
}

/**
 * What a question asks to be defined, its own subject first, then any part of it that asks "what is
 * …" once the talk around that part is set aside: "what is DPO? be honest" (its subject read as
 * "DPO? be honest"), "genuine q - what is a KV cache?" (read as keywords). The lead reranker keeps
 * such a question on the term's definition, as it keeps the plain "what is DPO" (ask-index.ts).
 */
export function* definedSubjects(question: Question): Generator<NonNullable<Question['subject']>> {
  if (question.subject) yield question.subject;
  // Clause by clause, as asked: the caller stops at the first subject that names a term.
  for (const clause of question.text.split(CLAUSE_BREAK)) {
    const part = parseQuestion(withoutTalk(withoutChat(clause)));
    if (part.intent === 'definition' && part.subject) yield part.subject;
  }
}
