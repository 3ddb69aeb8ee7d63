// Questions the site declines whatever its content holds (live data, advice, tasks, predictions),
// each with the sentence that says what it offers instead; question-reading.ts asks outOfScope of
// the words a question asks with.
import { ASKER } from './own-standing.ts';

/**
 * Days. Asked about, they ask for live data ("what changed today"); in a long question's
 * circumstances they only say when something happened (question-reading.ts sets them aside there).
 */
export const DAYS = String.raw`today|tonight|tomorrow|yesterday|this\s+(?:week|month)|last\s+(?:night|week|weekend|month)`;

/** Kinds of thing a day's generation is told by: "today's chat models", "this year's tools". */
const GENERATION = String.raw`(?:models?|chatbots?|llms?|assistants?|systems?|tools?|architectures?|methods?|techniques?)`;

/** From a clause's start to what follows, with none of `words` before the clause ends. */
const clauseWithout = (words: string) => String.raw`(?:^|[,.;:!?]\s*)(?![^,.;:!?]*\b(?:${words})\b)[^,.;:!?]*`;

/**
 * A clause that does not speak of the asker: no "I", "my", "we" in it. A day or "rn" in such a
 * clause asks about the world; in the asker's own clause it dates what happened to them ("our
 * inference bill basically exploded this month", "why is mine so high today").
 */
const WORLD_CLAUSE = clauseWithout("i|i'm|im|my|mine|me|we|our");

/** A clause in which the asker does not act ("next week I'm interviewing …"); "my" may be in it. */
const ASKER_IDLE_CLAUSE = clauseWithout("i|i'm|im|we|we're");

