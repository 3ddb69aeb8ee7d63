// @ts-check
// Synthetic OpenAlex-shaped Work records for benchmarks and paging tests. They are NOT real papers and
// say so: ids start with W8 (outside the range of the fixtures and of real records we use), every
// record carries `"synthetic": true`, venues and landing pages are on example.org, and there is no DOI.
// Titles are drawn from word lists with a skew towards the first entries, so some terms are common
// (like "learning" in real titles) and others rare; citation counts are heavy-tailed with many ties.
// Abstracts (about 150 words, in OpenAlex's inverted-index shape) follow Zipf's law as English text
// does: a few function words make up a large share of the words, academic words the middle, and a
// long tail of made-up words the rest; each also repeats its title's topic. Publication dates spread
// over the year. The output is a pure function of the seed.

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

// Abstract words by rank: the most frequent first (English function words roughly in corpus order),
// then academic vocabulary, then made-up words.
const FUNCTION_WORDS = (
  'the of and to a in is that for we on with as are this by be from an which our it or these can their ' +
  'at its not has have such than also both more using based two into over between both each other most ' +
  'when while where how all only new been may but they them there one three however thus first well'
).split(' ');
const ACADEMIC_WORDS = (
  'results model method approach data performance proposed paper show task tasks training learning network ' +
  'networks existing problem state art methods models information framework system systems different analysis ' +
  'large set experiments accuracy significantly demonstrate evaluate novel present introduce study achieve ' +
  'improve improves improved efficient efficiency robust robustness challenge challenges challenging provide ' +
  'provides propose address addressing recent work works prior baseline baselines benchmark benchmarks dataset ' +
  'datasets outperforms state-of-the-art effectiveness effective scale scalable structure structures features ' +
  'feature representation representations prediction predictions algorithm algorithms time cost costs complexity ' +
  'computational theoretical empirical empirically evaluation evaluations real-world applications application ' +
  'design designs architecture architectures layer layers parameters parameter optimization objective loss function ' +
  'functions distribution distributions sample samples samples inference generalization across multiple single ' +
  'high low higher lower better best key main important critical common general specific particular underlying ' +
  'process processes mechanism mechanisms technique techniques strategy strategies setting settings domain domains ' +
  'source target input output inputs outputs user users privacy security attack attacks protocol protocols ' +
  'transaction transactions ledger consensus node nodes peer decentralized trust verification proof proofs ' +
  'contract contracts token tokens market markets price prices agent agents policy policies reward environment ' +
  'image images video text language languages speech graph graphs knowledge semantic visual temporal spatial ' +
  'sequence sequences memory attention transformer transformers encoder decoder embedding embeddings vector ' +
  'matrix linear nonlinear stochastic gradient convergence bound bounds error errors noise noisy label labels ' +
  'labeled unlabeled supervised unsupervised classification regression clustering detection segmentation ' +
  'recognition generation retrieval ranking search query queries answer answers question questions reasoning ' +
  'planning control decision decisions uncertainty estimation estimate estimates measure measures metric metrics ' +
  'quality human humans expert experts study studies survey review literature future directions open issues'
).split(' ');
const TAIL_WORDS = 20_000;
/** Zipf–Mandelbrot exponent and offset that fit English word frequencies well (Piantadosi 2014). */
const ZIPF_EXPONENT = 1.0;
const ZIPF_OFFSET = 2.7;
const ABSTRACT_WORDS = { min: 110, max: 190 };

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
 * The abstract vocabulary by rank, and a sampler drawing a rank with Zipf–Mandelbrot probabilities.
 * @param {() => number} next
 */
function abstractWords(next) {
  const tail = [];
  const made = new Set([...FUNCTION_WORDS, ...ACADEMIC_WORDS]);
  const syllable = seededRandom(77);
  while (tail.length < TAIL_WORDS) {
    let word = '';
    for (let i = 0, n = 2 + Math.floor(syllable() * 3); i < n; i += 1)
      word += SYLLABLES[Math.floor(syllable() * SYLLABLES.length)];
    if (!made.has(word)) {
      made.add(word);
      tail.push(word);
    }
  }
  const vocabulary = [...new Set([...FUNCTION_WORDS, ...ACADEMIC_WORDS])].concat(tail);
  const cumulative = new Float64Array(vocabulary.length);
  let sum = 0;
  for (let rank = 0; rank < vocabulary.length; rank += 1) {
    sum += 1 / (rank + 1 + ZIPF_OFFSET) ** ZIPF_EXPONENT;
    cumulative[rank] = sum;
  }
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (/** @type {number} */ (cumulative[middle]) < target) low = middle + 1;
      else high = middle;
    }
    return /** @type {string} */ (vocabulary[low]);
  };
}

