// A question why a figure was chosen ("Why is Bitcoin's supply capped at exactly 21 million coins?",
// "Why did Ethereum choose 32 ETH as the amount needed to run a validator?", "… 12 seconds per slot
// instead of something faster?": ask-dev22, ask-dev25, ask-dev26): the content states such figures
// often and says why rarely. It answers only where a sentence with the figure, or the one after it,
// gives a reason ("long enough for", "so that", "because"); without one, every passage that states
// the figure matches the question well and answers none of it.
import { sentencesAt } from './sentences.ts';
import { escapePattern } from './text.ts';

/** The figure a question asks the reason for, as the question writes it ("21 million", "32 ETH"). */
export interface ChosenFigure {
  written: string;
  /** A pattern that finds the figure in the content's text: the number, with its scale word if asked with one. */
  pattern: RegExp;
}

const CHOOSING = String.raw`choose|chose|chosen|pick|picked|settle\s+on|settled\s+on|go\s+with|went\s+with|decide\s+on|decided\s+on|set|capped\s+at|limited\s+to|fixed\s+at|set\s+at|require|requires|required|need|needs`;
/** Words after a figure that are no unit of it ("21 million as the cap", "12 seconds per slot"). */
const NOT_UNIT = String.raw`as|at|for|per|of|in|to|and|or|instead|rather|when|so|the|a|an|is|was|each|every`;

/**
 * "Why did X choose 32 ETH", "why is X capped at exactly 21 million", "why did X set the slot time at
 * 12 seconds", "how come X needs 12 seconds".
 */
const ASKS_CHOSEN = new RegExp(
  String.raw`^(?:why|how\s+come)\b[^?]*?\b(?:${CHOOSING})\s+(?:(?:[\w'-]+\s+){0,3}?(?:on|at|to|as)\s+)?(?:exactly\s+|only\s+|just\s+)?(\d[\d,]*(?:\.\d+)?)(?:\s*(million|billion|thousand))?(?:\s+(?!(?:${NOT_UNIT})\b)(\p{L}+))?`,
  'iu',
);

/** What gives a reason in the content's sentences. */
// Not "chosen": "one validator, chosen pseudo-randomly" tells no reason for a 12-second slot.
const REASON =
  /\b(?:because|so\s+that|in\s+order\s+to|trade-?offs?|the\s+reason|reasons?|designed|to\s+(?:keep|limit|make|ensure|prevent|balance|give|allow|leave|stop|avoid)|(?:long|high|low|large|small|short|big)\s+enough)\b/i;

/** The figure a question asks the reason for, if it asks one. */
export function chosenFigure(question: string): ChosenFigure | undefined {
  const asked = ASKS_CHOSEN.exec(question.trim());
  if (!asked) return undefined;
  const [, number, scale, unit] = asked;
  const scaled = scale ? String.raw`\s*${scale}` : '';
  // A unit as the content may write it: "12 seconds", "12-second"; "32 ETH".
  const measured = unit ? String.raw`[\s-]*${escapePattern(unit.replace(/s$/i, ''))}` : '';
  return {
    written: [number, scale, unit].filter(Boolean).join(' '),
    pattern: new RegExp(String.raw`(?<![\d.,])${escapePattern(number!)}(?![\d]|[.,]\d)${scaled}${measured}`, 'i'),
  };
}

/**
 * Whether the content leaves the figure's reason untold: some passage states the figure, and none
 * gives a reason where it does (in the sentence, or the one after). A figure it never states is for
 * the other rules ("seven days" is no "7 days" here).
 */
export function unreasonedFigure(
  figure: ChosenFigure,
  passages: ReadonlyArray<{ text: string; sentences: readonly number[] }>,
): boolean {
  return passages.some((passage) => figure.pattern.test(passage.text)) && !reasonsFigure(figure, passages);
}

/** Whether a passage gives a reason where it states the figure: in the sentence, or the one after. */
function reasonsFigure(
  figure: ChosenFigure,
  passages: ReadonlyArray<{ text: string; sentences: readonly number[] }>,
): boolean {
  return passages.some((passage) => {
    if (!figure.pattern.test(passage.text)) return false;
    const sentences = sentencesAt(passage.text, passage.sentences);
    return sentences.some(
      (sentence, at) =>
        figure.pattern.test(sentence) && (REASON.test(sentence) || REASON.test(sentences[at + 1] ?? '')),
    );
  });
}