/** What asks for live data: each alternative one way of asking. */
const LIVE_DATA = [
  // A day as the owner of a kind of thing ("today's chat models", "this year's reasoning models")
  // says which generation is meant, not that a reading is asked (ask-dev9 key fact +1, no unanswerable
  // question or probe answered); a day owning anything else ("today's block height") asks for one.
  // A day only in a clause about the world (WORLD_CLAUSE): ask-dev56, ask-dev57 three answerable
  // questions more answered. Weather as a feed or an oracle's data is what a contract reads.
  String.raw`${WORLD_CLAUSE}\b(?:${DAYS})\b(?!['’]s\s+(?:[\w-]+\s+){0,2}${GENERATION}\b)`,
  // "at the moment" of an event is a time within a mechanism: "at the moment someone votes" (ask-dev83).
  String.raw`\b(?:right\s+now|at\s+the\s+moment(?!\s+(?:of|when|that|someone|somebody|people|each|a|an|the|it|they|you|he|she|we|i)\b)|latest\s+news|weather(?!\s+(?:feeds?|data|oracles?|stations?|apis?|reports?))|forecast)\b(?!['’]s\s+(?:[\w-]+\s+){0,2}${GENERATION}\b)`,
  // "rn" is chat for "right now" in a clause that asks about the world ("whats gas on arbitrum rn",
  // "is claude or gpt better for coding rn"): all six questions of the development sets that write it
  // so ask for a reading or a pick of the moment. In a clause about the asker it dates the asker
  // ("studying for my exam rn, what is a merkle tree", "my node is syncing rn, what does …": review
  // of 30 November, eight such look-alikes).
  String.raw`${WORLD_CLAUSE}\b(?:what's|whats|what\s+is|is|are|how\s+(?:much|many))\b[^,.;:!?]*\brn\b`,
  // A price as it stands: "the current price of ETH", "what is the price of bitcoin now".
  // Or a yield: "the current annual staking yield on ETH" (ask-dev57).
  // Not a price a contract or a program fetches: "why can't my Solidity contract … fetch the current
  // ETH price?" (ask-dev87) asks how oracles work.
  String.raw`(?<!\b(?:fetch|fetches|fetching|get|gets|getting|read|reads|reading|query|queries|querying|pull|pulls|pulling|know|knows|access|use|uses|see|sees)\s+(?:the\s+|a\s+|an\s+)?)\b(?:current|live|latest)\s+(?:\w+\s+){0,2}(?:price|value|rate|market\s+cap|yield|apy|apr)s?\b|\bprice\s+of\b.*\bnow\b`,
  // A transaction looked up by its hash: "can u check if my tx 0x9f3c7a1e... went thru" (ask-dev56).
  // Not a four-byte function selector ("0xa9059cbb"), which the content explains.
  String.raw`\b0x[0-9a-f]{8,}(?:\.\.\.|…|[0-9a-f]{2,})`,
  // A price's move over a recent span is market news: "why is its price higher than a year ago".
  String.raw`\b(?:price|value)s?\b[^.?!]*\b(?:(?:a|an|one|two|three|few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|lately)\b`,
  // A service's status: "is chatgpt down rn or is it just me" (ask-dev33).
  String.raw`\b(?:down|offline)\s+(?:rn|right\s+now|now|today)\b|\bis\s+it\s+just\s+me\b|\boutage\b`,
  // News of a release: "did GPT-5 come out yet", "is the upgrade live yet".
  String.raw`\b(?:out|released|launched|announced|available|live|shipped)\s+yet\b`,
  // A price mark as news: "did eth hit 10k yet or nah" (ask-dev51).
  String.raw`\b(?:hit|reach|reached|break|broke|pass|passed)\s+\$?\d[\d,.]*\s*k?\s+yet\b`,
  // A count as it stands: "how many validators are there now", "how many people use Uniswap".
  String.raw`\bhow\s+(?:many|much)\b.*\b(?:now|currently|nowadays|these\s+days|at\s+present)\b`,
  // A ranking of names or providers as it stands: "Aave vs Compound: which currently pays more
  // interest" (ask-dev25); not a mechanism's ("which currently pays more: a pool at 90% utilisation
  // or one at 20%": review of 30 November).
  String.raw`(?:\b(?:vs\.?|versus)\s[^?]*|\b(?:exchanges?|platforms?|banks?|protocols?|apps?|wallets?|services?|providers?|lenders?|stablecoins?)\s+)\b(?:which|who)?\b[^.?!]*\bcurrently\s+(?:pays?|offers?|charges?|costs?|yields?|earns?|has)\s+(?:more|less|higher|lower|better|the\s+(?:most|least|best|highest|lowest))\b`,
  // A running total since a launch: "how much ETH has been burned in total since EIP-1559 went live".
  // Not "so far": "how much has been stolen from bridges so far" has a dated answer (review of 30
  // November).
  String.raw`\bhow\s+(?:many|much)\b[^.?!]*\b(?:has|have)\b[^.?!]*\bin\s+total\s+since\b`,
  String.raw`\bhow\s+many\s+(?:\w+\s+){0,2}(?:people|users|customers|subscribers|holders)\s+(?:\w+\s+){0,3}(?:use|uses|using|have|has|hold|own)\b`,
  // A yield as it stands: "what annual yield do Ethereum stakers currently earn" (ask-dev51). Not
  // "which currently pays more interest: a pool at 90% utilisation or one at 20%", a mechanism's.
  String.raw`\b(?:yield|apy|apr|rate|return|interest)s?\b[^.?!]*\bcurrently\s+(?:earns?|pays?|gets?|makes?)\b`,
  // Who holds an office now: "who is the CEO of …", or whether someone named still does ("is sam
  // altman still running openai"); not a thing still running ("my node is still running the old
  // client", "the sequencer is still running"), which the content explains (review of 30 November).
  String.raw`\bwho(?:'s|\s+is|\s+are)\s+(?:the\s+)?(?:current\s+)?(?:ceo|cto|cfo|president|chair|head|leader)s?\s+of\b`,
  // Who holds the most of a coin, who leads a race now (ask-dev65, ask-dev67).
  String.raw`\bwho\s+(?:actually\s+)?(?:owns|holds|has)\s+the\s+most\b|${WORLD_CLAUSE}\b(?:who's|whos|who\s+is)\s+(?:actually\s+)?(?:ahead|winning|leading)\b`,
  // Who owns a company or runs this site: "who's behind the company", "who actually writes these
  // essays" (ask-dev48, ask-dev50).
  String.raw`\bwho(?:'s|\s+is|\s+are)\s+(?:actually\s+|really\s+)?behind\s+(?:the\s+)?(?:company|firm|project|site|website|this)\b|\bwho\s+(?:actually\s+|really\s+)?(?:writes|wrote|runs)\s+(?:these|this)\s+(?:essays?|site|website|pages?|glossary)\b`,
  String.raw`\b(?:is|are)\s+(?!(?:my|our|your|the|this|that|it|its|they|he|she|still)\b)\w+(?:\s+\w+)?\s+still\s+(?:running|leading|heading|in\s+charge\s+of|the\s+(?:ceo|boss|head)\s+of)\b`,
  // A price's record, "bitcoin's highest ever price", "its all-time high": market history. Not a
  // mechanism's "lowest price across pools" or "highest value block", which the content explains.
  String.raw`\b(?:highest|lowest)\s+ever\s+(?:price|value|market\s+cap)\b|\b\w+['’]s\s+(?:highest|lowest|record|peak)\s+(?:price|market\s+cap)\b|\ball[- ]time\s+(?:high|low)s?\b`,
  // A product's price list, asked as one: "what does GPT-5 cost per million tokens". Not why a price
  // per token falls ("how does prompt caching lower the cost per million input tokens"). Or by the
  // month: "how do I get an API key and how much does it cost per month".
  String.raw`\b(?:how\s+much\s+(?:does|do|is|are|would)|what\s+(?:does|do|is|are|would))\b[^?!]*\b(?:costs?|price|charges?)\b[^.?!]*\bper\s+(?:million|thousand|\d[\d,.]*[mk]?)\s+(?:\w+\s+)?tokens\b|\bhow\s+much\b[^?!]*\bcosts?\s+(?:per|a)\s+month\b`,
  // What a job pays: "what salary does an auditor earn", "how much do prompt engineers make" (not
  // "make use of …", nor "DAOs pay contributor salaries in streaming tokens"). "What salary should I
  // ask for" is advice.
  String.raw`\b(?:what|average|typical|median)\s+(?:\w+\s+)?salar(?:y|ies)\b(?!\s+should\b)|\bsalar(?:y|ies)\s+(?:of|for|wise|range)\b|\b(?:average|typical)\s+(?:pay|wage|income)\b`,
  String.raw`\bhow\s+much\s+(?:do|does|can)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:engineers?|developers?|auditors?|researchers?|designers?|scientists?)\s+(?:make|earn|get\s+paid)(?:\s*(?:[?.!,]|$)|\s+(?:a|per|in|on|annually|yearly|monthly)\b)`,
];

