// Ideas the content does not cover, described without their names ("make an already-trained model
// forget one person's data": ask-dev19, ask-dev20, ask-dev22, ask-dev23), are declined as such while
// the content writes none of their names; content that covers one switches its topic off.
import { describe, expect, it } from 'vitest';
import { describedTopic } from '../../src/core/ask/uncovered-topics.ts';
import { fillerTerms, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const forgetting = glossaryTerm(
  'catastrophic-forgetting',
  'Catastrophic forgetting',
  'When a trained model is fine-tuned on a new task it can forget what it learned before, because the same weights are overwritten. Mixing old data into training limits it.',
);
const unlearning = glossaryTerm(
  'machine-unlearning',
  'Machine unlearning',
  "Making an already-trained model forget one person's data without retraining it from scratch, for example after a deletion request.",
);

describe('describedTopic', () => {
  it('recognises an idea described in everyday words', () => {
    const described = [
      [
        'Is there a way to make an already-trained AI forget everything it picked up about one particular person?',
        'machine unlearning',
      ],
      [
        "How do services that blend your coins with strangers' coins to hide where they came from actually work?",
        'coin mixers',
      ],
      ['Is there a way to do maths on encrypted numbers without ever decrypting them?', 'homomorphic encryption'],
      ['Is there a name for when insiders hype a tiny coin online and then all sell at once?', 'pump-and-dump schemes'],
      ['What is the cut an NFT artist gets whenever their piece is resold called?', 'NFT royalties'],
      // Ideas asked in three sets or more (ask-dev21 to ask-dev28).
      ['If an AI draws a picture for me, do I own it, or does someone else?', 'who owns what an AI makes'],
      ['Why did Nvidia end up dominating AI chips instead of AMD or Intel?', "Nvidia's lead over other chip makers"],
      ['lol who is satoshi nakamoto for real tho', "Satoshi Nakamoto's identity and coins"],
      ['I sent crypto to the wrong address. What steps can I take?', 'getting back coins sent to a wrong address'],
      ['lol does chatgpt save my chats and train on them or what', 'what AI providers do with your chats'],
      ["Are these chatbots going to end up taking people's jobs?", 'AI and jobs'],
      ['How do I turn on two-factor authentication for my exchange account?', 'two-factor authentication'],
      ['hey so is chatgpt actually conscious or nah lol', 'machine consciousness'],
      ['How much harm do huge AI training runs do to the climate?', "AI's environmental footprint"],
      [
        'Is there a way to make an AI model forget everything about one person after training is done?',
        'machine unlearning',
      ],
      ['how come everyone buys nvidia gpus for ai and not amd or intel ones', "Nvidia's lead over other chip makers"],
      ['Will AI take my job as a copywriter?', 'AI and jobs'],
      ['is ai going to replace software engineers in the next 5 years', 'AI and jobs'],
      ['Does OpenAI use my ChatGPT conversations to train its models?', 'what AI providers do with your chats'],
      // ask-dev33, ask-dev34.
      ['yo whats the diff between chatgpt plus and pro, is pro worth the $$ lol', "AI assistants' subscription plans"],
      ['ngl mac studio or a 4090 for running llms at home??', 'which computer to buy for running models'],
      [
        'Is an AI company legally allowed to use my blog posts to teach its models without asking me?',
        "training on people's work without permission",
      ],
      ["How do I get my project's token listed on Coinbase?", 'exchange listings'],
      ['I have a wallet.dat file but forgot the password. How can I crack it?', 'cracking a forgotten wallet password'],
      // ask-dev31, ask-dev32.
      ['does github copilot train on my private repos?? kinda freaked out ngl', 'what AI providers do with your chats'],
      ['lol can u mine crypto on a ps5', 'mining at home'],
      ['Is there a way to stop my kids from using chat assistants on the family computer?', 'parental controls'],
      ['Why do AI image generators keep drawing people with extra fingers?', 'why image generators get hands wrong'],
      ['How do I buy my first bit of Bitcoin with my bank card?', 'buying crypto with a card'],
      ['What is the minimum age to sign up for the big AI chatbots?', 'age limits'],
      [
        'I sent USDT on the Tron network to my Ethereum deposit address at an exchange. Can I recover it?',
        'getting back coins sent to a wrong address',
      ],
      // ask-dev35 to ask-dev40.
      [
        'We run a small café and regulars want to pay in bitcoin. Which point-of-sale app should we use?',
        'accepting crypto in a business',
      ],
      ['How do I take USDC at checkout in my Shopify store?', 'accepting crypto in a business'],
      ["My daughter's teacher says an AI detector flagged her essay. How reliable are they?", 'AI-writing detectors'],
      ['whats the next eth upgrade after fusaka', "Ethereum's next upgrade"],
      ['How do I run a Lightning node on a Raspberry Pi?', 'running a Lightning node'],
      ["I'm locked out of my Coinbase account. How do I get back in?", 'getting into a locked exchange account'],
      ['Is bitcoin a better hedge against inflation than gold?', 'crypto as an inflation hedge'],
      ['Do we need a DPIA before sending customer chats to an LLM API?', 'data protection law (GDPR)'],
      [
        'Is there a European legal right to make a company delete your personal data from a model?',
        'data protection law (GDPR)',
      ],
      ["What are those services that pool people's coins and pay them back out so the trail is broken?", 'coin mixers'],
      // ask-dev35, ask-dev41, ask-dev42.
      ["What's it called when you buy the same dollar amount of crypto every week?", 'dollar-cost averaging'],
      ['How can a new project get its token listed on a big centralised exchange?', 'exchange listings'],
      ['My daughter is 15. Is she old enough for ChatGPT under their rules?', 'age limits'],
      // ask-dev44 to ask-dev52, in other words.
      ['Can a company make its already trained AI model forget what it learned about me?', 'machine unlearning'],
      [
        'Is there a term for averaging the weights of two separately fine-tuned copies of a model into one model?',
        'model merging',
      ],
      ['does anthropic train its models on everything we paste into claude??', 'what AI providers do with your chats'],
      ['Which laws protect a child’s data in a homework chatbot app?', 'data protection law (GDPR)'],
      ["What's the word for an AI as smart as a human at everything?", 'artificial general intelligence'],
      ['Can embeddings be truncated to fewer dimensions and still work for search?', 'Matryoshka embeddings'],
      ['Why would a network that memorised its data suddenly generalise much later?', 'grokking'],
      [
        'Why do training recipes warm up the learning rate for the first few thousand steps?',
        'why learning rates are warmed up',
      ],
      ['Can an assistant read my screen and click through a website for me?', 'agents that use a computer'],
      ['How do I mask part of a photo so the image model repaints only that area?', 'inpainting'],
      ['How do I split my data so each class keeps the same proportions in both halves?', 'stratified splits'],
      [
        'Why are the companies secretive about the training data their models learned from?',
        'what AI labs disclose of their training data',
      ],
      ['Why are Nvidia GPUs so expensive right now?', "the price and supply of Nvidia's chips"],
      ['Why did OpenAI stop being a non-profit?', "AI labs' ownership and funding"],
      ['Do NFT marketplaces still pay creators a royalty on every sale?', 'NFT royalties'],
      ['Why does bitcoin usually rally after a halving?', "bitcoin's price after a halving"],
      ['Can the police help me get my money back from a crypto scam?', 'getting money back from a scam'],
      ['How do I convert my bitcoin into fiat in my bank account?', 'cashing crypto out to a bank'],
      [
        'Does our startup need a MiCA licence to run a crypto exchange in France?',
        'licensing crypto firms and tokens under MiCA',
      ],
      ['Why do protocols let you lock tokens for years in return for boosted voting power?', 'vote-escrowed tokens'],
      ['Is there a name for a token whose contract lets you buy it but never sell it?', 'honeypot tokens'],
      ['What is the easiest way to buy my first ETH on an exchange?', 'buying crypto with a card'],
      ['Most exchanges want users to be 18. Are there any that let teens sign up?', 'age limits'],
      // ask-dev56 to ask-dev61, in other words.
      ['What do you call a ledger where only a few licensed banks may run nodes?', 'permissioned ledgers'],
      ['so who actually was satoshi, does anyone know', "Satoshi Nakamoto's identity and coins"],
      [
        'Why did the exchange mix customer funds with its own trading account?',
        "mixing customers' funds with an exchange's own",
      ],
      [
        'Is it a crime to split cash deposits so each stays under the reporting threshold?',
        'anti-money-laundering duties',
      ],
      ['Can scammers really clone my grandson’s voice and phone me?', 'voice-cloning scams'],
      ['How do I place a stop-loss on a DEX?', 'stop-loss and limit orders'],
      ['Is lazy minting cheaper for an artist than minting up front?', 'lazy minting'],
      ['Why would a proposer delay its block until late in the slot?', 'timing games'],
      [
        'How do we block AI companies from scraping our website for training?',
        "training on people's work without permission",
      ],
      [
        'Why do AI labs no longer say how many parameters their models have?',
        'what AI labs disclose of their training data',
      ],
      [
        "How do I tell the image generator what I don't want in the picture? Is there a box for it?",
        'negative prompts',
      ],
      ['Has any chatbot passed the Turing test?', 'the Turing test'],
      ['Does every open model ship with a model card?', 'model cards'],
      // ask-dev62 to ask-dev67, in other words.
      ['My son talks to an AI girlfriend app every night. Is that bad for him?', 'AI companion apps'],
      ['Is there a tool that rewrites AI-generated essays so they sound human?', 'AI humanisers'],
      ['How can a lab get its new model added to Chatbot Arena?', 'submitting a model to Chatbot Arena'],
      [
        'Why do AI labs refuse to say what data their models were trained on?',
        'what AI labs disclose of their training data',
      ],
      ['Why do people sell crypto at a loss for tax reasons and then buy it back?', 'tax-loss harvesting'],
      ['What do you call placing big orders you mean to cancel, just to push the price?', 'spoofing orders'],
      ['What does an ENS name cost per year to renew?', 'what an ENS name costs'],
      ['How do I apply for a grant from the Ethereum Foundation?', "the Ethereum Foundation's grants"],
      ['Why is my football club selling tokens to supporters?', 'fan tokens'],
      ['Can I rent out my NFT to another player for a week?', 'renting out NFTs'],
      ['How does proof of history order Solana transactions?', "Solana's proof of history"],
      ['Can my insurance policy cover a hack of our custody wallets?', 'insuring crypto'],
      ['How did a program get good at Go by playing against itself?', 'self-play'],
      ['Why do newspapers sell their article archives to AI companies?', "AI labs' licensing deals with publishers"],
      ['Can a chatbot run inside a browser tab on my own GPU?', 'running models in a web browser'],
      ['how does the funding rate on a btc perp work', 'perpetual futures'],
      // ask-dev68 to ask-dev72, in other words.
      ['do these AI firms keep my chats and use them to train new models?', 'what AI providers do with your chats'],
      ['What are the newspaper lawsuits against OpenAI about?', 'lawsuits against AI companies'],
      ['Is there a test of whether people cannot tell a chatbot apart from a human?', 'the Turing test'],
      ['Can I lend an NFT sword to a friend in the game?', 'renting out NFTs'],
      ['the exchange froze my account last week, how do i get it unlocked', 'getting into a locked exchange account'],
      ['why is my binance withdrawal still pending', 'getting into a locked exchange account'],
      ['How does proof-of-authority pick its validators?', 'proof of authority'],
      ['Is it safe to buy coins at a bitcoin ATM in a shop?', 'bitcoin ATMs'],
      ['Which coin started out as a meme with a dog on the logo?', 'meme coins'],
      ['Why do banks charge so much to send money overseas?', 'what sending money abroad costs'],
      ['What is the separate AI chip in new phones for, next to the GPU?', 'neural processing units'],
      // ask-dev76 to ask-dev78, in other words.
      ['How is a layer 3 different from a rollup?', 'layer 3 chains'],
      ['what does the eu ai act make companies do', "the EU AI Act's rules"],
      ['Why do exchanges want a photo of my passport before I can trade?', 'know-your-customer checks'],
      ['Can a model that learned from my drawings be made to un-learn them?', 'machine unlearning'],
      // Review of 2 December: a trained chatbot, the training data.
      ['Can a trained chatbot be made to forget my personal photos?', 'machine unlearning'],
      ['My drawings were in the training data; can the model be made to un-learn them?', 'machine unlearning'],
      // ask-dev93, and in other words.
      [
        'What is it called when you cut away the least important weights of a trained network to shrink it?',
        'pruning a network',
      ],
      ['can you just delete the neurons that barely matter to make a model smaller', 'pruning a network'],
      [
        'Why does a model trained on one hospital’s patients do worse at another hospital with different scanners?',
        'distribution shift',
      ],
      [
        'How can I know a contract’s address before it is deployed, so it is the same on every chain?',
        'deterministic contract addresses (CREATE2)',
      ],
      // Ideas of serving, retrieving and evaluating models (uncovered-model-topics.ts; 2 December).
      [
        "What is it called when a model keeps the first few tokens' keys and values in its cache forever so it can stream past its context window?",
        'attention sinks (StreamingLLM)',
      ],
      [
        'What is it called when the LLM rewrites my question into several alternative queries and merges what retrieval finds?',
        'query rewriting for retrieval (multi-query, RAG-fusion)',
      ],
      [
        'Is there a word for a model that deliberately does worse when it realises it is being tested?',
        'sandbagging (a model underperforming on purpose when evaluated)',
      ],
      ['What is the setup where a weaker model supervises a stronger one called?', 'weak-to-strong generalisation'],
      ['How can a server compute on encrypted records and never decrypt them?', 'homomorphic encryption'],
      // ask-dev100, ask-dev101, ask-dev108 (2 December), in other words: one app's screens.
      ['How do we add a fourth signer in the Kettle app?', "the steps through a particular app's screens"],
      ['Which buttons in our wallet app undo an approval?', "the steps through a particular app's screens"],
      // ask-dev109 (2 December), as read after its lead-in "Under the GDPR,", and in other words.
      ['do we need to do a data protection impact assessment before a kettle chatbot', 'data protection law (GDPR)'],
      ['Must we tell the data protection authority about a leaked kettle log?', 'data protection law (GDPR)'],
    ];
    for (const [question, topic] of described) expect(describedTopic(question!)?.topic.name, question).toBe(topic);
  });

  it("reads a story's whole message for the topics whose words say nothing else", () => {
    const story =
      "My son's teacher ran his essay through an AI-writing detector and it came back 80% AI-written. How accurate are those?";
    expect(describedTopic(story, true)?.topic.name).toBe('AI-writing detectors');
    const sent =
      'I sent USDT on the TRON network to my exchange deposit address, but the address was for Ethereum. Support is slow. Can I get it back?';
    expect(describedTopic(sent, true)?.topic.name).toBe('getting back coins sent to a wrong address');
    const network =
      'I withdrew USDC using the Polygon network, but I pasted my Arbitrum address. It says completed. Is it gone?';
    expect(describedTopic(network, true)?.topic.name).toBe('getting back coins sent to a wrong address');
    const scam = 'A man I met online got me to send $3,000 to a fake trading site. Can the bank reverse it?';
    expect(describedTopic(`${scam} Who do I report it to?`, true)?.topic.name).toBe('getting money back from a scam');
    // GDPR named in passing before a question the content answers.
    expect(
      describedTopic('Our lawyer mentioned GDPR. How can a credential prove a customer is over 18?', true),
    ).toBeUndefined();
    // A topic whose words a story may use of something else is read in the question part only.
    expect(
      describedTopic('We run a café and regulars want to pay in bitcoin at the till. Which app should we use?', true),
    ).toBeUndefined();
  });

  it('recognises an idea by its name near the start of a sentence, not in a clause about something else', () => {
    expect(describedTopic('how do ring signatures hide who the real signer was')?.topic.name).toBe(
      'ring and group signatures',
    );
    expect(describedTopic('My cousin plays a blockchain game. Is play-to-earn sustainable?')?.topic.name).toBe(
      'play-to-earn games',
    );
    expect(
      describedTopic('What happened when some block builders refused transactions tied to a US-sanctioned coin mixer?'),
    ).toBeUndefined();
  });

  it('leaves questions about what the content covers in the same everyday words', () => {
    for (const question of [
      'Why does a model forget what it learned before when I fine-tune it on a new task?',
      // Look-alikes of the rules of 1 December (review of 1 December).
      'How can a stablecoin holder turn USDC back into dollars in a bank account?',
      'A coin meant to be worth a dollar trades at 95 cents because people doubt they can cash it in. What is that?',
      'What did Tornado Cash have to do with censorship on Ethereum?',
      'What does MiCA require of stablecoin issuers before they can sell in the EU?',
      'How does a bitcoin halving change the block reward?',
      'Why does slippage mean I get fewer tokens than I expected when I buy?',
      'Why does a validator that signs two blocks in one slot get slashed?',
      'How does a diffusion model turn a text prompt into a picture?',
      'Can anyone see the sender and recipient of a blockchain transaction?',
      'How does Chatbot Arena turn votes into a ranking?',
      'Why did my swap fail when the price moved past my slippage tolerance?',
      'Why is there no deposit insurance behind a stablecoin?',
      'Who sets the fees for registering and renewing ENS names?',
      'Why does Ethena short perpetual futures to back USDe?',
      'Why do diffusion models add noise to images during training?',
      'How does a liquidity pool set the price when someone swaps coins?',
      'How can a group of people share one wallet so that two of three must sign?',
      'How do I move my coins between two different chains with a bridge?',
      'Why did the exchange sell my collateral when the price fell?',
      'What is a validation set and why hold it out from training?',
      // Review of 30 November: everyday words beside a specific thing the glossary knows.
      'Is a 3-point gap between two models within the noise, or can I tell whether my model is really better?',
      'Why does evaluating on the held out test set many times make my scores optimistic?',
      'How do stakers earn tokens as rewards, and what part does slashing play in keeping them honest?',
      'In a sandwich attack, does the bot buy and sell with its own funds to push the price against me?',
      'Why are card payments a poor fit for AI agents paying shops tiny amounts in crypto?',
      // Everyday words of the topics of ask-dev27 and ask-dev28, about what the content covers.
      'If I buy an NFT of a painting, do I own the copyright?',
      'How do I go about building a private evaluation set for my own AI product?',
      'We publish AI-generated images and want viewers to tell where each one came from. Do we need a blockchain?',
      'Why do GPUs dominate AI training?',
      'Who is Satoshi Nakamoto?',
      'Can a webpage trick my AI assistant into sending my messages to an attacker?',
      'Does a chatbot remember my previous conversations?',
      'Why do AI agents that handle short tasks fine fall apart on long multi-step jobs?',
      // Review of 1 December: a pseudonym is what the glossary says Satoshi Nakamoto is.
      'Is Satoshi Nakamoto a real name or a pseudonym?',
      'Why is proof-of-work mining so expensive to attack?',
      'How do miners decide which transactions go into a block?',
      'How does a diffusion model draw a picture from noise?',
      'How do I buy an NFT on a marketplace?',
      'wait can u still mine eth on ur gpu or did that stop lol',
      'What happens if I lose my seed phrase?',
      'How does a model learn from the text it is trained on?',
      // Reading the diff: a friend of mine, an agent's training environment, a reorganisation.
      'A friend of mine runs a 7B model on his gaming laptop at home. How much memory does it need?',
      'How well did ReAct do in the ALFWorld environment compared with models trained by imitation?',
      'What happens to my payment if the chain reorganises and the wrong block wins?',
      // An agent paying at an API's checkout is what the content covers; a shop's customer paying in USDC too.
      'Can an AI agent pay for an API call in stablecoins at checkout without an account?',
      'A customer wants to pay my shop in USDC. Could it be worth less than a dollar when I cash out?',
      // The content's watermark test, Fusaka, Lightning as a state channel, a token's own inflation.
      'How does a detector spot the watermark in AI-written text?',
      'What did the Fusaka upgrade change for rollups?',
      'Is the Lightning Network a kind of state channel?',
      "Why does a high token inflation rate hurt a project's holders?",
      'What happens if I lose my seed phrase and get locked out of my wallet?',
      'Why is it a bad idea to write personal data on a public blockchain?',
      'How does a liquidity pool keep the same amount of value on each side after every swap?',
      'Why is a fixed amount of gas charged for every operation of the EVM?',
      // Review of 1 December: look-alikes of this step's topics that the content answers.
      "How does a detector that knows the seed tell whether a student's essay came from a watermarked model?",
      'How do client teams decide which EIPs go into the next Ethereum network upgrade?',
      'What did the next Ethereum upgrade after Dencun change about blobs?',
      "If I'm running a Lightning channel and can't stay online, how does a watchtower protect me from a node?",
      "My old exchange won't let me withdraw. When an exchange holds the keys, what do customers own?",
      'How long do nodes keep blobs? Are they old enough to prune after a few weeks?',
      'Does a token need anyone’s permission to get listed on a decentralized exchange like Uniswap?',
      // Review of 1 December, second session: look-alikes of ask-dev68 to ask-dev72's topics.
      'Can a quantized model run on a phone without a dedicated chip?',
      'Do the lawyers get sanctioned when a chatbot makes up court cases they cite?',
      'Why can a soulbound token not be lent to a friend?',
      'Is sending USDC overseas riskier than its fee suggests, if the issuer can freeze it?',
      'Does a token that started as an experiment need a dog mascot?',
      'Is there a test that tells AI images apart from a real person’s photos?',
      'My exchange deposit still says pending. How long until the block is final?',
      'If an issuer froze our funds at a blacklisted address, how is that done?',
      'Are our prompts used to teach the model in in-context learning, or do its weights stay fixed?',
      // Look-alikes of ask-dev76 to ask-dev78's topics: what the content says of the AI Act, a layer 2,
      // a key's identity, a model that forgets.
      'What does the EU AI Act say about general-purpose AI models?',
      'How does a layer 2 settle on layer 1?',
      'How does a wallet prove my identity without a password?',
      'Why does a fine-tuned model forget my earlier examples?',
      // Look-alikes of ask-dev93's topics: dropout, overfitting, a proxy's address.
      'Why does dropout randomly remove neurons during training, and does it remove the least important ones?',
      'Why does my model do well on its training data but badly on other patients it never saw? Is it overfitting?',
      'Why do users keep interacting with the same address when a proxy contract is upgraded?',
      // ask-dev93: a companion with a wallet is an agent that pays, which the content covers.
      'My AI companion holds a crypto wallet. Could a web page trick it into paying someone? I am worried.',
      // Look-alikes of 2 December's model topics: the KV cache, hybrid search, an evaluation, distillation.
      'Why does the KV cache grow with every token a model streams, and how much memory does it take?',
      'How does hybrid search combine the results of BM25 and vector retrieval?',
      'Why does a model do worse on a benchmark when its test questions were rewritten?',
      'How does distillation train a smaller student model from a stronger teacher?',
      // Look-alikes of an app's screens: what happens in an app, an app's rules.
      "I'm borrowing ETH on a lending app and the price dropped 30%, what happens to my position?",
      'How do I use my ETH in an app that only takes ERC-20 tokens?',
      // ask-dev102: a data protection officer asks about the system.
      'As the data protection officer, what is the core security risk of an agent that sends replies?',
    ])
      expect(describedTopic(question), question).toBeUndefined();
  });
});

describe('a question that describes an uncovered idea', () => {
  const question = "Is there a way to make an already-trained model forget one person's data?";

  it('is declined, naming the idea, while the content writes none of its names', () => {
    const result = loadedIndex([forgetting], NO_WORD_VECTORS).search(question, both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(
      /seems to ask about machine unlearning, which the essays and glossary do not cover/,
    );
  });

  it('is declined when the idea is told in the circumstances the question points back at', () => {
    const pointed = 'If I accidentally send crypto to a mistyped address, is there any way to get it back?';
    const result = loadedIndex([forgetting], NO_WORD_VECTORS).search(pointed, both);
    expect(result.no_answer_reason).toMatch(/seems to ask about getting back coins sent to a wrong address/);
  });

  it("is declined when a story's circumstances tell a topic of words that say nothing else", () => {
    const provenance = glossaryTerm(
      'content-provenance',
      'Content provenance',
      'Signed records of where a piece of media came from and how it was edited; a detector can also test text for a watermark.',
    );
    const story =
      'Our school has budget for one detection tool and is choosing between GPTZero and Turnitin. Which of the two is more accurate?';
    const result = loadedIndex([provenance], NO_WORD_VECTORS).search(story, both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/seems to ask about AI-writing detectors/);
  });

  it('is declined when named, whatever specific thing the glossary knows it is asked beside', () => {
    const lora = glossaryTerm('lora', 'LoRA', 'A way to fine-tune a model by training two small matrices per layer.');
    const result = loadedIndex([forgetting, lora], NO_WORD_VECTORS).search(
      'What is model merging, where you average the weights of several LoRA models?',
      both,
    );
    expect(result.no_answer_reason).toMatch(/seems to ask about model merging/);
  });

  it('is declined for the steps through an app, whatever the glossary knows that the question names', () => {
    // ask-dev101: "… lost their hardware wallet. How do we replace that owner in the Safe app?"
    const kettlesafe = glossaryTerm('kettlesafe', 'Kettlesafe', 'A wallet that needs several of its owners to sign.');
    const key = glossaryTerm('descaler-key', 'Descaler key', 'A small device that keeps a signing key offline.');
    const result = loadedIndex([forgetting, kettlesafe, key, ...fillerTerms(120)], NO_WORD_VECTORS).search(
      'One owner of our Kettlesafe lost his descaler key. How do we replace him in the Kettlesafe app?',
      both,
    );
    expect(result.no_answer_reason).toMatch(/seems to ask about the steps through a particular app's screens/);
  });

  it('is answered once the content covers the idea', () => {
    const result = loadedIndex([forgetting, unlearning], NO_WORD_VECTORS).search(question, both);
    expect(result.answer?.slug).toBe('machine-unlearning');
  });
});
