// A question why a price moved in a given year ("Why did Bitcoin's price fall so much during 2022?",
// "why did NFT prices crash so hard in 2022"): market history, which the content
// tells only for the moves its essays are about ("USDC dropped to about 87 cents", "ETH fell by
// about 43% within the day"). Without a sentence in which the thing itself moves that way, in a
// section of that year, the question is declined, however well its name and year match apart:
// "the bitcoin reserve was sold into falling markets" in May 2022 says nothing of why bitcoin fell.
import { sentencesOf } from './sentences.ts';
import { indexTerm, rawWords } from './text.ts';

/** A year's move asked about: what moved, which way, and the year. */
export interface DatedMove {
  /** The words that name what moved ("Bitcoin", "fees on layer 2 networks"). */
  subject: string[];
  year: string;
  rising: boolean;
}

// "drop" with an object is a removal ("why did MCP drop the SSE transport in March 2025").
const FALLS = String.raw`fall|falls|fell|lag|lags|lagged|underperform|underperformed|(?:drop|drops|dropped)(?!\s+(?:the|a|an|its|their|support)\b)|crash|crashes|crashed|collapse|collapses|collapsed|plunge|plunges|plunged|plummet|plummeted|tank|tanked|slip|slips|slipped|slide|slid|dip|dipped|sink|sank|lose|loses|lost|depeg|depegged|dump|dumped|go\s+down|going\s+down|went\s+down`;
const RISES = String.raw`rise|rises|rose|soar|soars|soared|surge|surges|surged|jump|jumps|jumped|spike|spikes|spiked|climb|climbs|climbed|pump|pumped|skyrocket|skyrocketed|go\s+up|going\s+up|went\s+up`;

/** A month's name, whole or short ("Sept.", "march"). */
export const MONTHS = String.raw`(?:(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?|january|february|march|april|may|june|july|august|september|october|november|december)`;

/**
 * A year as a question dates by it, with what narrows it before: "early 2021", "Q2 2022", "the
 * summer of 2023", "March 2024". The year is the one group.
 */
export const DATED_YEAR = String.raw`(?:(?:early|late|mid)[- ]?|q[1-4]\s+|(?:spring|summer|autumn|fall|winter)\s+(?:of\s+)?)?(?:${MONTHS}\s+)?((?:19|20)\d\d)\b`;

/**
 * "Why did X fall … in 2022", "what caused X to crash during early 2021", "how come X went up so much
 * in March 2024": what moved sits between the asking words and the move.
 */
const ASKED_MOVE = new RegExp(
  String.raw`(?:^|[:.!?]\s+)(?:why|how\s+come|what\s+(?:\w+\s+)?(?:caused|made))\s+(?:(?:did|do|does|has|have|had|is|was|were)\s+)?(.+?)\s+(?:(?:keep|kept)\s+)?(${FALLS}|${RISES})\b(?!\s+(?:make|made|makes|cause|caused|causes|lead|led|leads|trigger\w*|force\w*)\b).*?\b(?:in|during|throughout|after|since)\s+(?:the\s+)?${DATED_YEAR}`,
  'i',
);

/**
 * A price asked about, or a market's yield or rate ("Why did US Treasury yields climb above 4% in
 * 2023?", ask-dev81): a move of anything else ("why did The DAO lose 3.6 million ETH in 2016", "why
 * did Tether's profits rise in 2024", "why did DeFi deposits jump in 2020") is a story the content
 * tells in its own verbs (drained, earned, grew); review of 30 November, nine such questions.
 */
const PRICE_ASKED =
  /\b(?:price|prices|priced|value(?!\s+(?:locked|deposited))|valuation|market|peg|yields?|interest\s+rates?)\b|\b(?:below|above|under)\s+(?:a|one|\$?1)\s+dollar\b|\b(?:below|above|under)\s+\$\d/i;

/** Words of a subject that say which figure of it moved or how much, not what moved. */
const NOT_SUBJECT =
  /^(?:the|a|an|of|so|much|many|really|even|its|their|s|price|prices|value|values|network|networks|to|been|being)$/i;

/**
 * A move told in a sentence of the content: in the past tense ("fell", "lost"), not what can happen
 * ("net supply can rise or fall"), a worked example ("when ETH drops below …") nor a kind of market
 * ("falling markets").
 */
const TOLD_FALL =
  /^(?:fell|dropped|crashed|collapsed|plunged|plummeted|tanked|slipped|slid|dipped|sank|lost|depegged|dumped)$/i;
const TOLD_RISE = /^(?:rose|soared|surged|jumped|spiked|climbed|pumped|doubled|tripled|recovered|rebounded)$/i;

/** Words told between what moved and its move, at most ("fees on major rollups fell"). */
const NEAR = 6;

const RISING = new RegExp(`^(?:${RISES})$`, 'i');

/** The year's move a question asks the cause of, if it asks one. */
export function datedMove(question: string): DatedMove | undefined {
  const asked = ASKED_MOVE.exec(question.trim());
  if (!asked || !PRICE_ASKED.test(asked[0])) return undefined;
  const subject = rawWords(asked[1]!).filter((word) => !NOT_SUBJECT.test(word));
  const rising = RISING.test(asked[2]!);
  return subject.length > 0 ? { subject, year: asked[3]!, rising } : undefined;
}

/**
 * Whether a passage of the move's year tells it: a sentence in which a word of what moved (`named`:
 * by its index terms, aliases included) comes a few words before a move its way ("USDC dropped"),
 * or which names it and then says "its price collapsed", or which opens on the year with it as its
 * subject ("In June 2021 IRON, a partially collateralised stablecoin, went through the same loop").
 */
export function tellsMove(
  move: DatedMove,
  named: (term: string) => boolean,
  passages: ReadonlyArray<{ text: string; sentences: readonly number[] }>,
  beside: (passage: number) => readonly number[] = (passage) => [passage],
): boolean {
  const isNamed = (word: string | undefined) => named(indexTerm(word ?? '') ?? '');
  const told = move.rising ? TOLD_RISE : TOLD_FALL;
  const movesIn = (sentence: string) => {
    // A clause set between commas after the name ("DAI, which by then was backed by USDC, fell with it").
    const words = rawWords(sentence.replace(/,\s+(?:which|who|a|an)\b[^,]*,/g, ' '));
    const dated = words.indexOf(move.year);
    return (dated >= 0 && isNamed(words[dated + 1])) || movedAfterName(words, told, isNamed);
  };
  // The year may be told a paragraph before the move, in the same section ("On Friday 10 March 2023 …").
  // A year in a citation ("(Leshner and Hayes, 2019)") dates no event of the section.
  const dated = (at: number) =>
    beside(at).some((other) => passages[other]!.text.replace(/\([^()]*\)/g, ' ').includes(move.year));
  return passages.some((passage, at) => sentencesOf(passage).some(movesIn) && dated(at));
}

/** Whether a move its way follows a word of the name closely ("USDC dropped"), or as "its price collapsed". */
function movedAfterName(words: readonly string[], told: RegExp, isNamed: (word: string) => boolean): boolean {
  let since = Infinity;
  for (const [at, word] of words.entries()) {
    const owned = Number.isFinite(since) && /^(?:its|their)$/i.test(words[at - 2] ?? '');
    if (told.test(word) && (since <= NEAR || owned)) return true;
    since = isNamed(word) ? 0 : since + 1;
  }
  return false;
}
