// A question why a figure was chosen ("Why is Bitcoin's supply capped at exactly 21 million coins?",
// "Why did Ethereum choose 32 ETH as the amount needed to run a validator?", "… 12 seconds per slot
// instead of something faster?": ask-dev22, ask-dev25, ask-dev26): the content states such figures
// often and says why rarely. It answers only where a sentence with the figure, or the one after it,
// gives a reason ("long enough for", "so that", "because"); without one, every passage that states
// the figure matches the question well and answers none of it.
import { sentencesOf, type Sentenced } from './sentences.ts';
import { escapePattern } from './text.ts';

/** The figure a question asks the reason for, as the question writes it ("21 million", "32 ETH"). */
export interface ChosenFigure {
  written: string;
  /** A pattern that finds the figure in the content's text: the number, with its scale word if asked with one. */
  pattern: RegExp;
  /** What gives a reason for it in the content's sentences; REASON unless it is a name. */
  reason?: RegExp;
}

// Not "need" or "require": "why does finality need 13 minutes" asks a figure the content works out
// ("two epochs, roughly 13 minutes"), not one somebody chose (review of 30 November).
// "Exactly" tells a chosen figure in any verb: "Why does GPT-2's vocabulary have exactly 50,257
// tokens rather than a round number?" (ask-dev83). How long something took is asked the same way:
// "Why did it take six days for anyone to notice the Ronin bridge had been drained?" (two sets of
// 2 December); "why does it take about a week to withdraw" meets the reason the content gives.
const CHOOSING = String.raw`take|took|choose|chose|chosen|pick|picked|cap|caps|settle\s+on|settled\s+on|go\s+with|went\s+with|decide\s+on|decided\s+on|set|capped\s+at|limited\s+to|fixed\s+at|(?:have|has|had|use|uses|used|hold|holds)(?=\s+exactly\s)`;
/** Words after a figure that are no unit of it ("21 million as the cap", "12 seconds per slot"). */
const NOT_UNIT = String.raw`as|at|for|per|of|in|to|and|or|instead|rather|when|so|the|a|an|is|was|each|every`;

/**
 * Small numbers as words, which questions and the content write as often as digits ("Why was
 * Bitcoin's block time set at ten minutes?": ask-dev32 and a review).
 */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
};

/**
 * "Why did X choose 32 ETH", "why is X capped at exactly 21 million", "why did X set the slot time at
 * 12 seconds", after a label or a sentence too ("Ethereum staking: why did they choose 32 ETH?"),
 * with a currency sign and a longer thing set ("set the GENIUS Act's cutoff for state-level
 * supervision at $10 billion": two sets of 2 December).
 * Not what the asker set: "why does our bot give different answers even though we set temperature
 * to 0?" asks what happens at 0.
 */
const ASKS_CHOSEN = new RegExp(
  String.raw`(?:^|[:.!?]\s+)(?:why|how\s+come)\b[^?]*?(?<!\b(?:we|i|you)\s+)\b(?:${CHOOSING})\s+(?:(?:[\w'-]+\s+){0,7}?(?:on|at|to|as)\s+)?(?:exactly\s+|only\s+|just\s+)?[$€£]?(\d[\d,]*(?:\.\d+)?|${Object.keys(NUMBER_WORDS).join('|')})(?:\s*(million|billion|thousand))?(?:\s*(%)|\s+(?!(?:${NOT_UNIT})\b)(\p{L}+)(?:\s+(?!(?:${NOT_UNIT})\b)(\p{L}+))?)?`,
  'iu',
);

/**
 * What gives a reason in the content's sentences. Not "chosen": "one validator, chosen
 * pseudo-randomly" tells no reason for a 12-second slot.
 */
export const REASON =
  /\b(?:because|so\s+that|in\s+order\s+to|trade-?offs?|the\s+reason|reasons?|designed|to\s+(?:keep|limit|make|ensure|prevent|balance|give|allow|leave|stop|avoid)|(?:long|high|low|large|small|short|big)\s+enough|match(?:es|ing)?|to\s+match)\b/i;

/**
 * A sentence that goes on from the one before ("This keeps …", "The reason is …"): only then is a
 * reason in it the figure's. "Because running validators takes skill and uptime, liquid staking …",
 * after "… requires 32 ETH", gives a reason for something else.
 */
export const POINTS_BACK =
  /^(?:this|that|these|those|it|so|such|the\s+(?:reason|figure|number|limit|cap|choice|idea|aim))\b/i;

/**
 * A name asked why it was given: "Why was Ethereum's May 2025 upgrade given the name 'Pectra'?",
 * "… why is it called Fusaka" (ask-dev82, ask-dev83). The content names upgrades and models and
 * seldom says where a name comes from; a name in lowercase is a term whose meaning may be the
 * reason ("why's it called impermanent loss", which the content answers).
 */
