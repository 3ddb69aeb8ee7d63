// Features weighed by fitted weights, as the lead reranker (lead-rerank.ts), a section's paragraph
// choice (paragraph-choice.ts) and a comparison's lead (comparison-lead.ts) read their candidates.

/** A candidate's weight: each feature the weights name, times its weight; a zero weight leaves it out. */
export function weighed<Feature extends string>(
  features: Readonly<Record<Feature, number>>,
  weights: Readonly<Record<Feature, number>>,
): number {
  let sum = 0;
  for (const name of Object.keys(weights) as Feature[]) sum += weights[name] * features[name];
  return sum;
}

/** The place of the heaviest candidate under some weights, the first on a tie; 0 when there is none. */
export function heaviest<Feature extends string>(
  candidates: ReadonlyArray<Readonly<Record<Feature, number>>>,
  weights: Readonly<Record<Feature, number>>,
): number {
  let best = 0;
  let bestWeight = -Infinity;
  candidates.forEach((features, at) => {
    const weight = weighed(features, weights);
    if (weight > bestWeight) [best, bestWeight] = [at, weight];
  });
  return best;
}
