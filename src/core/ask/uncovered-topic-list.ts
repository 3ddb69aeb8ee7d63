// The ideas of the field the content does not cover, each with the names content would write for
// it and the word families a description of it uses (uncovered-topics.ts reads questions with them).
// Where it was recorded, a comment beside a topic names the outsiders' sets that asked it.

/** An idea the content does not cover: its name for the reason, its names as content would write them, and how it is asked. */
export interface UncoveredTopic {
  name: string;
  /** Names the content would write if it covered the idea, as lowercase phrases. */
  names: readonly string[];
  /** Word families that all occur in a question describing the idea. */
  asks: readonly RegExp[];
  /**
   * Whether a story's circumstances describe it as well as its question part ("… ran his essay
   * through an AI-writing detector …. How accurate are those?"): words that say nothing else.
   */
  whole?: boolean;
  /** Words that say a question with the topic's words asks what the content covers instead. */
  unless?: RegExp;
}

/** What a trained model holds about people, and their data. */
const SOMEONES = /\b(?:person|person's|someone|someone's|individual|individual's|personal)\b/;

export const UNCOVERED_TOPICS: readonly UncoveredTopic[] = [
  {
    name: 'machine unlearning',
    names: ['unlearning', 'unlearn'],
    asks: [
      /\b(?:forget|forgets|forgetting|unlearn\w*|erase|remove|delete|scrub|wipe)\b/,
      SOMEONES,
      /\b(?:already[- ]trained|after\s+(?:it\s+(?:has|was)\s+)?(?:been\s+)?trained|trained\s+model|has\s+(?:already\s+)?been\s+trained|retrain\w*|after\s+(?:its\s+|the\s+)?training|training\s+is\s+(?:done|over|finished))\b/,
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
    name: 'homomorphic encryption',
    names: ['homomorphic'],
    asks: [
      /\bencrypt(?:ed|ion)\b/,
      /\b(?:calculat\w+|maths?|arithmetic|add\s+up|multiply|sums?|numbers)\b/,
      /\bwithout\s+(?:ever\s+)?(?:decrypt\w*|first\s+decrypt\w*)\b/,
    ],
  },
  {
    name: 'differential privacy',
    names: ['differential privacy', 'differentially private'],
    asks: [
      /\bnoise\b/,
      /\b(?:privacy|personal\s+(?:data|records?|information)|(?:nobody|no\s+one)\s+can\s+tell\s+whether)\b/,
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
      /\b(?:only\s+(?:invited|approved|vetted)|invited\s+(?:members|firms|companies|banks|parties)|by\s+invitation|approved\s+members)\b/,
    ],
  },
  {
    name: 'pump-and-dump schemes',
    names: ['pump and dump', 'pump-and-dump'],
    asks: [
      /\b(?:hype|hypes|hyped|hyping|shill\w*)\b/,
      /\b(?:sell|sells|selling|dump|dumps|dumping|cash\s+out)\b/,
      /\b(?:insiders?|organi[sz]ers?|group|groups|creators?|founders?|influencers?|whales?)\b/,
    ],
  },
  {
    name: 'NFT royalties',
    names: ['royalty', 'royalties'],
    asks: [
      /\b(?:artists?|creators?|makers?)\b/,
      /\b(?:resold|resale|resales|resell\w*|sold\s+again|secondary\s+sales?)\b/,
    ],
  },
  {
    name: 'k-fold cross-validation',
    names: ['cross-validation', 'cross validation', 'k-fold'],
    asks: [
      /\b(?:k|several|multiple|five|ten|\d+)\s+times\b|\bin\s+turn\b|\brotat\w+/,
      /\b(?:hold(?:ing)?\s+out|held\s+out|leav(?:e|ing)\s+out|left\s+out|test(?:ing)?\s+on)\s+(?:a\s+|each\s+)?(?:different|another|each|every)\b/,
    ],
  },
  {
    name: 'pseudo-labelling',
    names: ['pseudo-label', 'pseudo label', 'self-training'],
    asks: [
      /\bunlabell?ed\b/,
      /\bguess\w*\b[^.?!]*\blabels?\b|\blabels?\b[^.?!]*\bguess\w*|\b(?:its|their)\s+own\s+(?:guesses|predictions|labels|tags)\b|\b(?:tag|label)\s+(?:my|our|the)\s+unlabell?ed\b/,
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
    name: 'model merging',
    names: ['model merging', 'merging models', 'merged model', 'model soup'],
    asks: [
      /\b(?:combin\w+|merg\w+|averag\w+|blend\w*)\b/,
      /\bweights\b/,
      /\b(?:two|separately|separate|several|multiple|different)\s+(?:\w+\s+){0,2}(?:fine-tuned\s+|trained\s+)?models\b[^.?!]*\binto\s+(?:one|a\s+single)\b|\binto\s+(?:one|a\s+single)\s+model\b/,
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
    name: 'federated learning',
    names: ['federated'],
    asks: [
      /\b(?:train\w*|learn\w*)\b/,
      /\b(?:phones?|devices?|hospitals?|laptops?)\b/,
      /\bwithout\s+(?:\w+\s+){0,2}(?:sending|sharing|uploading|collecting|moving|pooling|centrali[sz]ing)\b|\bdata\s+(?:never\s+)?(?:stays?|leaves?|leaving)\b/,
    ],
  },
  {
    name: 'wash trading',
    names: ['wash trading', 'wash trade', 'wash traded'],
    asks: [
      /\b(?:trad\w+|buy\w*|sell\w*|bought|sold)\b/,
      /\b(?:with|to|from)\s+(?:itself|themselves|yourself|himself|herself)\b|\bbetween\s+(?:their|its|your|his|her)\s+own\s+(?:wallets|accounts|addresses)\b/,
      /\b(?:volume|fake|faking|inflat\w+|pump\w*|price)\b/,
    ],
  },
  {
    name: 'who owns what an AI makes',
    names: ['ai copyright', 'copyright of ai', 'copyright in ai', 'copyright office'],
    asks: [
      // Owning, not "my own AI product" or "its own replies".
      /\b(?:owns|owned|owner|owners|ownership|copyright\w*|rights|public\s+domain|allowed\s+to\s+sell)\b|\b(?:who|i|we|you)\s+(?:\w+\s+)?own\b|\bown\s+(?:it|them|the|that|this)\b/,
      /\b(?:ai|chatbots?|chatgpt|llms?|midjourney|dall-?e|(?:image|picture|art|music|story|text)\s+generators?|computer\s+program)\b/,
      /\b(?:makes?|made|writes?|wrote|written|draws?|drew|drawn|paints?|painted|generat\w+|creat\w+|produc\w+|compos\w+)\b/,
    ],
  },
  {
    name: "Nvidia's lead over other chip makers",
    names: ['cuda'],
    asks: [
      /\bnvidia\b/,
      /\b(?:dominat\w*|dominance|monopol\w*|market\s+(?:share|leader\w*)|ahead\s+of|beat\w*|win|won|winning|instead\s+of|rather\s+than|everyone\s+(?:buys|uses|picks))\b|\b(?:not|over)\s+(?:amd|intel)\b/,
      /\b(?:amd|intel|competitors?|rivals?|other\s+chip\s*makers?)\b/,
    ],
  },
  {
    name: "Satoshi Nakamoto's identity and coins",
    names: ["satoshi's identity", 'identity of satoshi'],
    asks: [
      /\bsatoshi(?:\s+nakamoto)?\b/,
      /\bwho\s+(?:is|was)\b[^.?!]*\b(?:really|actually|for\s+real)\b|\breal\s+identity\b|\bidentity\b|\bunmask\w*|\bstill\s+(?:holds?|owns?|has|have)\b/,
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
      /\b(?:wrong\s+(?:address|network|chain|wallet|account)|mistyped|incorrect\s+address|typo\w*|by\s+mistake|by\s+accident|accidentally|mistakenly|address\s+was\s+(?:for|on)\s+(?:the\s+)?\w+)\b|\bon\s+(?:the\s+)?\w+\s+(?:network|chain)\s+to\s+(?:my|an?|the|our)\s+(?:\w+\s+){0,2}address\b/,
      /\b(?:address|addresses|network|chain)\b/,
      /\b(?:sent|send|sending|transferred|paste|pasted|payment|paid)\b/,
    ],
  },
  {
    name: 'what AI providers do with your chats',
    names: ['data retention', 'chat history', 'opt out of training'],
    asks: [
      /\b(?:my|our)\s+(?:\w+\s+)?(?:chats?|conversations?|messages|prompts?|repos|repositories)\b|\bwhat\s+(?:i|we)\s+(?:type|typed|write|say|tell)\b/,
      /\b(?:save|saves|saved|saving|store|stores|stored|storing|train\w*\s+on|us(?:e|es|ing)\s+(?:\w+\s+){0,3}to\s+(?:train|teach)|spy\w*|monitor\w*)\b|\b(?:staff|employees|humans?|people|boss|employer|company|companies|openai|anthropic|google)\b[^.?!]*\b(?:read|reads|see|sees|look\s+at|access)\b/,
      /\b(?:ai|chatbots?|chatgpt|claude|gemini|copilot|assistant)\b/,
    ],
  },
  {
    name: 'AI and jobs',
    names: ['job losses', 'labour market', 'labor market', 'unemployment'],
    asks: [
      /\b(?:people's|peoples|human|office|white-collar|our|my|their|workers')\s+(?:jobs?|work)\b|\bjobs\s+(?:of|for)\s+(?:people|humans|workers)\b|\bunemploy\w*|\bemployment\b|\bworkforce\b|\bcareers?\b|\bprofessions?\b|\blost\s+work\b|\b(?:replac\w*|take\s+over\s+from)\s+(?:\w+\s+)?(?:engineers|programmers|developers|writers|copywriters|workers|lawyers|doctors|teachers|artists|designers|translators)\b/,
      /\b(?:take|takes|taking|took|taken|replac\w+|lose|loses|lost|losing|steal\w*|automat\w+|eliminat\w+)\b/,
      /\b(?:ai|chatbots?|llms?|robots?|programs?|language\s+models?)\b/,
    ],
  },
  {
    // ask-dev23, ask-dev30: "is chatgpt actually conscious or nah".
    name: 'machine consciousness',
    names: ['consciousness', 'conscious', 'sentience', 'sentient'],
    asks: [/\b(?:conscious|consciousness|sentient|sentience|self-aware)\b/],
  },
  {
    // "How much harm do huge AI training runs do to the climate?", a grant's carbon footprint of
    // fine-tuning (ask-dev29, ask-dev30), data centres' water (ask-dev20).
    name: "AI's environmental footprint",
    names: ['carbon footprint', 'carbon emissions', 'climate'],
    asks: [
      // Not "environment" alone: "the shopping environment WebShop" is where an agent is trained.
      /\b(?:climate|carbon|co2|environmental(?:ly)?|footprint|bad\s+for\s+the\s+(?:environment|planet))\b|\bhow\s+much\s+(?:\w+\s+){0,3}water\b|\b(?:use|uses|using|consume|consumes|drink|drinks)\s+(?:so\s+much\s+)?water\b/,
      /\b(?:ai|training|fine-tuning|train|chatbots?|assistants?|llms?|models?|data\s+cent(?:re|er)s?|gpus?)\b/,
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
    // ask-dev26 ("which assistant has the best parental controls"), ask-dev31 ("stop my kids from using
    // chat assistants").
    name: 'parental controls',
    names: ['parental control'],
    asks: [
      /\b(?:kids?|children|child|son|daughter|teens?|teenager|\d+-year-old)\b/,
      /\b(?:parental\s+controls?|stop\s+(?:my\s+)?\w+\s+from|block\s+(?:it|them|access)|restrict\w*|safe\s+for)\b/,
      /\b(?:ai|chatbots?|chatgpt|assistants?)\b/,
    ],
  },
  {
    // "Why do AI image generators keep drawing people with extra fingers?" (ask-dev30, ask-dev31).
    name: 'why image generators get hands wrong',
    names: ['extra fingers'],
    asks: [
      /\b(?:fingers?|hands)\b/,
      /\b(?:image|picture|art)\s+generators?\b|\bai\s+(?:art|images?|pictures?)\b|\bdraw\w*/,
    ],
  },
  {
    // "How do I buy my first bitcoin with a debit card?" (ask-dev28, ask-dev31): an exchange's sign-up.
    name: 'buying crypto with a card',
    names: ['on-ramp', 'onramp'],
    asks: [
      /\b(?:buy|buying|purchase|get)\b/,
      /\b(?:bank|debit|credit)\s+cards?\b|\bpaypal\b|\bbank\s+transfer\b/,
      /\b(?:crypto|bitcoin|btc|eth|ether|coins?)\b/,
    ],
  },
  {
    // "What is the minimum age to sign up for the big AI chatbots?" (ask-dev11), an exchange's (ask-dev31).
    name: 'age limits',
    names: ['minimum age', 'age limit', 'age requirement'],
    asks: [
      /\bminimum\s+age\b|\bage\s+(?:limits?|requirements?|restrictions?|rules?)\b|\bhow\s+old\s+(?:do|must)\s+you\b|\b(?:she|he|kids?|children|son|daughter|child|teens?|teenagers?)\s+(?:is\s+|are\s+)?(?:even\s+)?old\s+enough\b/,
    ],
  },
  {
    // "is chatgpt plus even worth 20 bucks a month", "chatgpt plus vs pro" (ask-dev31, ask-dev33).
    name: "AI assistants' subscription plans",
    names: ['subscription plan'],
    asks: [/\b(?:chatgpt|claude|gemini|copilot|perplexity)\s+(?:plus|pro|premium|max|team)\b|\bsubscriptions?\b/],
  },
  {
    // "mac studio or a 4090 for running llms at home" (ask-dev25, ask-dev33): hardware to buy.
    name: 'which computer to buy for running models',
    names: ['mac studio', 'rtx 4090'],
    asks: [/\b(?:rtx\s*)?[345]0[6-9]0\b|\bmac\s+(?:studio|mini|pro)\b|\bmacbook\b|\bm[1-4]\s+(?:max|ultra|pro)\b/],
  },
  {
    // "Is an AI company legally allowed to use my blog posts to teach its models without asking me?"
    // (ask-dev34), an illustrator's drawings (ask-dev30).
    name: "training on people's work without permission",
    names: ['opt out of training', 'training data consent'],
    asks: [
      /\b(?:my|our|artists'?|writers'?|people's|authors'?)\s+(?:\w+\s+)?(?:blog\s+posts?|posts|art|artwork|writing|books?|drawings?|photos?|music|songs?|work)\b/,
      /\b(?:train\w*|teach\w*|learn\w*\s+from|scrap\w*|used\s+to\s+(?:train|teach))\b/,
      /\b(?:without\s+(?:asking|permission|consent|paying)|legally|allowed|copyright\w*|consent|permission|find\s+out\s+whether|opt\s+out)\b/,
    ],
  },
  {
    // "How do I get my project's token listed on Coinbase?" (ask-dev34).
    name: 'exchange listings',
    names: ['exchange listing', 'listing fee'],
    asks: [
      /\blist(?:ed|ing)?\s+on\s+(?:coinbase|binance|kraken|an?\s+exchange|exchanges|a\s+big\s+exchange)\b|\bget\w*\s+(?:\S+\s+){0,3}listed\s+on\s+(?:an?|the|big|major)\s+(?!decentrali[sz]ed)(?:\w+\s+){0,2}exchanges?\b/,
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
      /\b(?:payment\s+(?:processors?|gateways?|providers?|apps?)|processors?|point[- ]of[- ]sale|pos\s+(?:apps?|systems?|terminals?)|card\s+(?:readers?|terminals?|machines?)|terminals?|plugins?|plug-ins?|checkout|(?:my|our|the)\s+(?:\w+['’]s\s+)?till)\b/,
      /\b(?:crypto\w*|bitcoin|btc|usdc|stablecoins?|lightning|coins?)\b/,
      /\b(?:accept\w*|take|taking|paid|pay|paying|payments?)\b/,
      // A business's, not an agent paying for an API at its checkout (where-ai-and-blockchains-meet).
      /\b(?:shops?|stores?|caf[eé]s?|coffee|bakery|salon|restaurant|business|customers?|regulars|counter|shopify|woocommerce)\b/,
    ],
  },
  {
    // Telling a student's essay from a chatbot's: ask-dev21, 26, 27, 35, 38. Not a watermark's test,
    // which the content explains (a detector that knows the seed).
    name: 'AI-writing detectors',
    whole: true,
    names: ['gptzero', 'turnitin', 'ai detector', 'ai-writing detector'],
    unless: /\bwatermark\w*|\bseed\b|\bcontamination\b/,
    asks: [
      /\b(?:gptzero|turnitin|zerogpt|detectors?|detection\s+(?:tools?|software|apps?))\b/,
      /\b(?:essays?|homework|students?|pupils?|school|teachers?|assignments?|coursework|university|plagiarism)\b/,
    ],
  },
  {
    // ask-dev28, ask-dev30, ask-dev37: "whats the next ethereum upgrade after fusaka".
    name: "Ethereum's next upgrade",
    names: ['glamsterdam'],
    unless: /\bafter\s+(?:the\s+)?(?:dencun|pectra|merge|shanghai|london|cancun)\b/,
    asks: [
      // Its date or contents asked, not how upgrades are decided or installed (review of 1 December).
      /\bafter\s+fusaka\b|\bnext\s+(?:\w+\s+){0,2}(?:upgrade|hard\s+fork)\b(?=[^.?!]*\b(?:when|ships?|coming|live|scheduled|planned|release\w*|what['’]?s\s+in)\b)/,
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
    // An exchange's support and locked accounts: ask-dev3, ask-dev37, ask-dev40.
    name: 'getting into a locked exchange account',
    whole: true,
    names: ['account recovery'],
    asks: [
      /\b(?:locked\s+out|can(?:no|['’])?t\s+(?:log|sign)\s+(?:in|into|back)|regain\s+access|account\s+(?:is\s+)?(?:under\s+review|frozen|locked|suspended|restricted)|(?:won['’]?t|will\s+not)\s+let\s+me\s+(?:withdraw|log\s+in|sign\s+in))\b/,
      /\b(?:coinbase|binance|kraken|exchange|exchange['’]s)\b/,
    ],
    unless: /\bself[- ]custod\w*|\bholds?\s+(?:the|their|your)\s+keys\b/,
  },
  {
    // ask-dev31, ask-dev39: "is bitcoin a better hedge against inflation than gold".
    name: 'crypto as an inflation hedge',
    names: ['inflation hedge', 'hedge against inflation'],
    asks: [/\binflation\b/, /\b(?:hedge|gold|safe\s+haven)\b/],
  },
  {
    // "buying a small fixed amount of bitcoin every month" (ask-dev35), "the same dollar amount of
    // crypto every week" (ask-dev41).
    name: 'dollar-cost averaging',
    names: ['dollar-cost averaging', 'dollar cost averaging', 'dca'],
    asks: [
      /\b(?:same|fixed|set|regular)\s+(?:\w+\s+){0,2}amount\b/,
      /\b(?:every|each|per|a)\s+(?:day|week|fortnight|month|payday)\b|\b(?:daily|weekly|monthly)\b/,
      /\b(?:buy|buys|buying|invest|invests|investing|put|putting)\b/,
    ],
  },
  {
    // Europe's data protection law: ask-dev26, 27, 30, 34, 36, 39 ("our lawyer mentioned a DPIA").
    name: 'data protection law (GDPR)',
    names: ['gdpr', 'right to erasure', 'right to be forgotten', 'dpia'],
    asks: [
      /\b(?:gdpr|dpia|right\s+to\s+(?:be\s+forgotten|erasure)|(?:legal\s+right|law)\b[^.?!]*\bdelete\s+(?:your|my|our|their)\s+(?:personal\s+)?data)\b/,
    ],
  },
];