/** AI products and vendors whose rankings against each other are asked as advice (ADVICE). */
const PRODUCTS = String.raw`claude|chatgpt|gpt-?[45]o?|gemini|copilot|cursor|perplexity|midjourney|pinecone|weaviate|qdrant|milvus|chroma|pgvector|bedrock|sagemaker|azure(?:\s+openai)?|vertex(?:\s+ai)?|pytorch|jax|tensorflow`;

/** What asks for advice on what to buy or do: each alternative one way of asking. */
const ADVICE = [
  // Buying, selling or holding; an investment weighed ("a good investment", "bitcoin or gold, the
  // better long-term investment"; not "the better investment of compute").
  // Not "should I hold out a test set" (review of 30 November).
  String.raw`\bshould\s+(?:i|we)\s+(?:keep\s+|just\s+)?(?:buy|sell|invest|hold|trade|short)(?:ing)?\b(?!\s+out\b)|\b(?:hold|holding)\s+or\s+sell\b|\bsell\s+or\s+(?:hold|keep)\b`,
  String.raw`\b(?:safer|better|good|best)\s+(?:place|home|bet|store)\s+for\s+(?:my\s+|our\s+)?(?:retirement|savings|pension|money)\b|\b(?:a\s+)?(?:good|better|best|safer|smarter)\s+(?:(?:long|short)[-\s]term\s+)?(?:investment|buy)\b(?!\s+of\b)|\bworth\s+(?:buying|investing|it\s+to\s+buy|paying\s+for)\b|\bfinancial\s+advice\b`,
  // Not which tokens a method keeps: "how does each decide which tokens to keep" (ask-dev83).
  String.raw`\b(?:which|what)\s+(?:coin|token|crypto\w*|stock)s?\s+(?:should|to(?!\s+(?:keep|drop|sample|cut|mask|use|merge|attend|predict|generate)\b))\b|\bwill\s+\w+\s+(?:go\s+up|go\s+down|rise|fall|moon|crash)\b`,
  // A life decision: "should I quit my job to …", "is machine learning a good career".
  String.raw`\bshould\s+i\s+(?:quit|leave|become|study|major|retire|drop\s+out|go\s+back\s+to)\b|\b(?:my|a|good|new)\s+career\b|\bcareer\s+(?:advice|change|path|move)\b`,
  String.raw`\brecomm?end\s+(?:me\s+|us\s+)?(?:an?|some|the\s+best)\s`,
  String.raw`\b(?:what|which)\s+(?:\w+\s+){0,2}should\s+(?:i|we)\s+(?:buy|purchase|ask\s+for|charge)\b`,
  // A product to pay for or fetch: "which one should I pay for", "which open model should I download".
  // Not a fee, an event or a client ("what priority fee should I pay for …", "which events should I
  // subscribe to …", "which clients should I install to run a node"): review of 30 November.
  String.raw`\b(?:which|what)\s+(?:one|(?:[\w-]+\s+)?(?:models?|apps?|wallets?|services?|plans?|tools?|providers?|subscriptions?|products?|llms?|chatbots?|assistants?|vpns?))\s+should\s+(?:i|we)\s+(?:pay\s+for|subscribe\s+to|sign\s+up\s+for|download|install)\b`,
  // A provider ranked by its prices: "which exchange has the lowest fees to buy eth" (not a rollup's
  // or a pool's fees, which the content explains): ask-dev23.
  // Or with a kind before it: "which crypto exchange has the lowest fees for a beginner" (ask-dev68),
  // "which nft marketplace has the lowest fees" (ask-dev77).
  String.raw`\b(?:which|what)\s+(?:(?:crypto|bitcoin|btc|eth|ethereum|online|mobile|trading|nft)\s+)?(?:exchanges?|brokers?|wallets?|apps?|banks?|cards?|platforms?|providers?|marketplaces?)\s+(?:has|have|is|are|offers?|charges?)\s+(?:the\s+)?(?:lowest|cheapest|smallest)\s+(?:fees?|prices?|rates?|spreads?|commissions?)\b`,
  String.raw`\bbest\s+(?:\w+\s+){0,2}to\s+(?:buy|get|purchase)(?:[\s,.!?]*$|\s+(?:now|today|this|for|in|if)\b)`,
  // A vendor to pick: "which managed service is cheapest per million queries", "which SDK or vendor
  // should we pick" (ask-dev62, ask-dev64), "which crypto wallet app is best for iphone" (ask-dev69).
  String.raw`\bwhich\s+(?:\w+\s+){0,2}(?:services?|providers?|vendors?|platforms?|sdks?|libraries|apps?|brokers?)\s+(?:is|are)\s+(?:the\s+)?(?:cheapest|best|fastest)\b|\bwhich\s+(?:\w+\s+){0,3}(?:sdks?|vendors?|providers?)\b[^.?!]*\bshould\s+(?:i|we)\s+(?:pick|choose|use|go\s+with)\b`,
  // When to buy: "is now a good time to buy eth or should i wait for the dip", "is it too late to get
  // into bitcoin" (ask-dev36, ask-dev42, ask-dev43, ask-dev45, ask-dev47).
  String.raw`\bgood\s+time\s+to\s+(?:buy|sell|invest|get\s+in)|\btoo\s+late\s+to\s+(?:buy|invest|get\s+in(?:to)?)|\b(?:buy|wait\s+for)\s+(?:the|a)\s+dip\b`,
  // A product to pick: "whats the best crypto wallet app for iphone", "the best free ai tool to make
  // quizzes", "the best ai to write my college essays" (fourteen sets). Not "the best AI agents
  // finish …", a fact about them.
  String.raw`\bbest\s+(?:free\s+|cheap\w*\s+|easy\s+|easiest\s+|simple\s+|simplest\s+|safest\s+)?(?:[\w-]+\s+){0,2}(?:apps?|tools?|wallets?|exchanges?|platforms?|services?|brokers?|ai|chatbots?|generators?|gpus?|laptops?|computers?|pcs?)\s+(?:for|to|on|in|out\s+there|rn|right\s+now)\b|\bbest\s+(?:free\s+)?(?:[\w-]+\s+){0,2}(?:apps?|tools?|wallets?|exchanges?|chatbots?|generators?)\s*[?!.]*$`,
  // A model to run at home: "which open source llm is the best one to run on my laptop" (ask-dev78).
  String.raw`\bwhich\s+(?:[\w-]+\s+){0,2}(?:llms?|(?:[\w-]*-)?(?:open|source|weights?|local|language|ai)\s+models?)\s+(?:is|are)\s+(?:the\s+)?best\s+(?:one\s+)?(?:to\s+(?:run|download|install)|for\s+my\s+(?:laptop|pc|computer|mac|phone|gpu))\b`,
  // AI products or vendors ranked against each other: "Claude or GPT-4o, which one writes better
  // code", "Pinecone or Weaviate: which is cheaper at 10 million vectors" (ask-dev47, 48, 50, 52).
  String.raw`\b(?:${PRODUCTS})\b[^?]*\b(?:or|vs\.?|versus)\s+(?:[\w-]+\s+)?(?:${PRODUCTS})\b[^?]*\b(?:better|cheaper|faster|best|cheapest|fastest|which\s+(?:one|is|should|will|would))\b|\b(?:better|cheaper|faster|best|cheapest|fastest|should|which\s+(?:one|is))\b[^?]*\b(?:${PRODUCTS})\b[^?]*\b(?:or|vs\.?|versus)\s+(?:[\w-]+\s+)?(?:${PRODUCTS})\b`,
];

