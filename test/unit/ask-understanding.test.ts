// Question understanding in process: spelling correction against a vocabulary, questions declined
// whatever matches (live data, advice), and the question part of a long conversational question.
import { describe, expect, it } from 'vitest';
import { OUT_OF_SCOPE, outOfScope } from '../../src/core/ask/out-of-scope.ts';
import { parseQuestion, questionClause, withoutFiller } from '../../src/core/ask/question.ts';
import { Speller, vocabularyOf } from '../../src/core/ask/speller.ts';

const content = [
  'A smart contract is a program on a blockchain. What it does is fixed when the contract is deployed.',
  'A Merkle tree hashes data in pairs; the Merkle root commits to every transaction in the block.',
  'The heading of each section names what the section is about, and what follows explains it.',
  'A validator stakes ether; a validator that misbehaves is slashed. Centralised sequencers order transactions.',
  'Transactions wait in the mempool until a block includes them; transactions pay fees.',
];

describe('Speller', () => {
  const speller = new Speller(vocabularyOf(content), ['hearing'], (word) => word === 'centralisation');

  it('corrects words the content never uses into the nearest word it does, and says what changed', () => {
    expect(speller.correct('waht is a smart contrat')).toEqual({
      text: 'what is a smart contract',
      changes: [
        { from: 'waht', to: 'what' },
        { from: 'contrat', to: 'contract' },
      ],
    });
    expect(speller.correct('merkel root')?.text).toBe('merkle root');
    expect(speller.correct('what does a validater do')?.text).toBe('what does a validator do');
  });

  it('leaves known words, common English words, indexed forms, short words and names alone', () => {
    expect(speller.correct('what is a smart contract')).toBeUndefined();
    // "hearing" is one edit from "heading", which the content uses; it is a word of its own.
    expect(speller.correct('hearing')).toBeUndefined();
    expect(speller.correct('centralisation')).toBeUndefined();
    expect(speller.correct('wht')).toBeUndefined();
    const names = speller.correct('who painted the Mona Lisa')?.changes ?? [];
    expect(names.map((change) => change.from)).not.toContain('Lisa');
  });

  it('never changes the first letter, and gives up past the edits a word length allows', () => {
    // "seading" is one edit from "heading" but starts otherwise.
    expect(speller.suggest('seading')).toBeUndefined();
    expect(speller.suggest('tranzactoins')).toBe('transactions');
    expect(speller.suggest('contrxyz')).toBeUndefined();
  });

  // ask-dev81, ask-dev82: "dissapear" (two edits, no swap) and "actualy" ("actual" with a suffix).
  it('corrects a word that differs from one the content writes only in its doubled letters', () => {
    const doubled = new Speller(vocabularyOf(['Images disappear. It actually runs.', 'The actual cost.']));
    expect(doubled.correct('why do images dissapear')?.text).toBe('why do images disappear');
    expect(doubled.correct('does it actualy run')?.text).toBe('does it actually run');
    expect(doubled.suggest('actual')).toBeUndefined();
    expect(new Speller(vocabularyOf(['A proof, and a proof.'])).correct('my prof says')).toBeUndefined();
  });
});

