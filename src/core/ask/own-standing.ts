// Questions about a tax or legal position, the asker's own ("how much tax do I owe on the gain",
// "is it legal for me to run a validator there") or a country's tax rules ("how is staking taxed in
// Germany"): they ask for tax or legal advice, which, like financial advice (out-of-scope.ts,
// OUT_OF_SCOPE.advice), depends on the country and the asker's circumstances and which this site
// does not give, whatever passage a domain word of the question ("staking", "validator") reaches.
// Its essays say what laws such as MiCA require of issuers; that is not what anyone owes, and no
// passage states a tax rule. Tax as a figure of speech ("MEV is a hidden tax on users") is the
// content's. Every one of the 21 tax questions in the eighteen development sets is unanswerable;
// measured when the asker's own standing was added (fourteen sets): unanswerable declined dev5
// 26 → 27, dev6 28 → 29, dev11 19 → 21, dev12 27 → 28, dev13 26 → 28 of 30, no answerable question.
import { straightQuotes } from './quotes.ts';

/**
 * The asker speaks of themself: "I", "my", "we", "our" (not "us", which a question also writes for
 * the country: "taxed in the US", "a tax on us users").
 */
export const ASKER = /\b(?:i|i'm|me|my|we|our)\b/i;

/**
 * The asker's own tax ("my taxes", "my UK tax return", "how much tax do I owe", "do I owe capital
 * gains tax", "am I taxed", "can I deduct my gas fees"), or whether something is legal for someone
 * to do ("is it legal for me", "legal to use there"). Not tax as a word of the content ("a hidden
 * tax on holders", "how are staking rewards taxed"), a fee deducted from a balance, a law's name or
 * what a law requires of others ("the new US stablecoin law", "legal research tools").
 */
const STANDING = new RegExp(
  [
    String.raw`\b(?:my|our)\s+(?:[\w'-]+\s+){0,2}tax(?:es)?\b`,
    String.raw`\btax\s+returns?\b`,
    String.raw`\btax(?:es)?\b[^.?!]{0,20}\b(?:i|we)\s+(?:owe|pay)\b`,
    String.raw`\b(?:i|we)\s+(?:(?:have|need)\s+to\s+)?(?:owe|pay)\b[^.?!]{0,30}\btax(?:es)?\b`,
    String.raw`\b(?:am\s+i|are\s+we)\s+taxed\b`,
    String.raw`\b(?:i|we)\s+owe\s+(?:the\s+)?(?:government|state|taxman)\b`,
    // "Do I have to pay the government anything when I sell …" (ask-dev28): tax in other words.
    String.raw`\b(?:i|we)\s+(?:(?:have|need)\s+to\s+)?(?:pay|give)\s+(?:the\s+)?(?:government|state|taxman|irs|hmrc)\b`,
    // Paperwork an authority asks of the asker: "what forms do we need to file", "what licence do we
    // need" (ask-dev22). Not "what licence do I get" with an NFT, nor what a protocol or a law asks of
    // anyone ("what do I have to submit to make a proposal"): review of 30 November.
    String.raw`\bwhat\s+(?:forms?|paperwork|permits?|filings?)\s+(?:do|would|will)\s+(?:i|we)\s+(?:need|have)\s+to\s+(?:file|fill|submit)\b|\bwhat\s+licen[cs]es?\s+(?:do|would|will)\s+(?:i|we)\s+need\b`,
    // An estate: "my father passed away and had bitcoin on an exchange … how do we claim it" (ask-dev23).
    // "My late uncle left a USB stick … what are the legal steps to claim it as an inheritance" (ask-dev25);
    // not inheritance in Solidity.
    String.raw`\b(?:passed\s+away|probate|death\s+certificate|next\s+of\s+kin|as\s+(?:an\s+)?inheritance)\b`,
    // The asker's own estate: "how do I make sure my family can get into my crypto after I pass away" (ask-dev30).
    String.raw`\b(?:after|when|if|once)\s+(?:i|we)\s+(?:pass\s+away|die)\b`,
    // A late relative's coins claimed, not any question that mentions one ("my late father left a
    // hardware wallet. How does a seed phrase restore …": review of 30 November).
    String.raw`\bmy\s+late\s+(?:father|mother|dad|mum|mom|uncle|aunt|grand\w+|husband|wife|partner|brother|sister)\b[^?]*\b(?:claim\w*|inherit\w*|legally)\b`,
    // "What are our legal obligations?", "what's our legal deadline to comply?" (ask-dev98, ask-dev104).
    String.raw`\blegal\s+steps\s+to\s+(?:claim|get|recover|inherit)\b|\b(?:my|our)\s+legal\s+(?:rights|options|obligations?|duties|deadlines?|requirements?|position)\b`,
    // A relative who died and left coins to claim ("my grandmother died and left me a ledger wallet, how do
    // I get the coins legally?": review of 30 November).
    String.raw`\b(?:died|passed)\b[^?]*\b(?:claim\w*|inherit\w*|legally|get\s+(?:the|his|her|their)\s+(?:coins|crypto|bitcoin|funds|money))\b`,
    String.raw`\bdeduct\s+(?:my|our)\b|\btax[- ]deductible\b`,
    // A tax authority, which the content never names: "does coinbase send my trades to the irs or nah"
    // (ask-dev82).
    String.raw`\b(?:irs|hmrc|tax\s+(?:office|authorit(?:y|ies)|man))\b`,
    // An employer's tax: "how do I handle payroll taxes and withholding on that" (ask-dev47); the
    // asker's sale after a story: "How will this be taxed, and when do I have to declare it?" (ask-dev56).
    String.raw`\bpayroll\b|\bwithholding\b|\bhow\s+(?:will|would|is|are)\s+(?:this|that|it|these|they)\s+(?:be\s+)?taxed\b|\bwhen\s+do\s+(?:i|we)\s+(?:have\s+to\s+|need\s+to\s+)?declare\b`,
    // Not what a protocol or language allows ("… signed two blocks. Is that legal in proof of stake?"):
    // review of 30 November.
    String.raw`\b(?:is\s+(?:it|that|this)|it's|are\s+they|are\s+we|am\s+i)\s+(?:il)?legal\b(?!\s+(?:in|under|on|by|for)\s+(?:the\s+)?(?:protocol|solidity|vyper|proof\s+of|evm|ethereum|bitcoin|consensus|standard|erc|smart\s+contracts?|rules)\b)`,
    String.raw`\b(?:il)?legal\s+(?:for\s+(?:me|us)|to\s+(?:use|own|buy|sell|hold|run|trade|mine|stake))\b`,
    // The law where the asker is: "does the court order legally override the chain record in our
    // state?", "our state requires consent for recordings, and our lawyer asked …" (ask-dev106, ask-dev59).
    String.raw`\b(?:our|my)\s+(?:state|country|jurisdiction|county)\b[^?]*\b(?:legal\w*|laws?|lawyers?|courts?|requires?)\b|\b(?:legal\w*|laws?|courts?)\b[^?]*\b(?:in|under)\s+(?:our|my)\s+(?:state|country|jurisdiction|county)\b`,
    // Whom to turn to after a loss: "… he sent $8,000. Is there any way to get it back, and who should
    // we contact?"
    String.raw`\bwho\s+should\s+(?:i|we)\s+(?:contact|call|report\s+(?:it|this|them)\s+to)\b`,
    // "Which US agency should I report it to" (ask-dev32); "how do I claim compensation" (ask-dev31).
    String.raw`\bwhich\s+(?:\w+\s+)?(?:agency|authority|regulator)\s+should\s+(?:i|we)\b|\bclaim\s+(?:compensation|damages|a\s+refund|insurance)\b|\bfile\s+(?:a\s+)?claims?\b`,
    // The asker's books and liability: "how should I book crypto payments in my business accounts",
    // "am I legally responsible for what the bot said" (ask-dev27, ask-dev31).
    String.raw`\baccountant\b|\bbookkeeping\b|\b(?:my|our)\s+(?:business\s+)?books\b|\bbusiness\s+accounts\b|\b(?:am\s+i|are\s+we)\s+(?:legally\s+)?(?:responsible|liable)\b`,
    // "Can I report it to the police", "can the police actually get my money back" (ask-dev21, ask-dev25).
    String.raw`\breport\s+(?:it|this|that|them|him|her|the\s+\w+)\s+to\s+(?:the\s+)?(?:police|cops|fbi|authorities)\b`,
    String.raw`\b(?:police|cops|fbi)\s+(?:\w+\s+){0,2}(?:get|recover)\s+(?:my|our)\s+(?:money|funds|coins|crypto)\s+back\b`,
    // What a bank or an authority did to the asker: "my bank blocked a transfer. Are they allowed to
    // do that?" Not what a sequencer or validator did, which the content explains (forced inclusion).
    String.raw`\b(?:bank|exchange|government|regulator|broker|employer|police|card)\b[^.?!]*[.?!]\s*(?:are|is)\s+(?:they|it)\s+allowed\s+to\s+do\s+(?:that|this)\b`,
  ].join('|'),
  'i',
);

/** Countries and unions whose tax rules askers name ("the US": "us" alone is also the asker, "a tax for us users"). */
const COUNTRIES = [
  String.raw`the\s+us|usa|united\s+states|america|uk|united\s+kingdom|britain|england|scotland|ireland|eu|europe`,
  String.raw`germany|france|spain|italy|portugal|netherlands|belgium|austria|switzerland|sweden|norway|denmark|finland|poland`,
  String.raw`ukraine|russia|canada|california|texas|new\s+york|florida|mexico|brazil|argentina|australia|new\s+zealand`,
  String.raw`india|japan|china|south\s+korea|korea|singapore|hong\s+kong|thailand|vietnam|philippines|indonesia|malaysia|dubai|uae`,
  String.raw`israel|turkey|nigeria|kenya|south\s+africa`,
].join('|');

/**
 * The tax anyone in the asker's place owes: "what do you call the tax you owe when you sell". Not
 * "a hidden tax you pay on every swap", a figure of speech for MEV or a fee.
 */
const TAX_YOU_OWE = /\btax(?:es)?\s+(?:that\s+)?(?:you|one)\s+(?:owe|must\s+pay|have\s+to\s+pay)\b/i;

/**
 * A country's tax rules ("the tax on crypto gains in the UK", "how is staking taxed in Germany"):
 * tax advice for whoever lives there, which changes by country and year as the asker's own does.
 * Not tax as a figure of speech ("is MEV a hidden tax on users"), which names no country. The tax
 * offices by name, in capitals: "several IRs" are a compiler's intermediate representations.
 * The country may come before the tax ("treated for US taxes") or after "a" ("taxed for a UK
 * pension scheme"): ask-dev94, ask-dev102.
 */
const COUNTRY_TAX = new RegExp(
  String.raw`\btax(?:es|ed|ation|able)?\b[^.?!]*\b(?:in|for|to)\s+(?:the\s+|an?\s+)?(?:${COUNTRIES})\b|\bfor\s+(?:${COUNTRIES}|us|u\.s\.)\s+tax(?:es)?\b`,
  'i',
);
const TAX_OFFICE = /\b(?:IRS|HMRC)\b/;
/**
 * A legal entity registered, whoever asks: "what are the steps to register a DAO LLC in Wyoming"
 * (ask-dev29, ask-dev30). Not a thing registered with a protocol ("register a name with ENS").
 */
const REGISTERING =
  /\bregister\s+(?:a|an|my|our|the)\s+(?:[\w-]+\s+){0,2}(?:llc|company|business|entity|foundation|trust)\b/i;

/**
 * A licence to operate, whoever asks: "do we need a licence under MiCA", "how do I get a money
 * transmitter licence", "does the city need some kinda license to run an ethereum node". Of the 17
 * questions of the sets that write a licence, the 15 unanswerable ones ask for one; the other two
 * are a licence as a document ("licence docs") and a tool licensed, which this leaves.
 */
const LICENSING = new RegExp(
  String.raw`\b(?:need|needs|get|obtain|apply\s+for|requires?|required)\s+(?:(?:a|an|any|some|the|our|my)\s+)?(?:(?:kinda|kind\s+of|sort\s+of)\s+)?(?:[\w-]+\s+){0,2}licen[cs]es?\b(?!\s+(?:docs?|documents?|files?|keys?|text)\b)|\blicen[cs]es?\s+(?:under|from)\b|\bmoney\s+transmitter\b|\bbitlicense\b`,
  'i',
);

/**
 * Tax treatment asked in the words of tax law, with or without a country: "how should that have
 * been taxed" (ask-dev101), "how do the two compare for taxes", "for tax purposes", "the tax
 * treatment of staking", "the tax category … like interest or like self-employment income"
 * (ask-dev106), "is it taxable", "capital gains", "my self-assessment", "offset that loss against
 * my salary", "a US tax return" (ask-dev71); and a holder's books, "how should public bodies account
 * for stablecoin holdings", "record them on the balance sheet" (ask-dev48).
 * Not tax as a figure of speech or as history ("a hidden tax on users", "a form of taxation on
 * users", "Congress used taxation to end private notes": review of 30 November), which names no
 * treatment, rule or return.
 */
const TAX_TREATMENT =
  /\bhow\s+(?:[\w'-]+\s+){0,6}(?:be|been|is|are|was|were|gets?|got)\s+taxed\b|\bfor\s+tax(?:es|\s+purposes)\b|\btax\s+(?:treatment|brackets?|rules?|laws?|purposes|categor(?:y|ies)|classification|residen\w+|returns?\b(?!\s+(?:to|from|of|on)\b))\b|\btaxable\b|\bcapital\s+gains?\b|\bself[- ]assessment\b|\bself[- ]employment\s+income\b|\boffset\s+(?:it|them|(?:the|that|this|my|those|these)\s+loss(?:es)?|losses)\s+against\b|\baccount\s+for\s+(?:\w+\s+){0,2}holdings\b|\brecord\s+(?:them|it|\w+)\s+on\s+(?:the|our|a|its)\s+balance\s+sheet\b/i;

/**
 * What the law of a country requires, asked of anyone there: "a game for players in South Korea …
 * what are the legal requirements for in-game NFTs there?" (ask-dev93). Not what MiCA requires of
 * issuers, which names no country.
 */
const LEGAL_IN_COUNTRY = new RegExp(
  String.raw`^(?=[^]*\blegal\s+(?:requirements?|obligations?|rules)\b)[^]*\b(?:in|for|to)\s+(?:the\s+)?(?:${COUNTRIES})\b`,
  'i',
);

/** Whether a question, circumstances and all, asks about the asker's own tax or legal standing. */
export function asksOwnStanding(asked: string): boolean {
  const plain = straightQuotes(asked);
  return (
    (ASKER.test(plain) && STANDING.test(plain)) ||
    TAX_YOU_OWE.test(plain) ||
    COUNTRY_TAX.test(plain) ||
    LEGAL_IN_COUNTRY.test(plain) ||
    TAX_TREATMENT.test(plain) ||
    TAX_OFFICE.test(plain) ||
    REGISTERING.test(plain) ||
    LICENSING.test(plain)
  );
}

/** Why such a question has no answer. */
export const OWN_STANDING_REASON =
  "No answer: this asks about a tax or legal position (yours, or a country's rules), which depends on where you live and this site does not advise on. " +
  'Its essays and glossary explain how these systems work; a tax adviser or lawyer can say what applies to you.';