/** What asks for a prediction: each alternative one way of asking. */
const PREDICTIONS = [
  // In a clause where the asker acts it dates their plans: "Next week I'm interviewing a founder …"
  // (ask-dev58); not "will my staking rewards go up next year", a prediction of the asker's things.
  String.raw`${ASKER_IDLE_CLAUSE}\bnext\s+(?:week|month|year|quarter|decade)\b|\bin\s+the\s+(?:next|coming)\s+(?:few\s+)?(?:years?|months?|decades?)\b|\bby\s+20[3-9]\d\b`,
  String.raw`\bwhat\s+will\s+(?:the\s+)?(?:price|value)\s+of\b`,
  // News to come: "will google release a bigger model", "when will the upgrade ship". The verbs of
  // a schedule only after "when will": "how long will my validator take to activate" is the
  // content's to answer (review of 30 November).
  String.raw`\bwill\b.*\b(?:announce|release|launch|unveil)\b`,
  String.raw`\bwhen\s+will\b[^.?!]*\b(?:ship|switch\s+to|adopt|activate|go\s+live|come\s+out)\b`,
  // A price target: "will ETH trade above $10,000". The dollar sign tells it from "will my balance
  // drop below 16 ETH", a mechanism's threshold.
  String.raw`\bwill\s+(?:\S+\s+){1,2}(?:trade|be|stay|go|rise|fall|climb|drop)\s+(?:above|below|over|under|past)\s+\$\d`,
  // A price mark asked as a yes or no: "is eth gonna hit 10k this cycle", "will btc reach $200k". Not a
  // count ("if my chat is gonna hit 8k tokens"), a condition ("if ETH is going to hit $1,000, how …")
  // or a loss that hits a share ("will my loss hit 10%"): review of 30 November, seven look-alikes.
  String.raw`^(?:\w+\s+){0,2}?(?:is|are|will)\s+(?!gonna\b|going\b)[\w$.-]+\s+(?:(?:gonna|going\s+to|ever)\s+)?(?:hit|reach|touch|break)\s+(?:\$\d[\d,.]*\s*[km]?|\d[\d,.]*\s*[km])\b(?!\s*(?:tokens?|context|txs?|transactions?|users?|holders?|validators?|words?|steps?|rows?|requests?|messages?|blocks?|pending)\b)`,
  // Jobs to be lost and minds to be surpassed: "will coding assistants end up putting developers out
  // of work", "how long before computers are smarter than people" (ask-dev23).
  String.raw`\bwill\b[^.?!]*\b(?:out\s+of\s+(?:work|jobs?|a\s+job)|(?:take|steal|replace)\s+(?:our|my|their|people's|human)\s+jobs)\b|\bhow\s+long\s+(?:before|until|till)\b[^.?!]*\bsmarter\s+than\b`,
  // What the asker would earn: "roughly how much would we earn" mining for a day, "what yield would
  // we actually earn holding it for a season" (ask-dev108, ask-dev109); depends on prices to come.
  // Not "would I earn anything running a node", which the content answers (no).
  String.raw`\bhow\s+much\s+(?:\w+\s+)?(?:would|will|could)\s+(?:i|we)\s+(?:actually\s+|really\s+)?(?:earn|make)\b|\bwhat\s+(?:\w+\s+)?(?:yield|returns?|profits?|apy|apr|interest)\s+(?:would|will|could)\s+(?:i|we)\s+(?:actually\s+|really\s+)?(?:earn|get|make)\b`,
  // Or which will: "yo which coin is gonna moon next fr" (ask-dev71).
  String.raw`\b(?:which|what)\s+(?:\w+\s+)?(?:coins?|tokens?|cryptos?|altcoins?|alts|memecoins?|stocks?)\s+(?:is|are|will)\s+(?:(?:gonna|going\s+to)\s+)?(?:moon|pump|blow\s+up|take\s+off|10x|100x)\b`,
  String.raw`\b(?:gonna|going\s+to)\s+be\s+the\s+next\b|\bnext\s+\d+x\b|\bwill\b[^.?!]*\b(?:overtake|flip|surpass|outgrow)\b`,
  // "is eth gonna flip btc": one asset asked to overtake another, not a condition ("if a transaction
  // is going to surpass its gas limit"), as the price mark above.
  String.raw`^(?:\w+\s+){0,2}?(?:is|are)\s+[\w$.-]+\s+(?:gonna|going\s+to)\s+(?:overtake|flip|surpass)\b`,
  // A price's move in chat's words: "is eth gonna pump after the upgrade" (ask-dev25); an asset asked
  // at the start, not "why is the attacker going to dump the token" (review of 30 November).
  String.raw`^(?:\w+\s+){0,2}?(?:is|are|will)\s+[\w$.-]+\s+(?:(?:gonna|going\s+to)\s+)?(?:pump|dump|moon)\b`,
  // "is bitcoin gonna go back up this year", "is bitcoin actually going to zero" (ask-dev62, 64, 66);
  // "any new layer 2s about to drop tokens soon" (ask-dev63).
  String.raw`^(?:\w+\s+){0,3}?(?:is|are|will)\s+[\w$.-]+\s+(?:actually\s+|really\s+)?(?:gonna|going\s+to)\s+(?:go\s+(?:back\s+)?(?:up|down)|zero|go\s+to\s+zero|recover)\b|\babout\s+to\s+(?:drop|launch|airdrop)\s+(?:a\s+|their\s+|its\s+)?tokens?\b`,
];