describe('questions declined whatever matches', () => {
  it.each([
    ['what is the price of ether today', 'live'],
    ['what will the weather be tomorrow', 'live'],
    ['what is the current gas price on ethereum', 'live'],
    ['what is bitcoin trading at right now', 'live'],
    // Chat's "rn" is "right now".
    ['yo whats gas on arbitrum rn, like a few cents?', 'live'],
    ['is claude or gpt better for coding rn fr', 'live'],
    ['should I buy bitcoin now', 'advice'],
    ['is ethereum a good investment', 'advice'],
    ['which coin should I buy this year', 'advice'],
    ['which token to buy with my savings', 'advice'],
    ['What is the staking yield at the moment?', 'live'],
    ['will solana go up next year', 'advice'],
    // Live figures: a count of people or users, or any figure asked "now".
    ['how many people use chatgpt every week', 'live'],
    // ask-dev33: a service's status.
    ['hey so is chatgpt down rn or is it just me', 'live'],
    ['how many validators does ethereum have now', 'live'],
    // Personal advice about one's life, not the content's subjects.
    ['should I quit my job to become a prompt engineer', 'advice'],
    ['is machine learning a good career', 'advice'],
    // Predictions: what will happen, be announced or released.
    ['what will openai announce next month', 'future'],
    ['will rollups replace ethereum in the next few years', 'future'],
    ['will google release a bigger model', 'future'],
    ["yo who's the ceo of tether these days", 'live'],
    ['how many monthly paying subscribers does Midjourney have', 'live'],
    ['what will the price of SOL be next spring', 'future'],
    ['can you recommend a good wallet app for my mom', 'advice'],
    // What to buy or ask for, and which thing is best to get.
    ['what keyboard should I buy for coding', 'advice'],
    ['what salary should I ask for as a junior engineer', 'advice'],
    ['is claude or gemini better for essays, which one should i pay for', 'advice'],
    ['Which chat app should we subscribe to?', 'advice'],
    ['I have a laptop with 8 GB of VRAM. Which open model should I download?', 'advice'],
    ['which phone is the best one to get this autumn', 'advice'],
    ['Which laptop is the best one to buy?', 'advice'],
    // Which coin is the next big winner, and whether one will overtake another.
    ["what's going to be the next token to 10x", 'future'],
    ['which is the next 50x project', 'future'],
    ['will Cardano ever flip Ethereum', 'future'],
    ['When will Solana ship its new client?', 'future'],
    ['Will SOL trade above $500 in 2028?', 'future'],
    ['yo is eth gonna hit 10k this cycle or nah lol', 'future'],
    ['I still hold a bag of the old coin. Should I keep holding or sell?', 'advice'],
    // ask-dev21 and ask-dev22 (30 November): an investment ranked, an overtaking to come, a running
    // total, a subscription's price.
    ['Is silver or gold the better long-term investment?', 'advice'],
    ['lol is sol gonna flip eth this cycle or nah', 'future'],
    ['How much ETH has been burned in total since the upgrade went live?', 'live'],
    ['how do i get an api key n how much does it cost per month', 'live'],
    // ask-dev23: a provider ranked by its prices, jobs to be lost, minds to be surpassed.
    ['which exchange has the lowest fees to buy sol lol', 'advice'],
    ['Will chatbots end up putting translators out of work?', 'future'],
    ['How long before computers are smarter than people at everything?', 'future'],
    // ask-dev25: a ranking as it stands, a price's move in chat's words.
    ['Kettlebot vs Steamly: which currently pays more interest on deposits?', 'live'],
    ['yo is sol gonna pump after the next upgrade or nah lol', 'future'],
    // Who holds an office, a price's record, a price list, what a job pays: market figures and news.
    ['is vitalik still running the ethereum foundation', 'live'],
    ["What was ether's highest ever price?", 'live'],
    ['did solana hit a new all-time high', 'live'],
    ['How much does Mistral Large cost per million input tokens?', 'live'],
    ['What salary does a blockchain developer earn in Berlin?', 'live'],
    ['how much do solidity developers make, is it worth it salary wise', 'live'],
    // The asker's own money and what to do with it, in their circumstances' words.
    ["I'm 60 with $80k in my pension. Should I move a third of it into ether?", 'advice'],
    ['I have some savings and my cousin says I should put them all into solana. Should I?', 'advice'],
    ['I hold 2 ETH and want a flat. Can I use the ether for the down payment?', 'advice'],
    ["I'm 30 with $10,000 saved and thinking of putting it into a yield vault. Is that a good idea for me?", 'advice'],
    ["I'm 50 and want to move a third of my pension into a staking pool. Is that a sensible plan?", 'advice'],
    // When to buy, which product to pick, a price mark as news, who is behind a firm (ask-dev44 to
    // ask-dev52, in other words).
    ['is it too late to buy sol lol', 'advice'],
    ['good time to sell my eth or should i wait for the dip', 'advice'],
    ['whats the best free ai tool for making flashcards', 'advice'],
    ['best crypto wallet app for android?', 'advice'],
    ['Gemini or ChatGPT: which one is better at maths homework?', 'advice'],
    ['Which is cheaper at scale, Qdrant or Pinecone?', 'advice'],
    ['did btc hit 150k yet', 'live'],
    ['What yield do Solana stakers currently earn?', 'live'],
    ['How many people around the world hold bitcoin?', 'live'],
    ["who's behind the company that issues that stablecoin", 'live'],
    ['what is the current annual staking yield on sol', 'live'],
    ['can u check if tx 0x4be1c09a2f went through', 'live'],
    ['whats the gas price today', 'live'],
    ['Is bitcoin a safer place for my retirement savings than gold?', 'advice'],
    ['will my staking rewards go up next year?', 'future'],
    // ask-dev108, ask-dev109 (2 December), in other words: what the asker would earn.
    ['If we ran kettle miners for a week, roughly how much would we earn?', 'future'],
    ['What yield would I actually get holding descaler for a year?', 'future'],
    ['is eth gonna go back up or should i just sell', 'advice'],
    ['is solana actually going to zero?', 'future'],
    ['any new rollups about to drop tokens soon?', 'future'],
    ['who actually owns the most ether', 'live'],
    ['whos ahead rn, google or meta', 'live'],
    ['Which managed vector service is cheapest at a billion vectors?', 'advice'],
    ['best laptop for fine-tuning small models?', 'advice'],
    ['Should a beginner learn TensorFlow or PyTorch first?', 'advice'],
    // ask-dev68 to ask-dev72, in other words: a kind of provider ranked, a pick of app, a coin to rise.
    ['which bitcoin broker has the cheapest fees for small buys', 'advice'],
    ['which budgeting app is best for tracking my crypto?', 'advice'],
    ['ok which token is going to pump next', 'future'],
    // ask-dev76 to ask-dev78: a kind of marketplace ranked by its fees, a model to run at home.
    ['which nft marketplace charges the lowest fees', 'advice'],
    ['which open-weight model is best to download for my laptop', 'advice'],
    // A task to do rather than a question the content answers.
    ['Write me a Python script that scrapes tweets', 'task'],
    ['can you translate this paragraph into Spanish', 'task'],
  ])('%s → %s', (question, kind) => {
    expect(outOfScope(question)).toBe(kind);
  });

  it.each([
    'what determines gas prices',
    'how does the fee market price blockspace',
    'why do stablecoins lose their peg',
    'what happened to Terra in May 2022',
    'how should I evaluate a RAG system',
    'Why should I hold out a test set and only look at it once?',
    // Review of 30 November: a mechanism's ranking "currently", an attacker's dump.
    'Which currently pays more interest: a lending pool at 90% utilisation or one at 20%?',
    'In a sandwich attack, why is the attacker going to dump the token right after my swap?',
    'how many validators can a committee lose before finality stalls',
    'who decides what goes into the next block',
    'how many users can a rollup serve per second',
    'how many people must sign before a multisig can use the funds',
    'what will the price impact of a large swap depend on',
    'will my transaction be final after one block',
    'should I use LoRA or full fine-tuning',
    'How many training tokens per parameter did the Chinchilla study recommend?',
    'who is the proposer of the next block',
    'how do I write a smart contract',
    'what does the ERC-20 standard say about the approve function a contract must write',
    'what chunk size should I use for retrieval',
    'which one should I pick for my project, Groth16 or PLONK',
    'what is the best way to get a model to follow a format',
    'will a rollup get the same security as Ethereum',
    // Which kind of thing a task needs is a question the content answers, not shopping.
    'We want to fine-tune a 7B model with LoRA on one card. Which GPU should I rent?',
    'What should I get, a hardware wallet or a software one?',
    // Look-alikes of the money, market and prediction rules that the content answers (review of 30
    // November): a budget or a position is no savings, a mechanism's price no market figure.
    "I'm fine-tuning a 7B model on a $500 budget. Can I use LoRA on a single A100?",
    'I deposited $1,000 of USDC in Aave. Can I use it as collateral to borrow ETH?',
    'We want to save $10k on inference. Is speculative decoding a good choice?',
    'I have $1,000 in a hot wallet. Should I move it to a hardware wallet?',
    'If my node is still running the old client after the hard fork, will I be slashed?',
    'What happens if the sequencer is still running but stops posting batches?',
    'How does a DEX aggregator find the lowest price across pools?',
    'Why does the MEV-Boost relay pick the highest value block?',
    'How does prompt caching lower the cost per million input tokens?',
    'How much do researchers make use of synthetic data when they train reasoning models?',
    'How do DAOs pay contributor salaries in streaming tokens?',
    'How long will it take for my validator to activate after I deposit 32 ETH?',
    'would i earn anything running a full node on my home server?',
    'We will fine-tune a model for support. How do teams adopt LoRA without losing quality?',
    'Will my balance drop below 16 ETH if my validator is offline for a month?',
    // Savings as the stake of a question about how something works, not of a decision asked.
    'Before I trust a bridge with my savings, what should I check?',
    'I want to move a big part of my savings to a rollup. How can I tell who can upgrade its contracts?',
    'I run a validator and want a second machine with the same keys as a backup. Good idea?',
    'Someone on Telegram wants the 12 words of my wallet to fix a stuck transfer. Should I?',
    'How much does the price per token fall when a prompt prefix is cached?',
    'Will my deposit be final after 64 slots?',
    'Which token has the highest market share among stablecoins, and why?',
    // An agent paying for an API is the content's; "rn" only as a word of its own.
    'Which API calls should my agent pay for with stablecoins?',
    'How do I turn a model into an ONNX runtime graph?',
    'Will my validator hit 32 ETH of effective balance again?',
    'Will the loss hit 10% of its starting value after warmup?',
    // Look-alikes of "rn", the shopping verbs and the price mark (review of 30 November): "rn" dating
    // the asker, a fee or an event or a client to pay for or subscribe to, a count of tokens, a condition.
    'studying for my exam rn, what is a merkle tree?',
    'im reading about rollups rn, how do fraud proofs work?',
    'my node is syncing rn, what does a full node actually store?',
    'ok so rn my model keeps repeating itself, what does temperature do?',
    'What priority fee should I pay for my transaction to get into the next block?',
    'Which events should I subscribe to to track ERC-20 transfers?',
    'What should I download to run a light client?',
    'Which clients should I install to run an Ethereum node after the Merge?',
    'If ETH is going to hit $1,000, how does a DAI vault get liquidated?',
    'If my chat is gonna hit 8k tokens, does the model forget the start?',
    'What happens when my prompt is going to hit 128k tokens?',
    'When the mempool is going to hit 10k pending transactions, how does a validator choose which to include?',
    // Look-alikes of the rules above: a choice of method, a total per block, a fee that follows a month.
    'For keeping a model up to date on changing facts, is fine-tuning or retrieval the better choice?',
    'How much of the base fee is burned in total per block?',
    'How is the better investment of compute chosen, more parameters or more data?',
    'Which rollup has the lowest fees for a simple transfer?',
    // Look-alikes of the rules of ask-dev68 to ask-dev72: a kind of wallet weighed by how it works, a
    // token's move explained.
    'Which type of wallet is best at resisting malware, hot or cold?',
    'Why would a governance token go up after a vote passes?',
    'In a constant-product pool, which token will go up in price after a big buy?',
    'Which chatbots are best according to Chatbot Arena votes?',
    'What smart wallets have the lowest fees, if someone else can pay the gas?',
    // Look-alikes of the rules of ask-dev76 to ask-dev78: a retrieval model weighed by what it finds.
    'Which model is best to run when I need exact keyword matches?',
    // Look-alikes (review of 30 November): a condition, a length of time, a wallet's protection, a
    // dated total.
    'What happens if a transaction is going to surpass its gas limit?',
    'What happens when my conversation is going to outgrow the context window?',
    'Does training the model cost a month on a thousand GPUs?',
    'Which wallets have the best protection against malware?',
    'How much has been stolen from bridges so far?',
    'How long before a block is final, and will my transaction be out of the mempool by then?',
    // Look-alikes of the rules of 1 December: the best of a method, a model's name beside another's
    // in a question about mechanisms, agents that are best at something.
    'What is the best way to back up a seed phrase?',
    'How long a task can the best AI agents finish on their own?',
    'What makes Claude different from ChatGPT in how it was trained?',
    'Is it a good idea to use retrieval or fine-tuning for a support bot?',
    // A day in the asker's own clause dates what happened to them (ask-dev56, ask-dev57).
    'why was my gas fee so high today, i sent the same thing yesterday lol',
    'our inference bill exploded this month, is the kv cache why long prompts cost more?',
    'does chatgpt remember what i told it last week',
    'How does a smart contract get rain data from a weather feed?',
    "Next week I'm presenting to my team. What is a Merkle tree, in one line?",
    'Which services does a rollup sequencer provide, and which is the main one?',
    'Why is the base fee going to go up if blocks stay full?',
    'How does a validator know when it is time to propose a block?',
    // ask-dev83: which tokens a method keeps, and the moment of an event within a mechanism.
    'Top-k vs top-p sampling: how does each decide which tokens to keep?',
    'Why do governance tokens count voting power at an earlier block instead of at the moment someone votes?',
    // ask-dev87: a price a program fetches.
    "Why can't my Solidity contract simply make an HTTP request to fetch the current ETH price?",
  ])('answers %s', (question) => {
    expect(outOfScope(question)).toBeUndefined();
  });

  it('says what the site offers instead', () => {
    for (const { reason } of Object.values(OUT_OF_SCOPE)) expect(reason).toMatch(/essays and glossary explain/);
  });
});

