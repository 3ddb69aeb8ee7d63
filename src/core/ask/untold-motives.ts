// A question why someone decided to do something ("Why did Tether decide not to seek MiCA
// authorisation in Europe?": ask-dev28, ask-dev30, ask-dev32): the content states what was done, or
// not done, often as the cause of something else ("Because Tether did not seek MiCA authorisation,
// major exchanges restricted USDT"), and rarely the motive. It answers only where a sentence that
// tells the act gives a reason after it, or the next sentence goes on from it with one.
import { POINTS_BACK, REASON } from './chosen-figures.ts';
import { sentencesOf, type Sentenced } from './sentences.ts';
import { indexTerm, rawWords, terms } from './text.ts';

/** "Why did X decide (not) to Y", "why would X choose to Y", "why did X refuse to Y". */
const ASKS_MOTIVE =
  /(?:^|[:.!?]\s+)why\s+(?:did|does|do|has|have|would|had)\s+(.+?)\s+(?:decide[sd]?|choose|chose|opt(?:ed)?|refuse[sd]?|elect(?:ed)?)\s+(?:not\s+)?to\s+(\p{L}+(?:\s+[\p{L}'’]+){0,3})/iu;

/**
 * "Why did OpenAI choose a mixture-of-experts architecture for GPT-4?" (ask-dev92): someone's choice,
 * with what was chosen after the verb. Not "pick" ("why does an AI judge tend to pick the longer
 * answer"), nor a choice anyone makes or something undergoes ("why would anyone choose …", "why did
 * Plasma get abandoned"): those ask how things work.
 */
const ASKS_CHOICE =
  /(?:^|[:.!?]\s+)why\s+(?:did|does|do|has|have|would|had)\s+(.+?)\s+(?:choose|chose|select(?:ed)?|adopt(?:ed)?|retire[sd]?|discontinue[sd]?|abandon(?:ed)?|deprecate[sd]?|shut\s+down|rename[sd]?|(?:keep|kept)(?!\s+\p{L}+ing\b))\s+(?!to\b)(?:(?:an?|the|its|their)\s+)?([\p{L}$\p{N}][\p{L}\p{N}.-]*(?:\s+[\p{L}'’-]+){0,3})/iu;

/**
 * "Why did Satoshi pick ten minutes … rather than one minute?", "Why did Ethereum's developers create
 * Solidity instead of using JavaScript?": something someone picked, made or invented set against
 * what else they could have done. Not what happened ("why did UST collapse instead of recovering")
 * nor what was used ("why did DeepSeek use GRPO instead of PPO"), which the content explains. The
 * chooser ends before the first lowercase word after it.
 */
const ASKS_OVER =
  /(?:^|[:.!?]\s+)[Ww]hy\s+did\s+((?:[Tt]he\s+)?\S+?(?:\s+\p{Lu}\S*)*)\s+((?:\p{Ll}+\s+)?(?:pick|settle\s+on|create|invent|design|go\s+with|opt\s+for)\s(?:[^?.!]|\.(?=\d))+?)\s+(?:instead\s+of|rather\s+than)\b/u;

/** Who makes no choice of their own, or undergoes one (ASKS_CHOICE). */
const NO_CHOOSER = /\b(?:get|gets|got|tend|tends|anyone|anybody|people|someone|you|we|i|it|they)\b/i;

/** Someone's choice asked the reason for, its chooser and choice (ASKS_CHOICE). */
function askedChoice(question: string): RegExpExecArray | undefined {
  const asked = ASKS_CHOICE.exec(question) ?? ASKS_OVER.exec(question);
  return asked && !NO_CHOOSER.test(asked[1]!) ? asked : undefined;
}

/**
 * Who decided (their index terms) and what they decided to do: the verb and the words after it
 * ("apply for authorisation under MiCA"), any of which tells the act where the content words it
 * otherwise ("did not seek MiCA authorisation").
 */
export interface AskedMotive {
  actor: readonly string[];
  act: readonly string[];
  /** What is asked the reason for, as the question writes it ("Tether decide not to seek MiCA authorisation"). */
  written: string;
}

export function askedMotive(question: string): AskedMotive | undefined {
  const asked = ASKS_MOTIVE.exec(question.trim()) ?? askedChoice(question.trim());
  const act = asked ? terms(asked[2]!) : [];
  const actor = asked ? terms(asked[1]!) : [];
  if (!asked || act.length === 0 || actor.length === 0) return undefined;
  return { actor, act, written: writtenFrom(question.trim(), asked.index) };
}

/**
 * An authority's act asked the reason for: "why did the US Treasury sanction Tornado Cash", "why did
 * the SEC sue Ripple", "why was Do Kwon arrested" (in nineteen sets, every one unanswerable). The
 * content tells such acts in passing, as dates of what followed, and never their grounds.
 */
// Not "charge" or "fine": "why did Ethereum charge so much gas", "why did the model fine tune badly".
const ENFORCING = String.raw`sanction|ban|sue|arrest|prosecute|convict|indict`;
const ASKS_ENFORCED = new RegExp(
  String.raw`(?:^|[:.!?]\s+)why\s+(?:did|has|have|would)\s+(.+?)\s+(${ENFORCING})\s+([^?.!]{1,60})`,
  'iu',
);
const ASKS_ENFORCED_ON = new RegExp(
  String.raw`(?:^|[:.!?]\s+)why\s+(?:was|were|is|are|has\s+been|have\s+been)\s+(.+?)\s+(sanctioned|banned|sued|arrested|prosecuted|convicted|indicted|jailed|sentenced)\b`,
  'iu',
);

/**
 * An authority's act a question asks the reason for: as the question writes it ("the SEC sue Ripple
 * over XRP"), its verb's term and the terms of who and what else it names.
 */
export function askedEnforcement(question: string): AskedMotive | undefined {
  const text = question.trim();
  const asked = ASKS_ENFORCED.exec(text) ?? ASKS_ENFORCED_ON.exec(text);
  if (!asked) return undefined;
  // The verb in its forms, whose stems differ ("sue", "sued"; "arrested", "arrest").
  const verb = asked[2]!.toLowerCase();
  const forms = [verb, `${verb}s`, `${verb}d`, `${verb}ed`, verb.replace(/e?d$/, '')];
  const act = [...new Set(forms.flatMap((form) => indexTerm(form) ?? []))];
  return { act, actor: terms(`${asked[1]} ${asked[3] ?? ''}`), written: writtenFrom(text, asked.index) };
}

/**
 * What a why-question asks the reason for, as written: after "why did", up to the clause's end (not
 * a decimal point: "a 0.3% fee") or the other choice ("instead of …").
 */
const writtenFrom = (question: string, at: number) =>
  question
    .slice(at)
    .replace(/^[:.!?\s]*why\s+\S+\s+/i, '')
    .split(/[?!,;]|\.(?!\d)|\s(?:instead\s+of|rather\s+than)\b/i)[0]!
    .trim();

/**
 * Whether the content tells the act but not why: some sentence writes the actor and the act, and
 * none gives a reason after the act, in that sentence or in the next one going on from it. An act
 * the content never tells is for the other rules (`untold`: false), or untold too (true: an
 * authority's act, whose grounds the content gives nowhere else).
 */
export function untoldMotive(motive: AskedMotive, passages: readonly Sentenced[], untold = false): boolean {
  let told = untold;
  for (const passage of passages) {
    const sentences = sentencesOf(passage);
    for (const [index, sentence] of sentences.entries()) {
      const written = terms(sentence);
      const acts = motive.act.some((term) => written.includes(term));
      if (!acts || !motive.actor.some((term) => written.includes(term))) continue;
      told = true;
      const next = sentences[index + 1];
      if (REASON.test(afterAct(sentence, motive.act)) || (next && POINTS_BACK.test(next) && REASON.test(next)))
        return false;
    }
  }
  return told;
}

/** The part of a sentence after the first word that writes the act. */
function afterAct(sentence: string, act: readonly string[]): string {
  const words = rawWords(sentence);
  const at = words.findIndex((word) => act.includes(indexTerm(word) ?? ''));
  return words.slice(at + 1).join(' ');
}
