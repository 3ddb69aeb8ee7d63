// Ideas of machine learning and AI products the content does not cover, each with the names content
// would write for it and the word families a description of it uses (uncovered-topics.ts reads
// questions with them). Where it was recorded, a comment beside a topic names the outsiders' sets
// that asked it.
import type { UncoveredTopic } from './uncovered-topic.ts';

/** What a trained model holds about people, and their data. */
const SOMEONES =
  /\b(?:person|person's|someone|someone's|individual|individual's|personal)\b|\babout\s+(?:me|us|him|her|them)\b/;

/** Someone's, or the asker's own works: "make it un-learn just my pieces". */
const SOMEONES_OR_MINE = new RegExp(
  `${SOMEONES.source}|\\bmy\\s+(?:own\\s+)?(?:art\\w*|pieces|works?|photos?|images|pictures|drawings|writing|books?|songs|music)\\b`,
);

export const AI_TOPICS: readonly UncoveredTopic[] = [
  {
    name: 'machine unlearning',
    names: ['unlearning', 'unlearn'],
    // Forgetting a skill when trained further is catastrophic forgetting, which the glossary defines.
    unless: /\bfine-?tun\w*|\bcatastrophic\b|\bnew\s+task\b|\btrained\s+further\b/,
    asks: [
      /\b(?:forget|forgets|forgetting|un-?learn\w*|erase|remove|delete|scrub|wipe)\b/,
      SOMEONES_OR_MINE,
      /\b(?:already[- ]trained|after\s+(?:it\s+(?:has|was)\s+)?(?:been\s+)?trained|trained\s+(?:[\w-]+\s+)?(?:model|chatbot|ai|network)|training\s+data|has\s+(?:already\s+)?been\s+trained|(?:learned|learnt)\s+(?:about|from)|retrain\w*|after\s+(?:its\s+|the\s+)?training|training\s+is\s+(?:done|over|finished))\b/,
    ],
  },
  {
    // Its duties, risk classes, deadlines and fines: the content says only that it has duties for
    // general-purpose AI models (fourteen questions in ten sets, none answerable).
    name: "the EU AI Act's rules",
    whole: true,
    names: ['high-risk ai system', 'ai act requires', 'under the ai act'],
    unless: /\b(?:foundation\s+models?|general[- ]purpose)\b/,
    asks: [/\bai\s+act\b/],
  },
  {
    name: 'homomorphic encryption',
    names: ['homomorphic'],
    asks: [
      /\bencrypt(?:ed|ion)\b/,
      /\b(?:calculat\w+|comput\w+|maths?|arithmetic|add\s+up|multiply|sums?|numbers)\b/,
      /\bwithout\s+(?:ever\s+)?(?:decrypt\w*|first\s+decrypt\w*)\b|\bnever\s+decrypt\w*/,
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
      /\b(?:two|separately|separate|several|multiple|different)\s+(?:[\w-]+\s+){0,3}(?:models|copies|checkpoints|versions)\b[^.?!]*\binto\s+(?:one|a\s+single)\b|\binto\s+(?:one|a\s+single)\s+model\b/,
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
      // The rest of its sentence is the description: "why does Nvidia dominate AI training hardware
      // rather than AMD or Google's TPUs" names TPUs as the rival, not as what it asks about.
      /\bnvidia\b[^.?!]*/,
      /\b(?:dominat\w*|dominance|monopol\w*|market\s+(?:share|leader\w*)|ahead\s+of|beat\w*|win|won|winning|instead\s+of|rather\s+than|everyone\s+(?:buys|uses|picks))\b|\b(?:not|over)\s+(?:amd|intel)\b/,
      /\b(?:amd|intel|google['’]s\s+tpus?|tpus?|competitors?|rivals?|other\s+chip\s*makers?)\b/,
    ],
  },
  {
    name: 'what AI providers do with your chats',
    names: ['data retention', 'chat history', 'opt out of training'],
    asks: [
      // Or what is sent: "the stuff we send through the api", "everything i type into chatgpt",
      // "what we submit", a child's chat logs (ask-dev47, ask-dev49, ask-dev51).
      /\b(?:my|our)\s+(?:\w+\s+)?(?:chats?|conversations?|messages|prompts?|repos|repositories)\b|\bwhat\s+(?:i|we)\s+(?:type|typed|write|say|tell)\b|\b(?:stuff|everything|anything|what|things|data|text)\s+(?:i|we|you|people|users)\s+(?:type|typed|send|sent|submit|submitted|paste|pasted|put|enter|entered|upload\w*|attach\w*)\b|\bfiles\s+(?:i|we)\s+(?:attach|upload|send)\w*|\bchat\s+logs?\b/,
      /\bwhat\s+happens\s+to\b|\bkeeps?\s+(?:a\s+)?cop(?:y|ies)\b|\b(?:save|saves|saved|saving|store|stores|stored|storing|train\w*\s+(?:(?:its|their)\s+(?:\w+\s+)?models?\s+)?on|us(?:e|es|ing)\s+(?:\w+\s+){0,3}to\s+(?:train|teach)|(?:getting|being|get|be)\s+used\s+to\s+train|spy\w*|monitor\w*)\b|\b(?:staff|employees|humans?|people|boss|employer|company|companies|openai|anthropic|google)\b[^.?!]*\b(?:read|reads|see|sees|look\s+at|access)\b/,
      /\b(?:ai|openai|anthropic|chatbots?|chatgpt|claude|gemini|copilot|assistant|llms?)\b/,
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
      /\b(?:climate|carbon|co2|environmental(?:ly)?|footprint|bad\s+for\s+the\s+(?:environment|planet))\b|\bcooling\s+water\b|\bhow\s+much\s+(?:\w+\s+){0,3}water\b|\b(?:use|uses|using|consume|consumes|drink|drinks)\s+(?:so\s+much\s+)?water\b/,
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
    // "that type of chip in new laptops that's dedicated just to AI workloads, separate from the
    // graphics card" (ask-dev70). Not a hardware wallet's chip, nor a GPU, which the content explains.
    name: 'neural processing units',
    names: ['npu', 'neural processing unit', 'neural engine'],
    asks: [
      // A chip for AI, not any dedicated chip: "run on a phone without a dedicated chip" is the
      // content's quantization (review of 1 December, second session).
      /\b(?:ai|neural|machine[- ]learning)\s+(?:chips?|processors?|engines?|accelerators?|cores?)\b|\b(?:chips?|processors?)\b[^.?!]*\b(?:dedicated|built)\s+(?:just\s+|only\s+|specially\s+|specifically\s+)?(?:to|for)\s+(?:ai|machine\s+learning|neural)\b/,
      /\b(?:laptops?|phones?|pcs?|computers?|macs?|notebooks?)\b/,
    ],
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
      /\b(?:my|our|artists'?|writers'?|people's|authors'?)\s+(?:\w+\s+)?(?:blog\s+posts?|posts|art|artwork|writing|books?|drawings?|photos?|music|songs?|work|website|site|content)\b/,
      /\b(?:train\w*|teach\w*|learn\w*\s+from|scrap\w*|used\s+to\s+(?:train|teach))\b/,
      // Or how to keep them off it: "stop AI companies from scraping our company website" (ask-dev57).
      /\b(?:without\s+(?:asking|permission|consent|paying)|legally|allowed|copyright\w*|consent|permission|find\s+out\s+whether|opt\s+out|stop|block\w*|prevent\w*)\b/,
    ],
  },
  {
    // "Why are authors and news publishers suing AI companies?" (ask-dev69): the content tells of no
    // case.
    name: 'lawsuits against AI companies',
    names: ['copyright lawsuit'],
    asks: [
      // An AI company sued, not a court case about what a chatbot made up (hallucination, which the
      // content tells) nor lawyers sanctioned (review of 1 December, second session).
      /\bsu(?:e|es|ed|ing)\s+(?:\w+\s+){0,2}(?:ai|openai|anthropic|midjourney|stability|meta|google|microsoft)\b|\blawsuits?\s+(?:against|over)\b|\b(?:ai|openai|anthropic)\s+(?:\w+\s+)?lawsuits?\b/,
      /\b(?:authors?|artists?|writers?|publishers?|newspapers?|new\s+york\s+times|getty|musicians?|record\s+labels?|copyright\w*|creators?)\b/,
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
    // Europe's data protection law: ask-dev26, 27, 30, 34, 36, 39 ("our lawyer mentioned a DPIA"); its
    // duties in its own words, after the law is named in a lead-in ("Under the GDPR, do we need to do a
    // data protection impact assessment first?": ask-dev109). Not "as the data protection officer,
    // what is the core risk", which asks about the system.
    name: 'data protection law (GDPR)',
    names: ['gdpr', 'right to erasure', 'right to be forgotten', 'dpia'],
    asks: [
      // Or laws that protect a child's data in an app (COPPA: ask-dev51).
      /\b(?:gdpr|dpia|coppa|right\s+to\s+(?:be\s+forgotten|erasure)|(?:legal\s+right|law)\b[^.?!]*\bdelete\s+(?:your|my|our|their)\s+(?:personal\s+)?data|laws?\s+(?:\w+\s+){0,2}protects?\s+(?:\w+['’]?s?\s+){0,3}data|data\s+protection\s+(?:laws?|impact|regulators?|authorit(?:y|ies)))\b/,
    ],
  },
  {
    // "Why are Nvidia's AI chips so expensive and hard to get hold of?" (ask-dev51).
    name: "the price and supply of Nvidia's chips",
    names: ['gpu shortage', 'chip shortage'],
    asks: [
      /\bnvidia\b[^.?!]*/,
      /\b(?:expensive|pricey|cost\s+so\s+much|shortages?|short\s+supply|hard\s+to\s+(?:get|find|buy)|sold\s+out|scarce)\b/,
    ],
  },
  {
    // "Why did OpenAI move away from being a pure non-profit?" (ask-dev51): the labs as companies.
    name: "AI labs' ownership and funding",
    names: ['capped-profit', 'public benefit corporation'],
    asks: [
      /\b(?:openai|anthropic|deepmind|mistral|xai)\b/,
      /\bnon-?profit\b|\bfor-profit\b|\bvaluations?\b|\binvest(?:ed|ments?|ors?)\b|\bfunding\b|\bipo\b|\bwho\s+(?:owns|funds)\b/,
    ],
  },
  {
    // "the term for an AI that could do basically any mental task a person can do" (ask-dev44).
    name: 'artificial general intelligence',
    names: ['artificial general intelligence', 'agi', 'superintelligence'],
    asks: [
      /\b(?:any|every|all|most)\s+(?:\w+\s+){0,2}(?:tasks?|jobs?|things?)\b[^.?!]*\b(?:a\s+person|people|a\s+human|humans)\s+can\b|\bhuman[- ]level\s+(?:ai|intelligence)\b|\bas\s+(?:smart|intelligent|capable)\s+as\s+(?:a\s+)?(?:person|human|people|humans)\b/,
    ],
  },
  {
    // "embeddings that you can cut down to a shorter length and still use for search" (ask-dev44).
    name: 'Matryoshka embeddings',
    names: ['matryoshka'],
    asks: [
      /\bembeddings?\b/,
      /\b(?:cut|chop|trim|truncat\w*|shorten\w*|shrink\w*)\b[^.?!]*\b(?:shorter|smaller|fewer|length|dimensions?)\b/,
    ],
  },
  {
    // "cut away the least important weights or neurons of a trained network to shrink it, instead of
    // storing the numbers in fewer bits" (ask-dev93). The content prunes blobs, never weights.
    name: 'pruning a network',
    names: ['network pruning', 'weight pruning', 'model pruning', 'magnitude pruning', 'pruned model'],
    unless: /\brandom\w*/,
    asks: [
      /\b(?:cut\w*|remov\w+|drop\w*|trim\w*|delet\w+|zero\w*\s+out|throw\w*\s+away|prun\w+)\b/,
      /\b(?:weights?|neurons?|connections?|parameters|attention\s+heads)\b/,
      /\b(?:least\s+important|unimportant|smallest|redundant|useless|(?:don't|do\s+not|barely)\s+matter)\b/,
    ],
  },
  {
    // "when an AI model trained on one hospital's patients does worse at another hospital because the
    // patients and equipment are different" (ask-dev93). Doing worse on new data than on the training
    // data is overfitting, which the glossary defines.
    name: 'distribution shift',
    names: ['distribution shift', 'dataset shift', 'covariate shift', 'domain shift'],
    unless: /\boverfit\w*|\bmemori[sz]\w*/,
    asks: [
      /\b(?:worse|badly|poorly|fails?|falls?\s+apart|drops?|degrades?|struggles?)\b/,
      /\b(?:different|another|other|second)\s+(?:hospitals?|clinics?|sites?|countries|country|regions?|populations?|patients|equipment|scanners?|cameras?|settings?|environments?|domains?)\b|\breal[- ]world\s+data\s+(?:looks|is)\s+different\b/,
      /\btrained\s+(?:on|at|with)\b|\btraining\s+data\b|\bbuilt\s+(?:on|from)\b/,
    ],
  },
  {
    // "when a network suddenly starts generalising long after it has memorised its training set" (ask-dev49).
    name: 'grokking',
    names: ['grokking'],
    asks: [
      /\bgenerali[sz]\w*/,
      /\bmemori[sz]\w*/,
      /\b(?:long\s+after|suddenly|much\s+later|delayed|out\s+of\s+nowhere)\b/,
    ],
  },
  {
    // "why do pretraining runs warm the learning rate up at the start" (ask-dev49): the content names
    // a warm-up in a schedule and never says why.
    name: 'why learning rates are warmed up',
    names: ['warmup'],
    asks: [/\blearning[- ]rates?\b/, /\bwhy\b/, /\bwarm\w*|\bramp\w*\s+up\b|\bgradually\s+(?:increas|rais)\w*/],
  },
  {
    // "an AI model looks at my screen and moves the mouse and clicks buttons" (ask-dev47).
    name: 'agents that use a computer',
    names: ['computer use', 'computer-use'],
    asks: [/\bscreens?\b|\bscreenshots?\b/, /\b(?:mouse|click\w*|keyboard|cursor)\b/],
  },
  {
    // "paint over one part of a picture and the image AI redraws only that part" (ask-dev50).
    name: 'inpainting',
    names: ['inpainting', 'inpaint'],
    asks: [
      /\b(?:paint|brush|mask|select|erase|highlight)\w*\b[^.?!]*\b(?:part|area|region|bit|section|spot)\b/,
      /\bredraw\w*|\bregenerat\w*|\bfill\w*\s+in\b|\breplac\w*|\bre-?paint\w*/,
      /\b(?:image|picture|photo)s?\b/,
    ],
  },
  {
    // "splitting a dataset so that every category keeps the same proportions in training and test" (ask-dev52).
    name: 'stratified splits',
    names: ['stratified', 'stratify'],
    asks: [
      /\bsplit\w*/,
      /\bsame\s+(?:proportions?|ratios?|mix|balance|shares?|percentages?)\b/,
      /\b(?:category|categories|class|classes|labels?|groups?)\b/,
    ],
  },
  {
    // "Why don't the big AI labs publish what data their models were trained on?" (ask-dev47).
    name: 'what AI labs disclose of their training data',
    // A policy story asks it of "AI vendors", then "has any country made that mandatory" (ask-dev60).
    whole: true,
    names: ['data transparency', 'datasheet'],
    asks: [
      /\b(?:publish\w*|disclos\w*|reveal\w*|releas\w*|share|sharing|tell\s+us|secretive|secret|hid(?:e|ing)|stop\w*\s+(?:saying|telling|sharing)|no\s+longer\s+(?:say|tell|share)|say\s+what)\b/,
      // Or their size: "why did OpenAI stop saying how many parameters its models have" (ask-dev59).
      /\b(?:data|datasets?)\b[^.?!]*\btrained\s+(?:\w+\s+){0,2}on\b|\btraining\s+data\b|\bhow\s+many\s+parameters\b/,
      /\b(?:labs?|compan(?:y|ies)|vendors?|providers?|openai|anthropic|google|meta)\b/,
    ],
  },
  {
    // "the field where you tell an image tool what you do NOT want in the picture" (ask-dev57).
    name: 'negative prompts',
    names: ['negative prompt'],
    asks: [
      /\b(?:do\s+not|don['’]?t|not)\s+want\b|\bexclud\w*|\bleave\s+out\b|\bkeep\s+out\b/,
      /\b(?:image|picture|photo|art)\b/,
      /\b(?:field|box|prompt|setting|option)s?\b/,
    ],
  },
  {
    // "What is a model card" (ask-dev59): a name the content never uses.
    name: 'model cards',
    names: ['model card'],
    asks: [/\bmodel\s+cards?\b/],
  },
  {
    // "whats the turing test and has any AI passed it" (ask-dev61); "the test where a machine counts
    // as intelligent if a judge chatting with it can't tell it from a person" (ask-dev72).
    name: 'the Turing test',
    names: ['turing test'],
    asks: [
      /\bturing\s+test\b|\btest\b/,
      /\bturing\s+test\b|\b(?:can(?:no|['’])?t|couldn['’]?t|unable\s+to)\s+(?:tell|distinguish)\s+(?:it|them|(?:the|a|an)\s+\w+)\s+(?:apart\s+)?from\s+(?:a\s+)?(?:human|person|real\s+person)\b/,
      // In conversation: not telling AI images from a person's photos (review of 1 December, second session).
      /\bturing\s+test\b|\b(?:chat\w*|convers\w+|talk\w*|text|typed|messages?)\b/,
    ],
  },
  {
    // A teenager's AI "friend" (ask-dev63, ask-dev66 twice): whether companion apps harm them.
    name: 'AI companion apps',
    whole: true,
    names: ['ai companion', 'companion app', 'character.ai'],
    // A companion that holds a wallet or tools is an agent, whose risks the content covers: "an AI
    // companion holds a small crypto wallet … could trick it into paying someone else" (ask-dev93).
    unless: /\b(?:wallets?|pays?|paying|payments?|tools?|prompt\s+injection|trick\w*)\b/,
    asks: [
      /\b(?:ai\s+)?(?:companions?|friends?|girlfriends?|boyfriends?)\b[^.?!]*\bapps?\b|\bai\s+(?:['‘’"]\s*)?(?:companions?|friends?|girlfriends?|boyfriends?)\b/,
      /\b(?:teen\w*|\d+-year-old|daughter|son|kids?|child|mental\s+health|lonel\w+|withdrawn|worried|harmful|risky)\b/,
    ],
  },
  {
    // "tools students run AI-written text through so it reads as if a human wrote it" (ask-dev66).
    name: 'AI humanisers',
    names: ['humanizer', 'humaniser'],
    asks: [
      /\bai[- ](?:written|generated)\b/,
      /\b(?:a\s+)?humans?\s+wrote\b|\bsounds?\s+human\b|\breads?\s+(?:as\s+if|like)\b|\bundetectable\b/,
    ],
  },
  {
    // Getting a model onto the leaderboard (ask-dev65, ask-dev67): the content reads Arena's votes only.
    name: 'submitting a model to Chatbot Arena',
    names: ['submit a model'],
    asks: [
      /\b(?:chatbot\s+arena|lmarena|lmsys)\b/,
      /\bsubmit\w*|\badd(?:ed)?\s+to\b|\bget\s+(?:\w+\s+){0,3}(?:listed|ranked|added|on)\b/,
    ],
  },
  {
    // "an AI gets better by playing games against copies of itself" (ask-dev65).
    name: 'self-play',
    names: ['self-play'],
    asks: [/\bagainst\s+(?:(?:copies|a\s+copy|versions?|older\s+versions?)\s+of\s+)?itself\b/],
  },
  {
    // "AI companies pay news publishers to use their archives" (ask-dev67).
    name: "AI labs' licensing deals with publishers",
    names: ['licensing deal'],
    asks: [
      /\b(?:publishers?|newspapers?|news\s+(?:outlets|sites|organi[sz]ations))\b[^.?!]*\b(?:archives?|articles?)\b/,
    ],
  },
  {
    // A model run in a browser tab on the reader's graphics card (ask-dev64).
    name: 'running models in a web browser',
    names: ['webgpu', 'webllm'],
    asks: [/\bbrowser(?:\s+tab)?\b[^.?!]*\b(?:graphics\s+card|gpu)\b/],
  },
];