const ASKS_NAMED =
  /(?:^|[:.!?]\s+)(?:[Ww]hy|[Hh]ow\s+come)\b[^?]*?\b(?:given\s+the\s+name|named|called|dubbed|christened)\s+['"‘“]?(\p{Lu}[\p{L}\p{N}-]*)/u;

/** What says where a name comes from. */
const NAME_REASON =
  /\b(?:named\s+(?:after|for)|stands?\s+for|short\s+for|abbreviat\w*|acronym|portmanteau|blend\w*|combin\w*|comes?\s+from|because)\b/i;

/** The name a question asks the reason for, if it asks one, as a figure whose reason is a name's. */
export function chosenName(question: string): ChosenFigure | undefined {
  const name = ASKS_NAMED.exec(question.trim())?.[1];
  return name
    ? { written: name, pattern: new RegExp(String.raw`\b${escapePattern(name)}\b`, 'i'), reason: NAME_REASON }
    : undefined;
}

/** The figure a question asks the reason for, if it asks one. */
export function chosenFigure(question: string): ChosenFigure | undefined {
  const asked = ASKS_CHOSEN.exec(question.trim());
  if (!asked) return undefined;
  const [, number, scale, percent, word, second] = asked;
  const scaled = scale ? String.raw`\s*${scale}` : '';
  // A unit as the content may write it: "12 seconds", "12-second"; "32 ETH". Of two words, either
  // may be the unit: "8 attention heads" is "8 heads" in the content.
  const units = percent ? [percent] : [word, second].filter((one) => one !== undefined);
  const unitPattern = units.map((unit) => escapePattern(unit.replace(/s$/i, ''))).join('|');
  const measured = units.length > 0 ? String.raw`[\s-]*(?:${unitPattern})` : '';
  // A number written as a word is found as a word or in digits ("ten minutes", "10-minute"), and
  // one in digits as a word too when it counts something ("8 heads" is "eight heads" in an essay;
  // "10 billion" is no "ten billion years").
  const digits = NUMBER_WORDS[number!.toLowerCase()];
  const counted = units.length > 0 && !scale && !percent;
  const inWords = counted ? Object.keys(NUMBER_WORDS).find((name) => NUMBER_WORDS[name] === number) : undefined;
  const spelled = digits ? number : inWords;
  const figure = String.raw`(?<![\d.,])${escapePattern(digits ?? number!)}(?![\d]|[.,]\d)`;
  return {
    written: `${[number, scale].filter(Boolean).join(' ')}${percent ?? units.map((unit) => ` ${unit}`).join('')}`,
    pattern: new RegExp(
      String.raw`(?:${spelled ? String.raw`\b${spelled}\b|` : ''}${figure})${scaled}${measured}`,
      'i',
    ),
  };
}

/**
 * Whether the content leaves the figure's reason untold: some sentence states the figure of what is
 * asked (`about`: "50% of validators" states no gas target), and none gives a reason where it does:
 * after the figure in its own sentence, or in the one after, or after a paragraph's last sentence
 * the next paragraph's first two (`next`), when that sentence goes on from it (POINTS_BACK). A
 * figure it never states is for the other rules ("seven days" is no "7 days" here).
 */
export function unreasonedFigure(
  figure: ChosenFigure,
  passages: readonly Sentenced[],
  about: (sentence: string) => boolean,
  next: (passage: number) => Sentenced | undefined = () => undefined,
): boolean {
  let stated = false;
  for (const [at, passage] of passages.entries()) {
    if (!figure.pattern.test(passage.text)) continue;
    const sentences = sentencesOf(passage);
    const after = next(at);
    const around = [...sentences, ...(after ? sentencesOf(after).slice(0, 2) : [])];
    const told = (sentence: string) => figure.pattern.test(sentence) && about(sentence);
    const window = (index: number) => around.slice(index + 1, index + (index === sentences.length - 1 ? 3 : 2));
    // In the figure's own sentence, a reason after the figure: "so that blocks arrive about every
    // ten minutes" gives the reason for adjusting the target, not for ten minutes.
    const afterFigure = (sentence: string) => sentence.slice(Math.max(0, sentence.search(figure.pattern)));
    const reason = figure.reason ?? REASON;
    const reasoned = (index: number) =>
      reason.test(afterFigure(around[index]!)) ||
      window(index).some((near) => POINTS_BACK.test(near) && reason.test(near));
    if (!sentences.some(told)) continue;
    stated = true;
    if (sentences.some((sentence, index) => told(sentence) && reasoned(index))) return false;
  }
  return stated;
}
