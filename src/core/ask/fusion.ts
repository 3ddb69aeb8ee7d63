// Hybrid ranking: the lexical ranking (BM25, coverage, intent) and the semantic one (cosine of
// word-vector averages, semantic.ts) fused by reciprocal rank, and a hit's confidence taken from
// whichever signal is surer, so that a decline means nothing in the content answers, not that no
// word matched. Constants chosen on test/fixtures/ask-eval.json and ask-dev.json, never the blind
// set: with K 5 and weight 0.3 the tuning set keeps its 93.3 % top-1 and the development set rises
// from 36 % to 42 %; larger weights lose tuning questions (weight 1: 88 %) and decline more.

/** Reciprocal rank fusion's constant: small, so a signal's first places count for much more than its tail. */
export const FUSION_K = 5;
/** The semantic ranking's vote against the lexical one's 1. */
export const SEMANTIC_WEIGHT = 0.3;
/**
 * The semantic ranking is consulted only when the best lexical passage's confidence is below this.
 * It was 0.75 with general English vectors; with vectors fitted to the glossary (retrofit.ts) 0.9
 * gains the development set 3 points top-1 (47 % to 50 % of 96) and the tuning set keeps 94.9 %;
 * consulting it always gives the same, at a scan per question.
 */
export const SEMANTIC_BELOW = 0.9;
/**
 * Ranks alone do not say how much of the question a passage answers: the fused score is weighed by
 * the hit's confidence to this power, so that of two neighbouring terms the one that covers the
 * question (or is nearer it in meaning) comes first. 0.5 raised the development sets' right source
 * first by 1.8 and 0.6 points and lowered their false declines; 1 and above raised them more but
 * answered an unanswerable question (a passage that names Solana in passing).
 */
export const CONFIDENCE_EXPONENT = 0.5;
/** Passages taken from the semantic ranking, best first. */
export const NEAREST = 20;
/**
 * Cosine at which a passage is as sure an answer as full lexical coverage (1), and below which
 * meaning adds nothing to the confidence (0); linear between.
 */
export const SIMILARITY_FLOOR = 0.4;
export const SIMILARITY_FULL = 0.65;

/** The `count` passages with the highest similarity, from the floor up, that `allowed` lets through, best first. */
export function nearestPassages(
  similarity: Float32Array,
  allowed: (passage: number) => boolean,
  count = NEAREST,
): number[] {
  const best: number[] = [];
  for (let passage = 0; passage < similarity.length; passage += 1) {
    const value = similarity[passage]!;
    // Below the floor a passage is no nearer the question than unrelated text: it adds nothing.
    if (value < SIMILARITY_FLOOR || (best.length === count && value <= similarity[best[count - 1]!]!)) continue;
    if (!allowed(passage)) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && similarity[best[at - 1]!]! < value) {
      best[at] = best[at - 1]!;
      at -= 1;
    }
    best[at] = passage;
  }
  return best;
}

/** Confidence from meaning alone: 0 up to the floor, 1 from SIMILARITY_FULL. */
export function semanticConfidence(similarity: number): number {
  return Math.min(1, Math.max(0, (similarity - SIMILARITY_FLOOR) / (SIMILARITY_FULL - SIMILARITY_FLOOR)));
}

interface Hit {
  passage: number;
  score: number;
  confidence: number;
  similarity?: number;
}

/**
 * Reciprocal rank fusion of a lexical ranking and a semantic one (each best first): a passage
 * scores 1 / (K + rank) in each list it is in, the semantic list's vote weighted, times its
 * confidence to CONFIDENCE_EXPONENT. Every hit carries its similarity and the better of its two
 * confidences.
 */
export function fuse<Ranked extends Hit>(
  lexical: readonly Ranked[],
  semantic: readonly Ranked[],
  similarity: Float32Array,
): Ranked[] {
  const fused = new Map<number, { hit: Ranked; score: number }>();
  lexical.forEach((hit, rank) => fused.set(hit.passage, { hit, score: 1 / (FUSION_K + rank + 1) }));
  semantic.forEach((hit, rank) => {
    const entry = fused.get(hit.passage) ?? { hit, score: 0 };
    entry.score += SEMANTIC_WEIGHT / (FUSION_K + rank + 1);
    fused.set(hit.passage, entry);
  });
  return [...fused.values()]
    .map(({ hit, score }) => {
      const near = similarity[hit.passage] ?? 0;
      const confidence = Math.max(hit.confidence, semanticConfidence(near));
      return { ...hit, score: score * confidence ** CONFIDENCE_EXPONENT, similarity: near, confidence };
    })
    .sort((a, b) => b.score - a.score || a.passage - b.passage);
}

/** How many hits after the best one semanticAgreement compares it with. */
const RUNNERS_UP = 9;

/**
 * Share of the runners-up (the `RUNNERS_UP` hits ranked after the best one) that meaning puts no
 * nearer the question than the best hit: whether the ranking by words and the ranking by meaning
 * agree on what leads. Counted out of RUNNERS_UP, not of the hits there are: a question that matches
 * only a few passages (an off-topic one that meets a word by chance) has too few to agree, so
 * meaning vouches for nothing there (no development set question has so few; every figure the same).
 */
export function semanticAgreement(ranked: readonly { similarity?: number | undefined }[]): number {
  const [top, ...rest] = ranked.slice(0, RUNNERS_UP + 1);
  if (!top) return 0;
  const own = top.similarity ?? 0;
  return rest.filter((hit) => (hit.similarity ?? 0) <= own).length / RUNNERS_UP;
}
