// A figure asked of something the content writes of but never measures ("How much electricity does
// Bitcoin mining use per year?": ten unanswerable questions in eight development sets, three of
// them answered with a definition that states no figure). No sentence that writes the measured word
// beside a figure and what else the question asks about, so no passage can give the figure asked.
import { askedSentence } from './name-shapes.ts';
import { sentencesOf, type Sentenced } from './sentences.ts';
import { indexTerm, terms, YEAR } from './text.ts';

/**
 * The word a figure question measures, where it ends what is measured: "how much electricity does …",
 * "how many validators are …", not "how much impermanent loss" or "how many dishonest participants",
 * whose first word only qualifies what is measured.
 */
const MEASURED =
  /\bhow\s+(?:much|many)\s+(\p{L}+)\s+(?:does|do|did|is|are|was|were|will|would|can|could|should|has|have|had|and|per|in|on|for|to)\b/iu;

/**
 * What a share question counts, the word before its verb: "what percentage of US hospitals use …",
 * "what share of Ethereum blocks are built …".
 */
const SHARED =
  /\bwhat\s+(?:percentage|percent|share|fraction|proportion|portion)\s+of\s+(?:(?:the|all|its|their|an?)\s+)?(?:[\p{L}\p{N}-]+\s+){0,2}?(\p{L}+)\s+(?:use[sd]?|are|is|were|was|have|has|had|own|owns|owned|hold|holds|held|do|does|did|can|will|would|get|got)\b/iu;

/**
 * What a price question asks the figure of, the verb after what costs: "how much did training
 * DeepSeek-R1 cost", "how much does Chainlink CCIP charge" (no word between "much" and the verb).
 */
const PRICED = /\bhow\s+much\s+(?:does|did|do|would|will|could|can)\s[^?.!]*?\b(cost|charge|spend|pay)\b/iu;

/**
 * Words the content may write for the same quantity: its figures of energy are figures of
 * electricity, and a price is what something costs, is charged or paid.
 */
const ALIKE: Readonly<Record<string, readonly string[]>> = {
  electricity: ['energy'],
  energy: ['electricity'],
  cost: ['price', 'paid', 'spent', 'fee'],
  charge: ['fee', 'price', 'cost'],
  spend: ['spent', 'cost', 'paid'],
  pay: ['paid', 'cost', 'price', 'fee'],
};

/** A figure in a sentence: digits, or a number written as a word ("two epochs", "half the stake"). */
const FIGURE =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|billions?|trillions?|dozens?|half|third|quarter|twice|double|triple|tenfold)\b/i;

/**
 * A figure of money, what a price is stated in: "$625 million", "30 cents", "1 gwei", "four credits"
 * (quadratic voting's price). Training's "6 × N × D operations" is what it costs, but no price.
 */
const MONEY = /[$€£¥]|\b(?:dollars?|cents?|euros?|pounds|usd|eth|ether|btc|gwei|wei|credits?|fees?)\b/i;

/**
 * What a figure question measures, as written, and its index term followed by those of words alike;
 * `figure`: what a sentence must hold to state it (a price, money).
 */
export interface MeasuredWord {
  written: string;
  alike: readonly string[];
  figure: RegExp;
}

/** What a figure question measures (MEASURED), if it asks a figure. */
export function measuredWord(content: string): MeasuredWord | undefined {
  const sentence = askedSentence(content);
  const priced = PRICED.exec(sentence)?.[1];
  const written = MEASURED.exec(sentence)?.[1] ?? SHARED.exec(sentence)?.[1] ?? priced;
  const term = written ? indexTerm(written) : null;
  if (!written || !term) return undefined;
  const alike = (ALIKE[written.toLowerCase()] ?? []).flatMap((word) => indexTerm(word) ?? []);
  return { written, alike: [term, ...alike], figure: written === priced ? MONEY : FIGURE };
}

/**
 * Whether the passages that write the measured word (`writing`, from the index's postings) never do
 * so beside a figure: in the sentence that writes it, or the one before or after ("… about 5.7%
 * for a doubling. This is impermanent loss"), with one of the question's other terms there too
 * (`about`): "cut the network's energy use by about 99.95%" measures Ethereum's energy, not a
 * chatbot's. A name the glossary knows (`named`: "how many bitcoins …") needs no other term beside
 * its own word; a word alike always does. A word no passage writes is not measured here (false):
 * content-gaps.ts declines it as never mentioned before asking. `figureOf`: terms of what the
 * figure is of, each of which must be in the window.
 */
export function neverMeasured(
  measured: MeasuredWord,
  about: readonly string[],
  writing: readonly number[],
  passages: readonly Sentenced[],
  named = false,
  figureOf: readonly string[] = [],
): boolean {
  if (writing.length === 0) return false;
  const [own, ...alike] = measured.alike;
  // Whether a window of sentences, with their terms, states a figure of what is asked.
  const stated = (window: readonly string[], written: readonly string[]) => {
    if (!window.some((sentence) => measured.figure.test(sentence))) return false;
    if (!figureOf.every((term) => written.includes(term))) return false;
    const aboutAsked = about.length === 0 || about.some((term) => written.includes(term));
    return (
      (written.includes(own!) && (named || aboutAsked)) || (alike.some((term) => written.includes(term)) && aboutAsked)
    );
  };
  return writing.every((at) => {
    const sentences = sentencesOf(passages[at]!);
    // Each sentence's terms once; a window's are its sentences'.
    const written = sentences.map((sentence) => terms(sentence));
    const near = (index: number) => [Math.max(0, index - 1), index + 2] as const;
    return written.every(
      (sentenceTerms, index) =>
        !sentenceTerms.some((term) => measured.alike.includes(term)) ||
        !stated(sentences.slice(...near(index)), written.slice(...near(index)).flat()),
    );
  });
}

/**
 * Whether a sentence of some passages states the figure a question asks of a name it writes with a
 * capital: the measured word or one alike, a figure that is no year, every such name and every year
 * asked ("Tether reported profits of roughly $13 billion for 2024." for "How much profit did Tether
 * make in 2024?"). Such a sentence answers, whatever readers asked of another name ("How much profit
 * did Circle make in 2024?": asked-before.ts). The passages are split into sentences only for a
 * figure question that names something.
 */
export function statesFigureAsked(content: string, passages: readonly Sentenced[]): boolean {
  const measured = measuredWord(content);
  if (!measured) return false;
  const asked = askedSentence(content);
  const names = [...asked.matchAll(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}-]*/gu)]
    .filter(([name]) => name !== 'I')
    .flatMap(([name]) => indexTerm(name) ?? []);
  if (names.length === 0) return false;
  const years = asked.match(YEAR) ?? [];
  return passages
    .flatMap((passage) => sentencesOf(passage))
    .some((sentence) => {
      const written = terms(sentence);
      return (
        measured.figure.test(sentence.replace(YEAR, ' ')) &&
        measured.alike.some((term) => written.includes(term)) &&
        names.every((name) => written.includes(name)) &&
        years.every((year) => sentence.includes(year))
      );
    });
}