/** Questions the site declines whatever its content holds, and the sentence that says what it offers instead. */
export const OUT_OF_SCOPE = {
  live: {
    pattern: new RegExp(LIVE_DATA.join('|'), 'i'),
    reason:
      'No answer: this asks for live data (prices, news, weather), which this site does not carry. ' +
      'Its essays and glossary explain how these systems work; paper search finds research on them.',
  },
  advice: {
    pattern: new RegExp(ADVICE.join('|'), 'i'),
    reason:
      'No answer: this asks for advice on what to buy or do, which this site does not give. ' +
      'Its essays and glossary explain how these systems work, so you can weigh the choice yourself.',
  },
  task: {
    pattern:
      /^(?:(?:can|could|would)\s+(?:you|u)\s+|please\s+)?(?:write|translate|draft|compose|generate)\s+(?:me\s+|us\s+)?(?:an?|some|this|these|the|my|our)\s/i,
    reason:
      'No answer: this asks for something to be written or translated, which this search does not do. ' +
      'Its essays and glossary explain how these systems work; paper search finds research on them.',
  },
  future: {
    pattern: new RegExp(PREDICTIONS.join('|'), 'i'),
    reason:
      'No answer: this asks for a prediction, which this site does not make. ' +
      'Its essays and glossary explain how these systems work and what is still uncertain about them.',
  },
} as const;