describe('conversational questions', () => {
  it('reads a long question for its question part', () => {
    const asked =
      'I keep seeing people on twitter talk about sandwich attacks on their swaps, what is MEV and why does it happen';
    expect(questionClause(asked)).toBe('what is MEV and why does it happen');
    expect(
      questionClause(
        "I'm building a dapp and my users complain that every click needs a signature, is there a way to batch things",
      ),
    ).toBe('is there a way to batch things');
  });

  it('leaves short questions whole, and sets words of talk aside', () => {
    expect(questionClause('what is a rollup')).toBeUndefined();
    expect(withoutFiller('is there a way to make their wallets smarter')).toBe('is a to their wallets smarter');
  });

  it('knows a quantity question, and how X works names X', () => {
    expect(parseQuestion('how many parameters did GPT-3 have').intent).toBe('quantity');
    expect(parseQuestion('what is the maximum supply of bitcoin')).toMatchObject({
      intent: 'quantity',
      content: 'what is the supply of bitcoin',
    });
    // Its head is cut before what qualifies it, as a definition's is ("watermarking of AI text").
    expect(parseQuestion("how does solana's proof of history work").subject).toEqual({
      full: "solana's proof of history",
      head: "solana's proof",
    });
    expect(parseQuestion('how does watermarking of AI-generated text work').subject?.head).toBe('watermarking');
  });

  it("cuts a definition's head before a second question joined to it", () => {
    expect(parseQuestion('What is a mining pool and how are its rewards split?').subject).toEqual({
      full: 'mining pool and how are its rewards split',
      head: 'mining pool',
    });
    expect(parseQuestion('what is a rollup, and why do people use them').subject?.head).toBe('rollup');
    // "and" between two words of a name is part of it.
    expect(parseQuestion('what are checks and balances').subject?.head).toBe('checks and balances');
  });
});
