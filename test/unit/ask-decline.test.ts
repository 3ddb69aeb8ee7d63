// The ask index's decline decision (decline.ts): the thresholds on their own, the measure of how much
// a word is the content's own rather than everyday English, and whole searches over documents
// written here, where a near miss on a topic the content does not cover is declined and a question
// in odd words about one it does is answered.
import { describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import { MIN_CONFIDENCE } from '../../src/core/ask/ask-index.ts';
import {
  DECLINE_CALIBRATION,
  declineEvidence,
  declines,
  domainLift,
  speaksToNames,
  type DeclineContext,
  type DeclineEvidence,
} from '../../src/core/ask/decline.ts';
import { saysPhraseOf } from '../../src/core/ask/says-phrase.ts';
import { ASKS_HOW_OR_WHY } from '../../src/core/ask/answer-kind.ts';
import { semanticAgreement } from '../../src/core/ask/fusion.ts';
import { QueryPlanner, type Concept, type Plan } from '../../src/core/ask/query-plan.ts';
import { situatedPlan } from '../../src/core/ask/situation.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { terms } from '../../src/core/ask/text.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const evidence = (overrides: Partial<DeclineEvidence>): DeclineEvidence => ({
  confidence: 1,
  similarity: 0,
  phrased: false,
  namesSpoken: true,
  namedShare: 0.5,
  domainSpoken: 0.8,
  domainCovered: 0.5,
  ...overrides,
});

describe('the decline decision', () => {
  it('declines below the confidence bar whatever else holds', () => {
    expect(declines(evidence({ confidence: MIN_CONFIDENCE - 0.01 }))).toBe(true);
    expect(declines(evidence({ confidence: MIN_CONFIDENCE }))).toBe(false);
  });

  it('answers below the bar when words and meaning both point to the passage', () => {
    const { agreedConfidence, agreedSimilarity } = DECLINE_CALIBRATION;
    expect(agreedConfidence).toBeLessThan(MIN_CONFIDENCE);
    // Covered in part by the words and near the question in meaning: the two signals agree.
    expect(declines(evidence({ confidence: agreedConfidence, similarity: agreedSimilarity }))).toBe(false);
    // Either alone is not enough: a passage far in meaning, or one that barely speaks to the words.
    expect(declines(evidence({ confidence: agreedConfidence, similarity: agreedSimilarity - 0.05 }))).toBe(true);
    expect(declines(evidence({ confidence: agreedConfidence - 0.05, similarity: 0.6 }))).toBe(true);
    // Agreement answers only what the other rules let through: a name the passage never speaks of.
    expect(declines(evidence({ confidence: agreedConfidence, similarity: agreedSimilarity, namesSpoken: false }))).toBe(
      true,
    );
  });

  it('answers below the bar a passage that speaks every domain word asked, near enough in meaning', () => {
    const { agreedConfidence, coveredSimilarity, domainEvidence } = DECLINE_CALIBRATION;
    const covered = { confidence: agreedConfidence, similarity: coveredSimilarity, domainSpoken: domainEvidence };
    expect(declines(evidence({ ...covered, domainCovered: 1 }))).toBe(false);
    // A domain word of the question the passage never speaks of: what is asked may not be there.
    expect(declines(evidence({ ...covered, domainCovered: 0.9 }))).toBe(true);
    // Too few of the question's words are the content's own, or meaning leans away from the passage.
    expect(declines(evidence({ ...covered, domainCovered: 1, domainSpoken: domainEvidence - 0.05 }))).toBe(true);
    expect(declines(evidence({ ...covered, domainCovered: 1, similarity: coveredSimilarity - 0.05 }))).toBe(true);
    expect(declines(evidence({ ...covered, domainCovered: 1, confidence: agreedConfidence - 0.05 }))).toBe(true);
  });

  it('answers below the bar a passage that speaks most of the domain words a situation tells', () => {
    const { situatedCovered, situatedConfidence, domainEvidence } = DECLINE_CALIBRATION;
    const told = { confidence: situatedConfidence, similarity: -0.1, domainSpoken: domainEvidence };
    expect(declines(evidence({ ...told, domainCovered: situatedCovered, situated: true }))).toBe(false);
    // A short question with the same evidence has no circumstances to vouch for the passage.
    expect(declines(evidence({ ...told, domainCovered: situatedCovered }))).toBe(true);
    // Too little of the circumstances spoken, too few domain words, or too little covered.
    expect(declines(evidence({ ...told, domainCovered: situatedCovered - 0.1, situated: true }))).toBe(true);
    expect(declines(evidence({ ...told, domainCovered: 1, domainSpoken: domainEvidence - 0.05, situated: true }))).toBe(
      true,
    );
    expect(
      declines(evidence({ ...told, domainCovered: 1, confidence: situatedConfidence - 0.05, situated: true })),
    ).toBe(true);
  });

  it('answers below the bar a passage that says a phrase of the question', () => {
    const { phrasedConfidence } = DECLINE_CALIBRATION;
    expect(phrasedConfidence).toBeLessThan(MIN_CONFIDENCE);
    expect(declines(evidence({ confidence: phrasedConfidence, phrased: true }))).toBe(false);
    expect(declines(evidence({ confidence: phrasedConfidence, phrased: false }))).toBe(true);
    expect(declines(evidence({ confidence: phrasedConfidence - 0.05, phrased: true }))).toBe(true);
  });

  it('answers below the bar a passage that meaning ranks among the nearest of the runners-up', () => {
    const { agreedConfidence, agreedSimilarity, rankedNearShare, rankedNearSimilarity } = DECLINE_CALIBRATION;
    expect(rankedNearSimilarity).toBeLessThan(agreedSimilarity);
    const ranked = {
      confidence: agreedConfidence,
      similarity: rankedNearSimilarity,
      semanticAgreement: rankedNearShare,
    };
    // Near enough in meaning, and no farther than most runners-up: the two rankings agree on it.
    expect(declines(evidence(ranked))).toBe(false);
    // Runners-up nearer in meaning than it, a cosine below the bar, too little covered, or no ranking read.
    expect(declines(evidence({ ...ranked, semanticAgreement: rankedNearShare - 0.1 }))).toBe(true);
    expect(declines(evidence({ ...ranked, similarity: rankedNearSimilarity - 0.05 }))).toBe(true);
    expect(declines(evidence({ ...ranked, confidence: agreedConfidence - 0.05 }))).toBe(true);
    expect(declines(evidence({ ...ranked, semanticAgreement: undefined }))).toBe(true);
    // It answers only what the other rules let through: a name the passage never speaks of.
    expect(declines(evidence({ ...ranked, namesSpoken: false }))).toBe(true);
  });

  it('measures how many runners-up meaning puts no nearer the question than the best hit', () => {
    const hit = (similarity: number | undefined) => ({
      passage: 0,
      score: 1,
      coverage: 0.3,
      confidence: 0.3,
      similarity,
    });
    const nine = Array.from({ length: 9 }, (_, at) => hit(at < 6 ? 0.3 : 0.5));
    expect(semanticAgreement([hit(0.4), ...nine])).toBeCloseTo(6 / 9);
    expect(semanticAgreement([hit(undefined), hit(0.2)])).toBe(0);
    // Out of nine, not of the hits there are: a best hit with few runners-up has too few to agree.
    expect(semanticAgreement([hit(0.4), hit(0.3), hit(0.5), hit(0.4), hit(0.1)])).toBeCloseTo(3 / 9);
    expect(semanticAgreement([hit(0.4)])).toBe(0);
    expect(semanticAgreement([])).toBe(0);
    // Only the nine runners-up after it count: a tenth nearer in meaning does not.
    expect(semanticAgreement([hit(0.4), ...Array.from({ length: 9 }, () => hit(0.1)), hit(0.9)])).toBe(1);
  });

  it('reads the best hit’s nearness in meaning into the evidence', () => {
    const plan = { concepts: [], weights: new Map() };
    const context = { speaksTo: () => false, frequency: () => 0, passages: 1, rank: () => Infinity };
    const hit = { passage: 0, score: 1, coverage: 0.3, confidence: 0.3, similarity: 0.5 };
    expect(declineEvidence(plan, hit, true, context).similarity).toBe(0.5);
    expect(declineEvidence(plan, { ...hit, similarity: undefined }, true, context).similarity).toBe(0);
  });

  it('declines a passage silent on a proper name asked, unless meaning and words make it near certain', () => {
    expect(declines(evidence({ confidence: 0.7, namesSpoken: false }))).toBe(true);
    expect(declines(evidence({ confidence: DECLINE_CALIBRATION.namesOverruled, namesSpoken: false }))).toBe(false);
  });

  it('declines a question that names nothing the content is about, met only through everyday words', () => {
    const offDomain = { namedShare: 0, domainSpoken: DECLINE_CALIBRATION.domainEvidence / 2 };
    expect(declines(evidence({ ...offDomain, confidence: 0.6 }))).toBe(true);
    // Surer answers, a glossary name asked, or enough of the content's own words spoken: answered.
    expect(declines(evidence({ ...offDomain, confidence: DECLINE_CALIBRATION.offDomainConfidence }))).toBe(false);
    expect(declines(evidence({ ...offDomain, confidence: 0.6, namedShare: 0.2 }))).toBe(false);
    expect(
      declines(evidence({ confidence: 0.6, namedShare: 0, domainSpoken: DECLINE_CALIBRATION.domainEvidence })),
    ).toBe(false);
  });

  it('answers off the domain from the confidence bar a question asking how or why, told without a story', () => {
    const offDomain = { namedShare: 0, domainSpoken: DECLINE_CALIBRATION.domainEvidence / 2, confidence: 0.6 };
    expect(DECLINE_CALIBRATION.explainedOffDomainConfidence).toBeLessThan(DECLINE_CALIBRATION.offDomainConfidence);
    expect(declines(evidence({ ...offDomain, asksHowOrWhy: true }))).toBe(false);
    // A story's everyday words, or a question asking anything else (a name, a forecast), stay at the older bar.
    expect(declines(evidence({ ...offDomain, asksHowOrWhy: true, situated: true }))).toBe(true);
    expect(declines(evidence({ ...offDomain, asksHowOrWhy: false }))).toBe(true);
    // Below the confidence bar, and for a name asked the passage never speaks, as before.
    expect(declines(evidence({ ...offDomain, asksHowOrWhy: true, confidence: MIN_CONFIDENCE - 0.01 }))).toBe(true);
    expect(declines(evidence({ ...offDomain, asksHowOrWhy: true, namesSpoken: false }))).toBe(true);
  });

  it('reads how or why as asking for an explanation, how many or how much not', () => {
    expect(ASKS_HOW_OR_WHY.test('How could a receipt prove it was printed by a real till?')).toBe(true);
    expect(ASKS_HOW_OR_WHY.test('At the simplest level, why does a kettle switch itself off?')).toBe(true);
    expect(ASKS_HOW_OR_WHY.test('how many bones are in the human body')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('how do I fix a leaking kitchen tap')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('how often should a cactus be watered')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('how big is the average house in Europe')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('how to fix a leaking kitchen tap')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('how do you fix a leaking kitchen tap')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('How can we stop the sourdough starter collapsing?')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('Will robots take plumbing jobs within five years?')).toBe(false);
    expect(ASKS_HOW_OR_WHY.test('What do you call a game where you earn points by walking?')).toBe(false);
  });

  it('declines at any confidence a passage silent on a name asked, when the question is off the domain', () => {
    const offDomain = { namedShare: 0, domainSpoken: DECLINE_CALIBRATION.domainEvidence / 2, confidence: 1 };
    expect(declines(evidence({ ...offDomain, namesSpoken: false }))).toBe(true);
    // Either alone, at a near certain confidence, still answers.
    expect(declines(evidence({ ...offDomain, namesSpoken: true }))).toBe(false);
    expect(declines(evidence({ ...offDomain, namesSpoken: false, namedShare: 0.2 }))).toBe(false);
    expect(
      declines(evidence({ ...offDomain, namesSpoken: false, domainSpoken: DECLINE_CALIBRATION.domainEvidence })),
    ).toBe(false);
  });
});

describe('a phrase of the question said by a passage', () => {
  // 100 passages: passage 0 writes "sealed-bid auctions", passage 1 the same words apart.
  const texts = [
    'Sealed-bid auctions hide each bid until the reveal.',
    'A sealed envelope holds the bid in each auction until it closes.',
  ];
  const context = {
    frequency: (term: string) => (['each', 'hide', 'hidden'].includes(term) ? 40 : 2),
    passages: 100,
    termsOf: (passage: number) => terms(texts[passage]!),
  };

  it('finds two neighbouring words of the question written together', () => {
    expect(saysPhraseOf('are sealed bid auctions fair to bidders', [0], context)).toBe(true);
  });

  it('does not count the words written apart, or a pair with a word most passages use', () => {
    expect(saysPhraseOf('are sealed bid auctions fair to bidders', [1], context)).toBe(false);
    // "each bid" is in passage 0, but "each" is in 40 % of the passages.
    expect(saysPhraseOf('what happens to each bid', [0], context)).toBe(false);
  });
});

describe('how much a word is the content’s own', () => {
  // 1,000 passages; the word vectors' table ranks English words by frequency.
  const context = (used: Record<string, number>, ranks: Record<string, number>): DeclineContext => ({
    speaksTo: () => false,
    frequency: (term) => used[term] ?? 0,
    passages: 1000,
    rank: (word) => ranks[word] ?? Infinity,
  });
  const concept = (word: string): Concept => ({ asked: [word], idf: 1, alternatives: [[word]], named: false });

  it('rates an everyday word the content uses now and then below a word everyday English rarely uses', () => {
    const ctx = context({ dog: 3, validator: 3 }, { dog: 1500, validator: 30_000 });
    expect(domainLift(concept('dog'), ctx)).toBeLessThan(6);
    expect(domainLift(concept('validator'), ctx)).toBeGreaterThan(6);
  });

  it('rates a common word the content uses everywhere as its own', () => {
    const ctx = context({ model: 300 }, { model: 900 });
    expect(domainLift(concept('model'), ctx)).toBeGreaterThan(6);
  });
});

/** A glossary term as the ask index reads it. */
const term = glossaryTerm;

const table = readWordVectors();

describe('decline decisions over a content of its own', () => {
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  it.runIf(table)(
    'declines a near miss met through an everyday word, and answers a question in odd words',
    { timeout: 60_000 },
    () => {
      // A content about training models and running validators, large enough that how often it uses
      // a word says something: everyday words ("dog") turn up in a passage or two, "sit" in a few.
      const topics = ['gradient', 'optimizer', 'tokenizer', 'embedding', 'checkpoint', 'consensus', 'mempool'];
      const filler = Array.from({ length: 400 }, (_, at) => {
        const topic = topics[at % topics.length]!;
        return term(
          `${topic}-${at}`,
          `${topic} setting ${at}`,
          `Each ${topic} setting changes how a model is trained on its data, or how a validator checks a block` +
            (at % 20 === 0 ? ', or how long blocks sit in the queue.' : '.'),
        );
      });
      const index = loadedIndex([
        ...filler,
        term(
          'distillation',
          'Distillation',
          'Distillation trains a small student model to imitate the outputs of a large teacher model, ' +
            'much as one might train a dog by rewarding it for copying an example.',
        ),
        term(
          'slashing',
          'Slashing',
          'The penalty that destroys part of a validator deposit when it signs two conflicting blocks.',
        ),
      ]);
      const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
      // The dog and the training are both in the distillation passage, which says nothing of dogs.
      const nearMiss = index.explain('how do I train my dog to sit', options);
      expect(nearMiss.result.answer).toBeNull();
      // Declined by what it is about, not by a low confidence alone.
      expect(nearMiss.evidence?.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
      expect(nearMiss.evidence?.namedShare).toBe(0);

      const odd = index.search('what penalty does a validator pay for signing twice', options);
      expect(odd.answer?.slug).toBe('slashing');
    },
  );

  it.runIf(table)(
    'reads an everyday English word the word vectors lack as no name, and a product name as one',
    { timeout: 60_000 },
    () => {
      const index = loadedIndex([
        term(
          'prompt-engineering',
          'Prompt engineering',
          'Changing the wording of a prompt until a model answers well; past a point, stop: fine-tuning or ' +
            'retrieval helps more than further changes to the prompt.',
        ),
        term('wallet', 'Wallet', 'Software that stores the secret keys of blockchain accounts.'),
      ]);
      const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
      // "tweaking" is in SCOWL's everyday English, not in the word vectors' 20,000 words nor the content.
      const everyday = index.search('when should I stop tweaking the prompt', options);
      expect(everyday.no_answer_reason ?? '').not.toMatch(/never mention/);
      expect(everyday.answer?.slug).toBe('prompt-engineering');
      const product = index.search('how do I set up a metamask wallet', options);
      expect(product.no_answer_reason).toMatch(/never mention .*“metamask”/);
    },
  );
});

describe('a comparison declined by the decision its sides get', () => {
  it.runIf(table)(
    'declines a comparison with a side the content does not cover, and answers one it covers',
    { timeout: 60_000 },
    () => {
      const index = loadedIndex([
        term(
          'proof-of-work',
          'Proof of work',
          'Miners compete to find a hash below a target, and the chain with the most work wins.',
        ),
        term(
          'proof-of-stake',
          'Proof of stake',
          'Validators lock a deposit and vote on blocks, weighted by what they staked.',
        ),
        term(
          'order-book',
          'Order book',
          'A list of the bids and asks of traders, matched by price and time, as on a centralised exchange.',
        ),
      ]);
      const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
      const covered = index.search('proof of work vs proof of stake', options);
      expect(covered.answer?.passages.map((passage) => passage.slug)).toEqual(['proof-of-work', 'proof-of-stake']);
      // Each has a side the content covers and one whose words it has ("proof", "time") but does
      // not speak to: no answer from the covered side alone, nor from a passage on another proof.
      // Proof of authority is an idea the content's field lists as uncovered (uncovered-money-topics.ts).
      const reasons = [
        [
          'proof of stake vs proof of authority',
          /about proof of authority, which the essays and glossary do not cover/,
        ],
        ['proof of stake vs proof of elapsed time', /nothing here speaks to/],
      ] as const;
      for (const [asked, reason] of reasons) {
        const uncovered = index.search(asked, options);
        expect(uncovered.answer).toBeNull();
        expect(uncovered.no_answer_reason).toMatch(reason);
      }
    },
  );
});

describe('a letter joined to a word, a name the content writes or not', () => {
  it.runIf(table)(
    'declines "Q-learning" where the content only has learning, and answers "n-gram"',
    { timeout: 60_000 },
    () => {
      const index = loadedIndex([
        term('n-gram', 'N-gram', 'A run of n tokens in a row; counting them was how language models began.'),
        term(
          'reinforcement-learning',
          'Reinforcement learning',
          'Learning by trial and reward: a policy updates its value estimates from the rewards it is given.',
        ),
      ]);
      const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
      const unknown = index.search('How does Q-learning update its value table?', options);
      expect(unknown.answer).toBeNull();
      expect(unknown.no_answer_reason).toMatch(/never mention .*Q-learning/);
      expect(index.search('what counts does an n-gram model keep', options).answer?.slug).toBe('n-gram');
    },
  );
});

describe('which proper names a passage must speak of', () => {
  // Passage 0 speaks of sequencers and bridges, and of no chain by name; no name is used throughout.
  const context = { speaksTo: (term: string) => ['sequenc', 'bridg'].includes(term), frequency: () => 0, passages: 1 };
  const concept = (word: string, circumstance?: boolean): Concept => ({
    asked: [word],
    idf: 1,
    alternatives: [[word.toLowerCase().replace(/s$/, '')]],
    named: true,
    ...(circumstance ? { circumstance } : {}),
  });
  const planOf = (...concepts: Concept[]): Plan => ({ concepts, weights: new Map() });

  it('requires a name the question part asks about', () => {
    const question = parseQuestion('how do bridges to Cardano work');
    expect(speaksToNames(question, planOf(concept('bridges'), concept('Cardano')), [0], context)).toBe(false);
  });

  it('does not require a name written as the model of a kind ("a Cardano-style bridge")', () => {
    const styled = parseQuestion('how does a Cardano-style bridge work');
    expect(speaksToNames(styled, planOf(concept('bridge'), concept('Cardano')), [0], context)).toBe(true);
    const named = parseQuestion('how does a Cardano bridge work');
    expect(speaksToNames(named, planOf(concept('bridge'), concept('Cardano')), [0], context)).toBe(false);
  });

  it('does not require a name the circumstances give, only what is asked', () => {
    const question = parseQuestion('what should we check before trusting a bridge');
    const plan = planOf(concept('bridge'), concept('Cardano', true));
    expect(speaksToNames(question, plan, [0], context)).toBe(true);
  });

  it('does not require a name the content uses throughout, its setting', () => {
    const question = parseQuestion('how do sequencers on Optimism post to Ethereum');
    const plan = planOf(concept('sequencers'), concept('Ethereum'));
    // 300 of 1,000 passages speak of Ethereum: it is where the content is set.
    const pervasive = { ...context, frequency: (term: string) => (term === 'ethereum' ? 300 : 0), passages: 1000 };
    expect(speaksToNames(question, plan, [0], pervasive)).toBe(true);
    // Used by 5 passages only, it is a name the content barely covers, and the passage must speak of it.
    const rare = { ...pervasive, frequency: (term: string) => (term === 'ethereum' ? 5 : 0) };
    expect(speaksToNames(question, plan, [0], rare)).toBe(false);
    // So it is in a small content where those 5 passages are half of it: that is not throughout.
    expect(speaksToNames(question, plan, [0], { ...rare, passages: 10 })).toBe(false);
  });

  it('does not require a name of the circumstances a question part with nothing of its own reads whole', () => {
    // "should we do it" asks nothing of its own: the plan is the whole question's, circumstances included.
    const question = parseQuestion('should we do it');
    const plan = planOf(concept('bridge'), concept('sequencer'), concept('Cardano'));
    expect(speaksToNames(question, plan, [0], context)).toBe(true);
    const asked = parseQuestion('should we bridge to Cardano');
    expect(speaksToNames(asked, planOf(concept('bridge'), concept('Cardano')), [0], context)).toBe(false);
  });

  it('reads a capital that starts a sentence as no name', () => {
    const question = parseQuestion('the sequencer might go offline. Am I stuck?');
    expect(speaksToNames(question, planOf(concept('sequencer'), concept('Am')), [0], context)).toBe(true);
    const named = parseQuestion('the sequencer might go offline on Arbitrum');
    expect(speaksToNames(named, planOf(concept('sequencer'), concept('Arbitrum')), [0], context)).toBe(false);
  });
});

describe('a situation’s names as circumstances', () => {
  it('marks the names a long question’s circumstances give, not those its question part asks', () => {
    const planner = new QueryPlanner(
      new Map([
        ['bridg', [0, 1]],
        ['ethereum', [1, 1]],
      ]),
      2,
      [
        { slug: 'bridge', names: ['bridge'] },
        { slug: 'ethereum', names: ['Ethereum'] },
      ],
    );
    const plan = situatedPlan(planner, parseQuestion('what should we check in a bridge'), 'we move coins off Ethereum');
    const byWord = new Map(plan.concepts.map((concept) => [concept.asked.join(' '), concept]));
    expect(byWord.get('bridge')?.circumstance).toBeUndefined();
    expect(byWord.get('Ethereum')?.circumstance).toBe(true);
  });
});

describe('a situation that repeats the question part’s names', () => {
  it('counts each name the question part asks once, at full weight', () => {
    const planner = new QueryPlanner(new Map([['bm25', [0, 1]]]), 2, [{ slug: 'bm25', names: ['BM25'] }]);
    const plan = situatedPlan(
      planner,
      parseQuestion('why does BM25 still matter'),
      'our users keep asking us about search. why does BM25 still matter',
    );
    const named = plan.concepts.filter((concept) => concept.asked.join(' ') === 'BM25');
    expect(named).toHaveLength(1);
    expect(named[0]?.circumstance).toBeUndefined();
  });
});

describe('the evidence of what a long question is about', () => {
  // The best passage (0) speaks of agents and tests, words the content uses far more than everyday
  // English does; it does not speak of "known".
  const context: DeclineContext = {
    speaksTo: (term) => ['agent', 'test'].includes(term),
    frequency: (term) => ({ agent: 40, test: 30, known: 2, validator: 30, bunch: 1 })[term] ?? 0,
    passages: 1000,
    rank: (word) => ({ agent: 15_000, tests: 9_000, known: 300, validator: 15_000, bunch: 4_000 })[word] ?? Infinity,
  };
  const plain = (word: string, term: string, idf = 2): Concept => ({
    asked: [word],
    idf,
    alternatives: [[term]],
    named: false,
  });
  const top = { passage: 0, score: 1, coverage: 0, confidence: 0.55 };

  it('reads the circumstances too: a vague question part about a situation in the content’s words', () => {
    const questionPart = [plain('known', 'known')];
    const alone = declineEvidence({ concepts: questionPart, weights: new Map() }, top, true, context);
    expect(alone.domainSpoken).toBe(0);
    expect(declines(alone)).toBe(true);
    const situated = declineEvidence(
      {
        concepts: questionPart,
        whole: [...questionPart, plain('agent', 'agent', 1), plain('tests', 'test', 1)],
        weights: new Map(),
      },
      top,
      true,
      context,
    );
    expect(situated.domainSpoken).toBeGreaterThanOrEqual(DECLINE_CALIBRATION.domainEvidence);
    expect(declines(situated)).toBe(false);
  });

  it('counts the domain words a passage speaks apart from the everyday words of the story around them', () => {
    // "bunch" is everyday English the passage does not use; "agent" is the content's own word.
    const story = [plain('bunch', 'bunch', 3), plain('agent', 'agent', 1)];
    const spoken = declineEvidence({ concepts: story, weights: new Map() }, top, true, context);
    expect(spoken.domainCovered).toBe(1);
    // "validator" is the content's own word too, but the best passage does not speak of it.
    const lacking = [...story, plain('validator', 'validator', 1)];
    const unspoken = declineEvidence({ concepts: lacking, weights: new Map() }, top, true, context);
    expect(unspoken.domainCovered).toBeLessThan(1);
  });

  it('answers a situation whose best passage speaks two of the three domain words its story tells', () => {
    // "… block explorer … a proxy. What does that imply for me as a holder?": the story names one
    // thing of the content's ("validator" here) that the passage that answers need not repeat.
    const questionPart = [plain('known', 'known')];
    const story = [plain('agent', 'agent', 1), plain('tests', 'test', 1), plain('validator', 'validator', 1)];
    const told = declineEvidence(
      { concepts: questionPart, whole: [...questionPart, ...story], weights: new Map() },
      { ...top, confidence: DECLINE_CALIBRATION.situatedConfidence },
      true,
      context,
    );
    expect(told.domainCovered).toBeCloseTo(2 / 3);
    expect(declines({ ...told, similarity: -0.1 })).toBe(false);
    // One of two spoken is too little: the passage met the story by a word.
    const once = declineEvidence(
      { concepts: questionPart, whole: [...questionPart, story[0]!, story[2]!], weights: new Map() },
      { ...top, confidence: DECLINE_CALIBRATION.situatedConfidence },
      true,
      context,
    );
    expect(once.domainCovered).toBeCloseTo(1 / 2);
    expect(declines({ ...once, similarity: -0.1 })).toBe(true);
  });
});