export type OutOfScope = keyof typeof OUT_OF_SCOPE;

/**
 * The asker's own money at stake: savings, a pension, a sum saved, a home ("I'm 45 and have $200k in
 * my retirement account", "I have $15k saved", "I own 3 BTC and want to buy a house"), or a trade
 * someone urged on them ("my brother says I should sell everything"). Not any sum: "we have $2,000
 * of GPU credits" or "$1,000 of USDC in Aave" is a budget or a position the content's mechanisms
 * speak to (review of 30 November: 13 such questions had been declined).
 */
const OWN_MONEY =
  /\$\s?[\d,.]+k?\s+saved\b|\b(?:savings|retirement|pension|401\(?k\)?|mortgage|down\s+payment|buy\s+a\s+(?:house|home|flat))\b|\b(?:i|we)\s+should\s+(?:buy|sell|invest|put|move|hold)\b/i;

/**
 * A decision about that money asked of the site: "Should I?", "should I do it?", "what should I do
 * with it", "should I move half of it into bitcoin", "is that a sensible plan for me", "can I use the
 * bitcoin for the down payment". Not "what should I check before I trust it with my savings": a
 * question about how something works, asked before a decision the asker makes.
 */
const MONEY_DECISION =
  /\bshould\s+(?:i|we)\s*(?:do\s+(?:it|that|this)\s*)?(?:[?.!]|$)|\bshould\s+(?:i|we)\s+(?:do\s+with|move|put|invest|shift|allocate|switch|park|convert|cash\s+out)\b|\b(?:good|sensible|smart|wise)\s+(?:idea|plan|move|choice)\b|\bcan\s+(?:i|we)\s+use\b/i;

