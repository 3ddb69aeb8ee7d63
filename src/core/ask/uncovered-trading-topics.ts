// Ideas of trading and markets the content does not cover (orders, strategies, manipulation,
// derivatives, what a price does after an event), each with the names content would write for it
// and the word families a description of it uses (uncovered-topics.ts reads questions with them).
// Where it was recorded, a comment beside a topic names the outsiders' sets that asked it.
import type { UncoveredTopic } from './uncovered-topic.ts';

export const TRADING_TOPICS: readonly UncoveredTopic[] = [
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
    name: 'wash trading',
    names: ['wash trading', 'wash trade', 'wash traded'],
    asks: [
      /\b(?:trad\w+|buy\w*|sell\w*|bought|sold)\b/,
      /\b(?:with|to|from)\s+(?:itself|themselves|yourself|himself|herself)\b|\bbetween\s+(?:their|its|your|his|her)\s+own\s+(?:wallets|accounts|addresses)\b/,
      /\b(?:volume|fake|faking|inflat\w+|pump\w*|price)\b/,
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
    // ask-dev45, ask-dev46, ask-dev48: "why does the bitcoin price tend to rally in the year after a
    // halving". The content tells what a halving does to the reward, never to a price.
    name: "bitcoin's price after a halving",
    names: ['halving cycle', 'four-year cycle', '4-year cycle'],
    asks: [
      /\b(?:bitcoin|btc)(?:['’]s)?\b[^.?!]*\bhalvings?\b|\bhalvings?\b(?:[^.?!]*\b(?:bitcoin|btc)\b)?/,
      /\b(?:price|prices|rally|rallies|rallied|pump\w*|bull\s+(?:runs?|markets?)|go(?:es)?\s+up|went\s+up|risen|rise|rises|rose|climb\w*|moon\w*)\b/,
    ],
  },
  {
    // Orders the content never defines: ask-dev48, ask-dev59 ("What is a stop-loss order?").
    name: 'stop-loss and limit orders',
    names: ['stop-loss', 'stop loss', 'limit order'],
    asks: [/\bstop[- ]loss(?:es)?\b/],
  },
  {
    // ask-dev40, ask-dev42, ask-dev66: selling at a loss before the tax year ends, then buying back.
    name: 'tax-loss harvesting',
    names: ['tax-loss harvesting', 'tax loss harvesting'],
    asks: [
      /\b(?:sell\w*|sold)\b[^.?!]*\bloss\b/,
      /\btax\w*/,
      /\bbuy\w*\s+(?:it\s+|them\s+)?back\b|\bbought\s+(?:it\s+|them\s+)?back\b|\brebuy\w*/,
    ],
  },
  {
    // "huge orders they never intend to fill, just to move the price, and then cancels them" (ask-dev63).
    name: 'spoofing orders',
    names: ['spoofing', 'layering'],
    asks: [/\borders?\b/, /\bcancel\w*|\bnever\s+(?:intend|mean|plan)\w*\s+to\s+fill\b/, /\bprice\b/],
  },
  {
    // Perpetual futures, their funding rates and mark prices: fourteen unanswerable questions in
    // eleven sets (ask-dev21 to ask-dev63), none answerable. The content names them only as what
    // Ethena's synthetic dollar shorts, so a question about that stays the content's.
    name: 'perpetual futures',
    names: ['perpetual swap', 'mark price', 'funding payment'],
    unless: /\bethena\b|\busde\b|\bsynthetic\b|\bstablecoins?\b/,
    asks: [/\bperp(?:etual)?s?\b(?:\s+(?:futures|swaps?|contracts?|exchanges?))?/],
  },
];
