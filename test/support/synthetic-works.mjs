// @ts-check
// Synthetic OpenAlex-shaped Work records for benchmarks and paging tests. They are NOT real papers and
// say so: ids start with W8 (outside the range of the fixtures and of real records we use), every
// record carries `"synthetic": true`, venues and landing pages are on example.org, and there is no DOI.
// Titles are drawn from word lists with a skew towards the first entries, so some terms are common
// (like "learning" in real titles) and others rare; citation counts are heavy-tailed with many ties.
// The output is a pure function of the seed.

const AI_TOPICS = [
  'deep learning',
  'neural networks',
  'reinforcement learning',
  'language models',
  'graph neural networks',
  'computer vision',
  'transformers',
  'federated learning',
  'representation learning',
  'image classification',
  'object detection',
  'speech recognition',
  'machine translation',
  'generative adversarial networks',
  'diffusion models',
  'knowledge graphs',
  'question answering',
  'semantic segmentation',
  'anomaly detection',
  'recommender systems',
  'meta learning',
  'contrastive learning',
  'active learning',
  'explainable artificial intelligence',
  'time series forecasting',
  'multi-agent systems',
  'few-shot learning',
  'self-supervised learning',
  'information retrieval',
  'text classification',
  'sentiment analysis',
  'pose estimation',
  'causal inference',
  'bayesian optimization',
  'neural architecture search',
  'domain adaptation',
  'continual learning',
  'named entity recognition',
  'visual question answering',
  'autonomous driving',
];
const WEB3_TOPICS = [
  'blockchain',
  'smart contracts',
  'consensus protocols',
  'decentralized finance',
  'cryptocurrency markets',
  'bitcoin',
  'ethereum',
  'zero-knowledge proofs',
  'layer 2 rollups',
  'non-fungible tokens',
  'decentralized exchanges',
  'proof of stake',
  'sharding',
  'payment channels',
  'token economics',
  'decentralized identity',
  'oracle networks',
  'cross-chain bridges',
  'maximal extractable value',
  'stablecoins',
  'distributed ledgers',
  'byzantine fault tolerance',
  'mining pools',
  'wallet security',
  'decentralized autonomous organizations',
];
const METHODS = [
  'efficient',
  'scalable',
  'robust',
  'secure',
  'adaptive',
  'privacy-preserving',
  'interpretable',
  'distributed',
  'hierarchical',
  'probabilistic',
  'lightweight',
  'verifiable',
  'incremental',
  'sparse',
  'multimodal',
  'unsupervised',
  'formal',
  'empirical',
  'hybrid',
  'attention-based',
];
const NOUNS = [
  'analysis',
  'framework',
  'survey',
  'benchmark',
  'evaluation',
  'design',
  'approach',
  'study',
  'model',
  'architecture',
  'algorithm',
  'system',
  'method',
  'dataset',
  'review',
  'limits',
  'foundations',
  'vulnerabilities',
];
const DOMAINS = [
  'healthcare',
  'finance',
  'supply chains',
  'education',
  'energy markets',
  'medical imaging',
  'agriculture',
  'cybersecurity',
  'robotics',
  'social networks',
  'the internet of things',
  'smart cities',
  'climate science',
  'drug discovery',
  'e-commerce',
  'legal documents',
];
const SYLLABLES = ['ko', 'ra', 'vel', 'ox', 'mi', 'ta', 'zen', 'lu', 'dri', 'fa', 'quo', 'nis', 'pe', 'sor', 'yl'];
const TYPES = ['article', 'article', 'article', 'preprint', 'proceedings-article', 'book-chapter', 'review'];
const AI_CONCEPTS = [
  ['C154945302', 'Artificial intelligence', 1],
  ['C119857082', 'Machine learning', 1],
  ['C108583219', 'Deep learning', 2],
];
const WEB3_CONCEPT = ['C2779687700', 'Blockchain', 2];

/** The word lists titles are drawn from, for benchmarks that search the synthetic works. */
export const SYNTHETIC_VOCABULARY = {
  topics: [...AI_TOPICS, ...WEB3_TOPICS],
  methods: METHODS,
  nouns: NOUNS,
  domains: DOMAINS,
};

/**
 * A small seeded generator (mulberry32): the same seed gives the same works on every machine.
 * @param {number} seed
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @param {number} count
 * @param {{ seed?: number, firstId?: number }} [options]
 * @returns {Generator<Record<string, unknown>>}
 */
export function* syntheticWorks(count, { seed = 8, firstId = 1 } = {}) {
  const next = seededRandom(seed);
  /** Skewed pick: the first entries of a list come up far more often than the last. */
  const pick = (/** @type {readonly any[]} */ list) => list[Math.floor(next() ** 2.2 * list.length)];
  const capital = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);
  const artefact = () => {
    let name = '';
    for (let i = 0, n = 2 + Math.floor(next() * 2); i < n; i += 1) name += pick(SYLLABLES);
    return capital(name) + (next() < 0.5 ? 'Net' : `-${1 + Math.floor(next() * 9)}`);
  };
  for (let i = 0; i < count; i += 1) {
    const roll = next();
    const corpus = roll < 0.05 ? 'both' : roll < 0.65 ? 'ai' : 'web3';
    const topics =
      corpus === 'web3' ? WEB3_TOPICS : corpus === 'ai' ? AI_TOPICS : next() < 0.5 ? AI_TOPICS : WEB3_TOPICS;
    const other = corpus === 'both' ? (topics === AI_TOPICS ? WEB3_TOPICS : AI_TOPICS) : topics;
    const patterns = [
      () => `${capital(pick(METHODS))} ${pick(topics)} for ${pick(DOMAINS)}`,
      () => `${capital(pick(topics))}: a ${pick(METHODS)} ${pick(NOUNS)}`,
      () => `Towards ${pick(METHODS)} ${pick(topics)} with ${pick(other)}`,
      () => `On the ${pick(NOUNS)} of ${pick(topics)} in ${pick(DOMAINS)}`,
      () => `${artefact()}: ${pick(METHODS)} ${pick(topics)} via ${pick(other)}`,
      () => `${capital(pick(topics))} and ${pick(other)}: ${pick(NOUNS)} and ${pick(NOUNS)}`,
    ];
    const title = /** @type {() => string} */ (patterns[Math.floor(next() * patterns.length)])();
    const id = `W8${String(firstId + i).padStart(9, '0')}`;
    const concepts = [];
    if (corpus !== 'web3') {
      const [conceptId, name, level] = /** @type {[string, string, number]} */ (pick(AI_CONCEPTS));
      concepts.push({ id: `https://openalex.org/${conceptId}`, display_name: name, level, score: 0.5 + next() / 2 });
    }
    if (corpus !== 'ai') {
      const [conceptId, name, level] = WEB3_CONCEPT;
      concepts.push({ id: `https://openalex.org/${conceptId}`, display_name: name, level, score: 0.5 + next() / 2 });
    }
    const year = 1995 + Math.floor(next() * 31);
    yield {
      id: `https://openalex.org/${id}`,
      synthetic: true,
      doi: null,
      title,
      display_name: title,
      publication_year: year,
      publication_date: `${year}-01-01`,
      type: pick(TYPES),
      cited_by_count: Math.floor(10 ** (next() ** 3 * 5)) - 1,
      primary_location: {
        landing_page_url: `https://example.org/synthetic/${id}`,
        source: { display_name: `Synthetic ${capital(pick(NOUNS))} Letters` },
      },
      concepts,
    };
  }
}