/**
 * Whether a question asks what the asker should do with their own money: financial advice, asked in
 * the asker's circumstances rather than with the words OUT_OF_SCOPE.advice reads ("should I buy").
 */
const asksMoneyDecision = (text: string) => ASKER.test(text) && OWN_MONEY.test(text) && MONEY_DECISION.test(text);

/**
 * Examples joined by "or"/"and" ("things like prices or the weather") say what kind is meant, not
 * which reading is asked: ask-dev12 key fact +1, no unanswerable question or probe answered.
 */
const EXAMPLES = /\b(?:like|such\s+as)\s+(?:the\s+)?\w+(?:,\s+(?:the\s+)?\w+)*,?\s+(?:or|and)\s+(?:the\s+)?\w+/gi;

/** A day among the examples (DAYS). */
const DAY = new RegExp(String.raw`\b(?:${DAYS})\b`, 'i');

/** The text without its examples, unless an example is a day ("like today and this week" asks when). */
const withoutExamples = (text: string) => text.replace(EXAMPLES, (examples) => (DAY.test(examples) ? examples : ' '));

export function outOfScope(text: string): OutOfScope | undefined {
  for (const kind of Object.keys(OUT_OF_SCOPE) as OutOfScope[])
    if (OUT_OF_SCOPE[kind].pattern.test(kind === 'live' ? withoutExamples(text) : text)) return kind;
  return asksMoneyDecision(text) ? 'advice' : undefined;
}