/**
 * An abstract of Zipf-distributed words with the topic said once or twice, as OpenAlex ships it:
 * word → positions, punctuation kept on the word before it.
 * @param {() => number} next
 * @param {() => string} word
 * @param {string} topic
 */
function invertedAbstract(next, word, topic) {
  const length = ABSTRACT_WORDS.min + Math.floor(next() * (ABSTRACT_WORDS.max - ABSTRACT_WORDS.min));
  /** @type {string[]} */
  const text = [];
  const mentions = 1 + Math.floor(next() * 2);
  const topicWords = topic.split(' ');
  for (let mention = 0; mention < mentions; mention += 1) {
    const at = Math.floor(next() * length);
    while (text.length < at) text.push(word());
    text.push(...topicWords);
  }
  while (text.length < length) text.push(word());
  /** @type {Map<string, number[]>} */
  const index = new Map();
  for (let position = 0; position < text.length; position += 1) {
    let token = /** @type {string} */ (text[position]);
    if (position % 23 === 0) token = token.charAt(0).toUpperCase() + token.slice(1);
    if (position % 23 === 22 || position === text.length - 1) token += '.';
    const positions = index.get(token);
    if (positions) positions.push(position);
    else index.set(token, [position]);
  }
  return Object.fromEntries(index);
}

/**
 * The works the i-th work cites: about ten of the works before it, drawn with a skew towards the
 * oldest, so that citations pile up on a few works as they do on real ones.
 * @param {() => number} next @param {number} firstId @param {number} i
 */
function syntheticReferences(next, firstId, i) {
  const cited = new Set();
  for (let n = Math.min(i, Math.floor(next() ** 1.5 * 25)); cited.size < n;) {
    cited.add(`https://openalex.org/W8${String(firstId + Math.floor(next() ** 2 * i)).padStart(9, '0')}`);
  }
  return [...cited];
}

/**
 * @param {number} count
 * @param {{ seed?: number, firstId?: number }} [options]
 * @returns {Generator<Record<string, unknown>>}
 */
export function* syntheticWorks(count, { seed = 8, firstId = 1 } = {}) {
  const next = seededRandom(seed);
  // References from a stream of their own, so adding them changed no other field of any work.
  const cite = seededRandom(seed + 2);
  const word = abstractWords(seededRandom(seed + 1));
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
    const topic = pick(topics);
    const patterns = [
      () => `${capital(pick(METHODS))} ${topic} for ${pick(DOMAINS)}`,
      () => `${capital(topic)}: a ${pick(METHODS)} ${pick(NOUNS)}`,
      () => `Towards ${pick(METHODS)} ${topic} with ${pick(other)}`,
      () => `On the ${pick(NOUNS)} of ${topic} in ${pick(DOMAINS)}`,
      () => `${artefact()}: ${pick(METHODS)} ${topic} via ${pick(other)}`,
      () => `${capital(topic)} and ${pick(other)}: ${pick(NOUNS)} and ${pick(NOUNS)}`,
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
    const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
    yield {
      id: `https://openalex.org/${id}`,
      synthetic: true,
      doi: null,
      title,
      display_name: title,
      publication_year: year,
      publication_date: `${year}-${month}-${day}`,
      type: pick(TYPES),
      cited_by_count: Math.floor(10 ** (next() ** 3 * 5)) - 1,
      primary_location: {
        landing_page_url: `https://example.org/synthetic/${id}`,
        source: { display_name: `Synthetic ${capital(pick(NOUNS))} Letters` },
      },
      concepts,
      abstract_inverted_index: invertedAbstract(next, word, topic),
      referenced_works: syntheticReferences(cite, firstId, i),
    };
  }
}
