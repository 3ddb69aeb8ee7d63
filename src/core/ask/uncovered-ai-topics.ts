// Ideas of machine learning and AI products the content does not cover, each with the names content
// would write for it and the word families a description of it uses (uncovered-topics.ts reads
// questions with them). Where it was recorded, a comment beside a topic names the outsiders' sets
// that asked it.
import type { UncoveredTopic } from './uncovered-topic.ts';

/** What a trained model holds about people, and their data. */
const SOMEONES = /\b(?:person|person's|someone|someone's|individual|individual's|personal)\b/;

export const AI_TOPICS: readonly UncoveredTopic[] = [
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
    name: 'model merging',
    names: ['model merging', 'merging models', 'merged model', 'model soup'],
    asks: [
      /\b(?:combin\w+|merg\w+|averag\w+|blend\w*)\b/,
      /\bweights\b/,
      /\b(?:two|separately|separate|several|multiple|different)\s+(?:\w+\s+){0,2}(?:fine-tuned\s+|trained\s+)?models\b[^.?!]*\binto\s+(?:one|a\s+single)\b|\binto\s+(?:one|a\s+single)\s+model\b/,
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
    // Europe's data protection law: ask-dev26, 27, 30, 34, 36, 39 ("our lawyer mentioned a DPIA").
    name: 'data protection law (GDPR)',
    names: ['gdpr', 'right to erasure', 'right to be forgotten', 'dpia'],
    asks: [
      /\b(?:gdpr|dpia|right\s+to\s+(?:be\s+forgotten|erasure)|(?:legal\s+right|law)\b[^.?!]*\bdelete\s+(?:your|my|our|their)\s+(?:personal\s+)?data)\b/,
    ],
  },
];
