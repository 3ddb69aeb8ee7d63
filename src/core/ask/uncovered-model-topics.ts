// Ideas of how language models are served, retrieved for and evaluated that the content does not
// cover, described rather than named (uncovered-topics.ts reads questions with them): each was asked
// in the outsiders' sets of 2 December (attention sinks in two), in the content's own words ("keys
// and values in the cache", "several queries", "a weaker model"), which every lexical and semantic
// signal matched to a passage about something else.
import type { UncoveredTopic } from './uncovered-topic.ts';

export const MODEL_TOPICS: readonly UncoveredTopic[] = [
  {
    // "keeping the first few tokens' keys and values in the cache forever so a model can stream text
    // far past its context window" (two sets): the KV cache page explains the cache, not this.
    name: 'attention sinks (StreamingLLM)',
    names: ['attention sink', 'streamingllm'],
    // The cache and the window are the content's terms, asked about here only as this idea's parts.
    asks: [
      /\bfirst\s+(?:few\s+|several\s+|handful\s+of\s+)?tokens?\b/,
      /\b(?:kv\s+cache|keys\s+and\s+values\s+(?:in\s+)?(?:the\s+|its\s+)?cache|cache)\b/,
      /\b(?:stream\w*|endless\w*|forever|indefinitely)\b/,
      /\b(?:context\s+window|recent\s+window|window)\b/,
    ],
  },
  {
    // "have the LLM rewrite the user's question into several alternative queries before retrieval,
    // then merge the results": the RAG essay covers hybrid search and reranking, not this.
    name: 'query rewriting for retrieval (multi-query, RAG-fusion)',
    names: ['query rewriting', 'query expansion', 'rag-fusion', 'rag fusion'],
    asks: [
      /\b(?:rewrit\w*|rephras\w*|reformulat\w*)\b/,
      /\b(?:several|multiple|many|alternative|different|variant)\s+(?:\w+\s+)?(?:queries|questions|versions|phrasings)\b/,
      /\b(?:retriev\w*|search\w*|merge\w*|combin\w*)\b/,
    ],
  },
  {
    // "a model deliberately does worse on an evaluation because it seems to realise it's being tested".
    name: 'sandbagging (a model underperforming on purpose when evaluated)',
    names: ['sandbagging', 'sandbag'],
    asks: [
      /\b(?:deliberately|on\s+purpose|intentionally|strategically)\b/,
      /\b(?:worse|underperform\w*|badly|poorly|below\s+its)\b/,
      /\b(?:evaluat\w+|tested|being\s+test\w*|benchmark\w*|exam\w*)\b/,
    ],
  },
  {
    // "a weaker model supervises a stronger one to see whether alignment techniques will scale".
    name: 'weak-to-strong generalisation',
    names: ['weak-to-strong', 'weak to strong'],
    asks: [/\bweak(?:er)?\s+(?:model|supervisor)\b/, /\bstronger\s+(?:one|model|system)\b/, /\bsupervis\w+/],
  },
];
