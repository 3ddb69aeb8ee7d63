// Ideas of blockchains, crypto money and its everyday use the content does not cover, each with the
// names content would write for it and the word families a description of it uses
// (uncovered-topics.ts reads questions with them). Where it was recorded, a comment beside a topic
// names the outsiders' sets that asked it.
import type { UncoveredTopic } from './uncovered-topic.ts';

export const MONEY_TOPICS: readonly UncoveredTopic[] = [
  {
    // "the trick that lets you know a contract's address before deploying it, so it lands at the
    // same address on every chain" (ask-dev93).
    name: 'deterministic contract addresses (CREATE2)',
    names: ['create2', 'deterministic deployment', 'deterministic address'],
    asks: [
      /\baddress\b/,
      /\bcontract\b/,
      /\bbefore\s+(?:(?:it\s+is|it's|it\s+gets|you're|you\s+are)\s+)?deploy\w*|\b(?:same|identical)\s+address\s+on\s+(?:every|each|all|other|several|multiple)\b|\b(?:predict|precompute|compute)\w*\s+(?:the\s+|a\s+|its\s+)?(?:\w+\s+)?address\b/,
    ],
  },
  {
    name: 'coin mixers',
    names: ['mixer', 'mixers', 'mixing service', 'tumbler', 'coinjoin'],
    asks: [
      /\b(?:mix|mixes|mixing|mixer|mixers|blend|blends|blending|pool|pools|pooling|tumble\w*)\b/,
      /\b(?:coins?|crypto|funds|bitcoin|money|transactions?)\b/,
      /\b(?:untraceable|anonymi\w+|who\s+paid\s+whom|where\s+(?:they|it|the\s+\w+)\s+came\s+from|(?:break|hide|obscure|conceal)\s+the\s+(?:trail|link|origin)|the\s+trail\b[^.?!]*\bbroken)\b/,
    ],
  },
  {
    name: 'atomic swaps',
    names: ['atomic swap', 'hashed timelock', 'htlc'],
    asks: [
      /\b(?:swap|swaps|swapping|exchange|trade)\b/,
      /\b(?:two|different|separate|other|another)\s+(?:chains|blockchains|networks)\b|\bcross-chain\b/,
      /\bboth\b[^.?!]*\bor\s+neither\b|\bwithout\s+(?:using\s+|needing\s+)?(?:a\s+|any\s+)?(?:bridge|middleman|exchange|third\s+party)\b/,
    ],
  },
  {
    name: 'ring and group signatures',
    names: ['ring signature', 'group signature'],
    asks: [
      /\b(?:sign(?:s|ed|ing|er|ers|atures?)?)\b/,
      /\b(?:group|ring|members?)\b/,
      /\b(?:(?:nobody|no\s+one|no-one)\s+can\s+tell\s+(?:which|who)|without\s+revealing\s+(?:which|who)|can't\s+tell\s+(?:which|who)|anonymous(?:ly)?)\b/,
    ],
  },
  {
    name: 'permissioned ledgers',
    names: [
      'permissioned ledger',
      'permissioned blockchain',
      'permissioned chain',
      'consortium blockchain',
      'private blockchain',
    ],
    asks: [
      /\b(?:ledger|blockchain|chain)s?\b/,
      // "only a handful of approved banks are allowed to run the nodes" (ask-dev58).
      /\b(?:only\s+(?:\w+\s+){0,3}(?:invited|approved|vetted|selected|licensed)|(?:invited|approved|vetted)\s+(?:members|firms|companies|banks|parties|participants|institutions)|by\s+invitation)\b/,
    ],
  },
  {
    name: 'NFT royalties',
    names: ['royalty', 'royalties'],
    asks: [
      // From "NFT" on when it comes first: "why do NFT marketplaces no longer enforce creator
      // royalties" asks about the NFTs' royalties (ask-dev46).
      /\bnfts?\b[^.?!]*?\b(?:artists?|creators?|makers?)\b|\b(?:artists?|creators?|makers?)\b/,
      /\b(?:resold|resale|resales|resell\w*|sold\s+again|secondary\s+sales?|royalt(?:y|ies))\b/,
    ],
  },
  {
    name: 'play-to-earn games',
    names: ['play-to-earn', 'play to earn', 'gamefi'],
    asks: [
      /\b(?:earn|earning|paid|make\s+money|makes?\s+(?:his|her|their|my)\s+(?:rent|living))\b/,
      /\b(?:by|just|from)\s+playing\b|\bplay(?:ing)?\s+(?:a\s+|the\s+)?(?:blockchain\s+|crypto\s+|video\s+|online\s+)?games?\b|\bgames?\s+(?:where|that|which)\b/,
      /\b(?:crypto|tokens?|nfts?|coins?|blockchain)\b/,
    ],
  },
  {
    // A coin "that started out as an internet joke with a dog on it" (ask-dev51, ask-dev68); named
    // ("what counts as a memecoin", Dogecoin) in over twenty sets, where the content's missing names
    // decline it.
    name: 'meme coins',
    names: ['memecoin', 'meme coin', 'dogecoin', 'shiba inu'],
    // A coin said to be a joke, not a joke beside a token's mechanism ("prompts as programs started
    // as a joke; … one token"): review of 1 December, second session.
    asks: [
      /\bjoke\s+(?:coins?|tokens?|cryptos?|currenc\w+)\b|\bmeme\s*(?:coins?|tokens?)\b|\b(?:coins?|cryptocurrenc\w+|tokens?)\b[^.?!]*\b(?:as\s+an?\s+(?:internet\s+)?joke|(?:a|the)\s+dog\s+(?:on|as)\b)/,
    ],
  },
  {
    // What sending money to family abroad costs, by bank, Wise or stablecoin (ask-dev6, ask-dev70
    // twice). Asked in the question part with a cost: a story's customer or buyer abroad who pays in
    // USDC asks what the content explains (ask-dev35, ask-dev64).
    name: 'what sending money abroad costs',
    names: ['remittance'],
    asks: [
      /\b(?:abroad|overseas|cross[- ]border|to\s+(?:my\s+|our\s+)?(?:family|relatives)\s+(?:in|back))\b/,
      /\b(?:send\w*|sent|transfer\w*|remit\w*|wir(?:e|es|ed|ing))\b/,
      /\b(?:fees?|cost\w*|cheap\w*|expensive|pricey|charges?)\b/,
      // Money by a bank or a transfer service, not a stablecoin's risks or a rollup's withdrawal home
      // (review of 1 December, second session).
      /\b(?:money|cash|banks?|wise|western\s+union|moneygram|remittances?|wages)\b/,
    ],
  },
  {
    name: 'crypto payment cards',
    names: ['crypto card', 'debit card', 'crypto debit'],
    asks: [
      /\b(?:crypto|bitcoin|debit)\s+cards?\b|\bcards?\s+(?:that|which)\s+(?:let|lets|allow)\b/,
      /\b(?:shops?|stores?|checkout|till|merchants?|supermarket|pay|spend)\b/,
      /\b(?:crypto|bitcoin|coins?|balance)\b/,
    ],
  },
  {
    name: 'central bank digital currencies',
    names: ['central bank digital', 'cbdc', 'digital euro', 'digital yuan'],
    asks: [
      /\bcentral\s+banks?\b/,
      /\b(?:own|issue|issuing|launch\w*|build\w*)\s+(?:(?:its|their|a)\s+)?(?:own\s+)?digital\s+(?:currenc\w+|euros?|dollars?|pounds?|yuan)\b|\bdigital\s+(?:euro|pound|yuan)\b/,
    ],
  },
  {
    name: 'romance investment scams',
    names: ['pig butchering', 'romance scam'],
    asks: [
      /\b(?:befriend\w*|romance|romantic|dating|stranger|met\s+(?:online|on\s+(?:a|an)\s+\w+))\b/,
      /\b(?:invest\w*|trading\s+(?:site|platform|app)|platform)\b/,
      /\b(?:scam\w*|fake|fraud\w*)\b/,
    ],
  },
  {
    name: "Satoshi Nakamoto's identity and coins",
    names: ["satoshi's identity", 'identity of satoshi'],
    asks: [
      /\bsatoshi(?:\s+nakamoto)?\b/,
      /\bwho\s+(?:is|was)\b[^.?!]*\b(?:really|actually|for\s+real)\b|\bwho\s+(?:actually|really)\s+(?:is|was)\b|\breal\s+identity\b|\bidentity\b|\bunmask\w*|\bstill\s+(?:holds?|owns?|has|have)\b/,
    ],
  },
  {
    name: 'getting back coins sent to a wrong address',
    // A story tells the send before it asks ("… to my exchange deposit address, but the address was
    // for Ethereum. Support hasn't replied. Can I get it back?": ask-dev42).
    whole: true,
    names: ['wrong address', 'mistyped address', 'wrong network'],
    asks: [
      // Or a chain's coins sent to another chain's address: "USDT on the Tron network to my Ethereum
      // deposit address" (ask-dev22, ask-dev23, ask-dev26, ask-dev32).
      // Not any "wrong": "my payment … if the wrong block wins" asks about reorganisations.
      /\b(?:wrong\s+(?:address|network|chain|wallet|account)|mistyped|incorrect\s+address|typo\w*|by\s+mistake|by\s+accident|accidentally|mistakenly|address\s+was\s+(?:for|on)\s+(?:the\s+)?\w+|address\b[^.?!]{0,40}\bwas\s+for\s+(?:the\s+)?\w+|(?:using|via|over)\s+the\s+\w+\s+network\b[^.?!]*\baddress)\b|\bon\s+(?:the\s+)?\w+\s+(?:network|chain)\s+to\s+(?:my|an?|the|our)\s+(?:\w+\s+){0,2}address\b/,
      /\b(?:address|addresses|network|chain)\b/,
      /\b(?:sent|send|sending|transferred|paste|pasted|payment|paid|withdrew|withdrawn)\b/,
    ],
  },
  {
    // "can i still mine btc on my gaming pc", "can u mine crypto on a ps5", an old laptop, a home
    // computer left running (ask-dev19, ask-dev26, ask-dev31).
    name: 'mining at home',
    names: ['home mining', 'solo mining', 'mining rig'],
    asks: [
      // Mining, not "a friend of mine".
      /\bmin(?:e|ed|ing)\s+(?:\w+\s+)?(?:crypto|bitcoin|btc|eth|ether|coins?|monero|doge\w*)\b|\bmining\b|\bmaking\s+new\s+coins\b/,
      /\b(?:home|gaming|laptop|pc|desktop|ps5|playstation|xbox|console|graphics\s+card|(?:my|own)\s+(?:\w+\s+)?computer)\b/,
    ],
  },
  {
    // "How do I buy my first bitcoin with a debit card?" (ask-dev28, ask-dev31): an exchange's sign-up.
    name: 'buying crypto with a card',
    names: ['on-ramp', 'onramp'],
    asks: [
      /\b(?:buy|buying|purchase|get)\b/,
      // Or a first coin on an exchange: "the steps to buy my first bitcoin on an exchange" (ask-dev48).
      /\b(?:bank|debit|credit)\s+cards?\b|\bpaypal\b|\bbank\s+transfer\b|\b(?:my|our|your)\s+first\s+(?:\w+\s+)?(?:bitcoin|btc|eth|ether|crypto|coins?)\b[^.?!]*\bon\s+(?:an?|the)\s+(?!decentrali[sz]ed)(?:\w+\s+)?exchange\b/,
      /\b(?:crypto|bitcoin|btc|eth|ether|coins?)\b/,
    ],
  },
  {
    // "What is the minimum age to sign up for the big AI chatbots?" (ask-dev11), an exchange's (ask-dev31).
    name: 'age limits',
    names: ['minimum age', 'age limit', 'age requirement'],
    asks: [
      /\bminimum\s+age\b|\bage\s+(?:limits?|requirements?|restrictions?|rules?)\b|\bhow\s+old\s+(?:do|must)\s+you\b|\b(?:she|he|kids?|children|son|daughter|child|teens?|teenagers?)\s+(?:is\s+|are\s+)?(?:even\s+)?old\s+enough\b|\b(?:users?|you|customers?)\s+to\s+be\s+(?:at\s+least\s+)?1[68]\b|\bunder[- ]1[68]s?\b|\blet\s+(?:teens?|teenagers?|minors?|kids|children)\s+(?:sign\s+up|open|register|join|trade)\b/,
    ],
  },
  {
    // "I found my old 2011 laptop with a wallet.dat file … forgot the password" (ask-dev21, ask-dev33).
    name: 'cracking a forgotten wallet password',
    names: ['password recovery', 'brute-force the password'],
    asks: [/\bwallet\.dat\b|\b(?:forgot|forgotten|lost)\s+(?:the\s+|my\s+|its\s+)?(?:wallet\s+)?password\b/],
  },
  {
    // ask-dev3 ("their 2FA reset keeps failing"), ask-dev28 ("turn on two-factor authentication").
    name: 'two-factor authentication',
    names: ['two-factor', 'two factor', '2fa', 'authenticator app'],
    asks: [/\b(?:2fa|two[- ]factor|authenticator\s+app)\b/],
  },
  {
    // A shop taking crypto at the counter or checkout: ask-dev20, 25, 27, 28, 31, 35, 37, 39, 40.
    name: 'accepting crypto in a business',
    names: ['payment processor', 'point of sale', 'payment gateway'],
    asks: [
      /\b(?:payment\s+(?:processors?|gateways?|providers?|apps?)|processors?|point[- ]of[- ]sale|pos\s+(?:apps?|systems?|terminals?)|card\s+(?:readers?|terminals?|machines?)|terminals?|plugins?|plug-ins?|checkout|(?:my|our|the)\s+(?:\w+['’]s\s+)?till|(?:dollars|euros|pounds|fiat|cash)\s+(?:\w+\s+){0,2}into\s+(?:my|our)\s+bank|pays?\s+(?:my|our|the)\s+(?:shop|store|business)\s+out|into\s+(?:dollars|euros|pounds|fiat|cash)\s+in\s+(?:my|our)\s+bank)\b/,
      /\b(?:crypto\w*|bitcoin|btc|usdc|stablecoins?|lightning|coins?)\b/,
      /\b(?:accept\w*|take|takes|taking|paid|pay|paying|payments?)\b/,
      // A business's, not an agent paying for an API at its checkout (where-ai-and-blockchains-meet).
      /\b(?:shops?|stores?|caf[eé]s?|coffee|bakery|salon|restaurant|business|customers?|regulars|counter|shopify|woocommerce|charity|donations?)\b/,
    ],
  },
  {
    // ask-dev28, ask-dev30, ask-dev37: "whats the next ethereum upgrade after fusaka".
    name: "Ethereum's next upgrade",
    // A talk's story names it before it asks "what's the current plan?" (ask-dev57).
    whole: true,
    names: ['glamsterdam'],
    unless: /\bafter\s+(?:the\s+)?(?:dencun|pectra|merge|shanghai|london|cancun)\b/,
    asks: [
      // Its date or contents asked, not how upgrades are decided or installed (review of 1 December).
      /\bafter\s+fusaka\b|\b(?:next|upcoming)\s+(?:\w+\s+){0,2}(?:upgrade|hard\s+fork)\b(?=[^.?!]*\b(?:when|ships?|coming|live|scheduled|planned|release\w*|what['’]?s\s+in)\b)/,
      /\b(?:ethereum|eth|fusaka)\b/,
    ],
  },
  {
    // ask-dev21, ask-dev25, ask-dev39: "how do I set up my own Lightning Network node".
    name: 'running a Lightning node',
    whole: true,
    names: ['lightning node'],
    asks: [
      /\blightning(?:\s+network)?\s+nodes?\b/,
      /\b(?:set\s*up|setting\s+up|run|running|install\w*|host\w*|raspberry)\b/,
    ],
  },
  {
    // An exchange's support, locked accounts and held withdrawals: ask-dev3, ask-dev37, ask-dev40.
    name: 'getting into a locked exchange account',
    whole: true,
    names: ['account recovery'],
    asks: [
      // Or held: "froze my account", a withdrawal "pending for like 3 days" (ask-dev68, ask-dev71);
      // not a deposit that "still says pending", whose finality the content explains (ask-dev51).
      /\b(?:locked\s+out|can(?:no|['’])?t\s+(?:log|sign)\s+(?:in|into|back)|regain\s+access|account\s+(?:is\s+)?(?:under\s+review|frozen|locked|suspended|restricted)|(?:won['’]?t|will\s+not)\s+let\s+me\s+(?:withdraw|log\s+in|sign\s+in)|froze\s+(?:my|our)\s+account\b(?!['’])|put\s+a\s+hold\s+on\s+(?:my|our)\s+(?:account|funds|money)|withdrawal\s+(?:is\s+|has\s+been\s+)?(?:still\s+)?(?:pending|stuck)|says\s+['‘"]?pending\b[^.?!]*\bwithdrawal)\b/,
      /\b(?:coinbase|binance|kraken|exchange|exchange['’]s)\b/,
    ],
    unless: /\bself[- ]custod\w*|\bholds?\s+(?:the|their|your)\s+keys\b/,
  },
  {
    // Money lost to a scammer, reported or asked back: ask-dev49, ask-dev50, ask-dev51.
    name: 'getting money back from a scam',
    whole: true,
    names: ['fund recovery', 'recovery scam', 'chargeback'],
    asks: [
      /\b(?:scam\w*|fraud\w*|conned|swindled|fake\s+(?:\w+\s+){0,2}(?:platform|site|app|exchange|website))\b/,
      // Or why they want crypto: "why do scammers insist on being paid in crypto or gift cards" (ask-dev57).
      /\bget\s+(?:\w+\s+){0,4}back\b|\b(?:recover\w*|refund\w*|chargeback|report\w*|police|fbi|complaint|paid\s+in|gift\s+cards?)\b/,
    ],
  },
  {
    // "What are the steps to turn my crypto back into regular money in my bank account?" (ask-dev45);
    // not a stablecoin's redemption, which the content explains.
    name: 'cashing crypto out to a bank',
    names: ['off-ramp', 'offramp'],
    unless: /\bstablecoins?\b|\busd[ct]\b|\btether\b|\bissuer|\bredeem\w*|\bredemption\b|\bpeg\w*/,
    asks: [
      // Not "Tornado Cash", nor a coin "cashed in at face value" (ask-dev8).
      /\b(?:turn|turning|convert\w*|change|sell|selling|withdraw\w*|cash(?:ing)?\s+out)\b/,
      /\b(?:bank\s+(?:account|acct)|regular\s+money|real\s+money|normal\s+money|fiat|(?:into|for)\s+cash)\b/,
      /\b(?:crypto|bitcoin|btc|eth|ether|coins?)\b/,
    ],
  },
  {
    // A firm's licence or a token's white paper under MiCA (ask-dev48, ask-dev52): the content says
    // what MiCA asks of stablecoin issuers only.
    name: 'licensing crypto firms and tokens under MiCA',
    names: ['crypto-asset service provider', 'casp'],
    unless: /(?<!(?:isn't|is\s+not|not)\s+a\s+)\bstablecoins?\b|\bissuers?\b|\breserves?\b/,
    asks: [/\bmica\b/, /\b(?:licen[cs]\w*|authori[sz]\w*|apply|register\w*|white\s*paper|casp)\b/],
  },
  {
    // "lock governance tokens for years and get boosted voting power, like Curve does" (ask-dev46).
    name: 'vote-escrowed tokens',
    names: ['vote-escrow', 'vote escrow', 'vetoken', 'escrowed'],
    asks: [
      /\block\w*\b[^.?!]*\btokens?\b|\btokens?\b[^.?!]*\block\w*\b/,
      /\b(?:boost\w*|more\s+(?:voting\s+power|votes)|voting\s+power)\b/,
    ],
  },
  {
    // "a scam coin where the contract lets you buy but quietly blocks you from ever selling" (ask-dev48).
    name: 'honeypot tokens',
    names: ['honeypot', 'honey pot'],
    asks: [
      // Read from the coin or its contract on, which the description is of; or a story's "every time
      // I try to sell, the transaction fails, even though my buys went through fine" (ask-dev63).
      /(?:\b(?:coins?|tokens?|contracts?)\b[^.?!]*?)?\bbuy\w*\b[^.?!]*\b(?:never|not|can['’]?t|cannot|blocks?|stops?|prevents?)\b[^.?!]*\bsell\w*|\bsell\w*\b[^.?!]*\b(?:fails?|failed|reverts?|reverted)\b[^.?!]*\bbuys?\s+(?:went\s+through|work(?:ed)?)\b/,
    ],
  },
  {
    // "an exchange mixes customer deposits in with its own trading money" (ask-dev58).
    name: "mixing customers' funds with an exchange's own",
    names: ['commingling', 'commingled', 'segregation of client'],
    asks: [
      /\b(?:mix\w*|commingl\w*|combin\w*|blend\w*)\b/,
      /\bcustomers?['’]?\s+(?:deposits|funds|money|assets|coins)\b/,
      /\b(?:its|their)\s+own\b/,
    ],
  },
  {
    // Banks' and exchanges' duties against money laundering: splitting deposits under a reporting
    // threshold, suspicious activity reports, the travel rule (ask-dev56, ask-dev60).
    name: 'anti-money-laundering duties',
    names: ['structuring', 'smurfing', 'suspicious activity report', 'travel rule'],
    asks: [
      /\b(?:split\w*|break\w*|divid\w*)\b[^.?!]*\b(?:deposits?|payments?|transfers?)\b[^.?!]*\b(?:threshold|reporting\s+limit|under\s+the\s+(?:bank['’]s\s+)?(?:limit|threshold))\b|\bsuspicious\s+(?:activity|transactions?)\s+reports?\b|\b(?:pass\w*\s+(?:along|on)|shar\w+|transmit\w*)\s+(?:\w+\s+){0,2}(?:sender|originator)\b[^.?!]*\b(?:recipient|beneficiary)\b/,
    ],
  },
  {
    // "Is there a name for the phone scam where crooks use AI to copy a relative's voice" (ask-dev59).
    name: 'voice-cloning scams',
    names: ['voice cloning', 'voice clone', 'cloned voice'],
    asks: [
      /\bvoices?\b/,
      /\b(?:cop(?:y|ies|ied|ying)|clon\w+|mimic\w*|imitat\w+|fak(?:e|ed|ing))\b/,
      /\b(?:scam\w*|crooks?|fraud\w*|call\w*|phone)\b/,
    ],
  },
  {
    // "a validator deliberately waits until late in its slot before publishing a block" (ask-dev57).
    name: 'timing games',
    names: ['timing game'],
    asks: [/\b(?:wait\w*|delay\w*|hold\w*\s+(?:back|off))\b/, /\blate\s+in\s+(?:its|the|their|a)\s+slot\b/],
  },
  {
    // What registering or keeping a .eth name costs a year (ask-dev47, ask-dev60, ask-dev64).
    name: 'what an ENS name costs',
    names: ['registration fee', 'renewal fee'],
    asks: [
      /\.eth(?:\s+names?)?\b|\bens(?:\s+names?)?\b/,
      // A figure asked, not who sets the fees (review of 1 December).
      /\bhow\s+much\b|\bwhat(?:['’]s|\s+is|\s+are|\s+does|\s+do|\s+would)\b[^.?!]*\b(?:cost|costs|price|fee|fees)\b/,
      /\b(?:per\s+year|a\s+year|annual\w*|yearly|each\s+year|register\w*|renew\w*)\b/,
    ],
  },
  {
    // A foundation's grants (ask-dev64, ask-dev65).
    name: "the Ethereum Foundation's grants",
    names: ['grants program'],
    asks: [/\bgrants?\s+from\s+the\s+ethereum\s+foundation\b|\bethereum\s+foundation\b[^.?!]*\bgrants?\b/],
  },
  {
    // Club fan tokens (ask-dev67).
    name: 'fan tokens',
    names: ['fan token'],
    asks: [/\bfan\s+tokens?\b|\b(?:football|soccer|sports?)\s+clubs?\b[^.?!]*\btokens?\b/],
  },
  {
    // Renting out an NFT (ask-dev65), lent "to another player for a while" (ask-dev71).
    name: 'renting out NFTs',
    names: ['nft rental'],
    // A soulbound token cannot be lent at all, as the content explains (review of 1 December).
    unless: /\bsoulbound\b|\bnon[- ]transferable\b/,
    asks: [/\b(?:lend|rent)\w*\s+(?:out\s+)?(?:my\s+|an?\s+|the\s+|your\s+)?nfts?\b/],
  },
  {
    // Solana's own clock (ask-dev66 and nineteen held-out sets before it).
    name: "Solana's proof of history",
    names: ['proof of history'],
    asks: [/\bproof\s+of\s+history\b/],
  },
  {
    // The consensus of permissioned and government chains (ask-dev69, twice).
    name: 'proof of authority',
    names: ['proof of authority'],
    asks: [/\bproof[- ]of[- ]authority\b/],
  },
  {
    // Checks of a customer's identity and money before an account opens: "upload your passport and a
    // selfie", "check your ID and where your money comes from" (nine questions in eight sets).
    name: 'know-your-customer checks',
    names: ['know your customer', 'know-your-customer', 'kyc'],
    asks: [
      /\b(?:passports?|photo\s+id|(?:your|my|their)\s+id|id\s+(?:card|documents?)|identity\s+(?:checks?|verification|documents?)|selfies?)\b/,
      /\b(?:banks?|exchanges?|apps?|platforms?|brokers?|accounts?)\b/,
    ],
  },
  {
    // Chains that settle on a layer 2 as it settles on layer 1 (ask-dev27, ask-dev78).
    name: 'layer 3 chains',
    names: ['layer 3', 'layer-3', 'layer three'],
    asks: [/\blayer[- ](?:3|three)\b/],
  },
  {
    // Scammers sending their victims to a bitcoin ATM, how many there are, their limits (ask-dev20,
    // ask-dev35, ask-dev45, ask-dev48, ask-dev71).
    name: 'bitcoin ATMs',
    whole: true,
    names: ['bitcoin atm', 'crypto atm'],
    asks: [/\b(?:bitcoin|btc|crypto)\s+(?:atms?|kiosks?)\b/],
  },
  {
    // "lazy minting" (ask-dev60): a name the content never uses.
    name: 'lazy minting',
    names: ['lazy minting', 'lazy mint'],
    asks: [/\blazy[- ]mint\w*/],
  },
  {
    // Insuring crypto: "a policy that pays out automatically once an on-chain hack is confirmed",
    // cover for custodians and slashing (ask-dev67, four questions).
    name: 'insuring crypto',
    names: ['nexus mutual', 'parametric', 'crypto insurance', 'insurance cover'],
    asks: [
      /\binsur\w+|\bpolic(?:y|ies)\b|\bunderwrit\w*|\bcover\b/,
      /\b(?:hack\w*|theft|exploit\w*|custod\w*|slash\w*)\b/,
    ],
  },
  {
    // The steps through one app's screens: "how do we replace that owner in the Safe app?", "which
    // screens in the Safe app do they go through", "step by step, … in my wallet app" (ask-dev100,
    // ask-dev101, ask-dev108). The content explains what wallets and multisigs do, never an app's
    // menus; "I'm borrowing on a lending app, what happens …" asks what happens, not the steps.
    name: "the steps through a particular app's screens",
    names: ['app walkthrough'],
    aroundNames: true,
    asks: [
      /\b(?:in|on|through|with)\s+(?:the|my|our|their|its|your)\s+(?:[\w.'-]+\s+){1,2}(?:app|web\s+app|dashboard|ui|interface|portal|extension)\b/,
      /\bhow\s+(?:do|can|should|would|will)\s+(?:i|we|they|you)\b|\bstep[- ]by[- ]step\b|\bwalk\s+me\s+through\b|\bwhich\s+(?:screens?|buttons?|menus?|tabs?|settings)\b/,
    ],
  },
];
